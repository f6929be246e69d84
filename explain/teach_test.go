package explain_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/games/abgame"
	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/games/binim"
	"github.com/nimtutor/nimtutor/games/binstring"
	"github.com/nimtutor/nimtutor/solver"
)

// The tests of this file check the short reply, the hint ladder, the why
// report and the move table of every registered game on all its small
// positions, through the package's exported API.

// games names the games these tests run on.
var games = []string{"binim2", "binim", "abgame", "adapwns", "binstring", "nim", "misere"}

// strategySizes is the largest starting size whose every position, and
// every position reachable from it, smallPositions visits.
var strategySizes = map[string]int{"binim2": 2, "binim": 2, "abgame": 7, "adapwns": 10, "binstring": 7, "nim": 3, "misere": 3}

// lookupGame returns the registered game called name or fails the test.
func lookupGame(tb testing.TB, name string) solver.Game {
	tb.Helper()
	g, err := solver.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// smallPositions calls check on every position reachable from every
// starting position of game up to strategySizes, each key once.
func smallPositions(tb testing.TB, game string, check func(pos solver.Position)) int {
	tb.Helper()
	g := lookupGame(tb, game)
	seen := map[string]bool{}
	var visit func(pos solver.Position)
	visit = func(pos solver.Position) {
		k := explain.Key(pos)
		if seen[k] {
			return
		}
		seen[k] = true
		check(pos)
		for _, m := range pos.Moves() {
			next, err := pos.Play(m)
			if err != nil {
				tb.Fatal(err)
			}
			visit(next)
		}
	}
	for size := 1; size <= strategySizes[game]; size++ {
		g.Starts(size, func(st solver.State) bool {
			visit(g.Decode(st))
			return true
		})
	}
	return len(seen)
}

// render writes steps as a person reads them in a terminal.
func render(steps []explain.Step) string {
	var b strings.Builder
	for _, s := range steps {
		fmt.Fprintf(&b, "## %s\n%s\n\n", s.Title, s.Body)
	}
	return b.String()
}

// taught returns the teacher of r's game, its canonical result with the
// taught move set, and the plan, as the package computes them.
func taught(r solver.Result) (explain.Teacher, solver.Result, explain.Plan) {
	t := r.Position.Game().(explain.Teacher)
	c := t.Canonical(r)
	pl := t.Plan(c)
	c.Move = pl.Move
	return t, c, pl
}

// movePhrases returns the ways the text may name c's move: binim names a
// stack by its content.
func movePhrases(c solver.Result) []string {
	switch m := c.Move.(type) {
	case nil:
		return nil
	case binim.Move:
		s := c.Position.(*binim.Stacks).Stacks()[m.Stack-1]
		return []string{fmt.Sprintf("**take %d from ", m.Take), "`" + s + "`"}
	default:
		return []string{m.String()}
	}
}

// maxShortWords is the most words the short reply may take for a small
// position, header line included, as `nimtutor solve` prints it.
const maxShortWords = 120

// shortSizes is the largest starting size counted as small per game.
var shortSizes = map[string]int{"binim2": 2, "binim": 2, "abgame": 8, "adapwns": 8, "binstring": 7, "nim": 3, "misere": 3}

// shortWords counts the words of the short reply as the command line
// prints it: a header line, then each step's title and body.
func shortWords(r solver.Result) (int, string) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s wins (judge: %s).\n", r.Position.Game().Name(), r.Position, r.WinnerName(), r.Answer())
	for _, s := range explain.Short(explain.Summary(r, explain.Options{}), explain.MoveStep(r)) {
		fmt.Fprintf(&b, "%s: %s\n", s.Title, s.Body)
	}
	return len(strings.Fields(b.String())), b.String()
}

