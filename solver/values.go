package solver

import "context"

// MoveValue is a legal move and what it is worth to the player making it.
type MoveValue struct {
	Move Move
	// Value is the mover's value after the move, counting the move itself:
	// the outcome for the player who made it and the moves until the game
	// ends, this one included.
	Value Value
}

// MoveValues returns the value of every legal move of pos, in the order
// of Moves, found by one Oracle entering at most budget states (0 for no
// limit). It returns ErrBudget when the position does not pack into a
// state or the search needs more states, or the context's error.
func MoveValues(ctx context.Context, pos Position, budget int) ([]MoveValue, error) {
	o := NewOracle(ctx, pos.Game(), budget)
	if _, ok := o.Value(pos); !ok {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, ErrBudget
	}
	moves := pos.Moves()
	out := make([]MoveValue, 0, len(moves))
	for _, m := range moves {
		v, ok := o.After(pos, m)
		if !ok {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			return nil, ErrBudget
		}
		out = append(out, MoveValue{Move: m, Value: v})
	}
	return out, nil
}
