package gametest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// positionsPerGame is how many random start positions, and as many
// mid-game positions, the explanation's properties are checked on.
const positionsPerGame = 300

// randomPositions returns n random starting positions of the game and n
// mid-game positions played from others, the same on every run.
func randomPositions(s Spec, n int) []solver.Position {
	r := rand.New(rand.NewPCG(7919, uint64(len(s.Game.Name()))))
	out := make([]solver.Position, 0, 2*n)
	for range n {
		out = append(out, s.Game.Random(r))
	}
	for range n {
		pos := s.Game.Random(r)
		for range 1 + r.IntN(5) {
			moves := pos.Moves()
			if len(moves) == 0 {
				break
			}
			next, err := pos.Play(moves[r.IntN(len(moves))])
			if err != nil {
				panic(err)
			}
			pos = next
		}
		out = append(out, pos)
	}
	return out
}

// steps writes steps as a person reads them in a terminal.
func steps(list []explain.Step) string {
	var b strings.Builder
	for _, st := range list {
		fmt.Fprintf(&b, "## %s\n%s\n\n", st.Title, st.Body)
	}
	return b.String()
}

// texts renders everything cached per key, with and without a cap.
func texts(r solver.Result) string {
	return steps(explain.Explain(r, explain.Options{})) + steps(explain.Explain(r, explain.Options{MaxItems: 3})) +
		steps(explain.Hints(context.Background(), r, explain.Options{})) + steps(explain.Hints(context.Background(), r, explain.Options{MaxItems: 3})) +
		steps(explain.Summary(context.Background(), r, explain.Options{MaxItems: 3})) + steps(rule(r, explain.Options{MaxItems: 3}))
}

// rule returns the steps of r's explanation that teach the rule, as a
// reply's "Why?" button shows them.
func rule(r solver.Result, o explain.Options) []explain.Step {
	return explain.LessonFor(context.Background(), mapCache{}, r.Position, o, func() solver.Result { return r }).Rule
}

// complete reports whether a body ends a thought: after trimming spaces
// and closing '*' or '`', it ends with '.', '!', '?' or ')'. Every body
// package explain writes satisfies it.
func complete(body string) bool {
	s := strings.TrimRight(body, " \n*`")
	if s == "" {
		return false
	}
	switch s[len(s)-1] {
	case '.', '!', '?', ')':
		return true
	}
	return false
}

// testExplanation checks the explanation on random start and mid-game
// positions: the last step names the winner (never the loser) and the
// move the solver found, LocalMove is optimal and MoveStep states it;
// every body of every reply ends a sentence (testLadder checks what the
// hints reveal); positions with one key
// explain alike; and the numbers that decide a position can be named.
func testExplanation(t *testing.T, s Spec) {
	g := s.Game
	byKey := map[string]string{}
	for _, pos := range randomPositions(s, positionsPerGame) {
		r := solver.Solve(pos)
		all := explain.Explain(r, explain.Options{})
		last := all[len(all)-1].Body
		verdict := fmt.Sprintf("**%s wins**", r.WinnerName())
		if r.Outcome == solver.Tie {
			verdict = "**tie**"
		}
		if !strings.Contains(last, verdict) {
			t.Fatalf("%s: last step lacks %q:\n%s", fullKey(pos), verdict, last)
		}
		if w, ok := r.Winner(); ok && strings.Contains(steps(all), "**"+g.PlayerName(w.Other())+" wins**") {
			t.Fatalf("%s: the loser is said to win", fullKey(pos))
		}
		lm := explain.LocalMove(r)
		if (lm == nil) != (r.Move == nil) {
			t.Fatalf("%s: LocalMove %v, solver's move %v", fullKey(pos), lm, r.Move)
		}
		if lm == nil && strings.Contains(last, "Winning move") {
			t.Fatalf("%s: a winning move is named where the solver has none:\n%s", fullKey(pos), last)
		}
		if lm != nil {
			next, err := pos.Play(lm)
			if err != nil {
				t.Fatalf("%s: LocalMove %v is illegal: %v", fullKey(pos), lm, err)
			}
			if o, _ := next.Analyze(); -o != r.Outcome {
				t.Fatalf("%s: LocalMove %v gives the mover %v, want %v", fullKey(pos), lm, -o, r.Outcome)
			}
			if !strings.Contains(strings.ToLower(explain.MoveStep(context.Background(), r).Body), lm.String()) {
				t.Fatalf("%s: MoveStep %q lacks %q", fullKey(pos), explain.MoveStep(context.Background(), r).Body, lm)
			}
		}
		for _, o := range []explain.Options{{}, {MaxItems: 2}, {MaxItems: 6}} {
			all := append(explain.Explain(r, o), explain.Hints(context.Background(), r, o)...)
			for _, st := range explain.Summary(context.Background(), r, o) {
				if st.Title != "Best play" { // a line of play ends "…"
					all = append(all, st)
				}
			}
			all = append(all, rule(r, o)...)
			for _, st := range append(all, explain.MoveStep(context.Background(), r)) {
				if st.Title == "" || !complete(st.Body) {
					t.Fatalf("%s: step %q does not end a sentence:\n%s", fullKey(pos), st.Title, st.Body)
				}
			}
		}
		k, txt := explain.Key(pos), texts(r)
		if !strings.HasPrefix(k, g.Name()+":") {
			t.Fatalf("key %q does not start with the game's name", k)
		}
		if prev, ok := byKey[k]; ok && prev != txt {
			t.Fatalf("two positions with key %q explain differently:\n%s\nand\n%s", k, prev, txt)
		}
		byKey[k] = txt
		if explain.KeyNumbers(pos) == "" {
			t.Fatalf("%s: no key numbers", fullKey(pos))
		}
	}
	// Different starting positions get different keys.
	seen := map[string]string{}
	starts(t, s, 3, func(pos solver.Position) {
		k := explain.Key(pos)
		if prev, ok := seen[k]; ok && prev != fullKey(pos) {
			t.Fatalf("%s and %s share the key %q", prev, fullKey(pos), k)
		}
		seen[k] = fullKey(pos)
	})
	t.Logf("%d positions, half of them mid-game; %d keys", 2*positionsPerGame, len(byKey))
}

