package practice

import (
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/solver"
)

// TestJudgeMoveAgainstSearch judges every move of every small position of
// every game and checks the verdict against the generic search: a
// mistake exactly when the move loses what search says the mover had.
func TestJudgeMoveAgainstSearch(t *testing.T) {
	sizes := map[string]int{"adapwns": 10, "abgame": 8, "binstring": 8, "binim": 3, "binim2": 3}
	for _, g := range solver.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			oracle := newDistSearch(g, 0)
			ds := newDistSearch(g, 1<<22)
			checked := 0
			for size := 1; size <= sizes[g.Name()]; size++ {
				g.Starts(size, func(st solver.State) bool {
					pos := g.Decode(st)
					moves := pos.Moves()
					hv, _ := oracle.solve(pos)
					had := hv.outcome
					for _, m := range moves {
						mr, exact, err := judgeMove(ds, pos, m)
						if err != nil || !exact {
							t.Fatalf("%q %v: %v (exact %v)", pos, m, err, exact)
						}
						next, _ := pos.Play(m)
						ov, _ := oracle.solve(next)
						o := ov.outcome
						mistake := -o < had
						if (mr.Class == Mistake) != mistake && mr.Class != Forced {
							t.Errorf("%q %v: %s; search says had %v, kept %v", pos, m, mr.Class, had, -o)
						}
						if mr.Had != had {
							t.Errorf("%q: Had %v, search %v", pos, mr.Had, had)
						}
						if mr.Class == Slower && (had != solver.Win || mr.Dist <= mr.BestDist) {
							t.Errorf("%q %v: slower but had %v, dist %d vs %d", pos, m, had, mr.Dist, mr.BestDist)
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

func TestReviewGame(t *testing.T) {
	start, err := adapwns.Game.Parse("..P.P..P", solver.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The learner plays the side to move and answers with the first move
	// each time: mistakes come where the first move loses.
	pos := start
	var moves []solver.Move
	for solver.HasMoves(pos) {
		var m solver.Move
		if pos.ToMove() == 0 {
			m = pos.Moves()[0]
		} else {
			if m = solver.Solve(pos).Move; m == nil {
				m = pos.Moves()[0]
			}
		}
		moves = append(moves, m)
		pos, _ = pos.Play(m)
	}
	r, err := ReviewGame(start, 0, moves)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact || r.Result == "" || len(r.Moves) == 0 {
		t.Fatalf("review = %+v", r)
	}
	card := r.Card()
	if r.FirstMistake >= 0 && !strings.Contains(card, "The game turned on your move") {
		t.Errorf("card without the turning point:\n%s", card)
	}
	t.Logf("\n%s", card)
	if _, err := ReviewGame(start, 0, []solver.Move{adapwns.Move{From: 1, To: 2}}); err == nil {
		t.Error("an illegal move was reviewed")
	}
}
