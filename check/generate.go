package check

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// Test is one generated test: the position text as Parse reads it and,
// for binim and binim2, the player to move first.
type Test struct {
	Text  string
	First string
}

// generator writes the tests of one game from a random source.
type generator func(rng *rand.Rand) []Test

// generators holds a generator per game, by name: one line per game.
var generators = map[string]generator{
	"binim":     stackTests,
	"binim2":    stackTests,
	"abgame":    abTests,
	"adapwns":   pawnTests,
	"binstring": stringTests,
}

// Supported reports whether Generate knows how to write tests for g.
func Supported(g solver.Game) bool {
	_, ok := generators[g.Name()]
	return ok
}

// Games returns the games Generate supports, in the registry's order.
func Games() []solver.Game {
	var out []solver.Game
	for _, g := range solver.Games() {
		if Supported(g) {
			out = append(out, g)
		}
	}
	return out
}

// TestFile is a generated judge input.
type TestFile struct {
	Game  solver.Game
	Seed  uint64
	Tests []Test
	// Input is the file in the problem's judge format.
	Input []byte
}

// Name is the file's name, which carries its seed so that a later check
// can regenerate it: "adapwns-tests-seed-42.txt".
func (f *TestFile) Name() string {
	return fmt.Sprintf("%s-tests-seed-%d.txt", f.Game.Name(), f.Seed)
}

// Summary says in one sentence what the file holds and how to get it again.
func (f *TestFile) Summary() string {
	return fmt.Sprintf("%d tests of %s in the judge's format, seed %d (the same seed gives the same file).", len(f.Tests), f.Game.Name(), f.Seed)
}

// Generate writes the test file of g for seed: fixed corner cases first
// (the samples, single stacks or pieces, all-equal parts, ties, empty-ish
// boards, maximum sizes), then random small cases, all within the
// contest's limits.
func Generate(g solver.Game, seed uint64) (*TestFile, error) {
	gen, ok := generators[g.Name()]
	if !ok {
		return nil, &solver.InputError{Field: "game", Msg: fmt.Sprintf("/check has no test generator for %s yet", g.Name())}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6e696d7475746f72))
	tests := gen(rng)
	return &TestFile{Game: g, Seed: seed, Tests: tests, Input: Format(g, tests)}, nil
}

