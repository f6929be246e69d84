package commands

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// typing builds the autocomplete interaction Discord sends while the
// student types text into position (focused), with first when not "".
func typing(game, sub, text, first string) *discordgo.Interaction {
	opts := []*discordgo.ApplicationCommandInteractionDataOption{{Name: optPosition, Type: discordgo.ApplicationCommandOptionString, Value: text, Focused: true}}
	if first != "" {
		opts = append(opts, &discordgo.ApplicationCommandInteractionDataOption{Name: optFirst, Type: discordgo.ApplicationCommandOptionString, Value: first})
	}
	return &discordgo.Interaction{
		ID: "4", Type: discordgo.InteractionApplicationCommandAutocomplete, Token: "t",
		Member: &discordgo.Member{User: &discordgo.User{ID: student}},
		Data: discordgo.ApplicationCommandInteractionData{Name: game, Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts,
		}}},
	}
}

// checkChoices fails if an autocomplete reply breaks Discord's limits.
func checkChoices(tb testing.TB, resp *discordgo.InteractionResponse) []*discordgo.ApplicationCommandOptionChoice {
	tb.Helper()
	if resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || resp.Data == nil || resp.Data.Choices == nil {
		tb.Fatalf("reply type %v data %+v, want choices (type 8)", resp.Type, resp.Data)
	}
	c := resp.Data.Choices
	if len(c) > maxChoices {
		tb.Errorf("%d choices, over %d", len(c), maxChoices)
	}
	for _, ch := range c {
		v, ok := ch.Value.(string)
		if n := utf8.RuneCountInString(ch.Name); n == 0 || n > maxChoiceLen {
			tb.Errorf("choice name has %d characters: %q", n, ch.Name)
		}
		if n := utf8.RuneCountInString(v); !ok || n == 0 || n > maxChoiceLen {
			tb.Errorf("choice value %v (%d characters) is not a string of 1 to 100", ch.Value, n)
		}
	}
	return c
}

func TestAutocompletePosition(t *testing.T) {
	r, _ := newTestRouter(t)
	long := strings.Repeat("..P", 100)
	longBad := strings.Repeat("..P", 50) + "X"
	tests := []struct {
		name, game, sub, text, first string
		wantName, wantValue          string // of the first choice; "" for none
		examples                     bool
	}{
		{"bad character", "adapwns", "solve", "..X.P", "", "character 3 is 'X'; a board uses '.' and 'P'", "..X.P", true},
		{"parses", "adapwns", "hint", "..P.P", "", "✓ ..P.P parses · Ada to move", "..P.P", true},
		{"stacks without first", "binim2", "solve", "010 101", "", "✓ 010 101 parses", "010 101", true},
		{"stacks with first", "binim2", "play", "010 101", "Dum", "✓ 010 101 parses · Dum to move", "010 101", true},
		{"bad stack", "binim", "verify", "010 1a1", "Dee", "stack 2, character 2 is 'a'", "010 1a1", true},
		{"abgame row", "abgame", "solve", "A..B", "", "✓ A..B parses · A to move", "A..B", true},
		{"nothing typed", "binstring", "solve", "", "", "Example: 0110011", "0110011", true},
		{"too long for a value, parses", "adapwns", "solve", long, "", "Example: ..P.P", "..P.P", true},
		{"too long for a value, wrong", "adapwns", "solve", longBad, "", "character 151 is 'X'; a board uses '.' and 'P'", longBad[:100], true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := r.Handle(context.Background(), typing(tt.game, tt.sub, tt.text, tt.first))
			choices := checkChoices(t, resp)
			if len(choices) == 0 {
				t.Fatalf("no choices")
			}
			if !strings.HasPrefix(choices[0].Name, tt.wantName) || choices[0].Value != tt.wantValue {
				t.Errorf("first choice %q = %q, want %q… = %q", choices[0].Name, choices[0].Value, tt.wantName, tt.wantValue)
			}
			examples := 0
			for _, c := range choices {
				if strings.HasPrefix(c.Name, "Example: ") {
					examples++
					g, _ := solver.Lookup(tt.game)
					if _, err := g.Parse(c.Value.(string), solver.ParseOptions{First: "Dee"}); err != nil {
						t.Errorf("example %q does not parse: %v", c.Value, err)
					}
				}
			}
			if tt.examples && (examples < 2 || examples > maxExamples) {
				t.Errorf("%d examples, want 2 to %d", examples, maxExamples)
			}
		})
	}
}

func TestAutocompleteNothingToSay(t *testing.T) {
	r, _ := newTestRouter(t)
	notFocused := typing("adapwns", "solve", "..P", "")
	notFocused.ApplicationCommandData().Options[0].Options[0].Focused = false
	unknown := typing("nogame", "solve", "..P", "")
	noSub := typing("adapwns", "solve", "..P", "")
	data := noSub.Data.(discordgo.ApplicationCommandInteractionData)
	data.Options = nil
	noSub.Data = data
	for name, i := range map[string]*discordgo.Interaction{"not focused": notFocused, "unknown game": unknown, "no subcommand": noSub} {
		t.Run(name, func(t *testing.T) {
			if c := checkChoices(t, r.Handle(context.Background(), i)); len(c) != 0 {
				t.Errorf("got %d choices, want none", len(c))
			}
		})
	}
}

func TestAutocompleteLargestPositions(t *testing.T) {
	r, _ := newTestRouter(t)
	for game, p := range bigPositions() {
		for _, text := range []string{p[0], p[0][:99], p[0][:len(p[0])/2] + "?"} {
			checkChoices(t, r.Handle(context.Background(), typing(game, "solve", text, p[1])))
		}
	}
}

func TestExamplesParse(t *testing.T) {
	for _, g := range solver.Games() {
		for name, ex := range map[string][]string{"listed": examplesOf(g)} {
			if len(ex) < 2 {
				t.Errorf("%s: %d %s examples, want at least 2", g.Name(), len(ex), name)
			}
			for _, e := range ex {
				if _, err := g.Parse(e, solver.ParseOptions{First: g.PlayerName(0)}); err != nil {
					t.Errorf("%s: %s example %q: %v", g.Name(), name, e, err)
				}
			}
		}
	}
}
