package learn_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// TestExercisesAgainstSearch makes each step's exercise for many seeds
// and checks it by exhaustive search: the position is fresh and has the
// step's idea (Has); the verdict the idea gives on it (Predicts, else
// Says) is the search's, and so is the theory's; the move the idea makes
// (Move) keeps the best outcome and is offered; the exercise has a right
// and a wrong answer, each button's verdict is the search's, a typed
// answer is read as the button with the same meaning; and the seeds give
// several different positions (so two right answers in a row can be on
// different positions).
func TestExercisesAgainstSearch(t *testing.T) {
	ctx := context.Background()
	const seeds = 48
	checked := 0
	for _, topic := range learn.Topics() {
		for k, s := range topic.Steps {
			t.Run(fmt.Sprintf("%s/%d", topic.ID, k+1), func(t *testing.T) {
				texts := map[string]bool{}
				outcomes := map[solver.Outcome]int{}
				for seed := uint64(1); seed <= seeds; seed++ {
					e, err := s.Exercise(ctx, seed)
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					again, _ := s.Exercise(ctx, seed)
					if again.Board.Text() != e.Board.Text() || fmt.Sprint(again.Choices) != fmt.Sprint(e.Choices) {
						t.Fatalf("seed %d gives %q then %q", seed, e.Board.Text(), again.Board.Text())
					}
					texts[e.Board.Text()] = true
					checked++
					if !e.Fresh {
						t.Errorf("seed %d: no fresh position with the idea turned up; the step's own %q is shown", seed, e.Board.Text())
					}
					if !s.Has(e.Board) {
						t.Errorf("seed %d: %q lacks the step's idea", seed, e.Board.Text())
					}
					o, err := e.Board.Search(ctx)
					if err != nil {
						t.Fatal(err)
					}
					outcomes[o]++
					if want, ok := s.Expects(e.Board); ok && s.Ask != learn.WhatValue && o != want {
						t.Errorf("seed %d: %q is a %v for the player to move by search; the idea says %v", seed, e.Board.Text(), o, want)
					}
					if th := e.Board.Theory(); th != o {
						t.Errorf("seed %d: %q: theory %v, search %v", seed, e.Board.Text(), th, o)
					}
					if s.Move != nil {
						m := s.Move(e.Board)
						next, err := e.Board.After(m[0], m[1])
						if err != nil {
							t.Fatalf("seed %d: the idea's move %v on %q: %v", seed, m, e.Board.Text(), err)
						}
						after, err := next.Search(ctx)
						if err != nil {
							t.Fatal(err)
						}
						if -after != o {
							t.Errorf("seed %d: the idea's move %s on %q leaves a %v for the opponent, by search", seed, e.Board.MoveText(m[0], m[1]), e.Board.Text(), after)
						}
						if !slices.Contains(e.Choices, m) {
							t.Errorf("seed %d: the idea's move %v is not offered among %v", seed, m, e.Choices)
						}
					}
					opts := e.Options(s)
					if s.Ask == learn.WhichMove && len(opts) < min(4, len(e.Board.Moves())) {
						t.Errorf("seed %d: %q offers %d moves of %d", seed, e.Board.Text(), len(opts), len(e.Board.Moves()))
					}
					rights, wrongs := 0, 0
					for c := range opts {
						reply, err := e.Choice(s, c)
						if err != nil {
							t.Fatal(err)
						}
						v, err := e.Judge(ctx, s, reply)
						if err != nil {
							t.Fatal(err)
						}
						want := reply.Outcome == o
						if s.Ask == learn.WhatValue {
							// The value is the search's mex; checked
							// here by what it implies: worth 0 exactly
							// when the player to move loses, and one
							// value only is right (TestGrundyBySearch
							// checks the values themselves).
							want = v.Right
							if v.Right && (reply.Value == 0) != (o == solver.Loss) {
								t.Errorf("seed %d: %q is worth %d but is a %v", seed, e.Board.Text(), reply.Value, o)
							}
							// The idea's value, the XOR of the parts'
							// values, is the one search finds.
							if x := fmt.Sprintf("XOR is %d,", reply.Value); v.Right && !strings.Contains(v.Why, x) {
								t.Errorf("seed %d: %q is worth %d by search, but the reason says %q", seed, e.Board.Text(), reply.Value, v.Why)
							}
							typed, err := e.Parse(s, fmt.Sprint(reply.Value))
							if err != nil || typed != reply {
								t.Errorf("seed %d: typed value %d reads as %v, %v", seed, reply.Value, typed, err)
							}
						}
						if s.Ask == learn.WhichMove {
							next, _ := e.Board.After(reply.Move[0], reply.Move[1])
							after, _ := next.Search(ctx)
							want = -after == o
							typed, err := e.Parse(s, fmt.Sprintf("%d %d", reply.Move[0], reply.Move[1]))
							if err != nil || typed != reply {
								t.Errorf("seed %d: typed move %v reads as %v, %v", seed, reply.Move, typed, err)
							}
						}
						if v.Right != want {
							t.Errorf("seed %d: %q answer %q judged %v, search says %v", seed, e.Board.Text(), opts[c], v.Right, want)
						}
						if v.Why == "" {
							t.Errorf("seed %d: no reason", seed)
						}
						if v.Right {
							rights++
						} else {
							wrongs++
						}
					}
					if s.Ask == learn.WhatValue && (rights != 1 || len(opts) != 4) {
						t.Errorf("seed %d: %q offers %v with %d right", seed, e.Board.Text(), opts, rights)
					}
					if rights == 0 || wrongs == 0 {
						t.Errorf("seed %d: %q has %d right and %d wrong answers", seed, e.Board.Text(), rights, wrongs)
					}
				}
				if len(texts) < 2 {
					t.Errorf("%d seeds give only the positions %v", seeds, texts)
				}
				t.Logf("%d seeds: %d positions, outcomes %v", seeds, len(texts), outcomes)
			})
		}
	}
	t.Logf("%d exercises checked against search", checked)
}