// Format writes tests in g's judge format: T, then each test.
func Format(g solver.Game, tests []Test) []byte {
	var b bytes.Buffer
	b.WriteString(strconv.Itoa(len(tests)))
	b.WriteByte('\n')
	for _, t := range tests {
		if g.NeedsFirst() {
			stacks := strings.Fields(t.Text)
			fmt.Fprintf(&b, "%d %s\n", len(stacks), t.First)
			for _, s := range stacks {
				b.WriteString(s)
				b.WriteByte('\n')
			}
			continue
		}
		b.WriteString(t.Text)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// randomString returns n characters drawn from alphabet.
func randomString(rng *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for k := range b {
		b[k] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// both returns the stacks once with each player moving first.
func both(stacks ...string) []Test {
	text := strings.Join(stacks, " ")
	return []Test{{Text: text, First: "Dee"}, {Text: text, First: "Dum"}}
}

// stackTests are the BINIM and BINIM2 tests (T ≤ 500, N ≤ 50, stacks of
// at most 50 symbols). Misère corner cases: a lone stack of one symbol,
// equal numbers of extra moves, stacks that cancel out.
func stackTests(rng *rand.Rand) []Test {
	var out []Test
	out = append(out, Test{Text: "010 101", First: "Dee"}) // the sample
	for _, s := range []string{"0", "1", "00", "11", "01", "10", "010", "101", "0110", "1001", "0011"} {
		out = append(out, both(s)...) // single stacks
	}
	for _, p := range [][]string{
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
			stacks[k] = randomString(rng, 50, alphabet)
		}
		out = append(out, both(stacks...)...)
	}
	for len(out) < 200 {
		stacks := make([]string, 1+rng.IntN(5))
		for k := range stacks {
			stacks[k] = randomString(rng, 1+rng.IntN(6), "01")
		}
		first := "Dee"
		if rng.IntN(2) == 1 {
			first = "Dum"
		}
		out = append(out, Test{Text: strings.Join(stacks, " "), First: first})
	}
	return out
}

// lines turns texts into tests.
func lines(texts ...string) []Test {
	out := make([]Test, len(texts))
	for k, t := range texts {
		out[k] = Test{Text: t}
	}
	return out
}

// abTests are the ABGAME tests (rows of up to 10^5 cells, 10^6 in all).
// Ties of reserve moves decided by the Nim heaps, lone letters, rows
// without room to move, and one row of the maximum length.
func abTests(rng *rand.Rand) []Test {
	out := lines("A.B", "A..B", "A..B.A..B", // the samples
		".", "A", "B", "AB", "BA", "AA", "BB", "A.", ".A", "B....", "....A", "...B", // empty-ish and lone letters
		"A.A", "B.B", "A..A.B..B", "A.BB.A", "A..BA..B", "A.B.A.B", "AB.AB", // equal reserves, Nim decides
		"A...A", "B...B", "A.A.B.B", "A....B..A.B", "..A..B..A..B..")
	row := []byte(randomString(rng, 100000, "........AB"))
	out = append(out, Test{Text: string(row)})
	out = append(out, Test{Text: "A" + strings.Repeat(".", 99998) + "B"})
	for len(out) < 200 {
		out = append(out, Test{Text: randomString(rng, 1+rng.IntN(14), "...AB")})
	}
	return out
}

// pawnTests are the ADAPWNS tests (T ≤ 500, 2 to 128 cells): boards
// without a move, single pawns at every gap, equal gaps, gaps that are
// multiples of 3, and full-length boards.
func pawnTests(rng *rand.Rand) []Test {
	out := lines("..P.P", // the sample
		"..", "P.", ".P", "PP", "PPPP", "P.P.P.P", ".P.P.P.P", "...P...P", "...P...P...P", "......P", "..P..P..P")
	for gap := range 8 {
		out = append(out, Test{Text: strings.Repeat(".", gap) + "P" + ".."})
	}
	out = append(out, lines(strings.Repeat(".", 128), strings.Repeat("P", 128),
		strings.Repeat(".", 127)+"P", "P"+strings.Repeat(".", 127), strings.Repeat("..P", 42)+"..")...)
	for range 3 {
		out = append(out, Test{Text: randomString(rng, 128, "...P")})
	}
	for len(out) < 200 {
		out = append(out, Test{Text: randomString(rng, 2+rng.IntN(15), "..P")})
	}
	return out
}

// stringTests are the binary-string tests: even and odd numbers of 0s,
// no 1s at all, equal runs of 1s, and long strings.
func stringTests(rng *rand.Rand) []Test {
	out := lines("00011", "000011", "0110011", // the examples
		"0", "1", "00", "11", "01", "10", "000", "111", "010", "101", "0101", "1010", "01010",
		"0110", "01101", "0110110", "11011", "1101011", "0111", "01110111")
	out = append(out, lines(strings.Repeat("0", 99), strings.Repeat("1", 100), strings.Repeat("01", 50), strings.Repeat("10", 50)+"0")...)
	for range 3 {
		out = append(out, Test{Text: randomString(rng, 100, "01")})
	}
	for len(out) < 200 {
		out = append(out, Test{Text: randomString(rng, 1+rng.IntN(12), "01")})
	}
	return out
}

// SeedFromName reads the seed back from a file name made by Name, or
// from any name containing "seed-N" or "seed_N" (an output the student
// named after the test file).
func SeedFromName(name string) (uint64, bool) {
	lower := strings.ToLower(name)
	k := strings.LastIndex(lower, "seed")
	if k < 0 || k+5 > len(lower) || (lower[k+4] != '-' && lower[k+4] != '_') {
		return 0, false
	}
	digits := lower[k+5:]
	end := 0
	for end < len(digits) && digits[end] >= '0' && digits[end] <= '9' {
		end++
	}
	seed, err := strconv.ParseUint(digits[:end], 10, 64)
	return seed, err == nil
}
