package abgame

import (
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "abgame", Order: 60, Title: "ABGAME: gaps between facing letters", Steps: []learn.Step{
		{Idea: "Letters face each other in pairs, the 1st and 2nd, the 3rd and 4th, and so on; a pair of one owner with d empty cells between them is d reserve moves for that owner.",
			Game: "abgame", Text: "A..A.B.B", Says: "win", Shows: []string{"reserves A 2, B 1"}, Ask: learn.WhoWins},
		{Idea: "A pair of different owners is a Nim heap of its gap, which both may shrink: in `A..B` A closes the gap and B cannot move.",
			Game: "abgame", Text: "A..B", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{1, 2}, {1, 3}}},
		{Idea: "Reserve moves decide first; when they are equal, the XOR of the Nim heaps decides, and 0 loses for the player to move.",
			Game: "abgame", Text: "A.BA.B", Says: "loss", Shows: []string{"reserves A 0, B 0, XOR 0"}, Ask: learn.WhoWins},
	}})
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (game) LessonLinks() map[string]string {
	return map[string]string{"Facing pairs": "abgame", "Reserve moves": "abgame", "Nim heaps": "nim", "The rule": "abgame", "The rule here": "abgame"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (game) ThemeLessons() map[string]string {
	return map[string]string{ThemeReserveMoves: "abgame", ThemeNimHeaps: "nim", explain.ThemeXORToZero: "nim"}
}
