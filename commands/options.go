package commands

import (
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// readOptions checks the options given to cmd (/GAME SUB, or a command
// that is not a game's) against defs, its options in the command table,
// and returns them by name. Every way Discord's data can disagree with the
// table gets its own message naming the option: an option the subcommand
// does not have, one given twice, one of another option type, a value of
// the wrong JSON type or null, a required option missing.
func readOptions(cmd string, defs []*discordgo.ApplicationCommandOption, given []*discordgo.ApplicationCommandInteractionDataOption) (options, error) {
	out := make(options, len(given))
	for _, o := range given {
		if o == nil {
			return nil, fault.New(fault.EInvalid, "command", "%s", cmd+" got an empty option")
		}
		k := slices.IndexFunc(defs, func(d *discordgo.ApplicationCommandOption) bool { return d.Name == o.Name })
		if k < 0 {
			return nil, fault.New(fault.EInvalid, optionField(o.Name), "%s has no option %q; its options are %s", cmd, clipText(o.Name, 40), optionNames(defs))
		}
		def := defs[k]
		if _, twice := out[o.Name]; twice {
			return nil, fault.New(fault.EInvalid, optionField(o.Name), "it is given twice; give it once")
		}
		if o.Type != def.Type {
			return nil, fault.New(fault.EInvalid, optionField(o.Name), "Discord sent it as an option of type %d, but it is %s (type %d); run the command again", o.Type, optionKind(def.Type), def.Type)
		}
		if err := checkValue(def, o.Value); err != nil {
			return nil, err
		}
		out[o.Name] = o
	}
	for _, def := range defs {
		if _, ok := out[def.Name]; def.Required && !ok {
			return nil, fault.New(fault.EInvalid, optionField(def.Name), "it is missing; %s needs it: %s", cmd, def.Description)
		}
	}
	return out, nil
}

// optionDefs returns the options the table gives /GAME SUB.
func optionDefs(g solver.Game, sc *slashCommand) []*discordgo.ApplicationCommandOption {
	return append(positionOptions(g), sc.options...)
}

// optionField names an option in a message: "option `position`".
func optionField(name string) string {
	return "option `" + clipText(name, 40) + "`"
}

// optionNames lists the options of defs.
func optionNames(defs []*discordgo.ApplicationCommandOption) string {
	names := make([]string, len(defs))
	for k, d := range defs {
		names[k] = d.Name
	}
	return strings.Join(names, ", ")
}

// optionKind says what a value of an option type is, for messages.
func optionKind(t discordgo.ApplicationCommandOptionType) string {
	switch t {
	case discordgo.ApplicationCommandOptionString:
		return "text"
	case discordgo.ApplicationCommandOptionInteger:
		return "a whole number"
	case discordgo.ApplicationCommandOptionNumber:
		return "a number"
	case discordgo.ApplicationCommandOptionBoolean:
		return "true or false"
	case discordgo.ApplicationCommandOptionAttachment:
		return "a file"
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel,
		discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable:
		return "a mention"
	}
	return "a subcommand"
}

// checkValue checks that v has the JSON type def's option type needs.
func checkValue(def *discordgo.ApplicationCommandOption, v any) error {
	field := optionField(def.Name)
	if v == nil {
		return fault.New(fault.EInvalid, field, "it has no value (Discord sent null); give %s", optionKind(def.Type))
	}
	ok := false
	switch def.Type {
	case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionAttachment,
		discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel,
		discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable:
		_, ok = v.(string)
	case discordgo.ApplicationCommandOptionBoolean:
		_, ok = v.(bool)
	case discordgo.ApplicationCommandOptionNumber:
		_, ok = v.(float64)
	case discordgo.ApplicationCommandOptionInteger:
		f, isNum := v.(float64)
		ok = isNum && f == math.Trunc(f) && math.Abs(f) < 1<<53
	}
	if !ok {
		return fault.New(fault.EInvalid, field, "it should be %s, but Discord sent %s", optionKind(def.Type), discordx.JSONKind(v))
	}
	return nil
}
