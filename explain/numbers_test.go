package explain

import (
	"context"
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

// TestDistance checks the sentences that count moves to the end, from
// positions the search reaches and one it does not.
func TestDistance(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game, text              string
		inMoves, distance, step string
	}{
		{"adapwns", "..P.P", " in 3 moves", "Ada wins in 3 moves", "**Move the piece on cell 5 to cell 4**. Wins in 5 moves (the quickest takes 3)."},
		{"adapwns", "...P", " in 2 moves", "Ada's opponent wins in 2 moves", "**move the piece on cell 4 to cell 3** holds out longest (lose in 2 moves)"},
		{"binim2", "010 101", " in 4 moves", "Dee wins in 4 moves", "Wins in 6 moves (the quickest takes 4)."},
		{"binstring", "000011", " in 3 moves", "ends in a tie after 3 moves", "Ties in 4 moves (the quickest takes 3)."},
		{"adapwns", strings.Repeat(".P", 40), "", "", "too large to search to the end"},
	} {
		t.Run(tc.game+" "+tc.text, func(t *testing.T) {
			r := Solve(ctx, parse(t, tc.game, tc.text, "Dee"))
			if got := InMoves(r); got != tc.inMoves {
				t.Errorf("InMoves = %q, want %q", got, tc.inMoves)
			}
			if got := Distance(r); !strings.Contains(got, tc.distance) || (tc.distance == "") != (got == "") {
				t.Errorf("Distance = %q, want it to contain %q", got, tc.distance)
			}
			if got := MoveStep(r).Body; !strings.Contains(got, tc.step) {
				t.Errorf("MoveStep = %q, want it to contain %q", got, tc.step)
			}
		})
	}
}
