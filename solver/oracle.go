package solver

import (
	"context"
	"time"
)

// How far the product's searches go: a solve, hint or move reply counts
// moves to the end only for positions within this reach.
const (
	// ReachBudget is the most states one reply's search enters.
	ReachBudget = 1 << 16
	// ReachTime bounds a reply's search in time as well, for games
	// whose states have many moves (a binstring of n characters has
	// n(n+1)/2).
	ReachTime = 300 * time.Millisecond
)

// Oracle answers questions about positions of one game by exhaustive
// search, within one budget of states and the life of its context: the
// value of a position, of each move, and the best move by remoteness.
// Positions out of its reach answer false. An Oracle keeps what it has
// solved, so questions about nearby positions (before and after a move)
// cost once. It is not safe for concurrent use.
type Oracle struct {
	ctx    context.Context
	game   Game
	search *Search
}

// MovesPerState bounds the work of the product's searches (an Oracle's,
// CheckPosition's): they generate at most this many moves per state of
// their budget, so that a game whose states have hundreds of moves stops
// about as soon as one with a few.
const MovesPerState = 16

// NewOracle returns an oracle for g that enters at most budget states in
// all (0 for no limit), generates at most MovesPerState moves per
// state of that budget, and stops when ctx ends.
func NewOracle(ctx context.Context, g Game, budget int) *Oracle {
	return &Oracle{ctx: ctx, game: g, search: boundedSearch(g, budget)}
}

// Value returns the value of pos for its player to move, or false when
// pos does not pack into a state or its search would pass the budget or
// the context's end.
func (o *Oracle) Value(pos Position) (Value, bool) {
	v, err := o.value(pos)
	return v, err == nil
}

// value is Value with the reason it fails: ErrBudget when pos does not
// pack into a state, else the search's error.
func (o *Oracle) value(pos Position) (Value, error) {
	st, ok := o.game.Encode(pos)
	if !ok {
		return Value{}, ErrBudget
	}
	return o.search.Value(o.ctx, st)
}

// After returns what playing m is worth to the player to move in pos: the
// outcome for them and the remoteness counting m itself.
func (o *Oracle) After(pos Position, m Move) (Value, bool) {
	v, err := o.after(pos, m)
	return v, err == nil
}

// after is After with the reason it fails, as value gives it.
func (o *Oracle) after(pos Position, m Move) (Value, error) {
	next, err := pos.Play(m)
	if err != nil {
		return Value{}, err
	}
	v, err := o.value(next)
	return Value{Outcome: -v.Outcome, Remoteness: v.Remoteness + 1}, err
}

// BestMove returns the move that perfect play makes in pos, counting
// moves: the quickest win, else the quickest tie, else the slowest loss
// (the first such in the order of Moves), with what it is worth to the
// mover. ok is false when pos is out of reach or has no move.
func (o *Oracle) BestMove(pos Position) (Move, Value, bool) {
	values, err := o.MoveValues(pos)
	if err != nil || len(values) == 0 {
		return nil, Value{}, false
	}
	best := BestOf(values)
	return best.Move, best.Value, true
}

// BestOf returns the first of values that no later one is Better than.
func BestOf(values []MoveValue) MoveValue {
	best := values[0]
	for _, v := range values[1:] {
		if v.Value.Better(best.Value) {
			best = v
		}
	}
	return best
}