// wantNumbers returns phrases with numbers the short reply must state,
// computed here from the analysis, not by the package.
func wantNumbers(r solver.Result) []string {
	switch a := r.Analysis.(type) {
	case adapwns.Analysis:
		if len(a.Gaps) == 0 || !solver.HasMoves(r.Position) {
			return nil
		}
		return []string{fmt.Sprintf("XOR %d", a.Xor)}
	case abgame.Analysis:
		return []string{fmt.Sprintf("Reserves A %d, B %d", a.ReserveA, a.ReserveB), fmt.Sprintf("XOR %d.", a.NimSum)}
	case binim.BinimAnalysis:
		return []string{fmt.Sprintf("%d in all. Dum's", a.DeeMoves), fmt.Sprintf("%d in all.", a.DumMoves)}
	case binim.Binim2Analysis:
		return []string{fmt.Sprintf("Dee %d", a.DeeExtra), fmt.Sprintf("Dum %d", a.DumExtra)}
	case binstring.Analysis:
		if r.Position.String() == "" {
			return nil
		}
		return []string{fmt.Sprintf("%s (", explain.Plural(a.Zeros, "zero", "zeros"))}
	}
	return nil
}

// TestShortReply checks the short reply on every small position of every
// game: at most maxShortWords words; the deciding numbers stated as the
// analysis has them; "Finding it" names the taught move and the line of
// play starts with the recommended move.
func TestShortReply(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			g := lookupGame(t, game)
			most, n := 0, 0
			var longest string
			for size := 1; size <= shortSizes[game]; size++ {
				g.Starts(size, func(st solver.State) bool {
					pos := g.Decode(st)
					r := solver.Solve(pos)
					n++
					words, text := shortWords(r)
					if words > most {
						most, longest = words, text
					}
					for _, want := range wantNumbers(r) {
						if !strings.Contains(text, want) {
							t.Fatalf("%q: the short reply lacks %q:\n%s", pos, want, text)
						}
					}
					e, c, pl := taught(r)
					steps := explain.Summary(r, explain.Options{})
					body := func(title string) string {
						for _, s := range steps {
							if s.Title == title {
								return s.Body
							}
						}
						return ""
					}
					if pl.Move != nil && !strings.Contains(body("Finding it"), e.Compact(c.Position, pl.Move)) &&
						!strings.Contains(body("Finding it"), movePhrases(c)[0]) {
						t.Fatalf("%q: 'Finding it' does not name the taught move %v:\n%s", pos, pl.Move, body("Finding it"))
					}
					if m, _, _ := explain.Recommend(r); m != nil {
						line := body("Best play")
						first := e.LineMove(c.Position, e.LocalMove(r, c, m), explain.Options{})
						if c.Position.String() == pos.String() && !strings.HasPrefix(line, first) {
							t.Fatalf("%q: the line of play %q does not start with the recommended %q", pos, line, first)
						}
					}
					return true
				})
			}
			if most > maxShortWords {
				t.Errorf("%s: a short reply of %d words, over %d:\n%s", game, most, maxShortWords, longest)
			}
			t.Logf("%s: %d small positions, the longest short reply %d words", game, n, most)
		})
	}
}

// verdictPhrase matches words that state a verdict: a player named as
// winning or losing, a bold verdict, a winning move.
var verdictPhrase = regexp.MustCompile(`(?i)(Ada's opponent|Ada|\bA\b|\bB\b|Dee|Dum|Player [12]|First|Second)(, to move,)? (wins|loses)\b|winning (move|reply)|no move (wins|saves)|nobody wins`)

