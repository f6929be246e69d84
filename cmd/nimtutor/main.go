// Command nimtutor is the game-theory tutor: a Discord bot, a local
// console that takes the same slash commands, and a command line that
// solves, explains, judges, verifies, plays and draws positions.
//
// Run with no arguments it starts the Discord gateway when DISCORD_TOKEN
// is set, and the local console otherwise. `nimtutor help` lists the rest.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	// The binary offers every game: registering them is this import.
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/fault"
	_ "github.com/nimtutor/nimtutor/games/all"
	"github.com/nimtutor/nimtutor/solver"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Configuration comes from the environment; a .env file, when present,
	// fills in what the environment does not already set.
	if err := loadDotEnv(".env"); err != nil {
		fmt.Fprintf(os.Stderr, "nimtutor: %v\n", err)
		os.Exit(1)
	}
	os.Exit(NewMain().Exec(ctx, os.Args[1:]))
}

// Main is one run of the command line: its standard streams, the
// subcommand ParseFlags chose with its arguments, and the store Run may
// open, which Close closes. main, the tests and the end-to-end server
// process all run the command line through it.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer

	cmd     *subcommand
	args    []string
	closers []func() error
	// now is practice's clock, nil for time.Now; tests move it.
	now func() time.Time
}

// NewMain returns a Main on the process's standard streams.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
}

// ParseFlags chooses the subcommand args name and keeps the rest of args
// for it: no name starts the Discord gateway when DISCORD_TOKEN is set,
// and the console otherwise. An unknown name is an EUsage error. Each
// subcommand parses its own flags when it runs.
func (m *Main) ParseFlags(_ context.Context, args []string) error {
	name, rest := "", args
	if len(args) > 0 {
		name, rest = args[0], args[1:]
	}
	if name == "" {
		name = "console"
		if setting("DISCORD_TOKEN") != "" {
			name = "gateway"
		}
	}
	if name == "-h" || name == "--help" {
		name = "help"
	}
	if c := lookupCommand(name); c != nil {
		m.cmd, m.args = c, rest
		return nil
	}
	if _, err := solver.Lookup(name); err == nil {
		return fault.New(fault.EUsage, "", "%q is not a command but a game; a command comes first: nimtutor solve %s POSITION", name, name)
	}
	slash := strings.TrimPrefix(name, "/")
	for _, d := range commands.Definitions() {
		if d.Name == slash {
			return fault.New(fault.EUsage, "", "%q is not a command of the command line but a slash command: run nimtutor console, then type /%s", name, slash)
		}
	}
	return fault.New(fault.EUsage, "", "%q is not a command", name)
}

// Run runs the subcommand ParseFlags chose.
func (m *Main) Run(ctx context.Context) error {
	if m.cmd == nil {
		return fault.New(fault.EUsage, "", "no command chosen")
	}
	return m.cmd.run(m, ctx, m.args)
}

// Close releases what Run opened and left open: the stores the console
// commands opened.
func (m *Main) Close() error {
	var errs []error
	for _, f := range m.closers {
		errs = append(errs, f())
	}
	m.closers = nil
	return errors.Join(errs...)
}

// Exec parses args, runs the command and closes, printing any error to
// Stderr, and returns the process's exit code: 0 for success and for a
// command's help (-h), 1 for a failure, 2 for a usage error (EUsage).
func (m *Main) Exec(ctx context.Context, args []string) int {
	err := m.ParseFlags(ctx, args)
	if err != nil {
		// The one line that says what is wrong, and where the list is:
		// the whole list after it would push that line off the screen.
		fmt.Fprintf(m.Stderr, "nimtutor: %v\nRun 'nimtutor help' for the list of commands.\n", err)
		return 2
	}
	err = m.Run(ctx)
	if cerr := m.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("closing the store: %w", cerr)
	}
	if err == nil {
		return 0
	}
	if h, ok := errors.AsType[*helpRequest](err); ok {
		printCommandHelp(m.Stdout, h.fs)
		return 0
	}
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		// Ctrl+C or SIGTERM: say so, rather than "context canceled".
		fmt.Fprintf(m.Stderr, "nimtutor %s: stopped before it finished (interrupted)\n", m.cmd.name)
		return 1
	}
	fmt.Fprintf(m.Stderr, "nimtutor %s: %v\n", m.cmd.name, err)
	if fault.Code(err) == fault.EUsage {
		fmt.Fprintf(m.Stderr, "usage: %s\nRun 'nimtutor %s -h' for its flags.\n", m.cmd.synopsis(), m.cmd.name)
		return 2
	}
	return 1
}

