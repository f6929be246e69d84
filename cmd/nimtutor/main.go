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
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/joho/godotenv"

	"github.com/nimtutor/nimtutor/solver"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Configuration comes from the environment; a .env file, when present,
	// fills in what the environment does not already set.
	if err := godotenv.Load(); err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(os.Stderr, "nimtutor: reading .env: %v\n", err)
		os.Exit(1)
	}
	os.Exit(run(ctx, os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}))
}

// stdio is where a subcommand reads and writes.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// subcommand is one entry of the command line.
type subcommand struct {
	name, usage, summary string
	run                  func(ctx context.Context, args []string, io stdio) error
}

// subcommands is the command line's table; `help` prints it.
var subcommands []subcommand

func init() {
	subcommands = []subcommand{
		{"solve", "solve GAME POSITION [--first Dee|Dum] [--json]", "who wins, one optimal move and why",
			func(ctx context.Context, args []string, io stdio) error { return runSolve(ctx, args, io.out) }},
		{"hint", "hint GAME POSITION [--first Dee|Dum] [--level N | --verdict WINNER]", "one level of the hint ladder, or check your verdict",
			func(ctx context.Context, args []string, io stdio) error { return runHint(ctx, args, io.out) }},
		{"moves", "moves GAME POSITION [--first Dee|Dum] [--json]", "every legal move: win, lose or tie, in how many moves, and the recommended one",
			func(ctx context.Context, args []string, io stdio) error { return runMoves(ctx, args, io.out) }},
		{"why", `why GAME POSITION --move "A B" [--other "C D"] [--first Dee|Dum]`, "why a move is wrong or slower, against the recommended or another move",
			func(ctx context.Context, args []string, io stdio) error { return runWhy(ctx, args, io.out) }},
		{"judge", "judge GAME [--strict] < input", "answer the original problem's judge input",
			func(ctx context.Context, args []string, io stdio) error { return runJudge(ctx, args, io.in, io.out) }},
		{"check", "check GAME --tests [--seed N] [-o file] | check GAME --input in.txt|--seed N --output out.txt", "a test file in the judge's format, or your program's output checked answer by answer",
			func(ctx context.Context, args []string, io stdio) error { return runCheck(ctx, args, io.out, io.err) }},
		{"verify", "verify GAME|all [--max N] | verify GAME POSITION", "prove the formula by exhaustive search on all small positions",
			func(ctx context.Context, args []string, io stdio) error { return runVerify(ctx, args, io.out) }},
		{"play", "play GAME POSITION [--first Dee|Dum] [--bot-first]", "play a position against a bot that never errs",
			func(ctx context.Context, args []string, io stdio) error { return runPlay(ctx, args, io.in, io.out) }},
		{"practice", "practice GAME [--theme T]", "rated puzzles at your level; answers, hints and ratings are stored",
			func(ctx context.Context, args []string, io stdio) error { return runPractice(ctx, args, io.in, io.out) }},
		{"progress", "progress [GAME]", "your practice ratings, streaks, weakest theme and a plot", runConsoleLine("progress")},
		{"history", "history", "your recent puzzles and games", runConsoleLine("history")},
		{"review", "review [GAMEID]", "the review card of a stored game (the latest finished one by default)",
			func(ctx context.Context, args []string, io stdio) error { return runReview(ctx, args, io.out) }},
		{"render", "render GAME POSITION [--first Dee|Dum] [--bare] [-o file.png]", "draw the position as a PNG",
			func(ctx context.Context, args []string, io stdio) error { return runRender(ctx, args, io.out, io.err) }},
		{"gateway", "gateway", "run the Discord bot over the gateway (needs DISCORD_TOKEN)",
			func(ctx context.Context, args []string, io stdio) error { return runGateway(ctx, args, io.out, io.err) }},
		{"http", "http [-addr HOST:PORT]", "serve Discord's Interactions Endpoint URL (needs DISCORD_PUBLIC_KEY)",
			func(ctx context.Context, args []string, io stdio) error { return runHTTP(ctx, args, io.out, io.err) }},
		{"register", "register [-guild ID | -global]", "send the slash-command table to Discord (needs DISCORD_TOKEN, DISCORD_APP_ID)",
			func(ctx context.Context, args []string, io stdio) error {
				return runRegister(ctx, args, io.out, io.err)
			}},
		{"console", "console [--pictures DIR]", "the local console: slash commands on standard input, replies as text",
			func(ctx context.Context, args []string, io stdio) error { return runConsole(ctx, args, io.in, io.out) }},
		{"loadtest", "loadtest [-duration 20s] [-conns 16] [-seed N]", "drive the HTTP endpoint with a busy server's mix beside a do-nothing endpoint; print the figures",
			func(ctx context.Context, args []string, io stdio) error {
				return runLoadtest(ctx, args, io.out, io.err)
			}},
		{"commands", "commands --json", "print the slash-command table as sent to Discord",
			func(ctx context.Context, args []string, io stdio) error { return runCommands(ctx, args, io.out) }},
		{"help", "help", "this list",
			func(ctx context.Context, args []string, io stdio) error { printHelp(io.out); return nil }},
	}
}

// run executes the command line and returns the process's exit code:
// 0 for success, 1 for a failure, 2 for a usage error.
func run(ctx context.Context, args []string, io stdio) int {
	name, rest := "", args
	if len(args) > 0 {
		name, rest = args[0], args[1:]
	}
	if name == "" {
		name = "console"
		if os.Getenv("DISCORD_TOKEN") != "" {
			name = "gateway"
		}
	}
	if name == "-h" || name == "--help" {
		name = "help"
	}
	for _, c := range subcommands {
		if c.name != name {
			continue
		}
		err := c.run(ctx, rest, io)
		if err == nil {
			return 0
		}
		fmt.Fprintf(io.err, "nimtutor %s: %v\n", name, err)
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(io.err, "usage: nimtutor %s\n", c.usage)
			return 2
		}
		return 1
	}
	fmt.Fprintf(io.err, "nimtutor: %q is not a command\n", name)
	printHelp(io.err)
	return 2
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "nimtutor teaches game theory through competitive-programming games.")
	fmt.Fprintf(w, "Games: %v\n\nCommands:\n", solver.Names())
	for _, c := range subcommands {
		fmt.Fprintf(w, "  nimtutor %-50s %s\n", c.usage, c.summary)
	}
}

// usageError is a mistake in how a command was called (exit code 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }
