package solver

import (
	"strings"
	"testing"
)

// longPosition returns a valid position of g with exactly n characters.
func longPosition(g Game, n int) string {
	switch g {
	case ABGame:
		return strings.Repeat(".", n-2) + "AB"
	case Adapwns:
		return strings.Repeat(".", n-1) + "P"
	case BinString:
		return strings.Repeat("01", n)[:n]
	}
	return strings.Repeat("0", n-2) + " 1" // stacks
}

func TestLongPositions(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			for _, tc := range []struct {
				n    int
				long bool
				want string // "" for success, else a substring of the error
			}{
				{MaxPositionLen, false, ""},
				{MaxPositionLen + 1, false, "limit of a slash command"},
				{MaxPositionLen + 1, true, ""},
				{MaxLongPositionLen, true, ""},
				{MaxLongPositionLen + 1, true, "limit of a position given as a file"},
			} {
				pos, err := g.Parse(longPosition(g, tc.n), ParseOptions{First: "Dee", Long: tc.long})
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("%d characters, long %v: %v", tc.n, tc.long, err)
				case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
					t.Errorf("%d characters, long %v: err %v, want %q", tc.n, tc.long, err, tc.want)
				case err == nil && tc.n > MaxPositionLen:
					// A long position survives a button's round trip.
					text, mover, held := Snapshot(pos)
					back, err := Restore(g, text, mover, held)
					if err != nil {
						t.Errorf("Restore of %d characters: %v", tc.n, err)
						break
					}
					if t2, m2, h2 := Snapshot(back); t2 != text || m2 != mover || h2 != held {
						t.Errorf("Restore of %d characters gives another position", tc.n)
					}
				}
			}
		})
	}
}
