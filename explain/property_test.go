package explain

import (
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// positionsPerGame is how many random start positions, and as many
// mid-game positions, each property test checks per game.
const positionsPerGame = 300

// movePhrase returns the text that states the canonical result's move in
// an explanation: "take 1 from" plus the stack's content for the stack
// games, the move's String otherwise. It is "" when there is no move.
func movePhrases(c solver.Result) []string {
	switch m := c.Move.(type) {
	case nil:
		return nil
	case solver.StackMove:
		s := c.Position.(*solver.Stacks).Stacks()[m.Stack-1]
		return []string{fmt.Sprintf("**take %d from ", m.Take), "`" + s + "`"}
	default:
		return []string{m.String()}
	}
}

// canonicalOf returns the result the package explains for r.
func canonicalOf(tb testing.TB, r solver.Result) solver.Result {
	tb.Helper()
	e, ok := lookup(r.Position)
	if !ok {
		tb.Fatalf("no explainer for %s", r.Position.Game().Name())
	}
	c, _ := taught(e, r)
	return c
}

// checkOptimal fails unless m is a legal move of pos that keeps outcome o.
func checkOptimal(tb testing.TB, pos solver.Position, m solver.Move, o solver.Outcome) {
	tb.Helper()
	next, err := pos.Play(m)
	if err != nil {
		tb.Fatalf("%s %q: move %v is illegal: %v", pos.Game().Name(), pos, m, err)
	}
	if got, _ := next.Analyze(); -got != o {
		tb.Fatalf("%s %q: move %v gives the mover %v, want %v", pos.Game().Name(), pos, m, -got, o)
	}
}

func TestVerdictAndMoveMatchSolver(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			n := 0
			for _, pos := range randomPositions(t, game, positionsPerGame) {
				r := solver.Solve(pos)
				c := canonicalOf(t, r)
				if c.Outcome != r.Outcome {
					t.Fatalf("%q: canonical outcome %v, want %v", pos, c.Outcome, r.Outcome)
				}
				steps := Explain(r, Options{})
				last := steps[len(steps)-1].Body
				verdict := fmt.Sprintf("**%s wins**", r.WinnerName())
				if r.Outcome == solver.Tie {
					verdict = "**tie**"
				}
				if !strings.Contains(last, verdict) {
					t.Fatalf("%s %q (%s to move): last step lacks %q:\n%s", game, pos, pos.Game().PlayerName(pos.ToMove()), verdict, last)
				}
				if r.Outcome != solver.Tie {
					loser := pos.Game().PlayerName(1 - mustWinner(t, r))
					if strings.Contains(render(steps), "**"+loser+" wins**") {
						t.Fatalf("%s %q: the loser %s is said to win", game, pos, loser)
					}
				}
				if (c.Move == nil) != (r.Move == nil) {
					t.Fatalf("%s %q: canonical move %v, solver's %v", game, pos, c.Move, r.Move)
				}
				for _, ph := range movePhrases(c) {
					if !strings.Contains(last, ph) {
						t.Fatalf("%s %q: last step lacks the move %q:\n%s", game, pos, ph, last)
					}
				}
				if c.Move == nil && strings.Contains(last, "Winning move") {
					t.Fatalf("%s %q: a winning move is named where the solver has none:\n%s", game, pos, last)
				}
				lm := LocalMove(r)
				if (lm == nil) != (r.Move == nil) {
					t.Fatalf("%s %q: LocalMove %v, solver's move %v", game, pos, lm, r.Move)
				}
				if lm != nil {
					checkOptimal(t, pos, lm, r.Outcome)
					if !strings.Contains(strings.ToLower(MoveStep(r).Body), lm.String()) {
						t.Fatalf("%s %q: MoveStep %q lacks %q", game, pos, MoveStep(r).Body, lm)
					}
				}
				if _, stacks := pos.(*solver.Stacks); !stacks || slices.IsSorted(pos.(*solver.Stacks).Stacks()) {
					if lm != c.Move {
						t.Fatalf("%s %q: LocalMove %v differs from the explained move %v", game, pos, lm, c.Move)
					}
				}
				n++
			}
			t.Logf("%s: %d positions, half of them mid-game", game, n)
		})
	}
}

// mustWinner returns the winner of a result that is not a tie.
func mustWinner(tb testing.TB, r solver.Result) solver.Player {
	tb.Helper()
	p, ok := r.Winner()
	if !ok {
		tb.Fatal("no winner")
	}
	return p
}

// verdictPhrase matches words that state a verdict: a player named as
// winning or losing, a bold verdict, a winning move.
var verdictPhrase = regexp.MustCompile(`(?i)(Ada's opponent|Ada|\bA\b|\bB\b|Dee|Dum|Player [12])(, to move,)? (wins|loses)\b|winning (move|reply)|no move (wins|saves)|nobody wins`)

