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
		if i == 0 || v.Better(best) {
			best = v
		}
	}
	return best
}

// TestValueSearchMatchesDefinition checks ValueSearch and MoveValues
// against naiveValue, and the outcome against Search, on every starting
// position of every game up to a small size.
func TestValueSearchMatchesDefinition(t *testing.T) {
	sizes := map[string]int{"binim2": 2, "binim": 2, "abgame": 6, "adapwns": 7, "binstring": 6}
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			n := 0
			vs, search := NewValueSearch(0), NewSearch(0)
			for size := 1; size <= sizes[g.Name()]; size++ {
				g.Enumerate(size, func(pos Position) bool {
					n++
					got, err := vs.Value(context.Background(), pos)
					if err != nil {
						t.Fatal(err)
					}
					if want := naiveValue(t, pos); got != want {
						t.Fatalf("%s %q: Value %v, want %v", g.Name(), pos, got, want)
					}
					if o, _ := search.Outcome(pos); o != got.Outcome {
						t.Fatalf("%s %q: Value says %v, Search %v", g.Name(), pos, got.Outcome, o)
					}
					mv, err := MoveValues(context.Background(), pos, 0)
					if err != nil {
						t.Fatal(err)
					}
					for _, x := range mv {
						next, _ := pos.Play(x.Move)
						w := naiveValue(t, next)
						if want := (Value{Outcome: -w.Outcome, Remoteness: w.Remoteness + 1}); x.Value != want {
							t.Fatalf("%s %q move %v: %v, want %v", g.Name(), pos, x.Move, x.Value, want)
						}
						if x.Value.Better(got) {
							t.Fatalf("%s %q: move %v is worth %v, more than the position's %v", g.Name(), pos, x.Move, x.Value, got)
						}
					}
					return true
				})
			}
			t.Logf("%d positions", n)
		})
	}
}

func TestValueExamples(t *testing.T) {
	for _, tc := range []struct {
		g    Game
		text string
		want Value
	}{
		{Adapwns, "P", Value{Loss, 0}},
		{Adapwns, ".P", Value{Win, 1}},
		{Adapwns, "..P", Value{Win, 1}},   // 3 to 1 leaves no move
		{Adapwns, "...P", Value{Loss, 2}}, // either move, then the opponent finishes
		{Binim2, "0", Value{Loss, 1}},     // Dee must take the last 0 and loses
		{Binim2, "1", Value{Win, 0}},      // Dee cannot move, which wins in misère
		{BinString, "0", Value{Loss, 1}},
		{BinString, "00", Value{Tie, 2}}, // take one 0 each: the longest tie
	} {
		pos := mustParse(t, tc.g, tc.text, ParseOptions{First: "Dee"})
		got, err := NewValueSearch(0).Value(context.Background(), pos)
		if err != nil || got != tc.want {
			t.Errorf("%s %q: got %v, %v; want %v", tc.g.Name(), tc.text, got, err, tc.want)
		}
	}
}

func TestValueSearchBudgetAndContext(t *testing.T) {
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

func TestValueString(t *testing.T) {
	for v, want := range map[Value]string{{Win, 3}: "win in 3", {Loss, 0}: "lose in 0", {Tie, 2}: "tie in 2"} {
		if got := v.String(); got != want {
			t.Errorf("%#v: got %q, want %q", v, got, want)
		}
	}
}
