package practice_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// TestEveryThemeHasALesson: the advice can name a lesson for every theme
// of every game.
func TestEveryThemeHasALesson(t *testing.T) {
	n := 0
	for _, g := range solver.Games() {
		for _, th := range explain.Themes(g) {
			if practice.LessonFor(g.Name(), th) == nil {
				t.Errorf("%s: no lesson teaches %q", g.Name(), th)
			}
			n++
		}
	}
	t.Logf("%d themes, each with a lesson", n)
}

// TestAdvice misses puzzles of one theme and reads the advice: the
// theme, a reason naming the misses and the last wrong move, the
// theme's review, and its lesson.
func TestAdvice(t *testing.T) {
	ctx := context.Background()
	g, _ := solver.Lookup("nim")
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		clock := practice.NewManualClock(time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC))
		s := practice.New(storetest.Open(t, b.Config(t)), clock.Now)
		if a, err := s.Advise(ctx, "u", ""); err != nil || a != nil {
			t.Fatalf("advice before any answer: %+v, %v; want none", a, err)
		}
		for k := range 3 {
			p, _, err := s.Next(ctx, "u", "", g, "")
			if err != nil {
				t.Fatal(err)
			}
			m := p.Winning[0]
			if k < 2 {
				m = wrongMove(t, p)
			}
			if _, err := s.Answer(ctx, "u", p.ID, m); err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Hour)
		}
		a, err := s.Advise(ctx, "u", "")
		if err != nil || a == nil {
			t.Fatalf("Advise = %+v, %v", a, err)
		}
		if a.Theme != "XOR to zero" || a.Game != "nim" || !strings.Contains(a.Reason, "you missed 2 of the 3 puzzles") || !strings.Contains(a.Reason, "you played") {
			t.Errorf("advice %+v", a)
		}
		if a.Review == nil || a.Review.Theme != a.Theme || a.Lesson != "nim" || a.LessonTitle == "" {
			t.Errorf("advice %+v: want the theme's review and the lesson nim", a)
		}
		t.Logf("weakest %q in %s: %s Review %s; lesson %q", a.Theme, a.Game, a.Reason, practice.When(a.Review.At, clock.Now()), a.LessonTitle)
	})
}

// TestWhen checks the words for due times.
func TestWhen(t *testing.T) {
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{-time.Hour, "now"}, {0, "now"}, {time.Minute, "in 1 minute"}, {10 * time.Minute, "in 10 minutes"},
		{90 * time.Minute, "in 2 hours"}, {24 * time.Hour, "in 1 day"}, {11 * 24 * time.Hour, "in 11 days"},
		{400 * 24 * time.Hour, "on 6 Jul 2027"},
	} {
		if got := practice.When(now.Add(tt.d), now); got != tt.want {
			t.Errorf("When(now+%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
