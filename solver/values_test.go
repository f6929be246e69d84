package solver

import (
	"context"
	"errors"
	"testing"
)

// naiveValue is the definition of Value written as plainly as possible:
// no memo, every move tried, the best value for the mover kept.
func naiveValue(tb testing.TB, pos Position) Value {
	tb.Helper()
	moves := pos.Moves()
	if len(moves) == 0 {
		return Value{Outcome: pos.Terminal()}
	}
	var best Value
	for i, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			tb.Fatal(err)
		}
		w := naiveValue(tb, next)
		v := Value{Outcome: -w.Outcome, Remoteness: w.Remoteness + 1}
		if i == 0 || Better(v, best) {
			best = v
		}
	}
	return best
}

// TestMoveValuesMatchDefinition checks MoveValues against naiveValue on
// every starting position of every game up to a small size, and that no
// move is worth more than the position.
func TestMoveValuesMatchDefinition(t *testing.T) {
	sizes := map[string]int{"binim2": 2, "binim": 2, "abgame": 6, "adapwns": 7, "binstring": 6}
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			n := 0
			for size := 1; size <= sizes[g.Name()]; size++ {
				g.Starts(size, func(st State) bool {
					pos := g.Decode(st)
					n++
					want := naiveValue(t, pos)
					if got, ok := Reach(context.Background(), pos, 0); !ok || got != want {
						t.Fatalf("%s %q: search %v, definition %v", g.Name(), pos, got, want)
					}
					mv, err := MoveValues(context.Background(), pos, 0)
					if err != nil {
						t.Fatal(err)
					}
					for _, x := range mv {
						next, _ := pos.Play(x.Move)
						w := naiveValue(t, next)
						if v := (Value{Outcome: -w.Outcome, Remoteness: w.Remoteness + 1}); x.Value != v {
							t.Fatalf("%s %q move %v: %v, want %v", g.Name(), pos, x.Move, x.Value, v)
						}
						if Better(x.Value, want) {
							t.Fatalf("%s %q: move %v is worth %v, more than the position's %v", g.Name(), pos, x.Move, x.Value, want)
						}
					}
					return true
				})
			}
			t.Logf("%d positions", n)
		})
	}
}

func TestMoveValuesBudgetAndContext(t *testing.T) {
	pos := mustParse(t, Adapwns, "....P....P....P", ParseOptions{})
	if _, err := MoveValues(context.Background(), pos, 10); !errors.Is(err, ErrBudget) {
		t.Errorf("budget 10: got %v, want ErrBudget", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := mustParse(t, BinString, "0110100110010110", ParseOptions{})
	if _, err := MoveValues(ctx, big, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v, want context.Canceled", err)
	}
}
