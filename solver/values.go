package solver

import (
	"context"
	"fmt"
)

// Better reports whether v is better than w for the player they belong
// to, in the order the search uses: a better outcome; a win that ends
// sooner; a tie that ends sooner; a loss that lasts longer.
func (v Value) Better(w Value) bool {
	if v.Outcome != w.Outcome {
		return v.Outcome > w.Outcome
	}
	if v.Outcome == Loss {
		return v.Remoteness > w.Remoteness
	}
	return v.Remoteness < w.Remoteness
}

// MoveValue is a legal move and what it is worth to the player making it.
type MoveValue struct {
	Move Move
	// Value is the mover's value after the move, counting the move itself:
	// the outcome for the player who made it and the moves until the game
	// ends, this one included.
	Value Value
}

// MoveValues returns the value of every legal move of pos, in the order
// of Moves, found by one exhaustive search entering at most budget states
// (0 for no limit). It returns ErrBudget when the position does not pack
// into a state or the search needs more, ErrTooDeep for a game longer
// than a value can count, or the context's error.
func MoveValues(ctx context.Context, pos Position, budget int) ([]MoveValue, error) {
	return NewOracle(ctx, pos.Game(), budget).MoveValues(pos)
}

// MoveValues returns the value of every legal move of pos, in the order
// of Moves, with the errors of the package-level MoveValues.
func (o *Oracle) MoveValues(pos Position) ([]MoveValue, error) {
	g := pos.Game()
	st, ok := g.Encode(pos)
	if !ok {
		return nil, ErrBudget
	}
	if _, err := o.search.Value(o.ctx, st); err != nil {
		return nil, err
	}
	moves := pos.Moves()
	out := make([]MoveValue, 0, len(moves))
	for _, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			return nil, err
		}
		ns, ok := g.Encode(next)
		if !ok {
			return nil, fmt.Errorf("solver: %s position %q does not pack", g.Name(), next)
		}
		w, err := o.search.Value(o.ctx, ns)
		if err != nil {
			return nil, err
		}
		out = append(out, MoveValue{Move: m, Value: Value{Outcome: -w.Outcome, Remoteness: w.Remoteness + 1}})
	}
	return out, nil
}
