package solver

import (
	"context"
	"errors"
)

// PositionCheck is the exhaustive search of one position.
type PositionCheck struct {
	// States counts the states the search solved, and Moves the moves it
	// generated.
	States, Moves int
	// OverMoves reports that the search stopped at its bound on moves
	// generated, not at its budget of states.
	OverMoves bool
	// OverBudget reports that the position is beyond the search: it does
	// not pack into a state, or the search stopped at its budget. Nothing
	// else is set then.
	OverBudget bool
	// Estimate, for a position turned down before any search, is what
	// its search would have cost by the game's Span; zero otherwise.
	Estimate Estimate
	// Search is the value for the player to move found by search, and
	// Formula the outcome the formula gives.
	Search  Value
	Formula Outcome
	// BestMoves lists every move that achieves Search's outcome (none
	// when every move loses or there is no move).
	BestMoves []Move
}

// boundedSearch is the search of the product's answers (an Oracle's,
// CheckPosition's): budget states, and MovesPerState moves a state of it.
func boundedSearch(g Game, budget int) *Search {
	s := NewSearch(g, budget)
	s.LimitWork(MovesPerState * budget)
	return s
}

// Agrees reports whether search and formula give the same outcome.
func (c PositionCheck) Agrees() bool { return !c.OverBudget && c.Search.Outcome == c.Formula }

// CheckPosition searches pos exhaustively, solving at most budget states
// and generating at most MovesPerState moves per state of the budget,
// and compares the result with the formula. Its error is ctx's, when ctx
// ends first.
func CheckPosition(ctx context.Context, pos Position, budget int) (PositionCheck, error) {
	g := pos.Game()
	st, ok := g.Encode(pos)
	if !ok {
		return PositionCheck{OverBudget: true}, nil
	}
	s := boundedSearch(g, budget)
	v, err := s.Value(ctx, st)
	c := PositionCheck{States: s.States(), Moves: s.work}
	if errors.Is(err, ErrBudget) || errors.Is(err, ErrTooDeep) {
		c.OverBudget = true
		c.OverMoves = s.workBudget > 0 && s.work > s.workBudget
		if c.States == 0 {
			c.Estimate = s.estimate(st)
		}
		return c, nil
	}
	if err != nil {
		return c, err
	}
	c.Search = v
	c.Formula, _ = pos.Analyze()
	if v.Outcome == Loss {
		return c, nil
	}
	values, err := (&Oracle{ctx: ctx, game: g, search: s}).MoveValues(pos)
	for _, mv := range values {
		if mv.Value.Outcome == v.Outcome {
			c.BestMoves = append(c.BestMoves, mv.Move)
		}
	}
	return c, err
}

// Reach solves pos by search, entering at most budget states: its value
// with remoteness. ok is false when the position does not pack into a
// state, or the search would pass its budget or ctx ends first.
func Reach(ctx context.Context, pos Position, budget int) (v Value, ok bool) {
	return NewOracle(ctx, pos.Game(), budget).Value(pos)
}
