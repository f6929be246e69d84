package binstring

import (
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "binstring", Order: 80, Title: "Fewest 0s: the tie-break", Steps: []learn.Step{
		{Idea: "With an even number of 0s neither player can end with fewer: each can always take as many 0s as the other, so it is a tie.",
			Game: "binstring", Text: "0110", Says: "tie", Shows: []string{"2 zeros left"}, Ask: learn.WhoWins},
		{Idea: "With an odd number of 0s somebody must end with fewer, and the runs of 1s decide who: they are Nim heaps, and a XOR of 0 loses for Player 1 (here 2 xor 2 = 0).",
			Game: "binstring", Text: "0110011", Says: "loss", Shows: []string{"3 zeros left, XOR of the runs of 1s 0"}, Ask: learn.WhoWins},
		{Idea: "So with an odd number of 0s, the winning move is the Nim move on the runs of 1s: here clear the only run.",
			Game: "binstring", Text: "00011", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{1, 1}, {4, 5}, {4, 4}}},
	}})
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (game) LessonLinks() map[string]string {
	return map[string]string{"The 0s": "binstring", "Runs of 1s are Nim heaps": "nim", "Putting it together": "binstring", "The rule here": "binstring"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (game) ThemeLessons() map[string]string {
	return map[string]string{ThemeTieBreak0s: "binstring", explain.ThemeXORToZero: "nim"}
}
