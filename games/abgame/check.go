package abgame

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// smallCells is the longest row the test file holds every one of.
const smallCells = 4

// CheckTests are the ABGAME tests (rows of up to 10^5 cells, 10^6 in all):
// every row of up to smallCells cells, then the corner cases.
// Ties of reserve moves decided by the Nim heaps, lone letters, rows
// without room to move, and one row of the maximum length.
func (game) CheckTests(rng *rand.Rand) []check.Test {
	// Every row of 1 to smallCells cells first, so that the smallest
	// failing test of the file is the smallest failing row there is.
	var out []check.Test
	for n := 1; n <= smallCells; n++ {
		solver.EnumerateStrings(n, ".AB", func(s string) bool { out = append(out, check.Test{Text: s}); return true })
	}
	small := len(out)
	out = append(out, check.Lines("A.B", "A..B", "A..B.A..B", // the samples
		".", "A", "B", "AB", "BA", "AA", "BB", "A.", ".A", "B....", "....A", "...B", // empty-ish and lone letters
		"A.A", "B.B", "A..A.B..B", "A.BB.A", "A..BA..B", "A.B.A.B", "AB.AB", // equal reserves, Nim decides
		"A...A", "B...B", "A.A.B.B", "A....B..A.B", "..A..B..A..B..")...)
	out = append(out, check.Lines(solver.RandomString(rng, 100000, "........AB"), "A"+strings.Repeat(".", 99998)+"B")...)
	for len(out) < small+200 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 1+rng.IntN(14), "...AB")})
	}
	return out
}
