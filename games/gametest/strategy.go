package gametest

import (
	"context"
	"slices"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// testStrategy checks, on every reachable small position: the taught
// move keeps the best outcome (by exhaustive search) and follows the
// strategy the reply teaches (Spec.FollowsStrategy); the plan's groups
// hold exactly the optimal moves; and where every move loses, the
// recommended move is the slowest loss.
func testStrategy(t *testing.T, s Spec) {
	g := s.Game
	teacher := g.(explain.Teacher)
	search := solver.NewSearch(g, 0)
	value := func(pos solver.Position) solver.Value {
		st, ok := g.Encode(pos)
		if !ok {
			t.Fatalf("%q does not pack", pos)
		}
		v, err := search.Value(context.Background(), st)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	lost := 0
	n := walk(t, s, s.Small-1, func(pos solver.Position) {
		r := solver.Solve(pos)
		c := teacher.Canonical(r)
		pl := teacher.Plan(c)
		o := value(pos).Outcome
		var best []solver.Move
		if o != solver.Loss {
			for _, m := range pos.Moves() {
				next, _ := pos.Play(m)
				if -value(next).Outcome == o {
					best = append(best, m)
				}
			}
		}
		lm := explain.LocalMove(r)
		if (lm == nil) != (len(best) == 0) {
			t.Fatalf("%s: taught move %v, search's optimal moves %v", fullKey(pos), lm, best)
		}
		if lm != nil {
			if !slices.Contains(best, lm) {
				t.Fatalf("%s: taught move %v is not optimal; search's: %v", fullKey(pos), lm, best)
			}
			if why := s.FollowsStrategy(pos, lm, best); why != "" {
				t.Fatalf("%s: taught move %v %s", fullKey(pos), lm, why)
			}
		}
		var grouped []solver.Move
		for _, gr := range pl.Groups {
			for _, m := range gr.Moves {
				grouped = append(grouped, teacher.LocalMove(r, c, m))
			}
		}
		if pl.Complete && !sameMoves(grouped, best) {
			t.Fatalf("%s: plan's moves %v, search's %v", fullKey(pos), grouped, best)
		}
		if r.Outcome == solver.Loss && solver.HasMoves(pos) {
			lost++
			m, v, exact := explain.Recommend(context.Background(), r)
			if !exact {
				t.Fatalf("%s: lost, but the recommendation %v is not from search", fullKey(pos), m)
			}
			want := value(pos)
			next, _ := pos.Play(m)
			got := value(next)
			if v != want || got.Outcome != solver.Win || got.Remoteness+1 != want.Remoteness {
				t.Fatalf("%s: recommended %v is worth %v (after it the opponent has %v); the slowest loss is %v", fullKey(pos), m, v, got, want)
			}
		}
	})
	t.Logf("%d positions, %d of them lost with a move to make", n, lost)
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []solver.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for _, m := range a {
		if !slices.Contains(b, m) {
			return false
		}
	}
	return true
}
