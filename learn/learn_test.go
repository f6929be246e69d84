package learn_test

import (
	"context"
	"fmt"
	"slices"
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
				if q := s.Question(b); strings.Contains(q, "%!") || !strings.HasSuffix(q, "?") {
					t.Errorf("the question %q is not a question", q)
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

// TestLessonComparisons checks the positions a step says play alike
// (Like) or differently (Unlike) by exhaustive search.
func TestLessonComparisons(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, topic := range learn.Topics() {
		for k, s := range topic.Steps {
			b, err := s.Board()
			if err != nil {
				t.Fatal(err)
			}
			o, err := b.Search(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, like := range append(slices.Clone(s.Like), s.Unlike...) {
				n++
				ob, err := learn.NewBoard(s.Game, like, s.First)
				if err != nil {
					t.Fatalf("%s/%d: %v", topic.ID, k+1, err)
				}
				oo, err := ob.Search(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if same := oo == o; same != slices.Contains(s.Like, like) {
					t.Errorf("%s/%d: %s %q is a %v and %q a %v, but the idea says they play %s", topic.ID, k+1, s.Game, s.Text, o, like, oo,
						map[bool]string{true: "alike", false: "differently"}[slices.Contains(s.Like, like)])
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no step compares positions")
	}
}

// TestGrundyTable checks the worked mex table of the Sprague–Grundy
// lesson: each value is the mex of the values one move away, a value of
// 0 is exactly a lost pile by search, and the take-1-or-2 values are g
// mod 3.
func TestGrundyTable(t *testing.T) {
	ctx := context.Background()
	next := func(n int) []int {
		var out []int
		for k := 1; k <= 2 && k <= n; k++ {
			out = append(out, n-k)
		}
		return out
	}
	values := learn.GrundyValues(next, 12)
	for g, v := range values {
		if v != g%3 {
			t.Errorf("pile %d: value %d, want %d", g, v, g%3)
		}
		if g == 0 {
			continue
		}
		b, err := learn.NewBoard("sums", fmt.Sprintf("%d/2", g), "")
		if err != nil {
			t.Fatal(err)
		}
		o, err := b.Search(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if (v == 0) != (o == solver.Loss) {
			t.Errorf("pile %d: value %d but search says %v", g, v, o)
		}
	}
	topic, err := learn.Lookup("grundy")
	if err != nil {
		t.Fatal(err)
	}
	want := "pile 4 → piles 3, 2, worth {0, 2}: mex 1"
	if !strings.Contains(topic.Steps[0].Idea, want) || !strings.Contains(topic.Steps[0].Idea, "mex") {
		t.Errorf("the definition lacks the mex and its worked table (%q):\n%s", want, topic.Steps[0].Idea)
	}
}
