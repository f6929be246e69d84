package commands

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// Options of /heaps values.
const (
	optRule  = "rule"
	optCount = "n"
)

// maxRuleLen bounds the rule option: a subtraction set written out take
// by take runs long, ranges (1-1000) keep it short.
const maxRuleLen = 400

// maxListedValues is the most values /GAME values lists, as `nimtutor
// values --n` does.
const maxListedValues = solver.MaxListed

// valuesCommand is /GAME values, for a game whose rules have sequences
// of values (a solver.Sequencer: heaps). It takes a rule, not a
// position.
var valuesCommand = slashCommand{
	name:        "values",
	description: "A subtract or octal rule's grundy values, their period and its proof, with a chart",
	example:     "rule:kayles",
	run:         (*Router).values,
	complete:    (*Router).ruleChoices,
	options: []*discordgo.ApplicationCommandOption{{
		Type:         discordgo.ApplicationCommandOptionString,
		Name:         optRule,
		Description:  "The rule: kayles, dawson, dawsonchess, octal 0.15, subtract 1,3,4, subtract 1-5, …",
		Required:     true,
		MaxLength:    maxRuleLen,
		Autocomplete: true,
	}, {
		Type:        discordgo.ApplicationCommandOptionInteger,
		Name:        optCount,
		Description: "How many values to list (default: up to the period's second repeat)",
		MinValue:    &oneValue,
		MaxValue:    maxListedValues,
	}},
}

// ownSubcommands are the subcommands only some games have, beyond the
// table every game gets: /GAME values for a game whose rules have
// sequences. They take options of their own and no position.
func ownSubcommands(g solver.Game) []slashCommand {
	if _, ok := g.(solver.Sequencer); ok {
		return []slashCommand{valuesCommand}
	}
	return nil
}

// ownSubcommand returns g's own subcommand called name, or nil.
func ownSubcommand(g solver.Game, name string) *slashCommand {
	return findCommand(ownSubcommands(g), name)
}

var oneValue = 1.0

// values answers /heaps values with a public reply: the rule, its values
// as a table (one row a period), the period and the preperiod, the heaps
// of value 0, why the period holds, and the chart. A table too long for
// the message is cut at a row, and the whole table comes as a file.
func (r *Router) values(q *request) (*discordgo.InteractionResponse, error) {
	n := 0
	if f, ok := q.value(optCount).(float64); ok {
		n = int(f)
	}
	v, err := r.t.Values(q.ctx, q.game, q.str(optRule), n)
	if err != nil {
		return nil, err
	}
	return newMessage(valuesMessage(v), true), nil
}

// maxMoveLen is how much of the message's description says what a move
// is: a set of many takes is long to say.
const maxMoveLen = 500

// maxTableLen is how much of the message's description the table may
// take (Discord allows 4096; the rule's line and the note need the rest).
const maxTableLen = 3200

// valuesMessage renders a rule's values.
func valuesMessage(v tutor.RuleValues) *discordgo.InteractionResponseData {
	s := v.Sequence
	table := s.Table()
	shown, size := 0, 0
	for _, line := range table {
		if size+len(line)+1 > maxTableLen {
			break
		}
		shown++
		size += len(line) + 1
	}
	// What a move is, clipped so that the table always fits after it.
	move := clipText("A move "+strings.TrimPrefix(s.Describe, "a move ")+".", maxMoveLen)
	desc := fmt.Sprintf("%s\nGrundy values of heaps 0 to %d:\n```\n%s\n```", move, len(s.Values)-1, strings.Join(table[:shown], "\n"))
	data := &discordgo.InteractionResponseData{}
	base := fileBase(s.Rule)
	if shown < len(table) {
		listed := 0
		for _, line := range table[:shown] {
			listed += len(strings.Fields(line)) - 1
		}
		desc += fmt.Sprintf("\n…first %d values; the full table of %d is in the attached file %s.", listed, len(s.Values), base+".txt")
		var file bytes.Buffer
		fmt.Fprintf(&file, "%s: %s.\nGrundy values of heaps 0 to %d:\n%s\n%s\n", s.Rule, s.Describe, len(s.Values)-1, strings.Join(table, "\n"), s.Proof)
		data.Files = append(data.Files, &discordgo.File{Name: base + ".txt", ContentType: "text/plain; charset=utf-8", Reader: bytes.NewReader(file.Bytes())})
	}
	e := &discordgo.MessageEmbed{Title: "Grundy values: " + s.Rule, Description: desc, Color: colourHint}
	if s.Proven {
		e.Fields = append(e.Fields,
			&discordgo.MessageEmbedField{Name: "Period", Value: periodText(s.Preperiod, s.Period)},
			&discordgo.MessageEmbedField{Name: "Heaps of value 0 (lost for the player to move, alone)", Value: clipText(lostText(v), maxFieldValueLen)},
			&discordgo.MessageEmbedField{Name: "Why the period holds", Value: clipText(s.Proof, maxFieldValueLen)})
	} else {
		e.Fields = append(e.Fields,
			&discordgo.MessageEmbedField{Name: "No period proven", Value: clipText(s.Proof, maxFieldValueLen)},
			&discordgo.MessageEmbedField{Name: "Heaps of value 0 (lost for the player to move, alone)", Value: clipText(lostText(v), maxFieldValueLen)})
	}
	if v.Picture != nil {
		name := base + ".png"
		data.Files = append(data.Files, &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(v.Picture)})
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
	}
	data.Embeds = []*discordgo.MessageEmbed{e}
	return data
}

