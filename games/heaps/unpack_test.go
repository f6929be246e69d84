package heaps

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// TestSearchStopsAtUnpackableSplit solves a Kayles position whose splits
// reach more heaps than a state holds. The search used to drop those
// moves and decide the position without them, which verify reported as
// the formula's disagreement; now Children marks such a move Unpackable
// and the search stops with ErrUnpackable, an ErrBudget.
func TestSearchStopsAtUnpackableSplit(t *testing.T) {
	p := mustParse(t, "kayles: 1 1 1 1 1 1 1 2 5 16")
	g := p.Game()
	st, ok := g.Encode(p)
	if !ok {
		t.Fatal("the position itself does not pack")
	}
	if !slices.Contains(g.Children(st, nil), solver.Unpackable) {
		t.Fatal("Children has no Unpackable move, though splitting the heap of 5 in two does not pack")
	}
	_, err := solver.NewSearch(g, 0).Value(context.Background(), st)
	if !errors.Is(err, solver.ErrUnpackable) || !errors.Is(err, solver.ErrBudget) {
		t.Fatalf("Value: %v, want ErrUnpackable (an ErrBudget)", err)
	}
	small := mustParse(t, "kayles: 2 5")
	sst, _ := g.Encode(small)
	if slices.Contains(g.Children(sst, nil), solver.Unpackable) {
		t.Error("a small position has an Unpackable move")
	}
	if _, err := solver.NewSearch(g, 0).Value(context.Background(), sst); err != nil {
		t.Errorf("a small position: %v", err)
	}
}
