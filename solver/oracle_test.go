package solver

import (
	"context"
	"strings"
	"testing"
)

// TestSolveReachCountsMoves checks the product's remoteness against the
// textbook recursion on every position reachable from the small starting
// positions: the position's remoteness, the formula move's, and that the
// oracle's best move is perfect play counting moves.
func TestSolveReachCountsMoves(t *testing.T) {
	ctx := context.Background()
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			memo := map[string]Value{}
			o := NewOracle(ctx, g, 0)
			seen := map[string]bool{}
			checked := 0
			var walk func(pos Position)
			walk = func(pos Position) {
				if seen[fullKey(pos)] {
					return
				}
				seen[fullKey(pos)] = true
				want := plainValue(t, pos, memo)
				r := Solve(pos)
				r.Reach(o)
				if r.Remoteness != want.Remoteness {
					t.Errorf("%s: remoteness %d, want %d", fullKey(pos), r.Remoteness, want.Remoteness)
				}
				if r.Move != nil {
					next, _ := pos.Play(r.Move)
					if w := plainValue(t, next, memo).Remoteness + 1; r.MoveRemoteness != w {
						t.Errorf("%s: move %v remoteness %d, want %d", fullKey(pos), r.Move, r.MoveRemoteness, w)
					}
				} else if r.MoveRemoteness != -1 {
					t.Errorf("%s: no move, but MoveRemoteness %d", fullKey(pos), r.MoveRemoteness)
				}
				m, v, ok := o.BestMove(pos)
				if ok != HasMoves(pos) {
					t.Fatalf("%s: BestMove ok %v", fullKey(pos), ok)
				}
				if ok {
					next, _ := pos.Play(m)
					c := plainValue(t, next, memo)
					if got := (Value{-c.Outcome, c.Remoteness + 1}); got != want || v != want {
						t.Errorf("%s: BestMove %v is worth %v (says %v), want %v", fullKey(pos), m, got, v, want)
					}
				}
				checked++
				for _, next := range playAll(t, pos) {
					walk(next)
				}
			}
			smallPositions(t, g, smallSizes[g.Name()]-1, walk)
			t.Logf("%d positions checked", checked)
		})
	}
}

func TestSolveReachOutOfReach(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		game   Game
		text   string
		budget int
	}{
		{"too long to pack", Adapwns, strings.Repeat(".P", 30), ReachBudget},
		{"over the budget", Adapwns, strings.Repeat(".P", 12), 10},
		{"too many stacks", Binim2, strings.Repeat("01 ", 30), ReachBudget},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := SolveReach(ctx, mustParse(t, tc.game, tc.text, ParseOptions{First: "Dee"}), tc.budget)
			if r.Remoteness != -1 || r.MoveRemoteness != -1 {
				t.Errorf("got remoteness %d and %d, want -1 (out of reach)", r.Remoteness, r.MoveRemoteness)
			}
		})
	}
	r := SolveReach(ctx, mustParse(t, Adapwns, "..P.P", ParseOptions{}), ReachBudget)
	if r.Remoteness != 3 || r.MoveRemoteness != 3 {
		t.Errorf("..P.P: remoteness %d and %d, want 3 and 3", r.Remoteness, r.MoveRemoteness)
	}
}

func TestBetter(t *testing.T) {
	for _, tc := range []struct {
		a, b Value
		want bool
	}{
		{Value{Win, 5}, Value{Tie, 1}, true},
		{Value{Win, 3}, Value{Win, 5}, true},
		{Value{Tie, 2}, Value{Tie, 4}, true},
		{Value{Loss, 6}, Value{Loss, 2}, true},
		{Value{Loss, 2}, Value{Loss, 6}, false},
		{Value{Win, 3}, Value{Win, 3}, false},
	} {
		if got := Better(tc.a, tc.b); got != tc.want {
			t.Errorf("Better(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
