package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// TestStudySession runs a session's record through its moves on each
// engine: one running session per channel, answers once per member and
// puzzle, the compare-and-set that closes a puzzle once even when two
// replicas race for it, and the due list.
func TestStudySession(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		t0 := time.UnixMilli(1_800_000_000_000)
		ss := store.StudySession{ID: "s1", Guild: "g1", Channel: "c1", Starter: "u1", Game: "nim", Puzzles: []string{"nim-1", "nim-2", "nim-3"},
			Seconds: 60, Opened: t0, Due: t0.Add(time.Minute), BotPosts: true, AppID: "app", Token: "tok", TokenUntil: t0.Add(15 * time.Minute)}
		if err := s.CreateSession(ctx, ss); err != nil {
			t.Fatal(err)
		}
		second := ss
		second.ID, second.Starter = "s2", "u2"
		var running *store.ErrSessionRunning
		if err := s.CreateSession(ctx, second); !errors.As(err, &running) || running.Session.ID != "s1" || running.Session.Starter != "u1" {
			t.Fatalf("a second session in the channel: %v, want ErrSessionRunning naming s1", err)
		}
		other := second
		other.Channel = "c2"
		if err := s.CreateSession(ctx, other); err != nil {
			t.Fatalf("a session in another channel: %v", err)
		}
		got, err := s.StudySession(ctx, "s1")
		if err != nil || got.Token != "tok" || !got.BotPosts || len(got.Puzzles) != 3 || !got.Due.Equal(t0.Add(time.Minute)) || got.Status != store.SessionRunning {
			t.Fatalf("stored session %+v, %v", got, err)
		}

		if err := s.JoinSession(ctx, "s1", "u3", t0, nil); err != nil {
			t.Fatal(err)
		}
		a := store.SessionAnswer{Session: "s1", User: "u4", Puzzle: 0, Move: "1 1", Correct: true, Elapsed: 1500 * time.Millisecond, At: t0.Add(1500 * time.Millisecond)}
		// u4 answers without having joined: waited for from the next
		// puzzle on; the puzzle waits for u3 alone.
		waited, answered, err := s.AnswerSession(ctx, a)
		if err != nil || waited != 1 || answered != 0 {
			t.Fatalf("answer: waited %d answered %d, %v; want 1, 0", waited, answered, err)
		}
		b3 := a
		b3.User = "u3"
		waited, answered, err = s.AnswerSession(ctx, b3)
		if err != nil || waited != 1 || answered != 1 {
			t.Fatalf("answer of the member who joined: waited %d answered %d, %v; want 1, 1", waited, answered, err)
		}
		if _, _, err := s.AnswerSession(ctx, a); !errors.Is(err, store.ErrAnswered) {
			t.Errorf("a second answer: %v, want ErrAnswered", err)
		}
		late := a
		late.Puzzle = 1
		if _, _, err := s.AnswerSession(ctx, late); !errors.Is(err, store.ErrGameMoved) {
			t.Errorf("an answer to a puzzle not open: %v, want ErrGameMoved", err)
		}

		due, err := s.DueSessions(ctx, t0.Add(59*time.Second), 5, 10)
		if err != nil || len(due) != 0 {
			t.Errorf("due before the minute: %v, %v", due, err)
		}
		due, err = s.DueSessions(ctx, t0.Add(time.Minute), 5, 10)
		if err != nil || len(due) != 2 {
			t.Fatalf("due at the minute: %d sessions, %v; want 2", len(due), err)
		}
		// A session nothing can post to (no bot user, its token expired)
		// waits for a click: the clock leaves it out, so that stuck
		// sessions cannot fill every tick's limit.
		stuck := ss
		stuck.ID, stuck.Starter, stuck.Channel, stuck.BotPosts, stuck.TokenUntil, stuck.Due = "s-stuck", "u7", "c-stuck", false, t0.Add(30*time.Second), t0.Add(10*time.Second)
		if err := s.CreateSession(ctx, stuck); err != nil {
			t.Fatal(err)
		}
		if due, err := s.DueSessions(ctx, t0.Add(time.Minute), 5, 10); err != nil || len(due) != 2 || slices.ContainsFunc(due, func(d store.StudySession) bool { return d.ID == "s-stuck" }) {
			t.Fatalf("due with a stuck session: %d sessions, %v; want the 2 that can be posted to", len(due), err)
		}
		if due, err := s.DueSessions(ctx, t0.Add(20*time.Second), 5, 10); err != nil || len(due) != 1 || due[0].ID != "s-stuck" {
			t.Fatalf("while its token lasts, the session is posted to: %+v, %v", due, err)
		}
		if due, err := s.DueSessions(ctx, t0.Add(time.Minute), 5, 1); err != nil || len(due) != 1 || due[0].ID == "s-stuck" {
			t.Fatalf("a limit of 1 with a stuck session first due: %+v, %v", due, err)
		}

		// Two replicas close puzzle 0 at once: exactly one wins.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for k := range errs {
			wg.Go(func() {
				errs[k] = s.AdvanceSession(ctx, "s1", 0, 1, store.SessionRunning, t0.Add(time.Minute), t0.Add(2*time.Minute), true)
			})
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrGameMoved):
				t.Errorf("the losing close: %v, want ErrGameMoved", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d replicas closed puzzle 0, want 1: %v", won, errs)
		}
		if err := s.AdvanceSession(ctx, "nope", 0, 1, store.SessionRunning, t0, t0, false); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("advancing a missing session: %v, want ErrNotFound", err)
		}
		if got, err := s.StudySession(ctx, "s1"); err != nil || got.TokenPosts != 1 || got.Token != "tok" {
			t.Errorf("after one follow-up with the start's token: token %q, %d posts, %v", got.Token, got.TokenPosts, err)
		}
		// An answer's interaction lasts longer: it becomes the token, with
		// no follow-up sent yet; an older one does not.
		late.Via = &store.SessionToken{AppID: "app", Token: "answer-tok", Until: t0.Add(20 * time.Minute)}
		if _, _, err := s.AnswerSession(ctx, late); err != nil {
			t.Errorf("an answer to the open puzzle 1: %v", err)
		}
		if err := s.JoinSession(ctx, "s1", "u6", t0, &store.SessionToken{AppID: "app", Token: "old-tok", Until: t0.Add(16 * time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if got, err := s.StudySession(ctx, "s1"); err != nil || got.TokenPosts != 0 || got.Token != "answer-tok" || !got.TokenUntil.Equal(t0.Add(20*time.Minute)) {
			t.Errorf("after the answer's token: token %q until %v, %d posts, %v", got.Token, got.TokenUntil, got.TokenPosts, err)
		}
		// The end frees the channel.
		if err := s.AdvanceSession(ctx, "s1", 1, 3, store.SessionOver, t0, t0, false); err != nil {
			t.Fatal(err)
		}
		if err := s.JoinSession(ctx, "s1", "u5", t0, nil); !errors.Is(err, store.ErrGameMoved) {
			t.Errorf("joining a finished session: %v, want ErrGameMoved", err)
		}
		second.ID = "s3"
		if err := s.CreateSession(ctx, second); err != nil {
			t.Errorf("a session after the first ended: %v", err)
		}
		answers, err := s.SessionAnswers(ctx, "s1")
		if err != nil || len(answers) != 3 || answers[0].Elapsed != 1500*time.Millisecond || !answers[0].Correct {
			t.Errorf("answers %+v, %v", answers, err)
		}
		mem, err := s.SessionMembers(ctx, "s1")
		if err != nil || len(mem) != 3 || mem[0] != "u3" {
			t.Errorf("members %v, %v; want u3, u4, u6", mem, err)
		}
		e, err := s.ExportUser(ctx, "u1")
		js, _ := json.Marshal(e)
		if err != nil || len(e.Sessions) != 1 || strings.Contains(string(js), "tok") {
			t.Errorf("export of the starter (one session, without its token): %s, %v", js, err)
		}
	})
}

