package nim

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// CheckTests are the Nim tests in the judge's strict limits (at most 100
// heaps a test): every position of up to 3 heaps of up to 3, then one
// heap, equal pairs, a XOR of 0 by three heaps, heaps
// of 1 (which misère play treats apart), the largest heaps and the most
// heaps, then random small cases.
func (g *game) CheckTests(rng *rand.Rand) []check.Test {
	// Every position of 1 to 3 heaps of 0 to 3 first, so that the
	// smallest failing test of the file is the smallest failing position.
	var out []check.Test
	for n := 1; n <= 3; n++ {
		solver.EnumerateStrings(n, "0123", func(s string) bool {
			out = append(out, check.Test{Text: strings.Join(strings.Split(s, ""), " ")})
			return true
		})
	}
	small := len(out)
	out = append(out, check.Lines("3 4 5", "1 2 3", // the examples
		"0", "1", "2", "1 1", "2 2", "5 5", "1 1 1", "1 1 1 1", "1 2 3", "4 5 1", "7 7 7", "0 0 1", "1 1 2", "1 1 3",
		fmt.Sprintf("%d %d", MaxHeap, MaxHeap), fmt.Sprintf("%d 1 %d", MaxHeap, MaxHeap-1))...)
	random := func(n, sizes, least int) check.Test { // n heaps of least to least+sizes-1
		heaps := make([]string, n)
		for k := range heaps {
			heaps[k] = strconv.Itoa(least + rng.IntN(sizes))
		}
		return check.Test{Text: strings.Join(heaps, " ")}
	}
	for _, h := range []int{1, 2, 1000} {
		out = append(out, random(strictMaxHeaps, h, 1))
	}
	for len(out) < small+200 {
		out = append(out, random(1+rng.IntN(5), 8, 0))
	}
	return out
}
