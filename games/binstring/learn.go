package binstring

import (
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "binstring", Order: 80, Title: "Fewest 0s: the tie-break", Steps: []learn.Step{
		{Idea: "With an even number of 0s neither player can end with fewer: each can always take as many 0s as the other, so it is a tie.",
			Game: "binstring", Text: "0110", Says: "tie", Shows: []string{"2 zeros left"}, Ask: learn.WhoWins,
			Has: stringWith(func(s string) bool { z := strings.Count(s, "0"); return z > 0 && z%2 == 0 })},
		{Idea: "With an odd number of 0s somebody must end with fewer, and the runs of 1s decide who: they are Nim heaps, and a XOR of 0 loses for Player 1 (here 2 xor 2 = 0).",
			Game: "binstring", Text: "0110011", Says: "loss", Shows: []string{"3 zeros left, XOR of the runs of 1s 0"}, Ask: learn.WhoWins,
			Has: stringWith(func(s string) bool { return strings.Count(s, "0")%2 == 1 && strings.Contains(s, "1") }),
			Predicts: func(b learn.Board) solver.Outcome {
				_, nim := scanBinary([]byte(b.Position().(*BinaryString).s), nil)
				return solver.WinIf(nim != 0)
			}},
		{Idea: "So with an odd number of 0s, the winning move is the Nim move on the runs of 1s: here 2 xor 3 = 1, so take one 1 from the run of 3.",
			Game: "binstring", Text: "01101110", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{2, 3}, {5, 5}, {1, 1}, {5, 7}},
			// Two runs of 1s or more, so the move is found by their XOR.
			Has: stringWith(func(s string) bool {
				runs := 0
				_, nim := scanBinary([]byte(s), func(int) { runs++ })
				return strings.Count(s, "0")%2 == 1 && nim != 0 && runs >= 2
			}),
			Move: func(b learn.Board) [2]int { return nimMove(b.Position().(*BinaryString).s) }},
	}})
}

// stringWith turns a test on the string into a test on a lesson's
// position (one where no 0 is held yet), for learn.Step.Has.
func stringWith(ok func(s string) bool) func(learn.Board) bool {
	return func(b learn.Board) bool {
		p, isString := b.Position().(*BinaryString)
		return isString && p.held == [2]int{} && ok(p.s)
	}
}

// nimMove is Nim's move on the runs of 1s: from the first run of r whose
// size r xor x is smaller, remove r - (r xor x) of its 1s, from its
// start (characters numbered from 1).
func nimMove(s string) [2]int {
	_, x := scanBinary([]byte(s), nil)
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == s[i] {
			j++
		}
		if r := j - i; s[i] == '1' && r^x < r {
			return [2]int{i + 1, i + r - (r ^ x)}
		}
		i = j
	}
	return [2]int{}
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (game) LessonLinks() map[string]string {
	return map[string]string{"The 0s": "binstring", "Runs of 1s are Nim heaps": "nim", "Putting it together": "binstring", "The rule here": "binstring"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (game) ThemeLessons() map[string]string {
	return map[string]string{ThemeTieBreak0s: "binstring", explain.ThemeXORToZero: "nim"}
}
