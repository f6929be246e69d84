package solver

import (
	"fmt"
	"slices"
	"testing"
)

// TestBinStringLeads checks the mid-game formula: binStringRule with the
// mover already ahead or behind in 0s, on every string of up to 8
// characters and every lead in -3..3, with either player to move, against
// exhaustive search; and that Solve's move is optimal there too.
func TestBinStringLeads(t *testing.T) {
	const maxLen, maxLead = 8, 3
	search := NewSearch(0)
	positions, moves := 0, 0
	for n := 0; n <= maxLen; n++ {
		for lead := -maxLead; lead <= maxLead; lead++ {
			for _, mover := range []Player{0, 1} {
				t.Run(fmt.Sprintf("len%d/lead%+d/mover%d", n, lead, mover), func(t *testing.T) {
					enumerateStrings(n, "01", func(s string) bool {
						pos := &BinaryString{s: s, mover: mover}
						// Both players hold some 0s already; the mover is lead ahead.
						pos.held[mover] = 2 + lead
						pos.held[mover.Other()] = 2
						if got := pos.lead(); got != lead {
							t.Fatalf("lead() = %d, want %d", got, lead)
						}
						positions++
						want, err := search.Outcome(pos)
						if err != nil {
							t.Fatal(err)
						}
						got, _ := pos.Analyze()
						if got != want {
							t.Errorf("%s: formula says %v, search says %v", describe(pos), got, want)
						}
						best, _, err := search.BestMoves(pos)
						if err != nil {
							t.Fatal(err)
						}
						m := Solve(pos).Move
						switch {
						case m == nil && len(best) > 0:
							t.Errorf("%s: Solve gives no move, search finds %v", describe(pos), best)
						case m != nil && !slices.Contains(best, m):
							t.Errorf("%s: Solve's move %v is not one of %v", describe(pos), m, best)
						case m != nil:
							moves++
						}
						return true
					})
				})
			}
		}
	}
	t.Logf("%d positions with leads -%d..%d checked, %d moves, %d states searched", positions, maxLead, maxLead, moves, search.States())
}
