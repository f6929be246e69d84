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
	// OverBudget reports that the search stopped at its budget; nothing
	// else is set then.
	OverBudget bool
	// Search is the outcome for the player to move found by search, and
	// Formula the one the formula gives.
	Search, Formula Outcome
	// BestMoves lists every move that achieves Search (none when every
	// move loses or there is no move).
	BestMoves []Move
}

// Agrees reports whether search and formula give the same outcome.
func (c PositionCheck) Agrees() bool { return !c.OverBudget && c.Search == c.Formula }

// CheckPosition searches pos exhaustively, solving at most budget states,
// and compares the result with the formula.
func CheckPosition(pos Position, budget int) PositionCheck {
	c, _ := CheckPositionContext(context.Background(), pos, budget, 0)
	return c
}

// CheckPositionContext is CheckPosition with a context that cancels the
// search (its error is returned) and a bound on the moves played, 0 for
// none.
func CheckPositionContext(ctx context.Context, pos Position, budget, maxPlays int) (PositionCheck, error) {
	s := NewSearch(budget)
	s.Ctx, s.MaxPlays = ctx, maxPlays
	best, o, err := s.BestMoves(pos)
	c := PositionCheck{States: s.States()}
	if err != nil && !errors.Is(err, ErrBudget) {
		return c, err
	}
	if err != nil {
		c.OverBudget = true
		return c, nil
	}
	c.Search, c.BestMoves = o, best
	c.Formula, _ = pos.Analyze()
	return c, nil
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
