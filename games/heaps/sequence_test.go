package heaps_test

import (
	"slices"
	"testing"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/games/heaps"
)

// plainKayles is Kayles by the mex recursion and nothing else: a move
// takes one or two adjacent pins, leaving two rows.
func plainKayles(n int) []int64 {
	g := make([]int64, n)
	for h := range n {
		seen := map[int64]bool{}
		for take := 1; take <= 2 && take <= h; take++ {
			for left := 0; left <= h-take; left++ {
				seen[g[left]^g[h-take-left]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestValues: the listed sequence is the plain recursion's, and the
// published periods come back with their starts.
func TestValues(t *testing.T) {
	k, err := heaps.Values("kayles", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !k.Proven || k.Period != 12 || k.Preperiod != 71 {
		t.Errorf("kayles: proven %v, period %d from %d; want 12 from 71", k.Proven, k.Period, k.Preperiod)
	}
	if want := plainKayles(len(k.Values)); !slices.Equal(k.Values, want) {
		t.Errorf("kayles values differ from the plain recursion:\n got %v\nwant %v", k.Values, want)
	}
	t.Logf("kayles: %d values checked against the plain recursion", len(k.Values))

	s, err := heaps.Values("subtract 1,3,4", 21)
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}
	if !s.Proven || s.Period != 7 || !slices.Equal(s.Values, want) {
		t.Errorf("subtract 1,3,4: proven %v, period %d, values %v; want period 7, %v", s.Proven, s.Period, s.Values, want)
	}

	for _, bad := range []string{"wythoff", "nim", "octal 0.78", "kayles 5", "hackenbush"} {
		if _, err := heaps.Values(bad, 0); fault.Code(err) != fault.EInvalid {
			t.Errorf("Values(%q): %v, want an input error", bad, err)
		}
	}
	if _, err := heaps.Values("kayles", heaps.MaxListed+1); fault.Code(err) != fault.EInvalid {
		t.Errorf("Values past MaxListed: %v, want an input error", err)
	}
}