// TestLadderIsGraded checks that no level of the hint ladder gives away
// more than the next one needs: the first two levels are the same for
// every position of a game; no level before the pointer states the
// verdict; no level before the last names the move; the last level is
// the verdict step (with the slowest loss when every move loses).
func TestLadderIsGraded(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			first := map[int]string{}
			n := smallPositions(t, game, func(pos solver.Position) {
				r := solver.Solve(pos)
				for _, o := range []Options{{}, {MaxItems: 6}} {
					hints := Hints(r, o)
					if len(hints) != levelMove {
						t.Fatalf("%q: %d levels, want %d", pos, len(hints), levelMove)
					}
					for lvl := levelQuestion; lvl <= levelReduction; lvl++ {
						body := hints[lvl-1].Body
						if first[lvl] == "" {
							first[lvl] = body
						} else if body != first[lvl] {
							t.Fatalf("%q: level %d depends on the position:\n%s\nelsewhere:\n%s", pos, lvl, body, first[lvl])
						}
					}
					c := canonicalOf(t, r)
					e, _ := lookup(pos)
					var phrases []string
					phrases = append(phrases, movePhrases(c)...)
					if m, _, _ := Recommend(r); m != nil {
						phrases = append(phrases, m.String(), e.compact(pos, m))
					}
					if c.Move != nil {
						phrases = append(phrases, e.compact(c.Position, c.Move), e.lineMove(c.Position, c.Move, o))
					}
					for k, h := range hints[:levelMove-1] {
						text := h.Title + "\n" + h.Body
						if k+1 < levelPointer {
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
					explained := Explain(r, o)
					last, verdict := hints[levelMove-1].Body, explained[len(explained)-1].Body
					if !strings.HasPrefix(last, verdict) || c.Move != nil && !strings.Contains(last, e.finding(c, plans0(e, r), o).Body) {
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

// plans0 returns the plan of r.
func plans0(e explainer, r solver.Result) plan {
	_, pl := taught(e, r)
	return pl
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
				for _, answer := range VerdictChoices(pos) {
					right, reply := CheckVerdict(r, answer)
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

func TestEveryBodyIsComplete(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			for _, pos := range randomPositions(t, game, 100) {
				r := solver.Solve(pos)
				for _, o := range []Options{{}, {MaxItems: 2}} {
					for _, s := range append(Explain(r, o), append(Hints(r, o), MoveStep(r))...) {
						if s.Title == "" || !complete(s.Body) {
							t.Fatalf("%s %q: step %q does not end a sentence:\n%s", game, pos, s.Title, s.Body)
						}
					}
				}
			}
		})
	}
}

func TestComplete(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{"A sentence.", true},
		{"**Dee wins**.", true},
		{"Really?", true},
		{"(an aside)", true},
		{"- a list item.\n", true},
		{"Cut mid", false},
		{"- `010` → `01`", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			if got := complete(tt.body); got != tt.want {
				t.Errorf("complete(%q) = %v, want %v", tt.body, got, tt.want)
			}
		})
	}
}

// largePositions returns positions at the size limits, with a seeded rng.
func largePositions(tb testing.TB) map[string]solver.Position {
	tb.Helper()
	rng := rand.New(rand.NewSource(42))
	stacks := func() string {
		s := make([]string, 50)
		for i := range s {
			s[i] = randomString(rng, 50, "01")
		}
		return strings.Join(s, " ")
	}
	sparse := func(n int, letters string) string {
		b := []byte(strings.Repeat(".", n))
		for i := range b {
			if rng.Intn(40) == 0 {
				b[i] = letters[rng.Intn(len(letters))]
			}
		}
		return string(b)
	}
	return map[string]solver.Position{
		"binim2 50x50 Dee":       parse(tb, "binim2", stacks(), "Dee"),
		"binim2 50x50 Dum":       parse(tb, "binim2", stacks(), "Dum"),
		"binim 50x50 Dee":        parse(tb, "binim", stacks(), "Dee"),
		"binim 50x50 Dum":        parse(tb, "binim", stacks(), "Dum"),
		"binim2 50 equal stacks": parse(tb, "binim2", strings.TrimSpace(strings.Repeat(strings.Repeat("01", 25)+" ", 50)), "Dee"),
		"abgame dense":           parse(tb, "abgame", randomString(rng, 6000, "AB."), ""),
		"abgame sparse":          parse(tb, "abgame", sparse(6000, "AB"), ""),
		"abgame two letters":     parse(tb, "abgame", "A"+strings.Repeat(".", 5998)+"B", ""),
		"adapwns dense":          parse(tb, "adapwns", randomString(rng, 6000, "P.."), ""),
		"adapwns sparse":         parse(tb, "adapwns", sparse(6000, "P"), ""),
		"binstring random":       parse(tb, "binstring", randomString(rng, 6000, "01"), ""),
		"binstring ones":         parse(tb, "binstring", "0"+strings.Repeat("1", 2999)+"0"+strings.Repeat("1", 2998)+"0", ""),
	}
}

func TestLargePositionsAreSummarised(t *testing.T) {
	// A step of the full reasoning is an embed field (1024 at most) and the
	// whole a message of its own (6000); a hint level is one embed's
	// description (4096, with the position quoted above it).
	const maxBody, maxHint, maxTotal = 1000, 3000, 4500
	for name, pos := range largePositions(t) {
		t.Run(name, func(t *testing.T) {
			r := solver.Solve(pos)
			for what, steps := range map[string][]Step{
				"Explain": Explain(r, Options{MaxItems: 6}),
				"Hints":   Hints(r, Options{MaxItems: 6}),
			} {
				total := 0
				for _, s := range steps {
					n := len([]rune(s.Body))
					total += n + len([]rune(s.Title))
					if limit := map[string]int{"Explain": maxBody, "Hints": maxHint}[what]; n > limit {
						t.Errorf("%s step %q has %d characters, over %d:\n%s", what, s.Title, n, limit, s.Body)
					}
					if !complete(s.Body) {
						t.Errorf("%s step %q does not end a sentence:\n%s", what, s.Title, s.Body)
					}
				}
				if total > maxTotal {
					t.Errorf("%s has %d characters in all, over %d:\n%s", what, total, maxTotal, render(steps))
				}
				t.Logf("%s: %d steps, %d characters", what, len(steps), total)
			}
			full := render(Explain(r, Options{}))
			if r.Move != nil && !strings.Contains(full, movePhrases(canonicalOf(t, r))[0]) {
				t.Errorf("the full explanation lacks the move")
			}
		})
	}
}
