package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nimtutor/nimtutor/chart"
	"github.com/nimtutor/nimtutor/games/heaps"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/tutor"
)

// runRender implements `nimtutor render GAME POSITION [--first X]
// [--bare] [-o file.png]`, and `nimtutor render values RULE [--n N] [-o
// file.png]`, the chart of a heap rule's values that /heaps values
// attaches.
func runRender(ctx context.Context, args []string, stdout io.Writer) error {
	pf := newPositionFlags("render")
	out := pf.fs.String("o", "", "the PNG file to write (default GAME.png, or RULE-values.png; - for standard output)")
	bare := pf.fs.Bool("bare", false, "draw the position only, without the analysis")
	n := pf.fs.Int("n", 0, fmt.Sprintf("with values: how many heaps' values to chart (the first %d are drawn; default: the period twice past its start)", chart.MaxBars))
	positional, err := parseArgs(pf.fs, args)
	if err != nil {
		return err
	}
	var png []byte
	if len(positional) > 0 && positional[0] == "values" {
		if len(positional) == 1 {
			return usagef("render values needs a rule, such as kayles or 'subtract 1,3,4'")
		}
		for _, f := range []string{"bare", "first", "rule"} {
			if flagSet(pf.fs, f) {
				return usagef("--%s is for a position; render values takes a rule, --n and -o", f)
			}
		}
		s, err := heaps.Values(strings.Join(positional[1:], " "), *n)
		if err != nil {
			return err
		}
		if png, err = tutor.ValuesPicture(s); err != nil {
			return err
		}
		*out = cmp.Or(*out, valuesFile(s.Rule))
	} else {
		if flagSet(pf.fs, "n") {
			return usagef("--n is for render values RULE: how many values to chart")
		}
		pos, _, err := pf.position(positional)
		if err != nil {
			return err
		}
		*out = cmp.Or(*out, pos.Game().Name()+".png")
		if err := ctx.Err(); err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := render.PNG(&buf, pos, render.Options{Annotate: !*bare}); err != nil {
			return err
		}
		png = buf.Bytes()
	}
	if *out == "-" {
		_, err := stdout.Write(png)
		return err
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fmt.Errorf("writing the picture: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}

// valuesFile names a rule's chart: "kayles-values.png",
// "subtract-1_3_4-values.png", as /heaps values attaches it.
func valuesFile(rule string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ',':
			return '_'
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-':
			return r
		}
		return '-'
	}, rule) + "-values.png"
}
