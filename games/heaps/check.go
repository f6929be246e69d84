package heaps

import (
	"fmt"
	"math/rand/v2"

	"github.com/nimtutor/nimtutor/check"
)

// CheckTests are tests of every family, one position with its rule a
// line: the examples, the published periods' edges (Kayles' last
// exceptional heap, 70, and the first periodic ones), huge heaps
// answered by the period, lone Wythoff and Moore positions, trees, and
// random small sums of mixed rules.
func (g *game) CheckTests(rng *rand.Rand) []check.Test {
	out := check.Lines(g.Examples()...)
	out = append(out, check.Lines(
		"kayles: 70", "kayles: 71", "kayles: 70 71", "dawson: 52 53", "dawsonchess: 51",
		"subtract 1,3,4: 1000000000000000000", "octal 0.77: 999999999999999999 12",
		"wythoff: 0 0", "wythoff: 3 5", "wythoff: 1000000000000 1618033988750",
		"moore 2: 1 2 3", "moore 3: 7 7 7 7", "staircase: 0 5 0 5", "hackenbush: 0 1 2 / 0 0 0",
		"nim: 1 2 3", "subtract 1-3: 4 8 12")...)
	// Random small sums, within the exhaustive search's reach, and a few
	// larger ones every so often.
	families := []string{"kayles", "dawson", "subtract 1,3,4", "subtract 2,5", "octal 0.137", "nim", "subtract 1-4", "wythoff", "staircase", "hackenbush"}
	for len(out) < 200 {
		terms := 1 + rng.IntN(2)
		top := 7
		if len(out)%10 == 0 {
			top = 60
		}
		text := ""
		for i := range terms {
			if i > 0 {
				text += " + "
			}
			f := families[rng.IntN(len(families))]
			text += f + ":"
			switch f {
			case "wythoff":
				text += fmt.Sprintf(" %d %d", rng.IntN(top), rng.IntN(top))
			case "staircase":
				text += fmt.Sprintf(" %d %d %d", rng.IntN(4), rng.IntN(4), rng.IntN(4))
			case "hackenbush":
				text += " 0 1 1 / 0 0"
			default:
				for range 1 + rng.IntN(2) {
					text += fmt.Sprintf(" %d", rng.IntN(top))
				}
			}
		}
		out = append(out, check.Test{Text: text})
	}
	return out
}
