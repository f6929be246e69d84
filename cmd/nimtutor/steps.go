package main

import (
	"fmt"

	"github.com/nimtutor/nimtutor/solver"
)

// step is one titled step of an explanation.
type step struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

// steps returns the verdict and the move in words.
func steps(r solver.Result) []step {
	g := r.Position.Game()
	verdict := fmt.Sprintf("With %s to move, %s wins.", g.PlayerName(r.Position.ToMove()), r.WinnerName())
	if r.Outcome == solver.Tie {
		verdict = "Neither player can force a win: the game is a tie."
	}
	move := "Every move loses against perfect play, or there is no move to make."
	if r.Move != nil {
		move = fmt.Sprintf("One optimal move: %s.", r.Move)
	}
	return []step{{Title: "Verdict", Body: verdict}, {Title: "Move", Body: move}}
}
