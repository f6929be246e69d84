package learn

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// Exercise is a step's exercise on one position, made from a seed: the
// same step and seed always give the same position and choices, so a
// reply carries only the seed and the answer is judged on the position
// that was shown.
type Exercise struct {
	Seed  uint64
	Board Board
	// Choices are the moves a WhichMove exercise offers as buttons (at
	// least one keeps the best outcome and one does not), up to four.
	Choices [][2]int
	// Fresh is false when no random position with the step's idea (Has)
	// turned up and the step's own position is used instead; the tests
	// check that it never happens.
	Fresh bool
}

// exerciseTries bounds the random positions tried for an exercise.
const exerciseTries = 300

// maxChoices is how many moves a WhichMove exercise offers.
const maxChoices = 4

// Exercise makes the step's exercise for seed: a random small position
// of the step's game (drawn by the step's Draw, or in the step's shape)
// that has the step's idea (Has) and, for WhichMove, a move that keeps
// the best outcome and one that does not, found by exhaustive search;
// and the moves to offer. The outcome is not filtered: the idea's
// verdict on a position that Has is what the tests check against search.
// When none turns up it falls back to the step's own position.
func (s Step) Exercise(ctx context.Context, seed uint64) (Exercise, error) {
	if s.Has == nil {
		return Exercise{}, fmt.Errorf("learn: the step %q has no test of its idea (Has)", s.Text)
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%s", s.Game, s.Text, s.Idea)
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	for range exerciseTries {
		text := s.draw(r)
		if text == s.Text {
			continue
		}
		b, err := NewBoard(s.Game, text, s.First)
		if err != nil {
			continue
		}
		e, ok, err := s.fits(ctx, b, r)
		if err != nil {
			return Exercise{}, err
		}
		if ok {
			e.Seed, e.Fresh = seed, true
			return e, nil
		}
	}
	b, err := s.Board()
	if err != nil {
		return Exercise{}, err
	}
	e, ok, err := s.fits(ctx, b, r)
	if err != nil {
		return Exercise{}, err
	}
	if !ok {
		return Exercise{}, fmt.Errorf("learn: the step's own position %q lacks its idea", s.Text)
	}
	e.Seed = seed
	return e, nil
}

// Random draws the text of a random position as a fresh exercise of the
// step starts from, before Has and the search select it.
func (s Step) Random(r *rand.Rand) string { return s.draw(r) }

// draw draws a random position's text for the step.
func (s Step) draw(r *rand.Rand) string {
	if s.Draw != nil {
		return s.Draw(r)
	}
	return s.randomText(r)
}

// fits reports whether b has the step's idea and a move to make and, if
// so, returns the exercise on it with its choices drawn from r.
func (s Step) fits(ctx context.Context, b Board, r *rand.Rand) (Exercise, bool, error) {
	// A position where the player to move has no move shows no idea
	// (BINIM2's stacks none of them may touch): not an exercise.
	if !s.Has(b) || len(b.Moves()) == 0 {
		return Exercise{}, false, nil
	}
	o, err := b.Search(ctx)
	if err == ErrTooLarge {
		return Exercise{}, false, nil
	}
	if err != nil {
		return Exercise{}, false, err
	}
	e := Exercise{Board: b}
	if s.Ask == WhatValue {
		_, ok := b.(*heapBoard)
		return e, ok, nil
	}
	if s.Ask != WhichMove {
		return e, true, nil
	}
	var keep, lose [][2]int
	for _, m := range b.Moves() {
		next, err := b.After(m[0], m[1])
		if err != nil {
			return Exercise{}, false, err
		}
		after, err := next.Search(ctx)
		if err == ErrTooLarge {
			return Exercise{}, false, nil
		}
		if err != nil {
			return Exercise{}, false, err
		}
		if -after == o {
			keep = append(keep, m)
		} else {
			lose = append(lose, m)
		}
	}
	if len(keep) == 0 || len(lose) == 0 {
		return Exercise{}, false, nil
	}
	r.Shuffle(len(keep), func(i, j int) { keep[i], keep[j] = keep[j], keep[i] })
	r.Shuffle(len(lose), func(i, j int) { lose[i], lose[j] = lose[j], lose[i] })
	if s.Move != nil {
		// The idea's move is offered first among the right ones (when
		// it is not right, the tests say so: it is not moved in).
		if k := slices.Index(keep, s.Move(b)); k > 0 {
			keep[0], keep[k] = keep[k], keep[0]
		}
	}
	e.Choices = append([][2]int{keep[0]}, lose[:min(len(lose), maxChoices-1)]...)
	if len(e.Choices) < maxChoices {
		e.Choices = append(e.Choices, keep[1:min(len(keep), 1+maxChoices-len(e.Choices))]...)
	}
	r.Shuffle(len(e.Choices), func(i, j int) { e.Choices[i], e.Choices[j] = e.Choices[j], e.Choices[i] })
	return e, true, nil
}

// heapGames are this package's heap games.
var heapGames = []string{"sums", "staircase"}

// randomText draws a position of the step's shape: for heaps (Numbers,
// and a rule followed by heaps, "kayles: 2 2") as many heaps (take-1-or-2
// piles where the step has them, other marks such as "/" kept) of random
// sizes a little beyond the step's, or any number of heaps of 1 when the
// step has only heaps of 1; for the other games the step's text with
// every symbol drawn again from the symbols it uses and each part a
// symbol longer or shorter.
func (s Step) randomText(r *rand.Rand) string {
	prefix, body := "", s.Text
	if k := strings.Index(s.Text, ": "); k >= 0 {
		prefix, body = s.Text[:k+2], s.Text[k+2:]
	}
	fields := strings.Fields(body)
	if strings.HasPrefix(prefix, "hackenbush") {
		return prefix + randomTrees(r, strings.Count(body, "/")+1)
	}
	if prefix != "" || s.Numbers || slices.Contains(heapGames, s.Game) {
		return prefix + randomHeaps(r, fields, s.Game == "staircase", prefix == "")
	}
	var alphabet []byte
	for _, c := range []byte(strings.Join(fields, "")) {
		if !slices.Contains(alphabet, c) {
			alphabet = append(alphabet, c)
		}
	}
	out := make([]string, len(fields))
	for k, f := range fields {
		n := max(1, len(f)+r.IntN(3)-1)
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		out[k] = string(b)
	}
	return strings.Join(out, " ")
}

// randomHeaps draws heaps in the shape of fields: each number drawn
// again (from 0 when zero is allowed or the step has a 0, else from 1),
// a "/2" suffix and any other mark kept; with ones, a step of only heaps
// of 1 gets any number of heaps of 1.
func randomHeaps(r *rand.Rand, fields []string, zero, ones bool) string {
	most, marks := 0, false
	for _, f := range fields {
		v, err := strconv.Atoi(strings.TrimSuffix(f, "/2"))
		if err != nil {
			marks = true
			continue
		}
		most, zero = max(most, v), zero || v == 0
	}
	if most <= 1 && !marks && !zero && ones {
		out := make([]string, 1+r.IntN(9))
		for k := range out {
			out[k] = "1"
		}
		return strings.Join(out, " ")
	}
	lo, hi := 1, max(most+3, 5)
	if zero {
		// Steps with empty heaps (the staircase) have the most
		// positions to search: stay closer to the step's sizes.
		lo, hi = 0, max(most+1, 4)
	}
	out := make([]string, len(fields))
	for k, f := range fields {
		n, small := strings.CutSuffix(f, "/2")
		if _, err := strconv.Atoi(n); err != nil {
			out[k] = f
			continue
		}
		out[k] = strconv.Itoa(lo + r.IntN(hi-lo+1))
		if small {
			out[k] += "/2"
		}
	}
	return strings.Join(out, " ")
}

// randomTrees draws n Hackenbush trees as parent lists: each of 1 to 4
// edges, node j's parent one of the nodes before it (0 the ground).
func randomTrees(r *rand.Rand, n int) string {
	trees := make([]string, n)
	for t := range trees {
		parents := make([]string, 1+r.IntN(4))
		for j := range parents {
			parents[j] = strconv.Itoa(r.IntN(j + 1))
		}
		trees[t] = strings.Join(parents, " ")
	}
	return strings.Join(trees, " / ")
}

// Question is the exercise as a sentence.
func (e Exercise) Question(s Step) string { return s.Question(e.Board) }

// Options are the labels of the exercise's buttons, in order: the
// verdicts of a WhoWins exercise, the moves of a WhichMove one.
func (e Exercise) Options(s Step) []string {
	if s.Ask != WhichMove {
		return s.Options(e.Board)
	}
	out := make([]string, len(e.Choices))
	for k, c := range e.Choices {
		out[k] = e.Board.MoveText(c[0], c[1])
	}
	return out
}

// Reply is an answer to an exercise: a verdict for WhoWins, a move (its
// two numbers) for WhichMove, a number for WhatValue.
type Reply struct {
	Outcome solver.Outcome
	Move    [2]int
	Value   int
}

// Choice is the reply of button k of Options.
func (e Exercise) Choice(s Step, k int) (Reply, error) {
	n := len(e.Options(s))
	if k < 0 || k >= n {
		return Reply{}, &solver.InputError{Field: "answer", Msg: fmt.Sprintf("there is no answer %d here; pick 1 to %d", k+1, n)}
	}
	if s.Ask == WhichMove {
		return Reply{Move: e.Choices[k]}, nil
	}
	if s.Ask == WhatValue {
		return Reply{Value: valueChoices(e.Board)[k]}, nil
	}
	return Reply{Outcome: [...]solver.Outcome{solver.Win, solver.Loss, solver.Tie}[k]}, nil
}

// Parse reads a typed answer: for WhoWins a verdict ("win", "lose",
// "tie", or a player's name), for WhichMove a move as the game's two
// numbers ("2 3"), any legal move, not only the offered ones.
func (e Exercise) Parse(s Step, text string) (Reply, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if s.Ask == WhatValue {
		v, err := strconv.Atoi(t)
		if err != nil || v < 0 {
			return Reply{}, &solver.InputError{Field: "answer", Msg: fmt.Sprintf("%q is not a grundy value: type a number from 0 up", text)}
		}
		return Reply{Value: v}, nil
	}
	if s.Ask == WhichMove {
		f := strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == ',' || r == '-' || r == '>' })
		var m [2]int
		var err error
		if len(f) == 2 {
			if m[0], err = strconv.Atoi(f[0]); err == nil {
				m[1], err = strconv.Atoi(f[1])
			}
		}
		if len(f) != 2 || err != nil {
			return Reply{}, &solver.InputError{Field: "answer", Msg: fmt.Sprintf("%q is not a move: type its two numbers, as in %q", text, fmt.Sprintf("%d %d", e.Choices[0][0], e.Choices[0][1]))}
		}
		if !slices.Contains(e.Board.Moves(), m) {
			return Reply{}, &solver.InputError{Field: "answer", Msg: fmt.Sprintf("%q (%s) is not a legal move on `%s`", text, e.Board.MoveText(m[0], m[1]), e.Board.Text())}
		}
		return Reply{Move: m}, nil
	}
	b := e.Board
	switch {
	case t == "win" || t == "wins" || t == "first" || t == strings.ToLower(b.Name(0)):
		return Reply{Outcome: solver.Win}, nil
	case t == "lose" || t == "loses" || t == "loss" || t == "second" || t == strings.ToLower(b.Name(1)):
		return Reply{Outcome: solver.Loss}, nil
	case b.CanTie() && (t == "tie" || t == "draw"):
		return Reply{Outcome: solver.Tie}, nil
	}
	words := fmt.Sprintf("win (or %s), lose (or %s)", b.Name(0), b.Name(1))
	if b.CanTie() {
		words += " or tie"
	}
	return Reply{}, &solver.InputError{Field: "answer", Msg: fmt.Sprintf("%q is not a verdict: type %s, for the player to move", text, words)}
}

