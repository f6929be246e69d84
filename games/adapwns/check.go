package adapwns

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// smallCells is the longest board the test file holds every one of.
const smallCells = 6

// CheckTests are the ADAPWNS tests (T ≤ 500, 2 to 128 cells): every
// board of up to smallCells cells, then boards
// without a move, single pawns at every gap, equal gaps, gaps that are
// multiples of 3, and full-length boards.
func (game) CheckTests(rng *rand.Rand) []check.Test {
	// Every board of 2 to 6 cells first, so that the smallest failing
	// test of the file is the smallest failing board there is.
	var out []check.Test
	for n := 2; n <= smallCells; n++ {
		solver.EnumerateStrings(n, ".P", func(s string) bool { out = append(out, check.Test{Text: s}); return true })
	}
	small := len(out)
	out = append(out, check.Lines("..P.P", // the sample
		"..", "P.", ".P", "PP", "PPPP", "P.P.P.P", ".P.P.P.P", "...P...P", "...P...P...P", "......P", "..P..P..P")...)
	for gap := range 8 {
		out = append(out, check.Test{Text: strings.Repeat(".", gap) + "P" + ".."})
	}
	out = append(out, check.Lines(strings.Repeat(".", 128), strings.Repeat("P", 128),
		strings.Repeat(".", 127)+"P", "P"+strings.Repeat(".", 127), strings.Repeat("..P", 42)+"..")...)
	for range 3 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 128, "...P")})
	}
	for len(out) < small+200 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 2+rng.IntN(15), "..P")})
	}
	return out
}
