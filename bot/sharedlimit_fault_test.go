package bot

import (
	"context"
	"testing"
	"time"
)

// stalledRateStore answers nothing until its context ends, as a paused
// database does.
type stalledRateStore struct{}

func (stalledRateStore) Take(ctx context.Context, _ string, _ int, _ time.Duration) (time.Duration, bool, error) {
	<-ctx.Done()
	return 0, false, context.Cause(ctx)
}

// TestSharedRateLimiterFailsOpenOnAStall checks that a rate-limit store
// that does not answer costs the interaction its deadline only: the
// command is answered, this replica's own bucket decides, and the
// fallback is counted.
func TestSharedRateLimiterFailsOpenOnAStall(t *testing.T) {
	l := NewSharedRateLimiter(constHandler(message("ok")), stalledRateStore{}, RateLimitConfig{Burst: 2, Per: 10 * time.Second}, nil)
	want := []string{"ok", "ok", "Slow down"}
	for n, w := range want {
		got := l.Handle(context.Background(), byUser("a")).Data.Content
		if len(got) < len(w) || got[:len(w)] != w {
			t.Errorf("interaction %d: %q, want %q", n, got, w)
		}
	}
	if got := l.Fallbacks(); got != uint64(len(want)) {
		t.Errorf("Fallbacks = %d, want %d", got, len(want))
	}
}