// periodText says where the period starts and what it means for a heap.
func periodText(pre, period int) string {
	if pre == 0 {
		return fmt.Sprintf("Period **%d** from heap **0**: no preperiod; every heap n has the value of heap n mod %d.", period, period)
	}
	heaps := fmt.Sprintf("heaps 0 to %d", pre-1)
	if pre == 1 {
		heaps = "heap 0"
	}
	return fmt.Sprintf("Period **%d** from heap **%d**: the preperiod is %s, and every heap n ≥ %d has the value of heap %d + (n − %d) mod %d.",
		period, pre, heaps, pre, pre, pre, period)
}

// lostText names the heaps of value 0: below the period's start one by
// one, and from it on by their residues mod the period; with no period,
// those among the values listed.
func lostText(s tutor.RuleValues) string {
	list := "none"
	if s.LostCount > 0 {
		parts := make([]string, len(s.Lost))
		for k, n := range s.Lost {
			parts[k] = strconv.Itoa(n)
		}
		list = strings.Join(parts, ", ")
		if s.LostCount > len(s.Lost) {
			list += fmt.Sprintf(", … (%d in all)", s.LostCount)
		}
	}
	if !s.Proven {
		return fmt.Sprintf("Among heaps 0 to %d: %s.", len(s.Values)-1, list)
	}
	from := "none"
	if len(s.LostResidues) > 0 {
		parts := make([]string, len(s.LostResidues))
		for k, n := range s.LostResidues {
			parts[k] = strconv.Itoa(n)
		}
		from = fmt.Sprintf("every heap n with n mod %d in {%s}", s.Period, strings.Join(parts, ", "))
	}
	if s.Preperiod == 0 {
		return explain.Capitalise(from) + "."
	}
	return fmt.Sprintf("Below heap %d: %s. From heap %d on: %s.", s.Preperiod, list, s.Preperiod, from)
}

// fileBase names a rule's files: "kayles-values",
// "subtract-1_3_4-values". Discord takes only ASCII letters, digits,
// '_', '-' and '.' in an attachment:// name, so a comma becomes '_' and
// anything else '-'.
func fileBase(rule string) string {
	b := []byte(rule)
	for k, c := range b {
		switch {
		case c == ',':
			b[k] = '_'
		case !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-'):
			b[k] = '-'
		}
	}
	name := string(b)
	if len(name) > 60 {
		name = name[:60]
	}
	return name + "-values"
}

// ruleChoices answers while a rule is typed: first whether the text is a
// rule values takes ("✓ subtract 1,3,4: a move takes 1, 3 or 4 …", or
// the parser's message), then the named rules, those that match the text
// first. While the text still starts a named rule ("kay", "daw",
// "octal 0.1"), the matches stand alone, without a message about the
// unfinished text.
func (r *Router) ruleChoices(g solver.Game, sub *discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice {
	var text string
	for _, o := range sub.Options {
		if o != nil && o.Name == optRule && o.Focused {
			text, _ = o.Value.(string)
		}
	}
	typed := strings.TrimSpace(text)
	check, named := r.t.SuggestRules(g, typed)
	var choices []*discordgo.ApplicationCommandOptionChoice
	matched := len(named) > 0 && named[0].Match
	fits := utf8.RuneCountInString(typed) <= maxChoiceLen
	switch {
	case typed == "":
	case check.Err == nil && fits:
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{
			Name: clipText("✓ "+check.Rule+": "+check.Describe, maxChoiceLen), Value: typed})
	case check.Err != nil && !matched:
		value := typed
		if !fits {
			value = string([]rune(typed)[:maxChoiceLen])
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{
			Name: clipText("⚠ "+fault.Message(check.Err), maxChoiceLen), Value: value})
	}
	for _, s := range named {
		if len(choices) == maxChoices {
			break
		}
		if s.Rule == typed || (check.Err == nil && s.Rule == check.Rule) {
			continue
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clipText(s.Name, maxChoiceLen), Value: s.Rule})
	}
	return choices
}
