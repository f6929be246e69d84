package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
)

// runHint implements `nimtutor hint GAME POSITION [--first X] --level N
// [--verdict WINNER]`: one level of the ladder, or with --verdict the
// student's verdict checked, as the ladder's check level asks.
func runHint(ctx context.Context, args []string, out io.Writer) error {
	pf := newPositionFlags("hint")
	level := pf.fs.Int("level", 1, "which level of the ladder to print, from 1")
	verdict := pf.fs.String("verdict", "", "check your verdict instead: a player's name, or Tie where the game can tie")
	pos, _, err := pf.parse(args)
	if err != nil {
		return err
	}
	if *verdict != "" && flagSet(pf.fs, "level") {
		return usagef("--level prints a hint and --verdict checks your verdict: give one of them")
	}
	r := explain.Solve(ctx, pos)
	choices := explain.VerdictChoices(pos)
	if *verdict != "" {
		k := slices.IndexFunc(choices, func(c string) bool { return strings.EqualFold(c, strings.TrimSpace(*verdict)) })
		if k < 0 {
			return fault.New(fault.EInvalid, "verdict", "%q is not a verdict here; choose one of %s", *verdict, strings.Join(choices, ", "))
		}
		_, reply := explain.CheckVerdict(r, choices[k])
		fmt.Fprintln(out, reply)
		return nil
	}
	hints := explain.Hints(ctx, r, explain.Options{})
	if *level < 1 || *level > len(hints) {
		return fault.New(fault.EInvalid, "level", "there are %d levels of hints for this position; choose 1 to %d", len(hints), len(hints))
	}
	h := hints[*level-1]
	fmt.Fprintf(out, "Hint %d of %d: %s\n%s\n", *level, len(hints), h.Title, explain.Plain(h.Body))
	if *level == explain.CheckLevel {
		fmt.Fprintf(out, "Check your verdict: --verdict %q (one of %s).\n", choices[0], strings.Join(choices, ", "))
	}
	if d := explain.Distance(r); *level == len(hints) && d != "" {
		fmt.Fprintln(out, d)
	}
	return nil
}