// onClose has Close call f.
func (m *Main) onClose(f func() error) { m.closers = append(m.closers, f) }

// subcommand is one entry of the command line: its name, the arguments
// of its synopsis, and a one-line summary; -h adds the flags its run
// declares.
type subcommand struct {
	name, args, summary string
	run                 func(m *Main, ctx context.Context, args []string) error
}

// synopsis is the command's usage line: "nimtutor NAME ARGS".
func (c *subcommand) synopsis() string {
	return strings.TrimSpace("nimtutor " + c.name + " " + c.args)
}

// lookupCommand returns the subcommand called name, or nil.
func lookupCommand(name string) *subcommand {
	if k := slices.IndexFunc(subcommands, func(c subcommand) bool { return c.name == name }); k >= 0 {
		return &subcommands[k]
	}
	return nil
}

// subcommands is the command line's table; `help` prints it.
var subcommands []subcommand

// out adapts a command that only writes to Stdout.
func out(f func(context.Context, []string, io.Writer) error) func(*Main, context.Context, []string) error {
	return func(m *Main, ctx context.Context, args []string) error { return f(ctx, args, m.Stdout) }
}

// both adapts a command that writes to Stdout and Stderr.
func both(f func(context.Context, []string, io.Writer, io.Writer) error) func(*Main, context.Context, []string) error {
	return func(m *Main, ctx context.Context, args []string) error { return f(ctx, args, m.Stdout, m.Stderr) }
}

func init() {
	subcommands = []subcommand{
		{"solve", "GAME POSITION [--first Dee|Dum] [--json] [--full]", "who wins, one optimal move and why", out(runSolve)},
		{"hint", "GAME POSITION [--first Dee|Dum] [--level N | --verdict WINNER]", "one level of the hint ladder, or check your verdict", out(runHint)},
		{"moves", "GAME POSITION [--first Dee|Dum] [--json]", "every legal move: win, lose or tie, in how many moves, and the recommended one", out(runMoves)},
		{"why", `GAME POSITION --move "A B" [--other-move "C D"] [--first Dee|Dum]`, "why a move is wrong or slower, against the recommended or another move", out(runWhy)},
		{"judge", "GAME [--strict] < input", "answer the original problem's judge input",
			func(m *Main, ctx context.Context, args []string) error { return runJudge(ctx, args, m.Stdin, m.Stdout) }},
		{"check", "GAME --tests [--seed N] [-o FILE]\n   or: nimtutor check GAME --input IN.txt|--seed N --output OUT.txt", "a test file in the judge's format, or your program's output checked answer by answer",
			both(runCheck)},
		{"verify", "GAME|all [--max N]\n   or: nimtutor verify GAME POSITION [--first Dee|Dum]", "prove the formula by exhaustive search on all small positions", out(runVerify)},
		{"play", "GAME POSITION [--first Dee|Dum] [--bot-first]", "play a position against a bot that never errs", (*Main).runPlay},
		{"practice", "GAME [--theme T]", "rated puzzles at your level; answers, hints and ratings are stored", (*Main).runPractice},
		{"refit", "[--simulated [--rounds N] [--seed N]] [--limit N] [--write FILE]", "fit the model that gives new puzzles their first rating, and say how well it predicts misses", (*Main).runRefit},
		{"progress", "[GAME]", "your practice ratings, streaks, weakest theme and a plot", runConsoleLine("progress")},
		{"history", "", "your recent puzzles and games", runConsoleLine("history")},
		{"review", "[GAMEID]", "the review card of a stored game (the latest finished one by default)", (*Main).runReview},
		{"values", "RULE [--n N]", "a heap rule's grundy values, their period and why it holds (subtract and octal rules; render values RULE draws their chart)", out(runValues)},
		{"render", "GAME POSITION [--first Dee|Dum] [--bare] [-o FILE.png] | values RULE [--n N] [-o FILE.png]", "draw the position as a PNG, or the chart of a heap rule's values", out(runRender)},
		{"console", "[--pictures DIR]", "the local console: slash commands on standard input, replies as text", (*Main).runConsole},
		{"gateway", "[--shards N|auto [--shard ID | --shard-range FIRST-LAST]] [--metrics-addr HOST:PORT]", "run the Discord bot over the gateway (needs DISCORD_TOKEN)", both(runGateway)},
		{"http", "[--addr HOST:PORT]", "serve Discord's Interactions Endpoint URL (needs DISCORD_PUBLIC_KEY)", both(runHTTP)},
		{"register", "[--guild ID | --global]", "send the slash-command table to Discord (needs DISCORD_TOKEN, DISCORD_APP_ID)", both(runRegister)},
		{"commands", "[--json]", "print the slash-command table as sent to Discord", out(runCommands)},
		{"loadtest", "[--duration 20s] [--conns 16] [--seed N]", "drive the HTTP endpoint with a busy server's mix beside a do-nothing endpoint; print the figures",
			both(runLoadtest)},
		{"help", "[COMMAND]", "this list, or a command's usage and flags", runHelp},
	}
}

