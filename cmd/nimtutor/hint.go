package main

import (
	"context"
	"fmt"
	"io"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// runHint implements `nimtutor hint GAME POSITION [--first X] --level N`.
func runHint(ctx context.Context, args []string, out io.Writer) error {
	pf := newPositionFlags("hint")
	level := pf.fs.Int("level", 1, "which level of the ladder to print, from 1")
	pos, _, err := pf.parse(args)
	if err != nil {
		return err
	}
	r := solve(ctx, pos)
	hints := explain.Hints(r, explain.Options{})
	if *level < 1 || *level > len(hints) {
		return &solver.InputError{Field: "level", Msg: fmt.Sprintf("there are %d levels of hints for this position; choose 1 to %d", len(hints), len(hints))}
	}
	h := hints[*level-1]
	fmt.Fprintf(out, "Hint %d of %d: %s\n%s\n", *level, len(hints), h.Title, h.Body)
	if d := explain.Distance(r); *level == len(hints) && d != "" {
		fmt.Fprintln(out, d)
	}
	return nil
}
