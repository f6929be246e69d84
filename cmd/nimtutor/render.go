package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// renderUsage is the one-line usage of `nimtutor render`.
const renderUsage = "usage: nimtutor render GAME POSITION [--first Dee|Dum] [--bare] [-o file.png]"

// runRender implements `nimtutor render`.
func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	first := fs.String("first", "", "who moves first in binim and binim2: Dee or Dum")
	out := fs.String("o", "", "the PNG file to write (default GAME.png; - for standard output)")
	bare := fs.Bool("bare", false, "draw the position only, without the analysis")
	fs.Usage = func() {
		fmt.Fprintln(stderr, renderUsage)
		fs.PrintDefaults()
	}
	// Flags may come before, between or after the positional arguments.
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil
			}
			return fmt.Errorf("render: %w", err)
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(positional) < 2 {
		return fmt.Errorf("render: need a game and a position; %s", renderUsage)
	}
	game, err := solver.Lookup(positional[0])
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if len(positional) > 2 && !game.NeedsFirst() {
		return fmt.Errorf("render: %d arguments after the game; write the position as one argument (in quotes)", len(positional)-1)
	}
	// Stacks may come as separate arguments: `render binim2 010 101`.
	text := strings.Join(positional[1:], " ")
	pos, err := game.Parse(text, solver.ParseOptions{First: *first})
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if *out == "" {
		*out = game.Name() + ".png"
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, pos, render.Options{Annotate: !*bare}); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if *out == "-" {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("render: writing the picture: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}
