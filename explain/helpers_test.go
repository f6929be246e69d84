package explain

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// parse reads a position or fails the test.
func parse(tb testing.TB, game, text, first string) solver.Position {
	tb.Helper()
	g, err := solver.Lookup(game)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := g.Parse(text, solver.ParseOptions{First: first})
	if err != nil {
		tb.Fatalf("parse %s %q: %v", game, text, err)
	}
	return p
}

// render writes steps as a person reads them in a terminal.
func render(steps []Step) string {
	var b strings.Builder
	for _, s := range steps {
		fmt.Fprintf(&b, "## %s\n%s\n\n", s.Title, s.Body)
	}
	return b.String()
}

// randomBits returns n random characters from alphabet.
func randomString(rng *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.Intn(len(alphabet))]
	}
	return string(b)
}

// randomPosition returns a small random starting position of game.
func randomPosition(tb testing.TB, rng *rand.Rand, game string) solver.Position {
	tb.Helper()
	first := [2]string{"Dee", "Dum"}[rng.Intn(2)]
	switch game {
	case "binim", "binim2":
		stacks := make([]string, 1+rng.Intn(6))
		for i := range stacks {
			stacks[i] = randomString(rng, 1+rng.Intn(6), "01")
		}
		return parse(tb, game, strings.Join(stacks, " "), first)
	case "abgame":
		return parse(tb, game, randomString(rng, 1+rng.Intn(14), "AB...."), "")
	case "adapwns":
		return parse(tb, game, randomString(rng, 2+rng.Intn(13), "P.."), "")
	case "binstring":
		return parse(tb, game, randomString(rng, 1+rng.Intn(11), "01"), "")
	}
	tb.Fatalf("no random positions for %s", game)
	return nil
}

// randomPlay plays up to k random legal moves from pos.
func randomPlay(tb testing.TB, rng *rand.Rand, pos solver.Position, k int) solver.Position {
	tb.Helper()
	for range k {
		moves := pos.Moves()
		if len(moves) == 0 {
			break
		}
		next, err := pos.Play(moves[rng.Intn(len(moves))])
		if err != nil {
			tb.Fatal(err)
		}
		pos = next
	}
	return pos
}

// randomPositions returns n start and n mid-game positions of game,
// seeded so that every run sees the same ones.
func randomPositions(tb testing.TB, game string, n int) []solver.Position {
	tb.Helper()
	rng := rand.New(rand.NewSource(int64(len(game)) * 7919))
	out := make([]solver.Position, 0, 2*n)
	for range n {
		out = append(out, randomPosition(tb, rng, game))
	}
	for range n {
		p := randomPosition(tb, rng, game)
		out = append(out, randomPlay(tb, rng, p, 1+rng.Intn(5)))
	}
	return out
}

// games lists every game the package explains.
var games = []string{"binim2", "binim", "abgame", "adapwns", "binstring"}
