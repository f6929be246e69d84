package check

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
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

// Generator is a game's /check capability, which its package adds to
// its solver.Game: the tests of a generated file.
type Generator interface {
	// CheckTests returns fixed corner cases first (the samples, single
	// stacks or pieces, all-equal parts, ties, empty-ish boards, maximum
	// sizes), then random small cases, all within the contest's limits.
	CheckTests(rng *rand.Rand) []Test
}

// Supported reports whether Generate knows how to write tests for g.
func Supported(g solver.Game) bool {
	_, ok := g.(Generator)
	return ok
}

// Games returns the games Generate supports, in the registry's order.
func Games() []solver.Game {
	return slices.DeleteFunc(slices.Clone(solver.Games()), func(g solver.Game) bool { return !Supported(g) })
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
	gen, ok := g.(Generator)
	if !ok {
		return nil, &solver.InputError{Field: "game", Msg: fmt.Sprintf("/check has no test generator for %s yet", g.Name())}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6e696d7475746f72))
	tests := gen.CheckTests(rng)
	return &TestFile{Game: g, Seed: seed, Tests: tests, Input: Format(g, tests)}, nil
}

// Format writes tests in g's judge format: T, then each test.
func Format(g solver.Game, tests []Test) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, len(tests))
	for _, t := range tests {
		if !g.NeedsFirst() {
			fmt.Fprintln(&b, t.Text)
			continue
		}
		stacks := strings.Fields(t.Text)
		fmt.Fprintln(&b, len(stacks), t.First)
		for _, s := range stacks {
			fmt.Fprintln(&b, s)
		}
	}
	return b.Bytes()
}

// Lines turns texts into tests.
func Lines(texts ...string) []Test {
	out := make([]Test, len(texts))
	for k, t := range texts {
		out[k] = Test{Text: t}
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
	digits = digits[:len(digits)-len(strings.TrimLeft(digits, "0123456789"))] // the digits that start it
	seed, err := strconv.ParseUint(digits, 10, 64)
	return seed, err == nil
}