// TestLadderIsGraded checks that no level of the hint ladder gives away
// more than the next one needs: the first two levels are the same for
// every position of a game; no level before the pointer states the
// verdict; no level before the last names the move; the last level is
// the verdict step with the finding (with the slowest loss when every
// move loses).
func TestLadderIsGraded(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			first := map[int]string{}
			n := smallPositions(t, game, func(pos solver.Position) {
				r := solver.Solve(pos)
				for _, o := range []explain.Options{{}, {MaxItems: 6}} {
					hints := explain.Hints(r, o)
					if len(hints) != explain.LadderLevels {
						t.Fatalf("%q: %d levels, want %d", pos, len(hints), explain.LadderLevels)
					}
					for lvl := 1; lvl <= explain.CheckLevel; lvl++ {
						body := hints[lvl-1].Body
						if first[lvl] == "" {
							first[lvl] = body
						} else if body != first[lvl] {
							t.Fatalf("%q: level %d depends on the position:\n%s\nelsewhere:\n%s", pos, lvl, body, first[lvl])
						}
					}
					e, c, pl := taught(r)
					phrases := movePhrases(c)
					if m, _, _ := explain.Recommend(r); m != nil {
						phrases = append(phrases, m.String(), e.Compact(pos, m))
					}
					if c.Move != nil {
						phrases = append(phrases, e.Compact(c.Position, c.Move), e.LineMove(c.Position, c.Move, o))
					}
					for k, h := range hints[:explain.LadderLevels-1] {
						text := h.Title + "\n" + h.Body
						if k+1 < explain.LadderLevels-1 {
							if w := verdictPhrase.FindString(text); w != "" {
								t.Fatalf("%s %q: level %d says %q:\n%s", game, pos, k+1, w, text)
							}
						}
						for _, ph := range phrases {
							if strings.HasPrefix(ph, "`") {
								continue // a stack's content may be listed
							}
							if strings.Contains(text, ph) {
								t.Fatalf("%s %q: level %d gives away the move %q:\n%s", game, pos, k+1, ph, text)
							}
						}
					}
					explained := explain.Explain(r, o)
					last, verdict := hints[explain.LadderLevels-1].Body, explained[len(explained)-1].Body
					if !strings.HasPrefix(last, verdict) || c.Move != nil && !strings.Contains(last, e.Finding(c, pl, o).Body) {
						t.Fatalf("%s %q: last level\n%s\ndoes not start with the verdict step and hold the finding\n%s", game, pos, last, verdict)
					}
					if r.Outcome == solver.Loss && solver.HasMoves(pos) && !strings.Contains(last, "hardest") {
						t.Fatalf("%s %q: a lost position's last level says nothing to do:\n%s", game, pos, last)
					}
				}
			})
			t.Logf("%s: %d positions", game, n)
		})
	}
}

func TestCheckVerdict(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			smallPositions(t, game, func(pos solver.Position) {
				r := solver.Solve(pos)
				want := "Tie"
				if p, ok := r.Winner(); ok {
					want = pos.Game().PlayerName(p)
				}
				for _, answer := range explain.VerdictChoices(pos) {
					right, reply := explain.CheckVerdict(r, answer)
					if right != (answer == want) {
						t.Fatalf("%q: answer %q judged %v, the winner is %s", pos, answer, right, want)
					}
					if !right && strings.Contains(reply, want) {
						t.Fatalf("%q: a wrong answer's reply gives the verdict away: %q", pos, reply)
					}
				}
			})
		})
	}
}

// whySizes is the largest starting size whose every position, and every
// legal move in it, TestWhy checks. Why counts moves within
// solver.ReachTime, so the sizes stay where that search is instant even
// on a loaded machine (three Nim heaps of up to 15 are not).
var whySizes = map[string]int{"binim2": 2, "binim": 2, "abgame": 6, "adapwns": 8, "binstring": 6, "nim": 2, "misere": 2}

