package adapwns

import (
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "adapwns", Order: 70, Title: "ADAPWNS: gaps mod 3 on alternate gaps", Steps: []learn.Step{
		{Idea: "Count the empty cells in front of each pawn: moving a pawn 1 or 2 cells left carries 1 or 2 from its gap to the gap on its right, a staircase whose rightmost gap empties off the board.",
			Game: "adapwns", Text: "..P.P", Says: "win", Ask: learn.WhoWins},
		{Idea: "As on any staircase only every other gap counts, starting with the rightmost, and a counted gap of g is a take-1-or-2 pile worth g mod 3: here the counted gap is 3, worth 0.",
			Game: "adapwns", Text: "...P...P", Says: "loss", Shows: []string{"counted gaps are gap 2 = 3", "3 mod 3 = 0"}, Ask: learn.WhoWins},
		{Idea: "To win, leave the counted gaps' values with XOR 0: here the counted gap is 1, so the rightmost pawn steps one cell left.",
			Game: "adapwns", Text: "..P.P", Says: "win", Ask: learn.WhichMove, Shows: []string{"counted gaps are gap 2 = 1"}, Choices: [][2]int{{3, 2}, {5, 4}, {3, 1}}},
	}})
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (game) LessonLinks() map[string]string {
	return map[string]string{"The gaps": "adapwns", "A staircase": "staircase", "Which gaps count": "staircase", "g mod 3": "grundy", "The XOR": "grundy", "The rule here": "adapwns"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (game) ThemeLessons() map[string]string {
	return map[string]string{ThemeGapMod3: "grundy", ThemeStaircase: "staircase", explain.ThemeXORToZero: "grundy"}
}
