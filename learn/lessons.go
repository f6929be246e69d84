package learn

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nimtutor/nimtutor/solver"
)

// Ask is the kind of an exercise.
type Ask int

// The exercises.
const (
	// WhoWins asks who wins with best play: the buttons name the player
	// to move, the other player and, where the game can tie, a tie.
	WhoWins Ask = iota
	// WhichMove asks which of a few moves keeps the best outcome.
	WhichMove
	// WhatValue asks for a heap game position's grundy value (for a sum,
	// the XOR of its parts' values), offered as four numbers or typed.
	WhatValue
)

// Topic is one lesson.
type Topic struct {
	// ID is the topic's option value, "nim"; Title is its name.
	ID, Title string
	// Order places the topic in the list: the theory first, from Nim
	// up, then the contest games.
	Order int
	Steps []Step
}

// Step is one step of a lesson: an idea, a position it is about, and an
// exercise on that position.
type Step struct {
	// Idea is one sentence.
	Idea string
	// Game is a registered game's name, or one of this package's heap
	// games: "sums" (Nim heaps and take-1-or-2 piles) or "staircase".
	Game, Text, First string
	// Numbers says the position is heaps written as numbers, which a fresh
	// exercise draws again as numbers (this package's heap games and a
	// rule followed by heaps, "kayles: 2 2", are always so).
	Numbers bool
	// Says is the outcome for the player to move that Idea states about
	// the position ("" when it states none); the tests check it.
	Says string
	// Shows are the numbers the idea quotes about the position, as the
	// theory writes them on it (the heap games' reason, or the contest
	// game's explanation); the tests check each one appears.
	Shows []string
	Ask   Ask
	// Reason, when set, is the clause the answer to a WhoWins exercise
	// gives for its verdict instead of the theory's numbers, for a step
	// that comes before the lesson teaches them ("two equal heaps: the
	// opponent copies every move").
	Reason string
	// Like and Unlike are other positions of the same game and first
	// player that the idea says have the same outcome as this one, or a
	// different one (`0011 1` plays like `01 1`); the tests check them.
	Like, Unlike []string
	// Prompt, when set, is the exercise's question in the step's own
	// words, with %[1]s for the player to move and %[2]s for the other
	// ("Which move leaves %[2]s the last object?").
	Prompt string
	// Choices are the moves a WhichMove exercise offers, as the two
	// numbers of the game's moves (heap and how many, from and to…).
	Choices [][2]int
	// Has is the step's idea as a test on a position: it reports whether
	// the position shows what Idea is about (one heap; two equal heaps; a
	// stack whose top and bottom differ), not merely the outcome. Every
	// step has one, written in the package that knows its game; a fresh
	// exercise is drawn only among the positions that have it, and the
	// step's own position has it too.
	Has func(Board) bool
	// Predicts, when set, is the outcome for the player to move that the
	// idea gives on a position that Has (the XOR rule, the count of heaps
	// of 1), for an idea whose verdict depends on the position; when it
	// is nil, the idea's verdict on every such position is Says. The
	// tests check either against exhaustive search on every exercise.
	Predicts func(Board) solver.Outcome
	// Move, when set, is the move the idea makes on a WhichMove position
	// that Has ("cut heap h to h xor x"), as the game's two numbers; it is
	// always among the exercise's choices, and the tests check by search
	// that it keeps the best outcome.
	Move func(Board) [2]int
	// Draw, when set, draws the text of a random position for a fresh
	// exercise; when nil, the step's own position is drawn again in the
	// same shape (randomText). A step sets it when the shape alone rarely
	// has the idea (a heap of 2 or more among heaps of 1).
	Draw func(r *rand.Rand) string
}

// Expects returns the outcome for the player to move that the idea gives
// on b, a position that Has: Predicts, else Says; false when the idea
// states none (a WhatValue step's value is judged on its own).
func (s Step) Expects(b Board) (solver.Outcome, bool) {
	if s.Predicts != nil {
		return s.Predicts(b), true
	}
	switch s.Says {
	case "win":
		return solver.Win, true
	case "loss":
		return solver.Loss, true
	case "tie":
		return solver.Tie, true
	}
	return 0, false
}

// Board parses the step's position.
func (s Step) Board() (Board, error) { return NewBoard(s.Game, s.Text, s.First) }

// Question is the exercise as a sentence.
func (s Step) Question(b Board) string {
	if s.Prompt != "" {
		return fmt.Sprintf(s.Prompt, b.Name(0), b.Name(1))
	}
	if s.Ask == WhichMove {
		return fmt.Sprintf("%s is to move. Which move keeps the best outcome for %s?", b.Name(0), b.Name(0))
	}
	if s.Ask == WhatValue {
		return "What is this position worth: its grundy value?"
	}
	return fmt.Sprintf("%s is to move. Who wins with best play?", b.Name(0))
}

