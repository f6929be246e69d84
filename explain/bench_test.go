package explain

import (
	"context"
	"math/rand"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// benchPositions returns positions of 2000 characters for every game, in
// the shapes that make explanations long: random, dense, and "late"
// where the only good move is found last.
func benchPositions(tb testing.TB) map[string]solver.Position {
	tb.Helper()
	rng := rand.New(rand.NewSource(2000))
	const n = 2000
	stacks := func(k, l int) string {
		s := make([]string, k)
		for i := range s {
			s[i] = randomString(rng, l, "01")
		}
		return strings.Join(s, " ")
	}
	return map[string]solver.Position{
		"binim2/40x49":     parse(tb, "binim2", stacks(40, 49), "Dee"),
		"binim/40x49":      parse(tb, "binim", stacks(40, 49), "Dum"),
		"binim2/one-stack": parse(tb, "binim2", randomString(rng, n, "01"), "Dee"),
		"abgame/random":    parse(tb, "abgame", randomString(rng, n, "AB.."), ""),
		"abgame/late":      parse(tb, "abgame", strings.Repeat("A.B", (n-4)/3)+"A..B", ""),
		"adapwns/random":   parse(tb, "adapwns", randomString(rng, n, "P.."), ""),
		"adapwns/dense":    parse(tb, "adapwns", strings.Repeat(".P", n/2), ""),
		"binstring/random": parse(tb, "binstring", randomString(rng, n, "01"), ""),
		"binstring/late":   parse(tb, "binstring", strings.Repeat("0", n-3)+"011", ""),
		"binstring/ones":   parse(tb, "binstring", "0"+strings.Repeat("1", n/2-1)+"0"+strings.Repeat("1", n/2-2), ""),
	}
}

// BenchmarkExplain measures everything a solve reply computes for a
// position of 2000 characters except the picture: the verdict and move
// (with the search's attempt to count moves), the explanation in full
// and capped, the hint ladder and the move step
// (go test ./explain -run '^$' -bench Explain).
func BenchmarkExplain(b *testing.B) {
	for name, pos := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := solver.SolveReach(context.Background(), pos, solver.ReachBudget)
				r.Move = LocalMove(r)
				Explain(r, Options{})
				Explain(r, Options{MaxItems: 6})
				Hints(r, Options{MaxItems: 6})
				MoveStep(r)
			}
		})
	}
}
