package bot

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/discordx"
)

// scriptedTicker fails its first failures ticks, then returns one post a
// tick; it cancels the ticker once it has ticked ticks times.
type scriptedTicker struct {
	mu              sync.Mutex
	n, fail, ticks  int
	cancel          context.CancelFunc
	posted, refused int
}

func (s *scriptedTicker) Tick(context.Context) ([]discordx.Post, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	if s.n == s.ticks {
		s.cancel()
	}
	if s.n <= s.fail {
		return nil, errors.New("the database failed")
	}
	return []discordx.Post{{Channel: "1"}}, nil
}

func (s *scriptedTicker) Post(context.Context, discordx.Post) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.posted++; s.posted%2 == 0 {
		s.refused++
		return errors.New("403 Missing Access")
	}
	return nil
}

// TestRunTicker checks the ticker's loop: it posts what each tick
// returns, logs a failing store once for a run of failed ticks and once
// when it works again, and logs every post Discord refuses.
func TestRunTicker(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &scriptedTicker{fail: 3, ticks: 7, cancel: cancel}
	logs := &logBuffer{}
	RunTicker(ctx, s, s, time.Millisecond, logs.logger())
	out := logs.String()
	for what, want := range map[string]int{"failed; retrying every tick": 1, "works again": 1, "announcing a study-session puzzle": s.refused} {
		if got := strings.Count(out, what); got != want {
			t.Errorf("%q logged %d times, want %d:\n%s", what, got, want, out)
		}
	}
	if s.posted < 3 || s.refused == 0 {
		t.Errorf("posted %d (refused %d), want the posts of the ticks after the failures", s.posted, s.refused)
	}
}
