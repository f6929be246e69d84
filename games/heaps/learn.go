package heaps

import "github.com/nimtutor/nimtutor/learn"

// The lesson on heap games by rule (octal games and their periods,
// Wythoff, Moore, trees), registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "heaps", Order: 45, Title: "Octal games, periods and other heap rules", Steps: []learn.Step{
		{Idea: "In Kayles (octal 0.77) a move knocks down one pin or two neighbouring pins, and may split a row in two; a row's value is the mex of the values its moves reach, and rows add by XOR like Nim heaps, so two equal rows cancel.",
			Game: "heaps", Text: "kayles: 2 2", Says: "loss", Ask: learn.WhoWins},
		{Idea: "A single row of Kayles is always won: knock down the middle one or two pins and copy the opponent's moves on the other side.",
			Game: "heaps", Text: "kayles: 5", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{1, 21}, {1, 1}, {1, 2}}},
		{Idea: "The values of Kayles repeat every 12 from a row of 71 on: the octal periodicity theorem proves it from the values up to 2·71 + 12 + 2, so a row of any length, even 10^18, has a known value.",
			Game: "heaps", Text: "kayles: 4 4", Says: "loss", Ask: learn.WhoWins},
		{Idea: "A subtraction game is periodic too, and its proof is shorter: with takes 1, 3 or 4 a heap's value depends on the 4 values below it, and those repeat every 7 from the start, so a heap of 7 is lost.",
			Game: "heaps", Text: "subtract 1,3,4: 7", Says: "loss", Ask: learn.WhoWins},
		{Idea: "In Wythoff's game (take from one heap, or the same from both) the lost pairs are (⌊kφ⌋, ⌊kφ⌋ + k), so (1, 2), (3, 5) and (4, 7) are lost.",
			Game: "heaps", Text: "wythoff: 3 5", Says: "loss", Ask: learn.WhoWins},
		{Idea: "In Moore's Nim with moves on up to k heaps, the player to move loses when every binary column has a multiple of k+1 ones: three heaps of 1 under moore 2.",
			Game: "heaps", Text: "moore 2: 1 1 1", Says: "loss", Ask: learn.WhoWins},
		{Idea: "A Hackenbush tree is a Nim heap by the colon principle: a stem of two edges is worth 2, so two such stems cancel.",
			Game: "heaps", Text: "hackenbush: 0 1 / 0 1", Says: "loss", Ask: learn.WhoWins},
	}})
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (g *game) LessonLinks() map[string]string {
	return map[string]string{stepValues: "grundy", stepSum: "grundy", stepPeriod: "heaps", stepStaircase: "staircase",
		stepWythoff: "heaps", stepMoore: "heaps", stepColon: "heaps", "The rule here": "grundy"}
}