// Judge checks reply on the exercise's position by exhaustive search and
// says why on that position.
func (e Exercise) Judge(ctx context.Context, s Step, reply Reply) (Verdict, error) {
	b := e.Board
	if s.Ask == WhatValue {
		return judgeValue(ctx, b, reply.Value)
	}
	o, err := b.Search(ctx)
	if err != nil {
		return Verdict{}, err
	}
	if s.Ask != WhichMove {
		// A step's own Reason holds on every position that Has its
		// idea (one heap; two equal heaps).
		reason := cmp.Or(s.Reason, b.Reason())
		return Verdict{Right: reply.Outcome == o, Why: whyBecause(b, o, reason)}, nil
	}
	next, err := b.After(reply.Move[0], reply.Move[1])
	if err != nil {
		return Verdict{}, err
	}
	after, err := next.Search(ctx)
	if err != nil {
		return Verdict{}, err
	}
	text := fmt.Sprintf("On `%s`, after **%s**, %s", b.Text(), b.MoveText(reply.Move[0], reply.Move[1]), why(next, after))
	return Verdict{Right: -after == o, Why: text}, nil
}

// valueChoices are the four numbers a WhatValue exercise on b offers: a
// window of consecutive values around the theory's value.
func valueChoices(b Board) []int {
	h, ok := b.(*heapBoard)
	if !ok {
		return nil
	}
	start := max(0, h.nimber()-1-int(uint(h.nimber()*7+len(h.heaps))%3))
	return []int{start, start + 1, start + 2, start + 3}
}

// judgeValue checks the grundy value v on b against exhaustive search
// and says why on the position.
func judgeValue(ctx context.Context, b Board, v int) (Verdict, error) {
	h, ok := b.(*heapBoard)
	if !ok {
		return Verdict{}, fmt.Errorf("learn: %q has no grundy value here", b.Text())
	}
	g, err := h.grundy(ctx, map[string]int{})
	if err != nil {
		return Verdict{}, err
	}
	o, err := b.Search(ctx)
	if err != nil {
		return Verdict{}, err
	}
	why := fmt.Sprintf("the position is `%s`: %s, so it is worth %d (the mex of the positions one move away, by search) and %s.",
		b.Text(), strings.TrimSuffix(b.Reason(), "."), g, verdictOn(b, o))
	return Verdict{Right: v == g, Why: why}, nil
}
