package practice_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// wrongMove returns a legal move of p that does not win.
func wrongMove(tb testing.TB, p *practice.Puzzle) solver.Move {
	tb.Helper()
	for _, m := range p.Position.Moves() {
		if !p.IsWinning(m) {
			return m
		}
	}
	tb.Fatalf("%s: every move wins", p.ID)
	return nil
}

func TestPracticeFlow(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := practice.New(storetest.Open(t, b.Config(t)), nil)
		for _, g := range solver.Games() {
			p, l, err := s.Next(ctx, "u", "guild", g, "")
			if err != nil {
				t.Fatal(err)
			}
			if l.Rating.Rating != 1500 {
				t.Errorf("a newcomer's rating is %v", l.Rating.Rating)
			}
			// A wrong answer: the rating drops, and the refutation leaves
			// the learner lost.
			out, err := s.Answer(ctx, "u", p.ID, wrongMove(t, p))
			if err != nil {
				t.Fatal(err)
			}
			if out.Correct || out.After.Rating.Rating >= out.Before.Rating.Rating || out.After.Failed != 1 || out.After.Streak != 0 {
				t.Errorf("%s wrong answer: %+v", p.ID, out)
			}
			if out.Refutation == nil && solver.HasMoves(out.Played) {
				t.Fatalf("%s: no refutation", p.ID)
			}
			if out.Refuted == nil {
				if o := out.Played.Terminal(); o != solver.Win {
					t.Errorf("%s: the opponent has no move after %v and gets %v, want their win", p.ID, out.Move, o)
				}
			} else if o, _ := out.Refuted.Analyze(); o != solver.Loss && solver.HasMoves(out.Refuted) {
				t.Errorf("%s: after the refutation the learner has %v, want a loss", p.ID, o)
			}
			if !p.IsWinning(out.Winning) {
				t.Errorf("%s: the winning move shown, %v, does not win", p.ID, out.Winning)
			}
			if _, err := s.Answer(ctx, "u", p.ID, p.Winning[0]); !errors.Is(err, practice.ErrNotOpen) {
				t.Errorf("answering twice: %v, want ErrNotOpen", err)
			}
			// The next puzzle, with a hint, then right.
			p2, _, err := s.Next(ctx, "u", "guild", g, "")
			if err != nil {
				t.Fatal(err)
			}
			if p2.ID == p.ID {
				t.Errorf("Next gave the answered puzzle %s again", p.ID)
			}
			step, level, levels, err := s.Hint(ctx, "u", p2.ID)
			if err != nil || level != 1 || levels < 2 || step.Body == "" {
				t.Fatalf("Hint = %+v, %d of %d, %v", step, level, levels, err)
			}
			out, err = s.Answer(ctx, "u", p2.ID, p2.Winning[0])
			if err != nil {
				t.Fatal(err)
			}
			if !out.Correct || out.Hints != 1 || out.After.Rating.Rating <= out.Before.Rating.Rating || out.After.Streak != 1 || out.After.Hints != 1 {
				t.Errorf("%s right answer with a hint: %+v", p2.ID, out)
			}
			if out.PuzzleAfter >= out.PuzzleBefore {
				t.Errorf("%s: the puzzle's rating went from %v to %v after being solved", p2.ID, out.PuzzleBefore, out.PuzzleAfter)
			}
		}
		prog, err := s.Progress(ctx, "u", "")
		if err != nil {
			t.Fatal(err)
		}
		if len(prog.Ratings) != len(solver.Games()) || len(prog.Attempts) != 2*len(solver.Games()) || prog.Weakest == "" {
			t.Errorf("Progress = %d ratings, %d attempts", len(prog.Ratings), len(prog.Attempts))
		}
		if _, err := s.Answer(ctx, "u", "adapwns-5", adapwns.Move{From: 99, To: 98}); err == nil {
			t.Error("an illegal move was accepted")
		}
		// The themes are listed as words, not as a Go slice ("[gap mod 3 staircase XOR to zero]").
		want := `theme: "no such theme" is not a theme of adapwns's puzzles; choose one of gap mod 3, staircase, XOR to zero`
		if _, _, err := s.Next(ctx, "u", "", adapwns.Game, "no such theme"); !errors.Is(err, practice.ErrUnknownTheme) || fault.Message(err) != want {
			t.Errorf("unknown theme: %v, want %q", err, want)
		}
		p, _, err := s.Next(ctx, "u", "", adapwns.Game, adapwns.ThemeGapMod3)
		if err != nil || !p.HasTheme(adapwns.ThemeGapMod3) {
			t.Errorf("themed Next = %v, %v", p, err)
		}
	})
}

func TestDailyPuzzle(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		day := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		s := practice.New(storetest.Open(t, b.Config(t)), func() time.Time { return day })
		d1, err := s.DailyPuzzle(ctx, "a", "g")
		if err != nil {
			t.Fatal(err)
		}
		d2, _ := s.DailyPuzzle(ctx, "b", "g")
		other, _ := s.DailyPuzzle(ctx, "a", "another guild")
		if d1.Puzzle.ID != d2.Puzzle.ID {
			t.Errorf("two members got %s and %s", d1.Puzzle.ID, d2.Puzzle.ID)
		}
		if other.Puzzle.ID == d1.Puzzle.ID {
			t.Logf("two servers drew the same puzzle %s (possible, unlikely)", d1.Puzzle.ID)
		}
		if _, err := s.Answer(ctx, "a", d1.Puzzle.ID, d1.Puzzle.Winning[0]); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Answer(ctx, "b", d1.Puzzle.ID, wrongMove(t, d1.Puzzle)); err != nil {
			t.Fatal(err)
		}
		again, err := s.DailyPuzzle(ctx, "a", "g")
		if err != nil || again.Answer == nil || !again.Answer.Correct || again.Solved != 1 || again.Failed != 1 {
			t.Errorf("after answering: %+v, %v; want a's answer and a tally of 1 solved, 1 failed", again, err)
		}
		if _, err := s.Answer(ctx, "a", d1.Puzzle.ID, d1.Puzzle.Winning[0]); !errors.Is(err, practice.ErrNotOpen) {
			t.Errorf("a second answer: %v, want ErrNotOpen", err)
		}
	})
}

// TestNextOpen asks for the next puzzle twice without answering: the same
// puzzle comes back, reported as reopened, with its hints kept; once it
// is answered, the next one is new.
func TestNextOpen(t *testing.T) {
	ctx := context.Background()
	s := practice.New(storetest.Open(t, storetest.SQLiteConfig(t)), nil)
	g := solver.Games()[0]
	p, reopened, err := s.NextOpen(ctx, "u", "", g, "")
	if err != nil || reopened {
		t.Fatalf("first: %v, reopened %v", err, reopened)
	}
	if _, _, _, err := s.Hint(ctx, "u", p.ID); err != nil {
		t.Fatal(err)
	}
	again, reopened, err := s.NextOpen(ctx, "u", "", g, "")
	if err != nil || !reopened || again.ID != p.ID {
		t.Fatalf("again: %v, %v, reopened %v; want %s reopened", again.ID, err, reopened, p.ID)
	}
	out, err := s.Answer(ctx, "u", p.ID, p.Winning[0])
	if err != nil || out.Hints != 1 {
		t.Fatalf("answer: %+v, %v; want the hint kept", out, err)
	}
	next, reopened, err := s.NextOpen(ctx, "u", "", g, "")
	if err != nil || reopened || next.ID == p.ID {
		t.Errorf("after the answer: %v, %v, reopened %v", next.ID, err, reopened)
	}
}
