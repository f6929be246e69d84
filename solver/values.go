package solver

import (
	"context"
	"fmt"
)

// Value is what a position is worth to the player to move under perfect
// play: the outcome and its remoteness, the number of plies (single
// moves) until the game ends. A winner ends the game as fast as it can;
// a loser, and a player holding a tie, make it last as long as they can,
// so that the opponent has the most chances to go wrong.
type Value struct {
	Outcome    Outcome
	Remoteness int
}

// String says the value as "win in 3", "lose in 4" or "tie in 2".
func (v Value) String() string {
	verb := map[Outcome]string{Win: "win", Loss: "lose", Tie: "tie"}[v.Outcome]
	return fmt.Sprintf("%s in %d", verb, v.Remoteness)
}

// Better reports whether v is better than w for the player they belong
// to: a better outcome; a win that ends sooner; a tie or a loss that
// lasts longer.
func (v Value) Better(w Value) bool {
	if v.Outcome != w.Outcome {
		return v.Outcome > w.Outcome
	}
	if v.Outcome == Win {
		return v.Remoteness < w.Remoteness
	}
	return v.Remoteness > w.Remoteness
}

// after returns the value for the player who moved into a position whose
// mover has value v: the outcome flips and one ply is added.
func (v Value) after() Value { return Value{Outcome: -v.Outcome, Remoteness: v.Remoteness + 1} }

// ValueSearch is an exhaustive search that finds every state's Value,
// remoteness included. Unlike Search it cannot stop at the first winning
// move, because the fastest win must be found. It memoises by Key and is
// not safe for concurrent use.
type ValueSearch struct {
	// Budget is the most moves the search may play, each one a state to
	// look at; 0 means no limit. Unlike a count of solved states it
	// also bounds a search that goes deep before it solves anything.
	Budget int
	memo   map[string]Value
	played int
}

// NewValueSearch returns a search with the given budget of moves to play
// (0 for none).
func NewValueSearch(budget int) *ValueSearch {
	return &ValueSearch{Budget: budget, memo: make(map[string]Value)}
}

// States returns how many distinct states the search has solved.
func (s *ValueSearch) States() int { return len(s.memo) }

// ctxEvery is how many states the search solves between looks at its
// context.
const ctxEvery = 1024

// Value returns the value of pos for the player to move, ErrBudget when
// that takes more states than the budget, or the context's error.
func (s *ValueSearch) Value(ctx context.Context, pos Position) (Value, error) {
	if s.memo == nil {
		s.memo = make(map[string]Value)
	}
	key := pos.Key()
	if v, ok := s.memo[key]; ok {
		return v, nil
	}
	moves := pos.Moves()
	s.played += len(moves)
	if s.Budget > 0 && s.played > s.Budget {
		return Value{}, ErrBudget
	}
	if len(s.memo)%ctxEvery == ctxEvery-1 {
		if err := ctx.Err(); err != nil {
			return Value{}, err
		}
	}
	if len(moves) == 0 {
		v := Value{Outcome: pos.Terminal()}
		s.memo[key] = v
		return v, nil
	}
	var best Value
	for i, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			return Value{}, err
		}
		w, err := s.Value(ctx, next)
		if err != nil {
			return Value{}, err
		}
		if v := w.after(); i == 0 || v.Better(best) {
			best = v
		}
	}
	s.memo[key] = best
	return best, nil
}

// MoveValue is a legal move and what it is worth to the player making it.
type MoveValue struct {
	Move Move
	// Value is the mover's value after the move, counting the move itself
	// as the first ply.
	Value Value
}

// MoveValues returns the value of every legal move of pos, in the order
// of Moves, found by exhaustive search playing at most budget moves. It
// returns ErrBudget when the search needs more, or the context's error.
func MoveValues(ctx context.Context, pos Position, budget int) ([]MoveValue, error) {
	s := NewValueSearch(budget)
	moves := pos.Moves()
	out := make([]MoveValue, 0, len(moves))
	for _, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			return nil, err
		}
		w, err := s.Value(ctx, next)
		if err != nil {
			return nil, err
		}
		out = append(out, MoveValue{Move: m, Value: w.after()})
	}
	return out, nil
}
