package abgame

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// CheckTests are the ABGAME tests (rows of up to 10^5 cells, 10^6 in all).
// Ties of reserve moves decided by the Nim heaps, lone letters, rows
// without room to move, and one row of the maximum length.
func (game) CheckTests(rng *rand.Rand) []check.Test {
	out := check.Lines("A.B", "A..B", "A..B.A..B", // the samples
		".", "A", "B", "AB", "BA", "AA", "BB", "A.", ".A", "B....", "....A", "...B", // empty-ish and lone letters
		"A.A", "B.B", "A..A.B..B", "A.BB.A", "A..BA..B", "A.B.A.B", "AB.AB", // equal reserves, Nim decides
		"A...A", "B...B", "A.A.B.B", "A....B..A.B", "..A..B..A..B..")
	out = append(out, check.Lines(solver.RandomString(rng, 100000, "........AB"), "A"+strings.Repeat(".", 99998)+"B")...)
	for len(out) < 200 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 1+rng.IntN(14), "...AB")})
	}
	return out
}
