package practice

import (
	"context"

	"github.com/nimtutor/nimtutor/solver"
)

// remoteness returns pos's remoteness, or -1 if the search passes budget.
func remoteness(pos solver.Position, budget int) int {
	v, ok := solver.Reach(context.Background(), pos, budget)
	if !ok {
		return -1
	}
	return v.Remoteness
}
