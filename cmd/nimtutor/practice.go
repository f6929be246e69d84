package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// runPractice implements `nimtutor practice GAME [--theme T]`: rated
// puzzles in the terminal for the one local learner, through the same
// handlers as /practice, on the same store.
func (m *Main) runPractice(ctx context.Context, args []string) error {
	if len(args) > 0 && args[0] == "refit" {
		return m.runRefit(ctx, args[1:])
	}
	in, out := m.Stdin, m.Stdout
	fs := newFlags("practice")
	theme := fs.String("theme", "", "only puzzles that need this idea")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	if fs.NArg() != 1 {
		return usagef("practice needs one game: %s", strings.Join(solver.Names(), ", "))
	}
	g, err := solver.Lookup(fs.Arg(0))
	if err != nil {
		return err
	}
	c := m.newConsole("")
	line := "/practice game:" + g.Name()
	if *theme != "" {
		line += " theme:" + *theme
	}
	c.Do(ctx, line, out)
	fmt.Fprintln(out, "Type your move as two numbers (e.g. 5 4), hint, next, or quit.")
	return typeMoves(ctx, c, in, out, func() bool { return true }, map[string]func(){
		"hint": func() {
			if !c.Click(ctx, "Hint", out) && !c.Click(ctx, "Show", out) {
				fmt.Fprintln(out, "no hint left here")
			}
		},
		"next": func() {
			if !c.Click(ctx, "Next", out) {
				c.Do(ctx, line, out)
			}
		},
	})
}

// runConsoleLine implements the commands that are one console line:
// `nimtutor progress [GAME]` and `nimtutor history`.
func runConsoleLine(name string) func(m *Main, ctx context.Context, args []string) error {
	return func(m *Main, ctx context.Context, args []string) error {
		fs := newFlags(name)
		if err := fs.Parse(args); err != nil {
			return usagef("%v", err)
		}
		line := "/" + name
		switch {
		case name == "progress" && fs.NArg() == 1:
			g, err := solver.Lookup(fs.Arg(0))
			if err != nil {
				return err
			}
			line += " game:" + g.Name()
		case fs.NArg() > 0:
			return usagef("%s takes %s", name, map[string]string{"progress": "at most a game", "history": "no arguments"}[name])
		}
		m.newConsole("").Do(ctx, line, m.Stdout)
		return nil
	}
}

// runReview implements `nimtutor review [GAMEID]`: the review card of a
// stored game, the latest finished one by default, for the local learner.
func (m *Main) runReview(ctx context.Context, args []string) error {
	out := m.Stdout
	fs := newFlags("review")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	if fs.NArg() > 1 {
		return usagef("review takes at most one game id (nimtutor history lists them)")
	}
	lp := newLazyPractice(quietLogger(io.Discard))
	m.onClose(lp.close)
	svc, err := lp.open(ctx)
	if err != nil {
		return err
	}
	var rec store.GameRecord
	if fs.NArg() == 1 {
		if rec, err = svc.Store().Game(ctx, fs.Arg(0)); errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no stored game has the id %q", fs.Arg(0))
		}
	} else {
		games, err := svc.Store().Games(ctx, bot.ConsoleUserID, 50)
		if err != nil {
			return err
		}
		k := slices.IndexFunc(games, func(g store.GameRecord) bool { return g.Result != "" })
		if k < 0 {
			return errors.New("no finished game is stored yet; play one with `nimtutor play GAME POSITION`")
		}
		rec = games[k]
	}
	if err != nil {
		return err
	}
	rev, err := practice.ReviewRecord(rec)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Game %s (%s)\n%s\n", rec.ID, rec.Updated.Format("2 Jan 2006 15:04"), strings.ReplaceAll(rev.Card(), "**", ""))
	return nil
}
