package main

import (
	"context"
	"io"

	"github.com/nimtutor/nimtutor/solver"
)

// runJudge implements `nimtutor judge`: it reads the original problem's
// judge input and writes the expected output, streaming.
func runJudge(ctx context.Context, args []string, in io.Reader, out io.Writer) error {
	fs := newFlags("judge")
	strict := fs.Bool("strict", false, "also enforce the contest's limits")
	positional, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(positional) != 1 {
		return usagef("give one game and the input on standard input")
	}
	g, err := solver.Lookup(positional[0])
	if err != nil {
		return err
	}
	return solver.Judge(ctx, g, in, out, *strict)
}
