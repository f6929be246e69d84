package solver

import (
	"strconv"
	"strings"
	"testing"
)

// judgeSizes bounds the exhaustive judge check: every position of up to
// this size is judged in one input and compared with Solve.
var judgeSizes = map[string]int{"adapwns": 7, "abgame": 7, "binstring": 7, "binim2": 3, "binim": 3}

func TestJudgeEqualsSolve(t *testing.T) {
	// The judge's streaming pass and Solve must agree on every position of
	// the enumerations (both first players for binim).
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			var in, want strings.Builder
			count := 0
			smallPositions(t, g, judgeSizes[g.Name()], func(pos Position) {
				count++
				if s, ok := pos.(*Stacks); ok {
					in.WriteString(strings.Join([]string{strconv.Itoa(len(s.stacks)), g.PlayerName(s.mover)}, " ") + "\n")
					for _, st := range s.stacks {
						in.WriteString(st + "\n")
					}
				} else {
					in.WriteString(pos.String() + "\n")
				}
				want.WriteString(Solve(pos).Answer() + "\n")
			})
			var out strings.Builder
			if err := Judge(g, strings.NewReader(strconv.Itoa(count)+"\n"+in.String()), &out, false); err != nil {
				t.Fatal(err)
			}
			if out.String() != want.String() {
				t.Errorf("judge and Solve disagree on some of %d positions", count)
			}
		})
	}
}
