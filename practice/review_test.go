package practice

import (
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/solver"
)

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