// TestSessionTokenCleared checks that the stored interaction token (a
// credential) is gone once it can no longer be used: when the session
// ends, in the statement that ends it, and when it has expired by the
// next advance.
func TestSessionTokenCleared(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		t0 := time.Now()
		base := store.StudySession{ID: "s1", Guild: "g1", Channel: "c1", Starter: "u1", Game: "nim", Puzzles: []string{"nim-1", "nim-2", "nim-3"},
			Seconds: 60, Opened: t0, Due: t0.Add(time.Minute), BotPosts: true, AppID: "app", Token: "secret-token-1", TokenUntil: t0.Add(15 * time.Minute)}
		for _, tt := range []struct {
			name, id, status string
			until            time.Time
			keep             bool
		}{
			{"running, token live", "live", store.SessionRunning, t0.Add(15 * time.Minute), true},
			{"running, token expired", "expired", store.SessionRunning, t0.Add(-time.Minute), false},
			{"over", "over", store.SessionOver, t0.Add(15 * time.Minute), false},
			{"stopped", "stopped", store.SessionStopped, t0.Add(15 * time.Minute), false},
		} {
			ss := base
			ss.ID, ss.Channel, ss.TokenUntil = tt.id, "c-"+tt.id, tt.until
			if err := s.CreateSession(ctx, ss); err != nil {
				t.Fatal(err)
			}
			if err := s.AdvanceSession(ctx, tt.id, 0, 1, tt.status, t0, t0.Add(time.Minute), false); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			got, err := s.StudySession(ctx, tt.id)
			if err != nil {
				t.Fatal(err)
			}
			if kept := got.Token != "" || got.AppID != ""; kept != tt.keep {
				t.Errorf("%s: token %q app %q after the advance; want kept=%v", tt.name, got.Token, got.AppID, tt.keep)
			}
		}
	})
}

// TestSessionExportHasNoToken checks that /export's record of a session
// the user started carries neither its interaction token nor its app id.
func TestSessionExportHasNoToken(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		t0 := time.Now()
		ss := store.StudySession{ID: "s1", Guild: "g1", Channel: "c1", Starter: "u1", Game: "nim", Puzzles: []string{"nim-1"},
			Seconds: 60, Opened: t0, Due: t0.Add(time.Minute), BotPosts: true, AppID: "app-known-9", Token: "known-token-value-7", TokenUntil: t0.Add(15 * time.Minute)}
		if err := s.CreateSession(ctx, ss); err != nil {
			t.Fatal(err)
		}
		e, err := s.ExportUser(ctx, "u1")
		if err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Sessions) != 1 {
			t.Fatalf("export has %d sessions, want 1", len(e.Sessions))
		}
		for _, secret := range []string{"known-token-value-7", "app-known-9"} {
			if strings.Contains(string(out), secret) {
				t.Errorf("export contains %q: %s", secret, out)
			}
		}
	})
}
