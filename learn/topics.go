package learn

// The lessons on the theory behind every game, in nimtutor's own words:
// grundy values and sums of games, and staircase Nim. Each game's own
// lessons live in its package and register themselves. Every position,
// every outcome a sentence states (Says) and every exercise is checked
// against exhaustive search by the tests.
func init() {
	Register(&Topic{ID: "grundy", Order: 30, Title: "Sprague–Grundy values and sums", Steps: []Step{
		{Idea: "A game's grundy value is the smallest number that no move reaches; in a pile where a move takes 1 or 2 the values run 0, 1, 2, 0, 1, 2, so a pile of g is worth g mod 3 and a pile of 6 is worth 0: lost for the player to move.",
			Game: "sums", Text: "6/2", Says: "loss", Shows: []string{"pile of 6, worth 0"}, Ask: WhoWins},
		{Idea: "A position worth more than 0 wins by moving to one worth 0: from a take-1-or-2 pile of 4 (worth 1), take 1.",
			Game: "sums", Text: "4/2", Says: "win", Shows: []string{"pile of 4, worth 1"}, Ask: WhichMove, Choices: [][2]int{{1, 2}, {1, 1}}},
		{Idea: "A sum of games, where each move is made in one of them, is worth the XOR of their values: a take-1-or-2 pile of 5 (worth 2) and a Nim heap of 2 (worth 2) cancel out.",
			Game: "sums", Text: "5/2 2", Says: "loss", Shows: []string{"pile of 5, worth 2; a Nim heap of 2, worth 2"}, Ask: WhoWins},
		{Idea: "So win a sum as you win Nim, with values for heaps: here 1 xor 3 = 2, and the Nim heap of 3 goes to 1.",
			Game: "sums", Text: "4/2 3", Says: "win", Shows: []string{"worth 1; a Nim heap of 3, worth 3; their XOR is 2"}, Ask: WhichMove, Choices: [][2]int{{1, 1}, {2, 3}, {2, 2}}},
	}})
	Register(&Topic{ID: "staircase", Order: 40, Title: "Staircase Nim", Steps: []Step{
		{Idea: "On a staircase, a move carries coins from one step to the step below, and coins on even steps do not matter: whatever comes down from an even step, the opponent carries on down to the next even step.",
			Game: "staircase", Text: "0 3 0 3", Says: "loss", Shows: []string{"step 1 has 0, step 3 has 0"}, Ask: WhoWins},
		{Idea: "So the odd steps are Nim heaps (moving coins off an odd step shrinks that heap), and the player to move wins when their XOR is not 0.",
			Game: "staircase", Text: "2 5 3", Says: "win", Ask: WhichMove, Choices: [][2]int{{1, 1}, {2, 5}, {3, 1}}},
		{Idea: "Coins that come down onto an odd step grow that heap, which is why the answer to a move from an even step is to carry the same coins on.",
			Game: "staircase", Text: "1 2 1", Says: "loss", Ask: WhoWins},
	}})
}
