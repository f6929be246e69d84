package solver

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestSearchStopsWhenCancelled(t *testing.T) {
	pos := mustParse(t, Adapwns, strings.Repeat(".P", 22), ParseOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, err := CheckPosition(ctx, pos, 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if c.States > ctxEvery {
		t.Errorf("solved %d states after cancellation, want at most %d", c.States, ctxEvery)
	}
}

// TestSearchLimitWork stops a search by the moves it generates: a
// binstring of 14 characters has up to 105 moves a state, so a budget of
// states alone would let it run long.
func TestSearchLimitWork(t *testing.T) {
	pos := mustParse(t, BinString, "01101001101001", ParseOptions{})
	st, ok := BinString.Encode(pos)
	if !ok {
		t.Fatal("does not pack")
	}
	s := NewSearch(BinString, 0)
	s.LimitWork(1000)
	if _, err := s.Value(context.Background(), st); !errors.Is(err, ErrBudget) {
		t.Fatalf("err = %v, want ErrBudget after 1000 moves", err)
	}
	free := NewSearch(BinString, 0)
	if _, err := free.Value(context.Background(), st); err != nil {
		t.Fatalf("without a limit: %v", err)
	}
	if free.States() <= s.States() {
		t.Errorf("limited search solved %d states, the whole one %d", s.States(), free.States())
	}
}
