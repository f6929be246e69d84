package solver

import "context"

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
	if _, err := o.value(pos); err != nil {
		return nil, err
	}
	moves := pos.Moves()
	out := make([]MoveValue, len(moves))
	for i, m := range moves {
		v, err := o.after(pos, m)
		if err != nil {
			return nil, err
		}
		out[i] = MoveValue{Move: m, Value: v}
	}
	return out, nil
}
