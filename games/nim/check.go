package nim

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/check"
)

// CheckTests are the Nim tests in the judge's strict limits (at most 100
// heaps a test): one heap, equal pairs, a XOR of 0 by three heaps, heaps
// of 1 (which misère play treats apart), the largest heaps and the most
// heaps, then random small cases.
func (g *game) CheckTests(rng *rand.Rand) []check.Test {
	out := check.Lines("3 4 5", "1 2 3", // the examples
		"0", "1", "2", "1 1", "2 2", "5 5", "1 1 1", "1 1 1 1", "1 2 3", "4 5 1", "7 7 7", "0 0 1", "1 1 2", "1 1 3")
	out = append(out, check.Test{Text: strconv.Itoa(MaxHeap) + " " + strconv.Itoa(MaxHeap)})
	out = append(out, check.Test{Text: strconv.Itoa(MaxHeap) + " 1 " + strconv.Itoa(MaxHeap-1)})
	for _, h := range []int{1, 2, 1000} {
		heaps := make([]string, strictMaxHeaps)
		for k := range heaps {
			heaps[k] = strconv.Itoa(rng.IntN(h) + 1)
		}
		out = append(out, check.Test{Text: strings.Join(heaps, " ")})
	}
	for len(out) < 200 {
		heaps := make([]string, 1+rng.IntN(5))
		for k := range heaps {
			heaps[k] = strconv.Itoa(rng.IntN(8))
		}
		out = append(out, check.Test{Text: strings.Join(heaps, " ")})
	}
	return out
}
