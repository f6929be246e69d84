package gametest

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// The tests of the replies built on the explanation: the graded hint
// ladder, the verdict check, the short reply, the move-value table and
// the why report, each on every small position.

// smallPositions calls check once per key on every position reachable
// from the starting positions of sizes 1..s.Small-1.
func smallPositions(tb testing.TB, s Spec, check func(pos solver.Position)) int {
	return positionsUpTo(tb, s, s.Small-1, check)
}

// positionsUpTo calls check once per key on every position reachable
// from the starting positions of sizes 1..size.
func positionsUpTo(tb testing.TB, s Spec, size int, check func(pos solver.Position)) int {
	tb.Helper()
	seen := map[string]bool{}
	walk(tb, s, size, func(pos solver.Position) {
		if k := explain.Key(pos); !seen[k] {
			seen[k] = true
			check(pos)
		}
	})
	return len(seen)
}

// verdictPhrase matches words that state a verdict in g: a player named
// as winning or losing, a winning move.
func verdictPhrase(g solver.Game) *regexp.Regexp {
	names := regexp.QuoteMeta(g.PlayerName(0)) + "|" + regexp.QuoteMeta(g.PlayerName(1))
	return regexp.MustCompile(`(?i)\b(` + names + `)(, to move,)? (wins|loses)\b|winning (move|reply)|no move (wins|saves)|nobody wins`)
}

// The ladder's levels, as explain numbers them.
const (
	levelVerdict = explain.VerdictLevel
	levelMove    = 5
)

// moverPhrase matches words that pair the numbers with who is to move,
// from which the winner can be read off.
var moverPhrase = regexp.MustCompile(`(?i)\bto move\b|who moves|moves first`)

// testLadder checks that the hint ladder climbs: five levels, each about
// this position (no two positions of the game with moves get the same
// text at any level, the player to move aside before the verdict); no level before the verdict level names
// the winner or says who is to move; the verdict level states the
// winner; no level before the last names the move; the last level
// starts with the verdict step and holds the finding of the move, or in
// a lost position how to make the opponent's task hardest. It also
// checks CheckVerdict: a right verdict is accepted, and a wrong one's
// reply does not give the right one away.
func testLadder(t *testing.T, s Spec) {
	g := s.Game
	teacher := g.(explain.Teacher)
	verdicts := verdictPhrase(g)
	seen := make([]map[string]string, levelMove)
	for i := range seen {
		seen[i] = map[string]string{}
	}
	n := smallPositions(t, s, func(pos solver.Position) {
		r := solver.Solve(pos)
		c := teacher.Canonical(r)
		pl := teacher.Plan(c)
		c.Move = pl.Move
		for _, o := range []explain.Options{{}, {MaxItems: 6}} {
			hints := explain.Hints(context.Background(), r, o)
			if len(hints) != levelMove {
				t.Fatalf("%s: %d levels, want %d", fullKey(pos), len(hints), levelMove)
			}
			if o.MaxItems == 0 && solver.HasMoves(pos) {
				for lvl, h := range hints {
					key := explain.Key(pos)
					if lvl+1 < levelVerdict {
						// Before the verdict no level says who moves: the
						// same position with the other player to move may
						// read alike.
						key = fmt.Sprintf("%s|%q|%v", g.Name(), c.Position.String(), c.Position.Held())
					}
					if prev, ok := seen[lvl][h.Body]; ok && prev != key {
						t.Fatalf("%s and %s get the same text at level %d:\n%s", prev, key, lvl+1, h.Body)
					}
					seen[lvl][h.Body] = key
				}
			}
			var phrases []string
			if m, _, _ := explain.Recommend(context.Background(), r); m != nil {
				phrases = append(phrases, m.String(), teacher.Compact(pos, m))
			}
			if c.Move != nil {
				phrases = append(phrases, c.Move.String(), teacher.Compact(c.Position, c.Move), teacher.LineMove(c.Position, c.Move, o))
			}
			for k, h := range hints[:levelMove-1] {
				text := h.Title + "\n" + h.Body
				if k+1 < levelVerdict {
					if w := verdicts.FindString(text); w != "" {
						t.Fatalf("%s: level %d says %q:\n%s", fullKey(pos), k+1, w, text)
					}
					if w := moverPhrase.FindString(text); w != "" && solver.HasMoves(pos) {
						t.Fatalf("%s: level %d says who moves (%q), which with its numbers gives the winner:\n%s", fullKey(pos), k+1, w, text)
					}
				}
				for _, ph := range phrases {
					if strings.Contains(text, ph) {
						t.Fatalf("%s: level %d gives away the move %q:\n%s", fullKey(pos), k+1, ph, text)
					}
				}
			}
			if w := explain.WinnerClaim(c.Position, c.Outcome).Text; !strings.Contains(hints[levelVerdict-1].Body, w) {
				t.Fatalf("%s: the verdict level lacks %q:\n%s", fullKey(pos), w, hints[levelVerdict-1].Body)
			}
			explained := explain.Explain(r, o)
			last, verdict := hints[levelMove-1].Body, explained[len(explained)-1].Body
			if !strings.Contains(last, verdict) || c.Move != nil && !strings.Contains(last, teacher.Finding(c, pl, o).Body) {
				t.Fatalf("%s: last level\n%s\ndoes not start with the verdict step and hold the finding\n%s", fullKey(pos), last, verdict)
			}
			if r.Outcome == solver.Loss && solver.HasMoves(pos) && !strings.Contains(last, "hardest") {
				t.Fatalf("%s: a lost position's last level says nothing to do:\n%s", fullKey(pos), last)
			}
		}
		want := "Tie"
		if p, ok := r.Winner(); ok {
			want = g.PlayerName(p)
		}
		for _, answer := range explain.VerdictChoices(pos) {
			right, reply := explain.CheckVerdict(r, answer)
			if right != (answer == want) {
				t.Fatalf("%s: answer %q judged %v, the winner is %s", fullKey(pos), answer, right, want)
			}
			if !right && strings.Contains(reply, want) {
				t.Fatalf("%s: a wrong answer's reply gives the verdict away: %q", fullKey(pos), reply)
			}
		}
	})
	t.Logf("%d positions", n)
}

