package main

import (
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// solve solves pos and reports the move the explanation teaches, in the
// numbering of pos (for stacks, the explanation works on sorted stacks).
func solve(pos solver.Position) solver.Result {
	r := solver.Solve(pos)
	r.Move = explain.LocalMove(r)
	return r
}

// steps returns the full explanation, then the move in the numbering of
// the student's position: `solve --full` and the JSON contract's steps.
func steps(r solver.Result) []explain.Step {
	return append(explain.Explain(r, explain.Options{}), explain.MoveStep(r))
}

// shortSteps returns the short reply `solve` prints by default.
func shortSteps(r solver.Result) []explain.Step {
	return explain.Short(explain.Summary(r, explain.Options{}), explain.MoveStep(r))
}
