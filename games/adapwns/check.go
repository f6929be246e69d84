package adapwns

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// CheckTests are the ADAPWNS tests (T ≤ 500, 2 to 128 cells): boards
// without a move, single pawns at every gap, equal gaps, gaps that are
// multiples of 3, and full-length boards.
func (game) CheckTests(rng *rand.Rand) []check.Test {
	out := check.Lines("..P.P", // the sample
		"..", "P.", ".P", "PP", "PPPP", "P.P.P.P", ".P.P.P.P", "...P...P", "...P...P...P", "......P", "..P..P..P")
	for gap := range 8 {
		out = append(out, check.Test{Text: strings.Repeat(".", gap) + "P" + ".."})
	}
	out = append(out, check.Lines(strings.Repeat(".", 128), strings.Repeat("P", 128),
		strings.Repeat(".", 127)+"P", "P"+strings.Repeat(".", 127), strings.Repeat("..P", 42)+"..")...)
	for range 3 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 128, "...P")})
	}
	for len(out) < 200 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 2+rng.IntN(15), "..P")})
	}
	return out
}
