package learn

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	_ "github.com/nimtutor/nimtutor/games/all"
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

// formula is the theory's verdict on b: the heap games' own rule, or the
// contest game's formula from package solver.
func formula(b Board) solver.Outcome {
	if h, ok := b.(*heapBoard); ok {
		o, _ := h.formula()
		return o
	}
	return solver.Solve(b.Position()).Outcome
}

// theoryText is what the theory writes on b: the heap games' reason, or
// the contest game's key numbers and every step of its explanation.
func theoryText(b Board) string {
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
// WhichMove, a wrong one.
func TestLessonsAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, topic := range Topics() {
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
				if f := formula(b); f != o {
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
				if right != 1 && s.Ask == WhoWins {
					t.Errorf("%d right answers to who wins", right)
				}
				if s.Ask == WhichMove && (right == 0 || wrong == 0 || o == solver.Loss) {
					t.Errorf("which move on a %v position: %d right and %d wrong choices; want both", o, right, wrong)
				}
				if len(opts) > 5 {
					t.Errorf("%d options do not fit one row of buttons", len(opts))
				}
			})
		}
	}
}

// TestHeapFormulaAgainstSearch checks the heap games' theory on every
// position of up to four heaps of up to 5 objects (and take-1-or-2 piles
// of up to 7 mixed with Nim heaps), against exhaustive search.
func TestHeapFormulaAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, rule := range []heapRule{nimRule, misereRule, stairRule} {
		memo := map[string]solver.Outcome{}
		n := 0
		var rec func(heaps []int)
		rec = func(heaps []int) {
			if len(heaps) > 0 {
				b := &heapBoard{rule: rule, heaps: heaps, take12: make([]bool, len(heaps))}
				o, err := b.search(ctx, memo)
				if err != nil {
					t.Fatal(err)
				}
				if f, why := b.formula(); f != o {
					t.Errorf("rule %d on %v: the theory says %v (%s), search %v", rule, heaps, f, why, o)
				}
				n++
			}
			if len(heaps) == 4 {
				return
			}
			for h := 0; h <= 5; h++ {
				rec(append(append([]int(nil), heaps...), h))
			}
		}
		rec(nil)
		t.Logf("rule %d: %d positions agree with search", rule, n)
	}
	n := 0
	for p := 0; p <= 7; p++ {
		for q := 0; q <= 7; q++ {
			for h := 0; h <= 5; h++ {
				b := &heapBoard{rule: nimRule, heaps: []int{p, q, h}, take12: []bool{true, true, false}}
				o, _ := b.search(ctx, map[string]solver.Outcome{})
				if f, why := b.formula(); f != o {
					t.Errorf("%s: the theory says %v (%s), search %v", b, f, why, o)
				}
				n++
			}
		}
	}
	t.Logf("sums of take-1-or-2 piles and a Nim heap: %d positions agree with search", n)
}

func TestParseHeaps(t *testing.T) {
	for _, tc := range []struct{ game, text, want string }{
		{"nim", "3 x", `heap 2 is "x"`},
		{"nim", "", "give 1 or more heaps"},
		{"nim", "30 30", "at most 40 objects"},
		{"misere", "3/2", "only for Nim sums"},
	} {
		if _, err := NewBoard(tc.game, tc.text, ""); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewBoard(%q, %q) = %v, want %q", tc.game, tc.text, err, tc.want)
		}
	}
	b, _ := NewBoard("staircase", "2 5 3", "")
	if _, err := b.After(2, 6); err == nil {
		t.Error("moving 6 coins from a step of 5 was accepted")
	}
	next, _ := b.After(3, 1)
	if next.Text() != "2 6 2" || next.Name(0) != "Bob" {
		t.Errorf("after moving a coin from step 3: %q, %s to move", next.Text(), next.Name(0))
	}
}

func TestLookup(t *testing.T) {
	if _, err := Lookup("nim"); err != nil {
		t.Error(err)
	}
	if _, err := Lookup("chess"); err == nil || !strings.Contains(err.Error(), "nim, misere") {
		t.Errorf("Lookup(chess) = %v", err)
	}
}
