package outcome

import (
	"context"
	"sync"
	"testing"
)

func TestSlot(t *testing.T) {
	Set(context.Background(), UserError) // no slot: nothing happens, no panic

	ctx, s := With(context.Background())
	if got := s.Get(); got != OK {
		t.Errorf("empty slot: got %q, want %q", got, OK)
	}
	child, cancel := context.WithCancel(ctx)
	defer cancel()
	Set(child, UserError)
	if got := s.Get(); got != UserError {
		t.Errorf("after Set through a child context: got %q, want %q", got, UserError)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { Set(ctx, Busy) })
	}
	wg.Wait()
	if got := s.Get(); got != Busy {
		t.Errorf("after concurrent Sets: got %q, want %q", got, Busy)
	}
	// A new slot does not see the old one's outcome.
	if _, s2 := With(ctx); s2.Get() != OK {
		t.Errorf("a nested slot starts at %q, want %q", s2.Get(), OK)
	}
}