// TestWhy checks the why report of every legal move of every small
// position: it names the position after the move and who wins it, as the
// formula says; its values are those of exhaustive search; and where the
// move throws the outcome away, it shows the refutation and the better
// move.
func TestWhy(t *testing.T) {
	ctx := context.Background()
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			g := lookupGame(t, game)
			n := 0
			seen := map[string]bool{}
			for size := 1; size <= whySizes[game]; size++ {
				g.Starts(size, func(st solver.State) bool {
					for _, pos := range append([]solver.Position{g.Decode(st)}, reachable(t, g.Decode(st))...) {
						if seen[explain.Key(pos)] {
							continue
						}
						seen[explain.Key(pos)] = true
						r := explain.Solve(ctx, pos)
						values, err := solver.MoveValues(ctx, pos, 0)
						if err != nil {
							t.Fatal(err)
						}
						for _, mv := range values {
							n++
							steps, err := explain.Why(ctx, r, mv.Move, nil)
							if err != nil {
								t.Fatalf("%q %v: %v", pos, mv.Move, err)
							}
							text := render(steps)
							want := explain.Capitalise(mv.Move.String()) + ": " + explain.ValueText(mv.Value) + "."
							if !strings.Contains(text, want) {
								t.Fatalf("%q %v: the report lacks %q:\n%s", pos, mv.Move, want, text)
							}
							next, _ := pos.Play(mv.Move)
							o, _ := next.Analyze()
							nextMover := g.PlayerName(next.ToMove())
							if solver.HasMoves(next) {
								say := map[solver.Outcome]string{solver.Win: nextMover + ", to move, wins.", solver.Loss: nextMover + ", to move, loses", solver.Tie: "still a tie"}[o]
								if !strings.Contains(steps[0].Body, say) {
									t.Fatalf("%q %v: the position after is not called %q:\n%s", pos, mv.Move, say, steps[0].Body)
								}
							}
							if -o < r.Outcome {
								if solver.HasMoves(next) && o == solver.Win && !strings.Contains(text, "Their refutation") || !strings.Contains(text, "It is better") {
									t.Fatalf("%q %v throws away the %v but the report shows no refutation or better move:\n%s", pos, mv.Move, r.Outcome, text)
								}
							}
						}
					}
					return true
				})
			}
			t.Logf("%s: %d moves explained", game, n)
		})
	}
}

// reachable returns the positions reachable from pos in one or two moves.
func reachable(tb testing.TB, pos solver.Position) []solver.Position {
	tb.Helper()
	var out []solver.Position
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, next)
		for _, m2 := range next.Moves() {
			after, _ := next.Play(m2)
			out = append(out, after)
		}
	}
	return out
}

// TestMoveTableMatchesSearch checks the move-value table on every small
// position of every game against exhaustive search: each move's outcome
// and remoteness, exactly one recommended move (the tutor's), and in a
// lost position the recommended move is the slowest loss.
func TestMoveTableMatchesSearch(t *testing.T) {
	ctx := context.Background()
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			n := smallPositions(t, game, func(pos solver.Position) {
				r := explain.Solve(ctx, pos)
				rows, more := explain.MoveTable(ctx, r, 0)
				values, err := solver.MoveValues(ctx, pos, 0)
				if err != nil {
					t.Fatal(err)
				}
				if more != 0 || len(rows) != len(values) {
					t.Fatalf("%q: %d rows and %d more, want %d moves", pos, len(rows), more, len(values))
				}
				recommended := -1
				slowest := solver.Value{}
				for i, row := range rows {
					v := values[i]
					if row.Move != v.Move || row.Outcome != v.Value.Outcome || row.Remoteness != v.Value.Remoteness {
						t.Fatalf("%q: row %v %v in %d, search says %v %v", pos, row.Move, row.Outcome, row.Remoteness, v.Move, v.Value)
					}
					if (row.Kind != "") != (row.Outcome == r.Outcome && r.Outcome != solver.Loss) {
						t.Fatalf("%q: row %v (%v) has kind %q, the position's outcome is %v", pos, row.Move, row.Outcome, row.Kind, r.Outcome)
					}
					if row.Recommended {
						if recommended >= 0 {
							t.Fatalf("%q: two moves recommended", pos)
						}
						recommended = i
					}
					if i == 0 || v.Value.Better(slowest) {
						slowest = v.Value
					}
				}
				if len(rows) > 0 && recommended < 0 {
					t.Fatalf("%q: no move recommended", pos)
				}
				if len(rows) > 0 {
					rec := rows[recommended]
					if rec.Outcome != r.Outcome {
						t.Fatalf("%q: the recommended move %v is a %v, the position a %v", pos, rec.Move, rec.Outcome, r.Outcome)
					}
					if r.Outcome == solver.Loss && rec.Remoteness != slowest.Remoteness {
						t.Fatalf("%q: the recommended losing move %v loses in %d; the slowest loss takes %d", pos, rec.Move, rec.Remoteness, slowest.Remoteness)
					}
				}
			})
			t.Logf("%s: %d positions", game, n)
		})
	}
}
