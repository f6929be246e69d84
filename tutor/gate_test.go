package tutor_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

func TestGate(t *testing.T) {
	g := tutor.NewGate(2, 3)
	release := make(chan struct{})
	wg := tutortest.FillGate(t, g, 2, 3, release)

	err := g.Do(context.Background(), func(context.Context) error { t.Error("job ran past a full queue"); return nil })
	if fault.Code(err) != fault.EBusy {
		t.Fatalf("err = %v, want a busy error", err)
	}
	if msg := fault.Message(err); !strings.Contains(msg, "busy") || !strings.Contains(msg, "Try again in") {
		t.Errorf("message %q", msg)
	}
	close(release)
	wg.Wait()
	if running, waiting := g.Load(); running != 0 || waiting != 0 {
		t.Errorf("after the jobs: %d running, %d waiting", running, waiting)
	}
	if err := g.Do(context.Background(), func(context.Context) error { return nil }); err != nil {
		t.Errorf("empty gate: %v", err)
	}
}

func TestGateWaitCancelled(t *testing.T) {
	g := tutor.NewGate(1, 1)
	release := make(chan struct{})
	wg := tutortest.FillGate(t, g, 1, 0, release)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	ran := false
	err := g.Do(ctx, func(context.Context) error { ran = true; return nil })
	if !errors.Is(err, context.DeadlineExceeded) || ran {
		t.Errorf("err = %v, ran = %v; want the wait cut short and the job not run", err, ran)
	}
	close(release)
	wg.Wait()
	if _, waiting := g.Load(); waiting != 0 {
		t.Errorf("%d still waiting", waiting)
	}
}

// TestVerifyBusy fills the search gate: a verify is told at once to come
// back, in a private message with a wait in seconds.
