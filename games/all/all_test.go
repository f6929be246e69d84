package all

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// TestComplete checks that every registered game has every capability
// the product needs: the engine's (solver.Game, checked by the compiler
// at Register), an explanation (explain.Teacher), a picture layout
// (render.Drawer), generated judge tests (check.Generator), links to the
// lessons (learn.Linker), examples that parse, and a formula that agrees with
// exhaustive search on the smallest positions, and a section of
// docs/GAMES.md. A game that lacks one fails here, not in a student's
// reply.
func TestComplete(t *testing.T) {
	games := solver.Games()
	if len(games) == 0 {
		t.Fatal("no game is registered")
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "GAMES.md"))
	if err != nil {
		t.Fatal(err)
	}
	var headings []string
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "## ") {
			headings = append(headings, strings.Fields(strings.NewReplacer(":", " ", ",", " ").Replace(line))...)
		}
	}
	for _, g := range games {
		t.Run(g.Name(), func(t *testing.T) {
			if _, ok := g.(explain.Teacher); !ok {
				t.Errorf("%s has no explanation: it does not implement explain.Teacher", g.Name())
			}
			if _, ok := g.(render.Drawer); !ok {
				t.Errorf("%s has no picture: it does not implement render.Drawer", g.Name())
			}
			if _, ok := g.(learn.Linker); !ok {
				t.Errorf("%s links its explanations to no lesson: it does not implement learn.Linker", g.Name())
			}
			if _, ok := g.(check.Generator); !ok {
				t.Errorf("%s has no /check test files: it does not implement check.Generator", g.Name())
			}
			if !slices.Contains(headings, g.Name()) {
				t.Errorf("%s has no section in docs/GAMES.md", g.Name())
			}
			if len(g.Examples()) == 0 {
				t.Errorf("%s has no examples", g.Name())
			}
			for _, ex := range g.Examples() {
				if _, err := g.Parse(ex, solver.ParseOptions{First: g.PlayerName(0)}); err != nil {
					t.Errorf("%s example %q: %v", g.Name(), ex, err)
				}
			}
			rows, err := solver.Verify(context.Background(), g, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				if r.Positions == 0 || r.Disagreements > 0 {
					t.Errorf("%s size %d: %d positions, %d disagreements %q", g.Name(), r.Size, r.Positions, r.Disagreements, r.Examples)
				}
			}
		})
	}
}

// TestNoSwitchOverGames checks that no code outside the games' own
// packages names a game: every piece of knowledge of a game lives in its
// package, and the rest of the tree reaches it through the registry.
func TestNoSwitchOverGames(t *testing.T) {
	names := map[string]bool{}
	for _, g := range solver.Games() {
		names[g.Name()] = true
	}
	root := filepath.Join("..", "..")
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && (rel == "games" || strings.HasPrefix(d.Name(), ".") && rel != ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					t.Errorf("%s names the game %q; that knowledge belongs in games/%s", rel, s, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("only %d files checked; the walk missed the tree", files)
	}
}