// maxShortWords is the most words the short reply may take for a small
// position, header line included, as `nimtutor solve` prints it.
const maxShortWords = 120

// testShortReply checks the short reply on every starting position of
// sizes 1..s.Small: at most maxShortWords words; the deciding numbers
// stated as Spec.ShortNumbers computes them from the analysis; "Finding
// it" names the taught move and the line of play starts with the
// recommended move.
func testShortReply(t *testing.T, s Spec) {
	teacher := s.Game.(explain.Teacher)
	most, n := 0, 0
	var longest string
	starts(t, s, s.Small, func(pos solver.Position) {
		r := explain.Solve(context.Background(), pos) // with the moves counted, as solve prints it
		n++
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s: %s wins (judge: %s).\n", s.Game.Name(), pos, r.WinnerName(), r.Answer())
		steps := explain.Summary(context.Background(), r, explain.Options{})
		for _, st := range explain.Short(steps, explain.MoveStep(context.Background(), r)) {
			fmt.Fprintf(&b, "%s: %s\n", st.Title, st.Body)
		}
		text := b.String()
		if words := len(strings.Fields(text)); words > most {
			most, longest = words, text
		}
		if s.ShortNumbers != nil {
			for _, want := range s.ShortNumbers(r) {
				if !strings.Contains(text, want) {
					t.Fatalf("%s: the short reply lacks %q:\n%s", fullKey(pos), want, text)
				}
			}
		}
		body := func(title string) string {
			for _, st := range steps {
				if st.Title == title {
					return st.Body
				}
			}
			return ""
		}
		c := teacher.Canonical(r)
		pl := teacher.Plan(c)
		if pl.Move != nil && !strings.Contains(body("Finding it"), teacher.Compact(c.Position, pl.Move)) &&
			!strings.Contains(strings.ToLower(body("Finding it")), pl.Move.String()) &&
			(s.MovePhrase == nil || !strings.Contains(body("Finding it"), s.MovePhrase(c.Position, pl.Move))) {
			t.Fatalf("%s: 'Finding it' does not name the taught move %v:\n%s", fullKey(pos), pl.Move, body("Finding it"))
		}
		if m, _, _ := explain.Recommend(context.Background(), r); m != nil && c.Position.String() == pos.String() {
			line := body("Best play")
			first := teacher.LineMove(c.Position, teacher.LocalMove(r, c, m), explain.Options{})
			if !strings.HasPrefix(line, first) {
				t.Fatalf("%s: the line of play %q does not start with the recommended %q", fullKey(pos), line, first)
			}
		}
	})
	if most > maxShortWords {
		t.Errorf("a short reply of %d words, over %d:\n%s", most, maxShortWords, longest)
	}
	t.Logf("%d small positions, the longest short reply %d words", n, most)
}

