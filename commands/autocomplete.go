package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// Discord's limits on autocomplete choices.
const (
	maxChoices   = 25
	maxChoiceLen = 100 // a choice's name, and its value when a string
)

// maxExamples is how many examples autocomplete offers.
const maxExamples = 4

// examplesOf returns up to maxExamples example positions of g, the
// problem's samples first, for autocomplete and /help.
func examplesOf(g solver.Game) []string {
	ex := g.Examples()
	return ex[:min(len(ex), maxExamples)]
}

// autocomplete answers while the student types a position: the first
// choice says whether the text parses (its name is the parser's message
// when it does not), then a few example positions of the game. It never
// fails: anything unexpected gets no choices, the one answer an
// autocomplete interaction accepts besides choices.
func (r *Router) autocomplete(_ context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	resp := discordx.NoChoices()
	data := i.ApplicationCommandData()
	g, err := solver.Lookup(data.Name)
	if err != nil || len(data.Options) != 1 || data.Options[0] == nil {
		return resp, nil
	}
	if own := ownSubcommand(g, data.Options[0].Name); own != nil {
		if own.complete != nil {
			resp.Data.Choices = own.complete(r, g, data.Options[0])
		}
		return resp, nil
	}
	if text, first, focused := typedPosition(data.Options[0]); focused {
		resp.Data.Choices = positionChoices(g, text, first)
	}
	return resp, nil
}

// typedPosition returns the position and first-player text given to a
// game's subcommand before the options are checked, and whether position
// is the option being typed.
func typedPosition(sub *discordgo.ApplicationCommandInteractionDataOption) (text, first string, focused bool) {
	for _, o := range sub.Options {
		if o == nil {
			continue
		}
		s, _ := o.Value.(string)
		switch o.Name {
		case optPosition:
			text, focused = s, o.Focused
		case optFirst:
			first = s
		}
	}
	return text, first, focused
}

// positionChoices returns the choices for text typed as a position of g,
// with first the chosen first player ("" when not chosen yet).
func positionChoices(g solver.Game, text, first string) []*discordgo.ApplicationCommandOptionChoice {
	var choices []*discordgo.ApplicationCommandOptionChoice
	typed := strings.TrimSpace(text)
	// A choice's value replaces the typed text when picked, so the status
	// choice carries the text itself; a text too long for a value gets a
	// status only when it is wrong (its value the first 100 characters).
	fits := utf8.RuneCountInString(text) <= maxChoiceLen
	if typed != "" {
		name, ok := parseStatus(g, typed, first)
		if fits || !ok {
			value := text
			if !fits {
				value = string([]rune(text)[:maxChoiceLen])
			}
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value})
		}
	}
	for _, ex := range orderExamples(examplesOf(g), typed) {
		if len(choices) == maxChoices {
			break
		}
		if ex == typed || utf8.RuneCountInString(ex) > maxChoiceLen {
			continue
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clipText("Example: "+ex, maxChoiceLen), Value: ex})
	}
	return choices
}

// parseStatus says whether text parses as a position of g: "✓ …" and
// true, or the parser's message and false.
func parseStatus(g solver.Game, text, first string) (string, bool) {
	chosen := first != ""
	if g.NeedsFirst() && !chosen {
		first = g.PlayerName(0) // only the text is being checked
	}
	pos, err := g.Parse(text, solver.ParseOptions{First: first})
	if err != nil {
		var ie *fault.Error
		msg := err.Error()
		if errors.As(err, &ie) && ie.Field == optPosition {
			msg = ie.Msg
		}
		return clipText(msg, maxChoiceLen), false
	}
	shown := pos.String()
	if n := utf8.RuneCountInString(shown); n > 40 {
		shown = fmt.Sprintf("%s… (%d characters)", shown[:30], n)
	}
	status := "✓ " + shown + " parses"
	if !g.NeedsFirst() || chosen {
		status += " · " + g.PlayerName(pos.ToMove()) + " to move"
	}
	return clipText(status, maxChoiceLen), true
}

// orderExamples puts the examples that start with typed first.
func orderExamples(ex []string, typed string) []string {
	var starts, rest []string
	for _, e := range ex {
		if typed != "" && strings.HasPrefix(e, typed) {
			starts = append(starts, e)
		} else {
			rest = append(rest, e)
		}
	}
	return append(starts, rest...)
}
