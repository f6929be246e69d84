package binstring

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// CheckTests are the binary-string tests: even and odd numbers of 0s,
// no 1s at all, equal runs of 1s, and long strings.
func (game) CheckTests(rng *rand.Rand) []check.Test {
	out := check.Lines("00011", "000011", "0110011", // the examples
		"0", "1", "00", "11", "01", "10", "000", "111", "010", "101", "0101", "1010", "01010",
		"0110", "01101", "0110110", "11011", "1101011", "0111", "01110111")
	out = append(out, check.Lines(strings.Repeat("0", 99), strings.Repeat("1", 100), strings.Repeat("01", 50), strings.Repeat("10", 50)+"0")...)
	for range 3 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 100, "01")})
	}
	for len(out) < 200 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 1+rng.IntN(12), "01")})
	}
	return out
}
