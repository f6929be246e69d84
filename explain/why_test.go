package explain

import (
	"context"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// whySizes is the largest starting size whose every position, and every
// legal move in it, TestWhy checks.
var whySizes = map[string]int{"binim2": 2, "binim": 2, "abgame": 6, "adapwns": 8, "binstring": 6}

// TestWhy checks the why report of every legal move of every small
// position: it names the position after the move and who wins it, as the
// formula says; its values are those of exhaustive search; and where the
// move throws the outcome away, it shows the refutation and the better
// move.
func TestWhy(t *testing.T) {
	ctx := context.Background()
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			g, _ := solver.Lookup(game)
			n := 0
			seen := map[string]bool{}
			for size := 1; size <= whySizes[game]; size++ {
				g.Starts(size, func(st solver.State) bool {
					for _, pos := range append([]solver.Position{g.Decode(st)}, reachable(t, g.Decode(st))...) {
						if seen[Key(pos)] {
							continue
						}
						seen[Key(pos)] = true
						r := Solve(ctx, pos)
						values, err := solver.MoveValues(ctx, pos, 0)
						if err != nil {
							t.Fatal(err)
						}
						for _, mv := range values {
							n++
							steps, err := Why(ctx, r, mv.Move, nil)
							if err != nil {
								t.Fatalf("%q %v: %v", pos, mv.Move, err)
							}
							text := render(steps)
							want := capitalise(mv.Move.String()) + ": " + ValueText(mv.Value) + "."
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
