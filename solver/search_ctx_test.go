package solver

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestSearchStopsWhenCancelled(t *testing.T) {
	pos := mustParse(t, BinString, strings.Repeat("01", 30), ParseOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, err := CheckPositionContext(ctx, pos, 0, 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if c.States > ctxEvery {
		t.Errorf("solved %d states after cancellation, want at most %d", c.States, ctxEvery)
	}
}

func TestSearchMaxPlays(t *testing.T) {
	pos := mustParse(t, BinString, strings.Repeat("01", 30), ParseOptions{})
	c, err := CheckPositionContext(context.Background(), pos, 0, 5000)
	if err != nil || !c.OverBudget {
		t.Fatalf("got %+v %v, want over budget", c, err)
	}
	small := mustParse(t, BinString, "0110", ParseOptions{})
	c, err = CheckPositionContext(context.Background(), small, 0, 5000)
	if err != nil || c.OverBudget || !c.Agrees() {
		t.Errorf("small position: got %+v %v, want searched and agreeing", c, err)
	}
}
