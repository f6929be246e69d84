package solver

import (
	"context"
	"fmt"
	"testing"
)

// TestBinStringLeads checks the mid-game formula: binStringRule and
// BestMove with the mover already ahead or behind in 0s, on every string
// of up to 8 characters and every lead in -3..3, with either player to
// move, against exhaustive search.
func TestBinStringLeads(t *testing.T) {
	const maxLen, maxLead = 8, 3
	search := NewSearch(BinString, 0)
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
						st, _ := BinString.Encode(pos)
						want, err := search.Value(context.Background(), st)
						if err != nil {
							t.Fatal(err)
						}
						r := Solve(pos)
						if r.Outcome != want.Outcome {
							t.Errorf("%s: formula says %v, search says %v", fullKey(pos), r.Outcome, want)
						}
						if r.Move == nil {
							if want.Outcome != Loss && n > 0 {
								t.Errorf("%s: Solve gives no move, search says %v", fullKey(pos), want)
							}
							return true
						}
						next, err := pos.Play(r.Move)
						if err != nil {
							t.Fatal(err)
						}
						ns, _ := BinString.Encode(next)
						if c, _ := search.Value(context.Background(), ns); -c.Outcome != want.Outcome {
							t.Errorf("%s: Solve's move %v leaves %v", fullKey(pos), r.Move, c)
						}
						moves++
						return true
					})
				})
			}
		}
	}
	t.Logf("%d positions with leads -%d..%d checked, %d moves, %d states searched", positions, maxLead, maxLead, moves, search.States())
}
