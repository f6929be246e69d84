package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/nimtutor/nimtutor/render"
)

// runRender implements `nimtutor render GAME POSITION [--first X] [--bare] [-o file.png]`.
func runRender(ctx context.Context, args []string, stdout io.Writer) error {
	pf := newPositionFlags("render")
	out := pf.fs.String("o", "", "the PNG file to write (default GAME.png; - for standard output)")
	bare := pf.fs.Bool("bare", false, "draw the position only, without the analysis")
	pos, _, err := pf.parse(args)
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
	if *out == "-" {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the picture: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}
