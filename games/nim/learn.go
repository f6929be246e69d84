package nim

import (
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	// The first two steps come before XOR: their answers give the
	// reason the idea states, not the XOR.
	learn.Register(&learn.Topic{ID: "nim", Order: 10, Title: "Nim and XOR", Steps: []learn.Step{
		{Idea: "A Nim heap can be cut to any smaller size, so one heap on its own is a win for the player to move: take all of it.",
			Game: "nim", Numbers: true, Text: "5", Says: "win", Ask: learn.WhoWins, Reason: "one heap, which the player to move takes whole"},
		{Idea: "Two equal heaps lose for the player to move: whatever they take from one heap, the opponent takes the same from the other.",
			Game: "nim", Numbers: true, Text: "4 4", Says: "loss", Ask: learn.WhoWins, Reason: "two equal heaps, and whatever is taken from one the opponent takes from the other"},
		{Idea: "Write the heaps in binary and XOR them, bit by bit without carries: the player to move loses exactly when the XOR is 0 (here 1 xor 2 xor 3 = 0).",
			Game: "nim", Numbers: true, Text: "1 2 3", Says: "loss", Shows: []string{"the XOR of the heaps is 0"}, Ask: learn.WhoWins},
		{Idea: "To win, leave a XOR of 0: with XOR x, find a heap h where h xor x is smaller than h, and cut it to that size (here x = 2 and 3 xor 2 = 1).",
			Game: "nim", Numbers: true, Text: "3 4 5", Says: "win", Shows: []string{"the XOR of the heaps is 2"}, Ask: learn.WhichMove, Choices: [][2]int{{2, 2}, {1, 2}, {3, 2}}},
		{Idea: "A single heap is the simplest case of the rule: its XOR is the heap itself, never 0, so take it all.",
			Game: "nim", Numbers: true, Text: "5", Says: "win", Shows: []string{"the XOR of the heaps is 5"}, Ask: learn.WhichMove, Choices: [][2]int{{1, 2}, {1, 5}, {1, 4}}},
	}})
	learn.Register(&learn.Topic{ID: "misere", Order: 20, Title: "Misère Nim", Steps: []learn.Step{
		{Idea: "In misère play whoever takes the last object loses, so a single heap of 1 is lost for the player to move.",
			Game: "misere", Numbers: true, Text: "1", Says: "loss", Ask: learn.WhoWins},
		{Idea: "When every heap has at most 1, only the count matters: an odd number of heaps of 1 loses for the player to move, an even number wins.",
			Game: "misere", Numbers: true, Text: "1 1 1 1", Says: "win", Ask: learn.WhoWins},
		{Idea: "While a heap has 2 or more, play as in Nim with one change: the move that leaves only heaps of 1 must leave an odd number of them.",
			Game: "misere", Numbers: true, Text: "1 1 3", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{3, 3}, {3, 2}, {1, 1}}},
		{Idea: "So with a heap of 2 or more, the XOR decides as in Nim: two equal heaps of 2 still lose for the player to move.",
			Game: "misere", Numbers: true, Text: "2 2", Says: "loss", Shows: []string{"the XOR of the heaps is 0"}, Ask: learn.WhoWins},
	}})
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (g *game) LessonLinks() map[string]string {
	if g.misere {
		return map[string]string{"The heaps in binary": "nim", "Normal Nim underneath": "nim", "The misère ending": "misere", "The rule here": "misere"}
	}
	return map[string]string{"The heaps in binary": "nim", "Why a XOR of 0 loses": "nim", "The rule here": "nim"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (g *game) ThemeLessons() map[string]string {
	return map[string]string{explain.ThemeXORToZero: "nim", ThemeMisereEnding: "misere"}
}
