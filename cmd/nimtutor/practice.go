package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// runPractice implements `nimtutor practice GAME [--theme T]`: rated
// puzzles in the terminal for the one local learner, through the same
// handlers as /practice, on the same store.
func (m *Main) runPractice(ctx context.Context, args []string) error {
	in, out := m.Stdin, m.Stdout
	fs := newFlags("practice")
	theme := fs.String("theme", "", `only puzzles that need this idea, such as "nim heaps"; an unknown theme lists them (default: any)`)
	positional, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(positional) != 1 {
		return usagef("practice needs one game: %s", strings.Join(solver.Names(), ", "))
	}
	g, err := solver.Lookup(positional[0])
	if err != nil {
		return err
	}
	line := "/practice game:" + g.Name()
	if *theme != "" {
		// The game's own themes: the console's choices are every game's.
		themes := explain.Themes(g)
		k := slices.IndexFunc(themes, func(t string) bool { return strings.EqualFold(t, strings.TrimSpace(*theme)) })
		if k < 0 {
			return fault.New(fault.EInvalid, "theme", "%q is not a theme of %s's puzzles; choose one of %s", *theme, g.Name(), strings.Join(themes, ", "))
		}
		line += " theme:" + themes[k]
	}
	c, _, err := m.newStoreConsole(ctx)
	if err != nil {
		return err
	}
	c.Do(ctx, line, out)
	prompt := fmt.Sprintf("Type your move as two numbers (%s), hint, next, or quit.", g.MoveFormat())
	fmt.Fprintln(out, prompt)
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
	}, prompt)
}

// runConsoleLine implements the commands that are one console line:
// `nimtutor progress [GAME]` and `nimtutor history`. The reply is printed
// without its buttons, which a command that exits cannot press; what
// they do is said as commands that work here.
func runConsoleLine(name string) func(m *Main, ctx context.Context, args []string) error {
	return func(m *Main, ctx context.Context, args []string) error {
		positional, err := parseArgs(newFlags(name), args)
		if err != nil {
			return err
		}
		line, game := "/"+name, ""
		switch {
		case name == "progress" && len(positional) == 1:
			g, err := solver.Lookup(positional[0])
			if err != nil {
				return err
			}
			game = g.Name()
			line += " game:" + game
		case len(positional) > 0:
			return usagef("%s takes %s", name, map[string]string{"progress": "at most a game", "history": "no arguments"}[name])
		}
		c, t, err := m.newStoreConsole(ctx)
		if err != nil {
			return err
		}
		c.NoControls = true
		c.Do(ctx, line, m.Stdout)
		switch name {
		case "history":
			if h, err := t.History(ctx, bot.ConsoleUserID, 1); err == nil && len(h.Games) > 0 {
				fmt.Fprintln(m.Stdout, "Review a game: nimtutor review GAMEID, with its id from the list above. Resume one: nimtutor console, then /history.")
			}
		case "progress":
			p, err := t.Progress(ctx, bot.ConsoleUserID, game)
			if err == nil && p.Weakest != "" {
				fmt.Fprintf(m.Stdout, "Practise your weakest theme: nimtutor practice %s --theme %q\n", p.WeakestGame, p.Weakest)
				if a := p.Advice; a != nil && a.Lesson != "" {
					fmt.Fprintf(m.Stdout, "Its lesson, %s: nimtutor console, then /learn topic:%s\n", a.LessonTitle, a.Lesson)
				}
			}
		}
		return nil
	}
}

// runReview implements `nimtutor review [GAMEID]`: the review card of a
// stored game of the local learner's, by the id `nimtutor history`
// shows, or the latest finished one.
func (m *Main) runReview(ctx context.Context, args []string) error {
	out := m.Stdout
	positional, err := parseArgs(newFlags("review"), args)
	if err != nil {
		return err
	}
	if len(positional) > 1 {
		return usagef("review takes at most one game id (nimtutor history lists them)")
	}
	_, t, err := m.newStoreConsole(ctx)
	if err != nil {
		return err
	}
	var rec tutor.GameRecord
	var rev *tutor.Review
	if len(positional) == 1 {
		rec, rev, err = t.Review(ctx, bot.ConsoleUserID, positional[0])
		if errors.Is(err, tutor.ErrNoSuchGame) {
			return fault.New(fault.EInvalid, "game", "no stored game of yours has the id %q; nimtutor history lists them", solver.Clip([]byte(positional[0])))
		}
	} else {
		rec, rev, err = t.LastFinished(ctx, bot.ConsoleUserID)
		if errors.Is(err, tutor.ErrNoFinishedGame) {
			return errors.New("no finished game is stored yet; play one with `nimtutor play GAME POSITION`")
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Game %s (%s)\n%s\n", rec.ID, rec.Updated.Format("2 Jan 2006 15:04"), strings.ReplaceAll(rev.Card(), "**", ""))
	return nil
}