// testMoveTable checks the move-value table on every small position
// against exhaustive search: each move's outcome and remoteness, exactly
// one recommended move (the tutor's), and in a lost position the
// recommended move is the slowest loss.
func testMoveTable(t *testing.T, s Spec) {
	ctx := context.Background()
	n := smallPositions(t, s, func(pos solver.Position) {
		r := explain.Solve(ctx, pos)
		rows, more := explain.MoveTable(ctx, r, 0)
		values, err := solver.MoveValues(ctx, pos, 0)
		if err != nil {
			t.Fatal(err)
		}
		if more != 0 || len(rows) != len(values) {
			t.Fatalf("%s: %d rows and %d more, want %d moves", fullKey(pos), len(rows), more, len(values))
		}
		recommended := -1
		var slowest solver.Value
		for i, row := range rows {
			v := values[i]
			if row.Move != v.Move || row.Outcome != v.Value.Outcome || row.Remoteness != v.Value.Remoteness {
				t.Fatalf("%s: row %v %v in %d, search says %v %v", fullKey(pos), row.Move, row.Outcome, row.Remoteness, v.Move, v.Value)
			}
			if (row.Kind != "") != (row.Outcome == r.Outcome && r.Outcome != solver.Loss) {
				t.Fatalf("%s: row %v (%v) has kind %q, the position's outcome is %v", fullKey(pos), row.Move, row.Outcome, row.Kind, r.Outcome)
			}
			if row.Recommended {
				if recommended >= 0 {
					t.Fatalf("%s: two moves recommended", fullKey(pos))
				}
				recommended = i
			}
			if i == 0 || v.Value.Better(slowest) {
				slowest = v.Value
			}
		}
		if len(rows) == 0 {
			return
		}
		if recommended < 0 {
			t.Fatalf("%s: no move recommended", fullKey(pos))
		}
		rec := rows[recommended]
		if rec.Outcome != r.Outcome {
			t.Fatalf("%s: the recommended move %v is a %v, the position a %v", fullKey(pos), rec.Move, rec.Outcome, r.Outcome)
		}
		if r.Outcome == solver.Loss && rec.Remoteness != slowest.Remoteness {
			t.Fatalf("%s: the recommended losing move %v loses in %d; the slowest loss takes %d", fullKey(pos), rec.Move, rec.Remoteness, slowest.Remoteness)
		}
	})
	t.Logf("%d positions", n)
}

// testWhy checks the why report of every legal move of every small
// position: it names the position after the move and who wins it, as the
// formula says; its values are those of exhaustive search; and where the
// move throws the outcome away, it shows the refutation and the better
// move (testClaims checks every comparison).
func testWhy(t *testing.T, s Spec) {
	ctx := context.Background()
	g := s.Game
	moves := 0
	size := s.Small - 1
	if s.WhySize > 0 {
		size = s.WhySize
	}
	positionsUpTo(t, s, size, func(pos solver.Position) {
		r := explain.Solve(ctx, pos)
		values, err := solver.MoveValues(ctx, pos, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range values {
			moves++
			steps, err := explain.Why(ctx, r, mv.Move, nil)
			if err != nil {
				t.Fatalf("%s %v: %v", fullKey(pos), mv.Move, err)
			}
			text := stepsText(steps)
			want := explain.MoveValueClaim(pos, mv.Move, mv.Value).Text
			if !strings.Contains(text, want) {
				t.Fatalf("%s %v: the report lacks %q:\n%s", fullKey(pos), mv.Move, want, text)
			}
			next, _ := pos.Play(mv.Move)
			o, _ := next.Analyze()
			nextMover := g.PlayerName(next.ToMove())
			if solver.HasMoves(next) {
				say := map[solver.Outcome]string{solver.Win: nextMover + ", to move, wins.", solver.Loss: nextMover + ", to move, loses", solver.Tie: "still a tie"}[o]
				if !strings.Contains(steps[0].Body, say) {
					t.Fatalf("%s %v: the position after is not called %q:\n%s", fullKey(pos), mv.Move, say, steps[0].Body)
				}
			}
			if -o < r.Outcome {
				if solver.HasMoves(next) && o == solver.Win && !strings.Contains(text, "Their refutation") || !strings.Contains(text, "## The better move") {
					t.Fatalf("%s %v throws away the %v but the report shows no refutation or better move:\n%s", fullKey(pos), mv.Move, r.Outcome, text)
				}
			}
		}
	})
	t.Logf("%d moves explained", moves)
}

// stepsText writes steps as a person reads them.
func stepsText(list []explain.Step) string { return steps(list) }
