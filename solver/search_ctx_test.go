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
