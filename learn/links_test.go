package learn

import (
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	_ "github.com/nimtutor/nimtutor/games/all"
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
	more := map[string][]string{
		"adapwns": {"..P.P", "P..P...P", ".P"}, "abgame": {"A..B.A..B", "A.A", "B...A", "A"},
		"binim2": {"0011 1", "01 10", "0 1 1", "0", "010 101"}, "binim": {"001 11", "0110 0", "1"},
		"binstring": {"0110", "0110011", "00011", "1", "0"},
		"nim":       {"3 4 5", "1 2 3", "0"}, "misere": {"1 1 3", "2 2", "1"},
	}
	seen := map[string]map[string]bool{}
	for game, texts := range more {
		g, err := solver.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		seen[game] = map[string]bool{}
		for _, text := range texts {
			for _, first := range []string{"Dee", "Dum"} {
				pos, err := g.Parse(text, solver.ParseOptions{First: first})
				if err != nil {
					t.Fatalf("%s %q: %v", game, text, err)
				}
				r := solver.Solve(pos)
				for _, s := range append(explain.Explain(r, explain.Options{}), explain.Summary(r, explain.Options{})...) {
					seen[game][s.Title] = true
					if _, ok := ForStep(game, s.Title); !ok && !plain[s.Title] {
						t.Errorf("%s: the step %q applies a theorem but links to no lesson", game, s.Title)
					}
				}
			}
		}
	}
	for game := range more {
		m := linksOf(game)
		if len(m) == 0 {
			t.Errorf("%s links no step to a lesson", game)
		}
		for title, id := range m {
			if !seen[game][title] {
				t.Errorf("%s: the link %q → %s names a step no explanation has", game, title, id)
			}
			if _, err := Lookup(id); err != nil {
				t.Errorf("%s %q: %v", game, title, err)
			}
		}
	}
}