// TestIdeasReject shows that each step's idea is a test that can fail:
// among positions of the step's game (random ones in the step's shape
// and in the other steps' shapes, and the other steps' own positions) it
// holds on the step's own position and rejects some; and where the idea
// states one verdict for every position that has it, it rejects some
// position with that very verdict by search, so it asks for more than
// the outcome.
func TestIdeasReject(t *testing.T) {
	ctx := context.Background()
	for _, topic := range learn.Topics() {
		for k, s := range topic.Steps {
			t.Run(fmt.Sprintf("%s/%d", topic.ID, k+1), func(t *testing.T) {
				if s.Has == nil {
					t.Fatal("the step has no test of its idea")
				}
				own, err := s.Board()
				if err != nil {
					t.Fatal(err)
				}
				if !s.Has(own) {
					t.Errorf("the step's own position %q lacks its idea", s.Text)
				}
				var texts []string
				r := rand.New(rand.NewPCG(uint64(k), 27))
				for _, other := range learn.Topics() {
					for _, o := range other.Steps {
						if o.Game != s.Game || o.First != s.First {
							continue
						}
						texts = append(texts, o.Text)
						for range 60 {
							texts = append(texts, o.Random(r))
						}
					}
				}
				seen := map[string]bool{}
				held, rejected, sameVerdict := 0, 0, ""
				want, constant := s.Expects(own)
				constant = constant && s.Predicts == nil
				for _, text := range texts {
					b, err := learn.NewBoard(s.Game, text, s.First)
					if err != nil || seen[b.Text()] {
						continue
					}
					seen[b.Text()] = true
					if s.Has(b) {
						held++
						continue
					}
					rejected++
					if constant && sameVerdict == "" {
						if o, err := b.Search(ctx); err == nil && o == want {
							sameVerdict = b.Text()
						}
					}
				}
				if rejected == 0 {
					t.Errorf("the idea holds on all %d positions tried", held)
				}
				if constant && sameVerdict == "" {
					t.Errorf("the idea rejects %d positions, none of them a %v like the ones it accepts", rejected, want)
				}
				t.Logf("%d positions: the idea holds on %d, rejects %d (one a %v like its own: %q)", held+rejected, held, rejected, want, sameVerdict)
			})
		}
	}
}

// TestTypedVerdicts checks that typed verdicts read as the buttons do
// and that nonsense gets a message naming what to type.
func TestTypedVerdicts(t *testing.T) {
	ctx := context.Background()
	topic, err := learn.Lookup("nim")
	if err != nil {
		t.Fatal(err)
	}
	s := topic.Steps[1]
	e, err := s.Exercise(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]solver.Outcome{"win": solver.Win, " Lose ": solver.Loss, e.Board.Name(0): solver.Win, e.Board.Name(1): solver.Loss}
	for text, want := range names {
		r, err := e.Parse(s, text)
		if err != nil || r.Outcome != want {
			t.Errorf("%q reads as %v, %v; want %v", text, r.Outcome, err, want)
		}
	}
	if _, err := e.Parse(s, "maybe"); err == nil {
		t.Error(`"maybe" was read as a verdict`)
	}
	mv := topic.Steps[3]
	e, err = mv.Exercise(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"9 9", "one two", "1"} {
		if _, err := e.Parse(mv, bad); err == nil {
			t.Errorf("%q was read as a move on %q", bad, e.Board.Text())
		}
	}
}

// BenchmarkExercise makes one exercise of every step of every lesson per
// iteration (each a fresh seed): the work behind a lesson's reply.
func BenchmarkExercise(b *testing.B) {
	ctx := context.Background()
	seed := uint64(0)
	for b.Loop() {
		for _, topic := range learn.Topics() {
			for _, s := range topic.Steps {
				seed++
				if _, err := s.Exercise(ctx, seed); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// TestMisereStepsDistinct checks on every misère Nim position of one to
// four heaps of 1 to 5 that at most one step of the misère lesson has it
// as its idea, so no two steps teach the same thing (step 1, leave the
// last object, once drew step 2's odd counts of heaps of 1), and that
// each step has positions of its own.
func TestMisereStepsDistinct(t *testing.T) {
	topic, err := learn.Lookup("misere")
	if err != nil {
		t.Fatal(err)
	}
	per := make([]int, len(topic.Steps))
	n := 0
	var heaps func(prefix []string)
	heaps = func(prefix []string) {
		if len(prefix) > 0 {
			n++
			text := strings.Join(prefix, " ")
			b, err := learn.NewBoard("misere", text, "")
			if err != nil {
				t.Fatal(err)
			}
			var steps []int
			for k, s := range topic.Steps {
				if s.Has(b) {
					steps = append(steps, k+1)
					per[k]++
				}
			}
			if len(steps) > 1 {
				t.Errorf("%q is the idea of steps %v", text, steps)
			}
		}
		if len(prefix) == 4 {
			return
		}
		for h := 1; h <= 5; h++ {
			heaps(append(slices.Clone(prefix), fmt.Sprint(h)))
		}
	}
	heaps(nil)
	for k, c := range per {
		if c == 0 {
			t.Errorf("step %d has no position of its own", k+1)
		}
	}
	t.Logf("%d positions: each step's idea holds on %v of them, no two on the same", n, per)
}
