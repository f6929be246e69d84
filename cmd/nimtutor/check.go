package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// runCheck implements `nimtutor check`: with --tests it writes a test
// file in the judge's format; with --output it compares a program's
// answers to the test file (--input, or the file of --seed) with the truth.
func runCheck(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("check")
	tests := fs.Bool("tests", false, "write a test file in the judge's format")
	seedFlag := fs.String("seed", "", "the seed of the test file (random when writing one)")
	file := fs.String("o", "", "with --tests: write the file here (default: standard output)")
	inPath := fs.String("input", "", "the judge input your program read")
	outPath := fs.String("output", "", "your program's output")
	positional, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(positional) != 1 {
		return usagef("give one game")
	}
	g, err := solver.Lookup(positional[0])
	if err != nil {
		return err
	}
	if !check.Supported(g) {
		return fmt.Errorf("check has no test generator for %s", g.Name())
	}
	var seed uint64
	hasSeed := *seedFlag != ""
	if hasSeed {
		if _, err := fmt.Sscan(*seedFlag, &seed); err != nil {
			return usagef("--seed %q is not a number", *seedFlag)
		}
	}
	switch {
	case *tests && *outPath != "":
		return usagef("give --tests to write a test file, or --output to check one, not both")
	case *tests:
		if !hasSeed {
			seed = rand.Uint64() >> 16 // short enough to type
		}
		f, err := check.Generate(g, seed)
		if err != nil {
			return err
		}
		if *file == "" {
			_, err = out.Write(f.Input)
		} else {
			err = os.WriteFile(*file, f.Input, 0o644)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(errOut, "%s\nCheck your program's output with: nimtutor check %s --seed %d --output out.txt\n", f.Summary(), g.Name(), seed)
		return nil
	case *outPath == "":
		return usagef("give --tests, or --output with --input or --seed")
	}
	var input []byte
	switch {
	case *inPath != "" && hasSeed:
		return usagef("give --input or --seed, not both")
	case *inPath != "":
		if input, err = os.ReadFile(*inPath); err != nil {
			return err
		}
	case hasSeed:
		f, err := check.Generate(g, seed)
		if err != nil {
			return err
		}
		input = f.Input
	default:
		return usagef("give the input your program read (--input) or the seed of the test file (--seed)")
	}
	output, err := os.Open(*outPath)
	if err != nil {
		return err
	}
	defer output.Close()
	// The output is compared line by line as it is read.
	rep, err := check.CompareReader(ctx, g, input, output)
	if ie, ok := errors.AsType[*fault.Error](err); ok {
		return fmt.Errorf("%s is not a valid %s input: %w", *inPath, g.Name(), ie)
	}
	if err != nil {
		return err
	}
	for _, line := range rep.Lines() {
		fmt.Fprintln(out, explain.Plain(line))
	}
	if rep.Smallest != nil {
		res, stepList, err := check.Explain(ctx, g, rep.Smallest, explain.Options{})
		if err != nil {
			fmt.Fprintf(out, "\nThe failing position is too large to explain here: %v\n", err)
		} else {
			fmt.Fprintf(out, "\nWhy the answer is %s:\n", res.Answer())
			for k, s := range stepList {
				fmt.Fprintf(out, "\n%d. %s\n%s\n", k+1, s.Title, explain.Plain(s.Body))
			}
		}
	}
	if !rep.OK() {
		return errNotAllRight
	}
	return nil
}

// errNotAllRight makes a failed check exit non-zero, after the report.
var errNotAllRight = errors.New("not every answer is right")
