package main

import (
	"context"
	"fmt"
	"io"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// runWhy implements `nimtutor why GAME POSITION --move "A B"
// [--other-move "C D"]`: why a move is wrong (or slower), against the recommended move or
// another one.
func runWhy(ctx context.Context, args []string, out io.Writer) error {
	pf := newPositionFlags("why")
	move := pf.fs.String("move", "", `the move to look at, as two numbers: "5 4"`)
	other := pf.fs.String("other-move", "", "the move to compare it with, as two numbers (default: the recommended move)")
	alias(pf.fs, "other", "other-move") // the flag's name before it matched /GAME why other_move
	pos, _, err := pf.parse(args)
	if err != nil {
		return err
	}
	if *move == "" && !solver.HasMoves(pos) {
		// There is no move to ask about: say why the game is over.
		printSteps(out, pos, explain.WhyNoMove(pos))
		return nil
	}
	if *move == "" {
		return usagef("give the move to look at with --move, as two numbers: %s", pos.Game().MoveFormat())
	}
	m, err := parseMove(pos, "move", *move)
	if err != nil {
		return err
	}
	var o solver.Move
	if *other != "" {
		if o, err = parseMove(pos, "other-move", *other); err != nil {
			return err
		}
		if o.String() == m.String() {
			return usagef("--other-move is the move --move names (%s); give another move to compare it with, or leave --other-move out to compare it with the recommended move", m)
		}
	}
	steps, err := explain.Why(ctx, explain.Solve(ctx, pos), m, o)
	if err != nil {
		return err
	}
	printSteps(out, pos, steps)
	return nil
}

// printSteps prints a why report: the game and position, then each step.
func printSteps(out io.Writer, pos solver.Position, steps []explain.Step) {
	fmt.Fprintf(out, "%s %s\n", pos.Game().Name(), pos)
	for _, s := range steps {
		fmt.Fprintf(out, "\n%s: %s\n", s.Title, explain.Plain(s.Body))
	}
}

// parseMove reads a move typed as two numbers, "5 4" or "5,4".
func parseMove(pos solver.Position, field, text string) (solver.Move, error) {
	if m, ok := solver.ParseMove(pos, text); ok {
		return m, nil
	}
	return nil, fault.New(fault.EInvalid, field, "%q is not two numbers; type %s", text, pos.Game().MoveFormat())
}
