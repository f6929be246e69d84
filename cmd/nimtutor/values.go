package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nimtutor/nimtutor/games/heaps"
)

// runValues implements `nimtutor values RULE [--n N]`: a heap rule's
// Grundy values as a table, one row per period where a period is proven
// (so the repeat shows as equal columns), and why the period holds.
func runValues(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlags("values")
	n := fs.Int("n", 0, fmt.Sprintf("how many values to list, up to %d (default: the period twice past its start)", heaps.MaxListed))
	positional, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(positional) == 0 {
		return usagef("values needs a rule, such as kayles or 'subtract 1,3,4'")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s, err := heaps.Values(strings.Join(positional, " "), *n)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %s.\nGrundy values of heaps 0 to %d:\n", s.Rule, s.Describe, len(s.Values)-1)
	for _, line := range s.Table() {
		fmt.Fprintln(out, line)
	}
	fmt.Fprintln(out, s.Proof)
	return nil
}
