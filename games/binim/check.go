package binim

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// both returns the stacks once with each player moving first.
func both(stacks ...string) []check.Test {
	text := strings.Join(stacks, " ")
	return []check.Test{{Text: text, First: "Dee"}, {Text: text, First: "Dum"}}
}

// smallSymbols is the most symbols of the positions the test file holds
// every one of.
const smallSymbols = 3

// CheckTests are the BINIM and BINIM2 tests (T ≤ 500, N ≤ 50, stacks of
// at most 50 symbols): every position of up to smallSymbols symbols,
// then the corner cases. Misère corner cases: a lone stack of one symbol,
// equal numbers of extra moves, stacks that cancel out.
func (*stackGame) CheckTests(rng *rand.Rand) []check.Test {
	// Every position of up to smallSymbols symbols in all first, each
	// player moving first, so that the smallest failing test of the file
	// is the smallest failing position there is.
	var out []check.Test
	var rec func(stacks []string, left int)
	rec = func(stacks []string, left int) {
		if len(stacks) > 0 {
			out = append(out, both(stacks...)...)
		}
		for n := 1; n <= left; n++ {
			solver.EnumerateStrings(n, "01", func(s string) bool {
				rec(append(slices.Clone(stacks), s), left-n)
				return true
			})
		}
	}
	rec(nil, smallSymbols)
	slices.SortStableFunc(out, func(a, b check.Test) int { return len(a.Text) - len(b.Text) })
	small := len(out)
	out = append(out, check.Test{Text: "010 101", First: "Dee"}) // the sample
	for _, p := range [][]string{
		{"0"}, {"1"}, {"00"}, {"11"}, {"01"}, {"10"}, {"010"}, {"101"}, {"0110"}, {"1001"}, {"0011"}, // single stacks
		{"0", "1"}, {"00", "11"}, {"0", "0", "1", "1"}, // equal extras
		{"0", "0", "1"}, {"0", "1", "1"}, {"00", "0", "1"}, // extras differ by one
		{"01", "10"}, {"01", "01", "10"}, {"011", "100"}, // stacks that cancel out
		{"0", "01"}, {"1", "10"}, {"0", "10", "01"},
	} {
		out = append(out, both(p...)...)
	}
	for _, s := range []string{"0", "1", "01", "00", "010"} { // all equal
		for _, n := range []int{2, 3, 4} {
			out = append(out, both(strings.Split(strings.Repeat(s+" ", n-1)+s, " ")...)...)
		}
	}
	// Maximum sizes: 50 stacks of 50 symbols, runs and all.
	for _, alphabet := range []string{"01", "0", "1", "0011"} {
		stacks := make([]string, 50)
		for k := range stacks {
			stacks[k] = solver.RandomString(rng, 50, alphabet)
		}
		out = append(out, both(stacks...)...)
	}
	for len(out) < small+200 {
		stacks := make([]string, 1+rng.IntN(5))
		for k := range stacks {
			stacks[k] = solver.RandomString(rng, 1+rng.IntN(6), "01")
		}
		out = append(out, check.Test{Text: strings.Join(stacks, " "), First: [2]string{"Dee", "Dum"}[rng.IntN(2)]})
	}
	return out
}
