package learn_test

import (
	"context"
	"testing"

	"github.com/nimtutor/nimtutor/learn"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// plain are the explanation steps that apply no theorem: the full
// reasoning's, and the short reply's, whose one theorem step is "The rule
// here".
var plain = map[string]bool{"The game": true, "Finding the move": true, "Verdict": true, "Verdict and move": true, "Your move": true,
	"Why": true, "Finding it": true, "Best play": true}

// TestEveryTheoremStepLinks explains positions of every game (the
// lessons' own and a few more) and checks that each step title is either
// plain or linked to a lesson, and that every link names a step that
// occurs.
func TestEveryTheoremStepLinks(t *testing.T) {
	for _, g := range solver.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			// The game's examples, the lessons' positions and every
			// starting position of sizes 1 and 2, each key once.
			var positions []solver.Position
			add := func(text string) {
				for _, first := range []string{g.PlayerName(0), g.PlayerName(1)} {
					if pos, err := g.Parse(text, solver.ParseOptions{First: first}); err == nil {
						positions = append(positions, pos)
					}
				}
			}
			for _, ex := range g.Examples() {
				add(ex)
			}
			for _, topic := range learn.Topics() {
				for _, s := range topic.Steps {
					if s.Game == g.Name() {
						add(s.Text)
					}
				}
			}
			for size := 1; size <= 2; size++ {
				g.Starts(size, func(st solver.State) bool {
					positions = append(positions, g.Decode(st))
					return true
				})
			}
			seen, explained := map[string]bool{}, map[string]bool{}
			for _, pos := range positions {
				if k := explain.Key(pos); explained[k] {
					continue
				} else {
					explained[k] = true
				}
				r := solver.Solve(pos)
				for _, s := range append(explain.Explain(r, explain.Options{}), explain.Summary(context.Background(), r, explain.Options{})...) {
					seen[s.Title] = true
					if _, ok := learn.ForStep(g.Name(), s.Title); !ok && !plain[s.Title] {
						t.Errorf("the step %q applies a theorem but links to no lesson", s.Title)
					}
				}
			}
			l, ok := g.(learn.Linker)
			if !ok {
				t.Fatal("the game links to no lesson: it does not implement learn.Linker")
			}
			for title, id := range l.LessonLinks() {
				if !seen[title] {
					t.Errorf("the link %q → %s names a step no explanation has", title, id)
				}
				if _, err := learn.Lookup(id); err != nil {
					t.Errorf("%q: %v", title, err)
				}
			}
		})
	}
}
