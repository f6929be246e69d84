package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/solver"
)

// ruleGame is a game whose positions carry their rule: ForRule returns
// the game of one rule, whose starting positions the verify table walks.
type ruleGame interface {
	ForRule(rule string) (solver.Game, error)
}

// runVerify implements `nimtutor verify GAME --max N`.
func runVerify(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlags("verify")
	maxSize := fs.Int("max", 0, "largest size to check (default: per game); at most "+verifyBoundsText()+", beyond which exhaustive search does not finish in reasonable time")
	first := fs.String("first", "", "who moves first, for one binim or binim2 position: Dee or Dum (needed there)")
	rule := fs.String("rule", "", "the rule of a game whose position carries its rule: written before the position with a colon, or the rule whose positions the table checks")
	positional, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *rule != "" && len(positional) > 1 {
		positional = []string{positional[0], *rule + ": " + strings.Join(positional[1:], " ")}
	}
	if *maxSize < 0 || *maxSize == 0 && flagSet(fs, "max") {
		return usagef("--max is %d: give a size of 1 or more, or leave it out for each game's default", *maxSize)
	}
	if len(positional) > 1 {
		return verifyPosition(ctx, out, positional, *first)
	}
	if len(positional) != 1 {
		return usagef("give one game, or all")
	}
	games := solver.Games()
	if positional[0] != "all" {
		g, err := solver.Lookup(positional[0])
		if err != nil {
			return err
		}
		if *rule != "" {
			rg, ok := g.(ruleGame)
			if !ok {
				return usagef("--rule is for a game whose position carries its rule; %s has none", g.Name())
			}
			if g, err = rg.ForRule(*rule); err != nil {
				return err
			}
		}
		games = []solver.Game{g}
	}
	for _, g := range games {
		if b := verifyBound(g); *maxSize > b {
			return usagef("--max is %d, over %s's bound of %d: exhaustive search beyond %d %s does not finish in reasonable time; give --max %d or less", *maxSize, g.Name(), b, b, g.SizeLabel(), b)
		}
	}
	failed := 0
	for _, g := range games {
		bad, err := verifyTable(ctx, out, g, cmp.Or(*maxSize, g.VerifySize()))
		if err != nil {
			return err
		}
		failed += bad
	}
	if failed > 0 {
		return fmt.Errorf("%d disagreements between the formula and exhaustive search", failed)
	}
	return nil
}

// verifyTable prints one game's table, row by row as each finishes, and
// returns the number of disagreements.
func verifyTable(ctx context.Context, out io.Writer, g solver.Game, n int) (int, error) {
	fmt.Fprintf(out, "%s: every position up to %d %s, solved by exhaustive search\n", g.Name(), n, g.SizeLabel())
	const row = "%5v %10v %16v %15v %14v %9v\n"
	fmt.Fprintf(out, row, "size", "positions", "states searched", "states checked", "disagreements", "time")
	var total solver.VerifyRow
	var examples []string
	start := time.Now()
	_, err := solver.Verify(ctx, g, n, func(r solver.VerifyRow) {
		fmt.Fprintf(out, row, r.Size, r.Positions, r.States, r.Checked, r.Disagreements, r.Elapsed.Round(time.Millisecond))
		total.Positions += r.Positions
		total.States += r.States
		total.Checked += r.Checked
		total.Disagreements += r.Disagreements
		examples = append(examples, r.Examples...)
	})
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(out, row, "all", total.Positions, total.States, total.Checked, total.Disagreements, time.Since(start).Round(time.Millisecond))
	for _, e := range examples {
		fmt.Fprintf(out, "  disagreement: %s\n", e)
	}
	fmt.Fprintln(out)
	return total.Disagreements, nil
}

// verifyPosition implements `nimtutor verify GAME POSITION`: exhaustive
// search of one position, as /GAME verify reports it.
func verifyPosition(ctx context.Context, out io.Writer, positional []string, first string) error {
	pos, err := parsePosition(positional, first)
	if err != nil {
		return err
	}
	r, err := solver.ReportPosition(ctx, pos, commands.VerifyBudget)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %s\n%s\n", pos.Game().Name(), pos, r.Title)
	for _, s := range r.Sections {
		fmt.Fprintf(out, "  %s: %s\n", s.Name, s.Text)
	}
	if t := r.MovesTitle(); t != "" {
		fmt.Fprintf(out, "  %s: %s\n", t, r.MovesText(0))
	}
	if r.Status == solver.Disagreement {
		return fmt.Errorf("the formula disagrees with exhaustive search")
	}
	return nil
}

// verifyBounds is the largest --max verify accepts for each game: the
// largest size whose whole table finished in well under a minute on a
// 2-core machine (docs/VERIFY.md has the measurements and the command). The next size
// up takes several times longer, and sizes near 100 never finish.
var verifyBounds = map[string]int{
	"adapwns":   24,
	"abgame":    16,
	"binim":     6,
	"binim2":    6,
	"binstring": 20,
	"heaps":     30,
	"misere":    15,
	"nim":       16,
}

// verifyBound is the largest --max verify accepts for g: its measured
// bound, or its default size for a game not measured.
func verifyBound(g solver.Game) int {
	if b, ok := verifyBounds[g.Name()]; ok {
		return max(b, g.VerifySize())
	}
	return g.VerifySize()
}

// verifyBoundsText lists every game's bound, for -h.
func verifyBoundsText() string {
	var parts []string
	for _, g := range solver.Games() {
		parts = append(parts, fmt.Sprintf("%s %d", g.Name(), verifyBound(g)))
	}
	return strings.Join(parts, ", ")
}
