package explain

import (
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

func TestKeyNumbers(t *testing.T) {
	for _, tc := range []struct{ game, text, want string }{
		{"binim2", "010 101", "Dee has 1 extra move and Dum 1"},
		{"binim", "0011 1", "Dee has 2 moves and Dum 1"},
		{"abgame", "A..B.A...B", "reserves A 0, B 0, Nim sum 1"},
		{"adapwns", "..P.P", "mod 3 is 1"},
		{"binstring", "0110011", "3 zeros left, Nim sum of the runs of 1s 0, and Player 1 holds 0 zeros and Player 2 holds 0"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g, _ := solver.Lookup(tc.game)
			pos, err := g.Parse(tc.text, solver.ParseOptions{First: "Dee"})
			if err != nil {
				t.Fatal(err)
			}
			if got := KeyNumbers(pos); !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want it to contain %q", got, tc.want)
			}
		})
	}
}
