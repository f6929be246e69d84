package main

import (
	"context"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// solve solves pos, counting the moves to the end where the search
// reaches, and reports the move the explanation teaches, in the numbering
// of pos (for stacks, the explanation works on sorted stacks).
func solve(ctx context.Context, pos solver.Position) solver.Result {
	return explain.Solve(ctx, pos)
}

// steps returns the full explanation, then the move in the numbering of
// the student's position: `solve --full` and the JSON contract's steps.
func steps(ctx context.Context, r solver.Result) []explain.Step {
	return append(explain.Explain(r, explain.Options{}), explain.MoveStep(ctx, r))
}

// shortSteps returns the short reply `solve` prints by default.
func shortSteps(ctx context.Context, r solver.Result) []explain.Step {
	return explain.Short(explain.Summary(ctx, r, explain.Options{}), explain.MoveStep(ctx, r))
}
