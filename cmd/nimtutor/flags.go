package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/nimtutor/nimtutor/solver"
)

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// helpRequest is the error of a command asked for its help with -h or
// --help: Exec prints the command's usage and the flags of fs to
// standard output and exits 0, as Go's own commands do.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string { return "help requested" }

// parseFlags parses args into fs: -h or --help becomes a *helpRequest,
// any other mistake a usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return &helpRequest{fs}
	case err != nil:
		// "-1 2" or "-.P": not a flag's name but a position that starts
		// with '-', which has to come after --.
		const undefined = "flag provided but not defined: "
		if name, ok := strings.CutPrefix(err.Error(), undefined); ok {
			if r := strings.TrimLeft(name, "-"); r == "" || !unicode.IsLetter(rune(r[0])) {
				return usagef("%q is not a flag; a position that starts with '-' goes after --, as in: nimtutor %s GAME -- %q", name, fs.Name(), name)
			}
		}
		return usagef("%v", err)
	}
	return nil
}

// alias declares name as a second name of the flag of, for a name the
// command line used before; -h does not list it.
func alias(fs *flag.FlagSet, name, of string) {
	fs.Var(fs.Lookup(of).Value, name, "")
}

// printFlags lists the flags of fs as flag.PrintDefaults does, each with
// its type, its usage and its default when that is not the zero value,
// leaving out the aliases.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	n := 0
	fs.VisitAll(func(f *flag.Flag) {
		if f.Usage == "" {
			return
		}
		shown.Var(f.Value, f.Name, f.Usage)
		// The listing shows the default even when -h comes after flags
		// that changed the value.
		shown.Lookup(f.Name).DefValue = f.DefValue
		n++
	})
	if n == 0 {
		fmt.Fprintln(w, "  (none)")
		return
	}
	shown.SetOutput(w)
	shown.PrintDefaults()
}

// parseArgs parses flags that may come before, between or after the
// positional arguments, and returns the positional ones. A lone "--" ends
// the flags, so a position that starts with "-" can still be given.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		if args[0] == "--" {
			return append(positional, args[1:]...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// parseNoArgs parses flags for a command that takes no positional arguments.
func parseNoArgs(fs *flag.FlagSet, args []string) error {
	positional, err := parseArgs(fs, args)
	if err == nil && len(positional) > 0 {
		err = usagef("unexpected argument %q", positional[0])
	}
	return err
}

// parsePosition reads "GAME POSITION..." with an optional first player.
// Words of the position after the first are joined with spaces, so binim
// stacks may be given as separate arguments.
func parsePosition(positional []string, first string) (solver.Position, error) {
	if len(positional) < 2 {
		return nil, usagef("give a game and a position")
	}
	g, err := solver.Lookup(positional[0])
	if err != nil {
		return nil, err
	}
	if first != "" && !g.NeedsFirst() {
		return nil, usagef("--first is for games where either player may start (binim, binim2); in %s, %s always moves first", g.Name(), g.PlayerName(0))
	}
	text := strings.Join(positional[1:], " ")
	// The games' own check names a slash command's limit; the command
	// line keeps the same limit (play and the console hand the position
	// on to the slash commands) but says it in its own words.
	if len(text) > solver.MaxPositionLen {
		return nil, solver.Inputf("position", "it has %d characters, over the %d-character limit of a position on the command line", len(text), solver.MaxPositionLen)
	}
	return solver.ParseFor(g, text, solver.ParseOptions{First: first})
}

// positionFlags are the flags of every command that takes a position.
type positionFlags struct {
	fs    *flag.FlagSet
	first *string
	rule  *string
}

// newPositionFlags returns a flag set with --first already declared.
func newPositionFlags(name string) positionFlags {
	fs := newFlags(name)
	return positionFlags{fs: fs, first: fs.String("first", "", "who moves first: Dee or Dum (binim and binim2 need it; the other games have no choice)"),
		rule: fs.String("rule", "", "the rule of a game whose position carries its rule (for example 'subtract 1,3,4'): written before the position with a colon")}
}

// parse reads the arguments and the position they name.
func (p positionFlags) parse(args []string) (solver.Position, []string, error) {
	positional, err := parseArgs(p.fs, args)
	if err != nil {
		return nil, nil, err
	}
	return p.position(positional)
}

// position reads the position the positional arguments name.
func (p positionFlags) position(positional []string) (solver.Position, []string, error) {
	if *p.rule != "" && len(positional) >= 2 {
		positional = []string{positional[0], *p.rule + ": " + strings.Join(positional[1:], " ")}
	}
	pos, err := parsePosition(positional, *p.first)
	return pos, positional, err
}
