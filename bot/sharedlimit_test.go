package bot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// fakeRateStore counts per user in one window; fail makes it error.
type fakeRateStore struct {
	used map[string]int
	fail bool
}

func (f *fakeRateStore) Take(_ context.Context, user string, limit int, per time.Duration) (time.Duration, bool, error) {
	if f.fail {
		return 0, false, errors.New("store down")
	}
	f.used[user]++
	if f.used[user] > limit {
		return per / 2, false, nil
	}
	return 0, true, nil
}

func TestSharedRateLimiter(t *testing.T) {
	tests := []struct {
		name  string
		fail  bool
		users []string
		want  []string
	}{
		{"the store's count decides", false, []string{"a", "a", "a", "b", "a"}, []string{"ok", "ok", "Slow down", "ok", "Slow down"}},
		{"no user is not limited", false, []string{"", "", "", ""}, []string{"ok", "ok", "ok", "ok"}},
		{"a failing store falls back to this replica's buckets", true, []string{"a", "a", "a"}, []string{"ok", "ok", "Slow down"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := &fakeRateStore{used: map[string]int{}, fail: tt.fail}
			l := NewSharedRateLimiter(constHandler(message("ok")), st, RateLimitConfig{Burst: 2, Per: 10 * time.Second}, nil)
			for n, u := range tt.users {
				i := byUser(u)
				if u == "" {
					i.Member = nil
				}
				got := l.Handle(context.Background(), i).Data.Content
				if !strings.HasPrefix(got, tt.want[n]) {
					t.Errorf("step %d (user %q): got %q, want %q", n, u, got, tt.want[n])
				}
			}
		})
	}
}
