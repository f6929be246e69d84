package learn_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	_ "github.com/nimtutor/nimtutor/games/all"
	"github.com/nimtutor/nimtutor/learn"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// outcomeOf reads a Says value.
func outcomeOf(tb testing.TB, s string) solver.Outcome {
	tb.Helper()
	switch s {
	case "win":
		return solver.Win
	case "loss":
		return solver.Loss
	case "tie":
		return solver.Tie
	}
	tb.Fatalf("Says %q is not win, loss or tie", s)
	return 0
}

// theoryText is what the theory writes on b: the heap games' reason, or
// the contest game's key numbers and every step of its explanation.
func theoryText(b learn.Board) string {
	pos := b.Position()
	if pos == nil {
		return b.Reason()
	}
	text := b.Reason()
	for _, s := range explain.Explain(solver.Solve(pos), explain.Options{}) {
		text += "\n" + s.Body
	}
	return text
}

// TestLessonsAgainstSearch checks every claim of every lesson against
// exhaustive search: the outcome a step states, the theory's verdict on
// its position, and that each exercise has a right answer and, for
// learn.WhichMove, a wrong one.
func TestLessonsAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, topic := range learn.Topics() {
		for k, s := range topic.Steps {
			t.Run(fmt.Sprintf("%s/%d", topic.ID, k+1), func(t *testing.T) {
				if strings.Count(s.Idea, ". ") > 0 || !strings.HasSuffix(s.Idea, ".") {
					t.Errorf("the idea should be one sentence: %q", s.Idea)
				}
				b, err := s.Board()
				if err != nil {
					t.Fatal(err)
				}
				o, err := b.Search(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if s.Says != "" && outcomeOf(t, s.Says) != o {
					t.Errorf("the idea says %s on %q; search says %v", s.Says, s.Text, o)
				}
				if f := b.Theory(); f != o {
					t.Errorf("the theory says %v on %q; search says %v", f, s.Text, o)
				}
				for _, want := range s.Shows {
					if text := theoryText(b); !strings.Contains(text, want) {
						t.Errorf("the idea quotes %q, which the theory does not write on %q:\n%s", want, s.Text, text)
					}
				}
				opts := s.Options(b)
				right, wrong := 0, 0
				for c := range opts {
					v, err := s.Answer(ctx, c)
					if err != nil {
						t.Fatalf("answer %d: %v", c+1, err)
					}
					if v.Right {
						right++
					} else {
						wrong++
					}
					if !strings.Contains(v.Why, "`") || !strings.HasSuffix(v.Why, ".") {
						t.Errorf("answer %q: the reason %q should name the position and end a sentence", opts[c], v.Why)
					}
				}
				if right != 1 && s.Ask == learn.WhoWins {
					t.Errorf("%d right answers to who wins", right)
				}
				if s.Ask == learn.WhichMove && (right == 0 || wrong == 0 || o == solver.Loss) {
					t.Errorf("which move on a %v position: %d right and %d wrong choices; want both", o, right, wrong)
				}
				if len(opts) > 5 {
					t.Errorf("%d options do not fit one row of buttons", len(opts))
				}
			})
		}
	}
}

func TestLookup(t *testing.T) {
	if _, err := learn.Lookup("nim"); err != nil {
		t.Error(err)
	}
	if _, err := learn.Lookup("chess"); err == nil || !strings.Contains(err.Error(), "nim, misere") {
		t.Errorf("Lookup(chess) = %v", err)
	}
}