// runHelp implements `nimtutor help [COMMAND]`: the list of commands, or
// what `nimtutor COMMAND -h` prints.
func runHelp(m *Main, ctx context.Context, args []string) error {
	positional, err := parseArgs(newFlags("help"), args)
	switch {
	case err != nil:
		return err
	case len(positional) > 1:
		return usagef("help takes at most one command")
	case len(positional) == 0:
		printHelp(m.Stdout)
		return nil
	}
	c := lookupCommand(positional[0])
	if c == nil {
		return usagef("%q is not a command; nimtutor help lists them", positional[0])
	}
	return c.run(m, ctx, []string{"-h"})
}

// printHelp writes the list of games and commands.
func printHelp(w io.Writer) {
	fmt.Fprint(w, "nimtutor teaches game theory through competitive-programming games.\n\n")
	fmt.Fprint(w, "Usage: nimtutor COMMAND [ARGUMENTS] [FLAGS]\n\nGames:\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, g := range solver.Games() {
		fmt.Fprintf(tw, "  %s\t%s\n", g.Name(), g.Title())
	}
	tw.Flush()
	fmt.Fprint(w, "\nCommands:\n")
	for _, c := range subcommands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprint(w, "\nWith no command, nimtutor runs the gateway when DISCORD_TOKEN is set and the console otherwise.\n")
	fmt.Fprint(w, "Run 'nimtutor COMMAND -h' (or 'nimtutor help COMMAND') for a command's arguments and flags.\n")
}

// printCommandHelp writes what `nimtutor COMMAND -h` prints: the
// synopsis and summary of the command whose flags fs holds, then every
// flag with its default.
func printCommandHelp(w io.Writer, fs *flag.FlagSet) {
	c := lookupCommand(fs.Name())
	if c == nil { // a flag set named after no command: a bug, said plainly
		fmt.Fprintf(w, "nimtutor %s: no help for this command\n", fs.Name())
		return
	}
	fmt.Fprintf(w, "usage: %s\n\n%s.\n\nFlags:\n", c.synopsis(), capitalize(c.summary))
	printFlags(w, fs)
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// usagef returns a mistake in how a command was called (exit code 2).
func usagef(format string, args ...any) error {
	return fault.New(fault.EUsage, "", format, args...)
}