// Options are the labels of the exercise's buttons, in order.
func (s Step) Options(b Board) []string {
	if s.Ask == WhatValue {
		var out []string
		for _, v := range valueChoices(b) {
			out = append(out, strconv.Itoa(v))
		}
		return out
	}
	if s.Ask == WhichMove {
		out := make([]string, len(s.Choices))
		for k, c := range s.Choices {
			out[k] = b.MoveText(c[0], c[1])
		}
		return out
	}
	out := []string{b.Name(0) + " (to move)", b.Name(1)}
	if b.CanTie() {
		out = append(out, "A tie")
	}
	return out
}

// Verdict is the engine's judgement of an answer.
type Verdict struct {
	Right bool
	// Why is the reason on the position, in a sentence or two.
	Why string
}

// Answer judges choice (an index into Options) by exhaustive search of
// the step's position, and says why on that position.
func (s Step) Answer(ctx context.Context, choice int) (Verdict, error) {
	b, err := s.Board()
	if err != nil {
		return Verdict{}, err
	}
	opts := s.Options(b)
	if choice < 0 || choice >= len(opts) {
		return Verdict{}, &solver.InputError{Field: "answer", Msg: fmt.Sprintf("there is no answer %d here", choice+1)}
	}
	if s.Ask == WhatValue {
		return judgeValue(ctx, b, valueChoices(b)[choice])
	}
	o, err := b.Search(ctx)
	if err != nil {
		return Verdict{}, err
	}
	if s.Ask == WhoWins {
		picked := [...]solver.Outcome{solver.Win, solver.Loss, solver.Tie}[choice]
		if s.Reason != "" {
			return Verdict{Right: picked == o, Why: whyBecause(b, o, s.Reason)}, nil
		}
		return Verdict{Right: picked == o, Why: why(b, o)}, nil
	}
	c := s.Choices[choice]
	next, err := b.After(c[0], c[1])
	if err != nil {
		return Verdict{}, err
	}
	after, err := next.Search(ctx)
	if err != nil {
		return Verdict{}, err
	}
	text := fmt.Sprintf("After **%s**, %s", opts[choice], why(next, after))
	return Verdict{Right: -after == o, Why: text}, nil
}

// why says on b who wins and the numbers behind it, the outcome o coming
// from the search.
func why(b Board, o solver.Outcome) string {
	return whyBecause(b, o, b.Reason())
}

// whyBecause says on b who wins, the outcome o coming from the search,
// and the reason given.
func whyBecause(b Board, o solver.Outcome, reason string) string {
	return fmt.Sprintf("the position is `%s`: %s, so %s.", b.Text(), strings.TrimSuffix(reason, "."), verdictOn(b, o))
}

// verdictOn says who wins on b, the outcome o coming from the search.
func verdictOn(b Board, o solver.Outcome) string {
	switch o {
	case solver.Loss:
		return fmt.Sprintf("%s, who is to move, loses: %s wins", b.Name(0), b.Name(1))
	case solver.Tie:
		return "the best either player can force is a tie"
	}
	return fmt.Sprintf("%s, who is to move, wins", b.Name(0))
}

// topics holds the registered lessons, by Order.
var (
	topicsMu sync.Mutex
	topics   []*Topic
)

// Register adds a lesson: this package registers the theory's, each game
// package its own. IDs must be unique, and every step needs its idea as
// a test (Has): either mistake panics at start-up.
func Register(t *Topic) {
	for k, s := range t.Steps {
		if s.Has == nil {
			panic(fmt.Sprintf("learn: step %d of the lesson %s has no test of its idea (Has)", k+1, t.ID))
		}
	}
	topicsMu.Lock()
	defer topicsMu.Unlock()
	if slices.ContainsFunc(topics, func(old *Topic) bool { return old.ID == t.ID }) {
		panic("learn: two lessons with the id " + t.ID)
	}
	topics = append(topics, t)
	slices.SortStableFunc(topics, func(a, b *Topic) int { return a.Order - b.Order })
}

// Topics returns every lesson, in the order they are listed.
func Topics() []*Topic {
	topicsMu.Lock()
	defer topicsMu.Unlock()
	return slices.Clone(topics)
}

// Lookup returns the topic with the given id.
func Lookup(id string) (*Topic, error) {
	topics := Topics()
	if k := slices.IndexFunc(topics, func(t *Topic) bool { return t.ID == id }); k >= 0 {
		return topics[k], nil
	}
	ids := make([]string, len(topics))
	for k, t := range topics {
		ids[k] = t.ID
	}
	return nil, &solver.InputError{Field: "topic", Msg: fmt.Sprintf("there is no lesson %q; the topics are %s", id, strings.Join(ids, ", "))}
}
