package solver

import (
	"context"
	"errors"
	"fmt"
)

// MoveOf builds a move of pos's game from the two numbers a person types:
// stack and how many (binim, binim2), from and to cells (abgame, adapwns),
// or first and last character (binstring). Play checks it is legal.
func MoveOf(pos Position, a, b int) Move {
	switch pos.(type) {
	case *Stacks:
		return StackMove{Stack: a, Take: b}
	case *BinaryString:
		return RangeMove{Start: a, End: b}
	}
	return CellMove{From: a, To: b}
}

// MoveNumbers returns the two numbers MoveOf reads back, for encoding.
func MoveNumbers(m Move) (int, int) {
	switch m := m.(type) {
	case StackMove:
		return m.Stack, m.Take
	case RangeMove:
		return m.Start, m.End
	case CellMove:
		return m.From, m.To
	}
	panic(fmt.Sprintf("solver: unknown move type %T", m))
}

// MoveFormat says how a move of pos's game is typed as two numbers.
func MoveFormat(pos Position) string {
	switch pos.(type) {
	case *Stacks:
		return "the stack and how many to take, e.g. 2 3"
	case *BinaryString:
		return "the first and last character to remove, e.g. 3 5"
	}
	return "the cell to move from and the cell to move to, e.g. 5 4"
}

// PositionCheck is the exhaustive search of one position.
type PositionCheck struct {
	// States counts the states the search solved.
	States int
	// OverBudget reports that the position is beyond the search: it does
	// not pack into a state, or the search stopped at its budget. Nothing
	// else is set then.
	OverBudget bool
	// Search is the value for the player to move found by search, and
	// Formula the outcome the formula gives.
	Search  Value
	Formula Outcome
	// BestMoves lists every move that achieves Search's outcome (none
	// when every move loses or there is no move).
	BestMoves []Move
}

// Agrees reports whether search and formula give the same outcome.
func (c PositionCheck) Agrees() bool { return !c.OverBudget && c.Search.Outcome == c.Formula }

// CheckPosition searches pos exhaustively, solving at most budget states,
// and compares the result with the formula. Its error is ctx's, when ctx
// ends first.
func CheckPosition(ctx context.Context, pos Position, budget int) (PositionCheck, error) {
	g := pos.Game()
	st, ok := g.Encode(pos)
	if !ok {
		return PositionCheck{OverBudget: true}, nil
	}
	s := NewSearch(g, budget)
	v, err := s.Value(ctx, st)
	c := PositionCheck{States: s.States()}
	if errors.Is(err, ErrBudget) || errors.Is(err, ErrTooDeep) {
		c.OverBudget = true
		return c, nil
	}
	if err != nil {
		return c, err
	}
	c.Search, c.Formula = v, first(pos.Analyze())
	if v.Outcome == Loss {
		return c, nil
	}
	for _, m := range pos.Moves() {
		mv, err := moveValue(ctx, s, pos, m)
		if err != nil {
			return c, err
		}
		if -mv.Outcome == v.Outcome {
			c.BestMoves = append(c.BestMoves, m)
		}
	}
	return c, nil
}

// moveValue returns the value, for the opponent, of the position after m.
func moveValue(ctx context.Context, s *Search, pos Position, m Move) (Value, error) {
	next, err := pos.Play(m)
	if err != nil {
		return Value{}, err
	}
	st, ok := pos.Game().Encode(next)
	if !ok {
		return Value{}, fmt.Errorf("solver: %s position %q does not pack", pos.Game().Name(), next)
	}
	return s.Value(ctx, st)
}

// first returns the first of two values.
func first[A, B any](a A, _ B) A { return a }

// Reach solves pos by search, entering at most budget states: its value
// with remoteness. ok is false when the position does not pack into a
// state, or the search would pass its budget or ctx ends first.
func Reach(ctx context.Context, pos Position, budget int) (v Value, ok bool) {
	st, ok := pos.Game().Encode(pos)
	if !ok {
		return Value{}, false
	}
	v, err := NewSearch(pos.Game(), budget).Value(ctx, st)
	return v, err == nil
}

// lazyMoves is implemented by positions with so many moves (a long
// binstring has millions) that listing only the first few must be cheap.
type lazyMoves interface {
	firstMoves(limit int) []Move
}

// FirstMoves returns the first n legal moves in the order of Moves,
// without listing them all.
func FirstMoves(pos Position, n int) []Move {
	if l, ok := pos.(lazyMoves); ok {
		return l.firstMoves(n)
	}
	moves := pos.Moves()
	return moves[:min(n, len(moves))]
}

// HasMoves reports whether the player to move has a legal move.
func HasMoves(pos Position) bool { return len(FirstMoves(pos, 1)) > 0 }
