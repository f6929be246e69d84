package binstring

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// smallLen is the longest string the test file holds every one of.
const smallLen = 6

// CheckTests are the binary-string tests: every string of up to smallLen
// characters, then even and odd numbers of 0s,
// no 1s at all, equal runs of 1s, and long strings.
func (game) CheckTests(rng *rand.Rand) []check.Test {
	// Every string of 1 to smallLen characters first, so that the
	// smallest failing test of the file is the smallest failing string.
	var out []check.Test
	for n := 1; n <= smallLen; n++ {
		solver.EnumerateStrings(n, "01", func(s string) bool { out = append(out, check.Test{Text: s}); return true })
	}
	small := len(out)
	out = append(out, check.Lines("00011", "000011", "0110011", // the examples
		"0", "1", "00", "11", "01", "10", "000", "111", "010", "101", "0101", "1010", "01010",
		"0110", "01101", "0110110", "11011", "1101011", "0111", "01110111")...)
	out = append(out, check.Lines(strings.Repeat("0", 99), strings.Repeat("1", 100), strings.Repeat("01", 50), strings.Repeat("10", 50)+"0")...)
	for range 3 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 100, "01")})
	}
	for len(out) < small+200 {
		out = append(out, check.Test{Text: solver.RandomString(rng, 1+rng.IntN(12), "01")})
	}
	return out
}
