package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// mustParseFirst parses a position of game with first moving first
// (where the game needs it).
func mustParseFirst(tb testing.TB, game, text, first string) solver.Position {
	tb.Helper()
	g, _ := solver.Lookup(game)
	pos, err := g.Parse(text, solver.ParseOptions{First: first})
	if err != nil {
		tb.Fatal(err)
	}
	return pos
}

// badGrammar matches a count that disagrees with its noun: "1 moves",
// "There are 1 stack", "0 of 0 moves".
var badGrammar = regexp.MustCompile(`\b1 (extra |empty |reserve |winning |legal |more |fewer )?(moves|stacks|cells|zeros|symbols|letters|positions|tests|gaps|runs|heaps|pawns|plies|0s|1s)\b|\bThere are 1\b|\bThere is [02-9]|\b0 of 0\b|\bhas 1 [a-z ]*moves\b`)

// TestPluralsForCountsZeroOneTwo renders every reply of positions whose
// counts (stacks, extra moves, moves, reserve moves, cells, zeros, runs,
// heaps) are 0, 1 and 2, and checks every count agrees with its noun.
func TestPluralsForCountsZeroOneTwo(t *testing.T) {
	cases := []struct{ game, pos, first string }{
		{"binim2", "0", "Dee"}, {"binim2", "0 0", "Dee"}, {"binim2", "01", "Dee"}, {"binim2", "0 1", "Dum"}, {"binim2", "00 11 1", "Dee"},
		{"binim", "0", "Dee"}, {"binim", "00", "Dum"}, {"binim", "01 01", "Dee"}, {"binim", "1", "Dee"}, {"binim", "0 1 10", "Dum"},
		{"abgame", "A", ""}, {"abgame", "A.", ""}, {"abgame", "A..", ""}, {"abgame", "A.B", ""}, {"abgame", "A..A", ""}, {"abgame", "AB", ""}, {"abgame", "A.B..A.B", ""}, {"abgame", "B.A", ""},
		{"adapwns", "P", ""}, {"adapwns", ".P", ""}, {"adapwns", "..P", ""}, {"adapwns", "..P.P", ""}, {"adapwns", "...P.P", ""}, {"adapwns", ".P.P.P", ""},
		{"binstring", "1", ""}, {"binstring", "0", ""}, {"binstring", "00", ""}, {"binstring", "01", ""}, {"binstring", "010", ""}, {"binstring", "0110", ""}, {"binstring", "11", ""}, {"binstring", "0110011", ""},
	}
	for _, tc := range cases {
		t.Run(tc.game+" "+tc.pos+" "+tc.first, func(t *testing.T) {
			r, clock := newTestRouter(t)
			opts := []any{optPosition, tc.pos}
			if tc.first != "" {
				opts = append(opts, optFirst, tc.first)
			}
			var replies []*discordgo.InteractionResponse
			for _, sub := range []string{"solve", "verify", "moves", "hint"} {
				replies = append(replies, r.Handle(context.Background(), command(student, tc.game, sub, opts...)))
			}
			pos := mustParseFirst(t, tc.game, tc.pos, tc.first)
			for _, m := range pos.Moves() {
				a, b := m.Numbers()
				why := append(append([]any{}, opts...), optMove, fmt.Sprintf("%d %d", a, b))
				replies = append(replies, r.Handle(context.Background(), command(student, tc.game, "why", why...)))
			}
			// The hint ladder comes last: its clicks follow the hint.
			replies[len(replies)-1], replies[3] = replies[3], replies[len(replies)-1]
			// Every hint level, by clicking through.
			for resp := replies[len(replies)-1]; ; {
				buttons, _ := allControls(t, resp)
				next := ""
				for _, b := range buttons {
					if b.Label == "Next hint" || b.Label == "Show the answer" {
						next = b.CustomID
					}
				}
				if next == "" {
					break
				}
				resp = r.Handle(context.Background(), click(student, next, message(resp, clock.t)))
				replies = append(replies, resp)
			}
			// A whole game, the student playing the first legal move.
			events := playGame(t, r, clock, command(student, tc.game, "play", opts...), blunderFirst())
			for _, resp := range replies {
				b, _ := json.Marshal(resp.Data)
				if m := badGrammar.Find(b); m != nil {
					t.Errorf("%q in reply:\n%s", m, b)
				}
			}
			for _, e := range events {
				if m := badGrammar.FindString(e); m != "" {
					t.Errorf("%q in play message:\n%s", m, e)
				}
			}
		})
	}
}