// testExplainGolden compares the explanations of Spec.Explained with
// testdata/explain_NAME.golden; go test -update rewrites them.
func testExplainGolden(t *testing.T, s Spec) {
	for _, c := range s.Explained {
		t.Run(c.Name, func(t *testing.T) {
			pos := c.position(t, s.Game)
			r := explain.Solve(context.Background(), pos)
			var b strings.Builder
			fmt.Fprintf(&b, "# %s %q", s.Game.Name(), c.Text)
			if c.First != "" {
				fmt.Fprintf(&b, " first %s", c.First)
			}
			for _, m := range c.Moves {
				fmt.Fprintf(&b, ", then %v", s.Game.MoveOf(m[0], m[1]))
			}
			ctx, cancel := context.WithTimeout(context.Background(), solver.ReachTime)
			sr := solver.Solve(pos)
			sr.Reach(solver.NewOracle(ctx, s.Game, solver.ReachBudget))
			cancel()
			fmt.Fprintf(&b, "\n# key %s\n# solver: %s, move %v, remoteness %d\n\n", explain.Key(pos), sr.Answer(), sr.Move, sr.Remoteness)
			b.WriteString("=== Short (Summary with MoveStep), MaxItems 6\n\n" + steps(explain.Short(explain.Summary(context.Background(), r, explain.Options{MaxItems: 6}), explain.MoveStep(context.Background(), r))))
			all := steps(explain.Explain(r, explain.Options{}))
			short := steps(explain.Explain(r, explain.Options{MaxItems: 6}))
			b.WriteString("=== Explain, MaxItems 0\n\n" + all)
			if short == all {
				b.WriteString("=== Explain, MaxItems 6: the same\n\n")
			} else {
				b.WriteString("=== Explain, MaxItems 6\n\n" + short)
			}
			b.WriteString("=== Hints, MaxItems 6\n\n" + steps(explain.Hints(context.Background(), r, explain.Options{MaxItems: 6})))
			b.WriteString("=== MoveStep (not cached)\n\n" + steps([]explain.Step{explain.MoveStep(context.Background(), r)}))
			golden(t, filepath.Join("testdata", "explain_"+c.Name+".golden"), b.String())
		})
	}
}

// golden compares got with the file at path, or rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file; run go test -update and review the diff\ngot:\n%s", path, got)
	}
}

// testLargeExplanations checks that positions at the slash command's
// limit are summarised to fit Discord: no step of the full reasoning over
// 1000 characters (an embed field holds 1024) and no hint level over 3000
// (one embed's description, 4096, with the position quoted above it),
// 4500 in all, every body a full sentence, and the move step still names
// the move.
func testLargeExplanations(t *testing.T, s Spec) {
	const maxBody, maxHint, maxTotal = 1000, 3000, 4500
	for name, text := range s.Large {
		t.Run(name, func(t *testing.T) {
			pos := mustParse(t, s.Game, text, solver.ParseOptions{First: s.Game.PlayerName(0)})
			r := solver.Solve(pos)
			for what, list := range map[string][]explain.Step{
				"Explain": explain.Explain(r, explain.Options{MaxItems: 6}),
				"Hints":   explain.Hints(context.Background(), r, explain.Options{MaxItems: 6}),
			} {
				total := 0
				for _, st := range list {
					n := len([]rune(st.Body))
					total += n + len([]rune(st.Title))
					if limit := map[string]int{"Explain": maxBody, "Hints": maxHint}[what]; n > limit {
						t.Errorf("%s step %q has %d characters, over %d", what, st.Title, n, limit)
					}
					if !complete(st.Body) {
						t.Errorf("%s step %q does not end a sentence:\n%s", what, st.Title, st.Body)
					}
				}
				if total > maxTotal {
					t.Errorf("%s has %d characters in all, over %d:\n%s", what, total, maxTotal, steps(list))
				}
			}
			if lm := explain.LocalMove(r); lm != nil && !strings.Contains(strings.ToLower(explain.MoveStep(context.Background(), r).Body), lm.String()) {
				t.Errorf("the move step lacks the move")
			}
		})
	}
}

// BenchExplain measures everything a solve reply computes for each
// position except the picture, from nothing cached: the verdict and move
// (with the search's attempt to count moves), the lesson a reply caches
// (the capped explanation, the short reply, the rule, the hint ladder),
// the move step, and the full explanation the command line prints.
func BenchExplain(b *testing.B, g solver.Game, positions map[string]string) {
	for name, text := range positions {
		b.Run(name, func(b *testing.B) {
			pos := mustParse(b, g, text, solver.ParseOptions{First: g.PlayerName(0)})
			b.ReportAllocs()
			for b.Loop() {
				explain.ClearPlans()
				r := explain.Solve(context.Background(), pos)
				l := explain.LessonFor(context.Background(), mapCache{}, pos, explain.Options{MaxItems: 6}, func() solver.Result { return r })
				explain.Short(l.Summary, explain.MoveStep(context.Background(), r))
				explain.Explain(r, explain.Options{})
			}
		})
	}
}

// mapCache is an explain.Cache that keeps everything.
type mapCache map[string]any

func (c mapCache) Get(key string) (any, bool) { v, ok := c[key]; return v, ok }
func (c mapCache) Set(key string, value any)  { c[key] = value }
