package commands

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// options are a command's options by name.
type options map[string]*discordgo.ApplicationCommandInteractionDataOption

// str returns a string or user option, or "". readOptions has checked
// its type.
func (o options) str(name string) string {
	s, _ := o.value(name).(string)
	return s
}

// boolean returns a boolean option, or false. readOptions has checked its
// type.
func (o options) boolean(name string) bool {
	b, _ := o.value(name).(bool)
	return b
}

// value returns an option's value, or nil.
func (o options) value(name string) any {
	if x, ok := o[name]; ok {
		return x.Value
	}
	return nil
}

// Option names of the practice commands.
const (
	optGame  = "game"
	optTheme = "theme"
	optUser  = "user"
)

// topDefinitions returns the application commands of topCommands.
func topDefinitions() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range topCommands {
		out = append(out, appCommand(c.name, c.description, c.options))
	}
	return out
}

// gameOption is the option that picks a game.
func gameOption(required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: optGame, Description: "The game", Required: required, Choices: gameChoices(solver.Games()),
	}
}

// gameChoices offers games by name.
func gameChoices(games []solver.Game) []*discordgo.ApplicationCommandOptionChoice {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, g := range games {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Name(), Value: g.Name()})
	}
	return choices
}

// themeOption offers every theme of every game.
func themeOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: optTheme, Description: "Only puzzles that need this idea",
	}
	var seen []string
	for _, g := range solver.Games() {
		for _, t := range explain.Themes(g) {
			if !slices.Contains(seen, t) && len(seen) < maxSelectOptions {
				seen = append(seen, t)
				o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: t, Value: t})
			}
		}
	}
	return o
}

// notYours answers a click on another learner's private controls.
func notYours(owner string) error {
	return fault.New(fault.EInvalid, "button", "these controls belong to <@%s>; use /practice for your own puzzle", owner)
}
