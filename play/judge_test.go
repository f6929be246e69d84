package play

import (
	"context"
	"testing"

	_ "github.com/nimtutor/nimtutor/games/all"
	"github.com/nimtutor/nimtutor/solver"
)

// TestJudgeAgainstSearch judges every move of every small position of
// every game and checks the verdict against the search: a mistake exactly
// when the move loses what the mover had, slower only when a win takes
// longer, and with the search out of reach the formula's outcomes agree.
func TestJudgeAgainstSearch(t *testing.T) {
	sizes := map[string]int{"adapwns": 9, "abgame": 7, "binstring": 7, "binim": 2, "binim2": 2}
	for _, g := range solver.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			oracle := solver.NewOracle(context.Background(), g, 0)
			blind := solver.NewOracle(context.Background(), g, 1) // reaches nothing
			checked := 0
			seen := map[solver.State]bool{}
			for size := 1; size <= sizes[g.Name()]; size++ {
				g.Starts(size, func(st solver.State) bool {
					if seen[st] {
						return true
					}
					seen[st] = true
					pos := g.Decode(st)
					had, _ := oracle.Value(pos)
					for _, m := range pos.Moves() {
						for _, o := range []*solver.Oracle{oracle, blind} {
							j, err := Judge(o, pos, m)
							if err != nil || j.Exact != (o == oracle) {
								t.Fatalf("%q %v: %v (exact %v)", pos, m, err, j.Exact)
							}
							kept, _ := oracle.After(pos, m)
							if (j.Class == Mistake) != (kept.Outcome < had.Outcome) && j.Class != Forced {
								t.Errorf("%q %v: %s; search says had %v, kept %v", pos, m, j.Class, had, kept)
							}
							if j.Had != had.Outcome || j.Kept != kept.Outcome {
								t.Errorf("%q %v: had %v kept %v, search %v %v", pos, m, j.Had, j.Kept, had, kept)
							}
							if j.Class == Slower && (had.Outcome != solver.Win || j.Dist <= j.BestDist) {
								t.Errorf("%q %v: slower but had %v, dist %d vs %d", pos, m, had, j.Dist, j.BestDist)
							}
							// The taught move wins the slow way at times; it is praised
							// as the taught move, never called slower.
							if j.Class == Taught && (kept.Outcome != had.Outcome || j.Dist <= j.BestDist) {
								t.Errorf("%q %v: judged the taught slow win, keeping %v of %v in %d against %d", pos, m, kept, had, j.Dist, j.BestDist)
							}
							if j.Exact && j.Class == Best && j.Dist != had.Remoteness && had.Outcome != solver.Tie {
								t.Errorf("%q %v: best, but %d moves against %d", pos, m, j.Dist, had.Remoteness)
							}
						}
						checked++
					}
					return true
				})
			}
			t.Logf("%d moves judged against search", checked)
		})
	}
}
