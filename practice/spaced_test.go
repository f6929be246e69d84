package practice_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/fsrs"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// testClock is a clock the test moves by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// TestMissedPuzzleComesBack misses a puzzle and moves the clock: the
// missed idea is not due at once, comes back as a review after its first
// learning step (a fresh position with the missed puzzle's themes, told
// apart from new puzzles), alternates with new puzzles, and once
// answered right twice waits days; /progress lists it with its due time.
func TestMissedPuzzleComesBack(t *testing.T) {
	ctx := context.Background()
	g, err := solver.Lookup("binim2")
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		clock := &testClock{now: time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)}
		s := practice.New(storetest.Open(t, b.Config(t)), clock.Now)
		const user = "learner"

		first, err := s.Pick(ctx, user, "", g, "")
		if err != nil || first.Review != nil {
			t.Fatalf("first pick: %+v, %v; want a new puzzle", first, err)
		}
		missed := first.Puzzle
		out, err := s.Answer(ctx, user, missed.ID, wrongMove(t, missed))
		if err != nil {
			t.Fatal(err)
		}
		card := "puzzle:" + missed.ID
		k := slices.IndexFunc(out.Scheduled, func(d practice.Due) bool { return d.Card == card })
		if out.Reviewed != nil || k < 0 || out.Scheduled[k].Rating != fsrs.Again || !out.Scheduled[k].At.Equal(clock.Now().Add(time.Minute)) {
			t.Fatalf("after the miss: reviewed %+v, scheduled %+v; want %s due in a minute", out.Reviewed, out.Scheduled, card)
		}
		for _, th := range missed.Themes {
			if !slices.ContainsFunc(out.Scheduled, func(d practice.Due) bool { return d.Theme == th }) {
				t.Errorf("theme %q of the missed puzzle is not scheduled: %+v", th, out.Scheduled)
			}
		}

		// Not due yet: a new puzzle, answered right.
		next, err := s.Pick(ctx, user, "", g, "")
		if err != nil || next.Review != nil || next.DueNow != 0 {
			t.Fatalf("pick before the step: review %+v, due %d, %v; want a new puzzle", next.Review, next.DueNow, err)
		}
		if _, err := s.Answer(ctx, user, next.Puzzle.ID, next.Puzzle.Winning[0]); err != nil {
			t.Fatal(err)
		}

		// Two minutes on: the missed idea is due and comes back fresh.
		clock.Advance(2 * time.Minute)
		rev, err := s.Pick(ctx, user, "", g, "")
		if err != nil || rev.Review == nil {
			t.Fatalf("pick after the step: %+v, %v; want a review", rev, err)
		}
		if rev.Review.Card != card || rev.Puzzle.ID == missed.ID || rev.DueNow < 1 {
			t.Fatalf("review of %s with puzzle %s (missed %s), %d due; want the missed puzzle's card and a fresh puzzle", rev.Review.Card, rev.Puzzle.ID, missed.ID, rev.DueNow)
		}
		for _, th := range missed.Themes[:min(1, len(missed.Themes))] {
			if !rev.Puzzle.HasTheme(th) {
				t.Errorf("the review %s (themes %v) lacks the missed theme %q", rev.Puzzle.ID, rev.Puzzle.Themes, th)
			}
		}
		if d, err := s.ReviewOf(ctx, user, rev.Puzzle.ID); err != nil || d == nil || d.Card != card {
			t.Errorf("ReviewOf(%s) = %+v, %v", rev.Puzzle.ID, d, err)
		}
		out, err = s.Answer(ctx, user, rev.Puzzle.ID, rev.Puzzle.Winning[0])
		if err != nil {
			t.Fatal(err)
		}
		if out.Reviewed == nil || out.Reviewed.Card != card {
			t.Fatalf("the answer reviewed %+v, want %s", out.Reviewed, card)
		}
		k = slices.IndexFunc(out.Scheduled, func(d practice.Due) bool { return d.Card == card })
		if k < 0 || !out.Scheduled[k].At.Equal(clock.Now().Add(10*time.Minute)) {
			t.Fatalf("after the first right review: %+v; want the card due in 10 minutes", out.Scheduled)
		}

		// Right after a review comes a new puzzle, even with reviews due.
		clock.Advance(11 * time.Minute)
		if pk, err := s.Pick(ctx, user, "", g, ""); err != nil || pk.Review != nil {
			t.Fatalf("pick after a review: review %+v, %v; want a new puzzle", pk.Review, err)
		} else if _, err := s.Answer(ctx, user, pk.Puzzle.ID, pk.Puzzle.Winning[0]); err != nil {
			t.Fatal(err)
		}
		// Then the review again; answered right, it graduates to days.
		var again practice.Pick
		for range 4 { // theme cards may come first; each is answered right
			again, err = s.Pick(ctx, user, "", g, "")
			if err != nil || again.Review == nil {
				t.Fatalf("pick 11 minutes on: %+v, %v; want a review", again, err)
			}
			out, err = s.Answer(ctx, user, again.Puzzle.ID, again.Puzzle.Winning[0])
			if err != nil {
				t.Fatal(err)
			}
			if again.Review.Card == card {
				break
			}
			pk, err := s.Pick(ctx, user, "", g, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Answer(ctx, user, pk.Puzzle.ID, pk.Puzzle.Winning[0]); err != nil {
				t.Fatal(err)
			}
		}
		if again.Review.Card != card {
			t.Fatalf("the missed puzzle's card never came back: last review %s", again.Review.Card)
		}
		k = slices.IndexFunc(out.Scheduled, func(d practice.Due) bool { return d.Card == card })
		if k < 0 || out.Scheduled[k].State != fsrs.StateReview || out.Scheduled[k].At.Sub(clock.Now()) < 24*time.Hour {
			t.Fatalf("after the second right review: %+v; want the card in review, days away", out.Scheduled)
		}
		prog, err := s.Progress(ctx, user, g.Name())
		if err != nil {
			t.Fatal(err)
		}
		k = slices.IndexFunc(prog.Reviews, func(d practice.Due) bool { return d.Card == card })
		if k < 0 || !strings.HasPrefix(practice.When(prog.Reviews[k].At, clock.Now()), "in ") {
			t.Fatalf("progress lists %+v; want %s due in days", prog.Reviews, card)
		}
		t.Logf("%s: %s, due %s", b.Kind, prog.Reviews[k].Name(), practice.When(prog.Reviews[k].At, clock.Now()))
	})
}
