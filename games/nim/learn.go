package nim

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	// The first two steps come before XOR: their answers give the
	// reason the idea states, not the XOR.
	learn.Register(&learn.Topic{ID: "nim", Order: 10, Title: "Nim and XOR", Steps: []learn.Step{
		{Idea: "A Nim heap can be cut to any smaller size, so one heap on its own is a win for the player to move: take all of it.",
			Game: "nim", Numbers: true, Text: "5", Says: "win", Ask: learn.WhoWins, Reason: "one heap, which the player to move takes whole",
			Has: heapsWith(func(hs []int) bool { return len(hs) == 1 && hs[0] > 0 })},
		{Idea: "Two equal heaps lose for the player to move: whatever they take from one heap, the opponent takes the same from the other.",
			Game: "nim", Numbers: true, Text: "4 4", Says: "loss", Ask: learn.WhoWins, Reason: "two equal heaps, and whatever is taken from one the opponent takes from the other",
			Has: heapsWith(func(hs []int) bool { return len(hs) == 2 && hs[0] == hs[1] && hs[0] > 0 })},
		{Idea: "Write the heaps in binary and XOR them, bit by bit without carries: the player to move loses exactly when the XOR is 0 (here 1 xor 2 xor 3 = 0).",
			Game: "nim", Numbers: true, Text: "1 2 3", Says: "loss", Shows: []string{"the XOR of the heaps is 0"}, Ask: learn.WhoWins,
			// No two heaps equal: copying moves does not explain
			// the loss, the XOR does.
			Has: heapsWith(func(hs []int) bool { return len(hs) >= 3 && nimSum(hs) == 0 && distinct(hs) })},
		{Idea: "To win, leave a XOR of 0: with XOR x, find a heap h where h xor x is smaller than h, and cut it to that size (here x = 2 and 3 xor 2 = 1).",
			Game: "nim", Numbers: true, Text: "3 4 5", Says: "win", Shows: []string{"the XOR of the heaps is 2"}, Ask: learn.WhichMove, Choices: [][2]int{{2, 2}, {1, 2}, {3, 2}},
			// Several heaps, and the cut does not empty the heap: the
			// size h xor x has to be worked out.
			Has:  heapsWith(func(hs []int) bool { i, h2 := xorCut(hs); return len(hs) >= 3 && i >= 0 && h2 > 0 }),
			Move: heapsMove(func(hs []int) [2]int { i, h2 := xorCut(hs); return [2]int{i + 1, hs[i] - h2} })},
		{Idea: "A single heap is the simplest case of the rule: its XOR is the heap itself, never 0, so take it all.",
			Game: "nim", Numbers: true, Text: "5", Says: "win", Shows: []string{"the XOR of the heaps is 5"}, Ask: learn.WhichMove, Choices: [][2]int{{1, 2}, {1, 5}, {1, 4}},
			Has:  heapsWith(func(hs []int) bool { return len(hs) == 1 && hs[0] >= 2 }),
			Move: heapsMove(func(hs []int) [2]int { return [2]int{1, hs[0]} })},
	}})
	// Misère Nim: the ending first (leave the last object; then the
	// count of heaps of 1), then the play while heaps of 2 or more are
	// left.
	learn.Register(&learn.Topic{ID: "misere", Order: 20, Title: "Misère Nim", Steps: []learn.Step{
		{Idea: "In misère play whoever takes the last object loses, so a lone heap of 1 is lost for the player to move, and when one move can leave your opponent just that last object, it wins: from heaps of 1 and 4, take the whole heap of 4.",
			Game: "misere", Numbers: true, Text: "1 4", Says: "win", Ask: learn.WhichMove, Prompt: "%[1]s is to move. Which move leaves %[2]s the last object?", Choices: [][2]int{{2, 4}, {2, 3}, {1, 1}, {2, 1}},
			Has: heapsWith(lastObjectNext), Move: heapsMove(leaveLastObject),
			Draw: func(r *rand.Rand) string {
				big := strconv.Itoa(2 + r.IntN(8))
				switch r.IntN(3) {
				case 0:
					return big
				case 1:
					return "1 " + big
				}
				return big + " 1"
			}},
		{Idea: "When every heap has 1 object, only the count matters: an odd number of heaps of 1 loses for the player to move, an even number wins (take one and leave an odd number).",
			Game: "misere", Numbers: true, Text: "1 1 1 1", Says: "win", Ask: learn.WhoWins,
			Has:      heapsWith(func(hs []int) bool { return len(hs) >= 2 && big(hs) == 0 && !slices.Contains(hs, 0) }),
			Predicts: heapsOutcome(func(hs []int) solver.Outcome { return solver.WinIf(len(hs)%2 == 0) })},
		{Idea: "With one heap of 2 or more among heaps of 1, play Nim's one misère change: cut that heap to 1 or take it whole, whichever leaves an odd number of heaps of 1 for the opponent.",
			Game: "misere", Numbers: true, Text: "1 1 3", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{3, 3}, {3, 2}, {1, 1}},
			// One heap of 2 or more among two or more heaps of 1: the
			// move on it is the one that leaves only heaps of 1.
			Has:  heapsWith(func(hs []int) bool { return big(hs) == 1 && len(hs)-1 >= 2 && !slices.Contains(hs, 0) }),
			Move: heapsMove(leaveOddOnes),
			Draw: func(r *rand.Rand) string {
				hs := make([]string, 2+r.IntN(4))
				for k := range hs {
					hs[k] = "1"
				}
				hs[r.IntN(len(hs))] = strconv.Itoa(2 + r.IntN(6))
				return strings.Join(hs, " ")
			}},
		{Idea: "With two or more heaps of 2 or more, play exactly as in Nim, since the change comes only later: the XOR decides, and two equal heaps of 2 still lose for the player to move.",
			Game: "misere", Numbers: true, Text: "2 2", Says: "loss", Shows: []string{"the XOR of the heaps is 0"}, Ask: learn.WhoWins,
			Has:      heapsWith(func(hs []int) bool { return big(hs) >= 2 }),
			Predicts: heapsOutcome(func(hs []int) solver.Outcome { return solver.WinIf(nimSum(hs) != 0) })},
	}})
}

// The lessons' ideas as tests on a position, for learn.Step.Has, and the
// moves and verdicts they give.

// heapsOf returns the heaps of a lesson's Nim or misère Nim position.
func heapsOf(b learn.Board) ([]int, bool) {
	p, ok := b.Position().(*Heaps)
	if !ok {
		return nil, false
	}
	return p.heaps, true
}

// heapsWith turns a test on the heaps into a test on a lesson's position.
func heapsWith(ok func(hs []int) bool) func(learn.Board) bool {
	return func(b learn.Board) bool {
		hs, isNim := heapsOf(b)
		return isNim && ok(hs)
	}
}

// heapsMove turns a move read on the heaps into one on a lesson's
// position, as heap and how many.
func heapsMove(move func(hs []int) [2]int) func(learn.Board) [2]int {
	return func(b learn.Board) [2]int {
		hs, _ := heapsOf(b)
		return move(hs)
	}
}

// heapsOutcome turns a verdict read on the heaps into one on a lesson's
// position.
func heapsOutcome(o func(hs []int) solver.Outcome) func(learn.Board) solver.Outcome {
	return func(b learn.Board) solver.Outcome {
		hs, _ := heapsOf(b)
		return o(hs)
	}
}

// nimSum is the XOR of the heaps.
func nimSum(hs []int) int { return tallyOf(hs).x }

// big counts the heaps of 2 or more.
func big(hs []int) int { return tallyOf(hs).big }

// distinct reports whether no two heaps are equal.
func distinct(hs []int) bool {
	s := slices.Clone(hs)
	slices.Sort(s)
	return len(slices.Compact(s)) == len(hs)
}

// xorCut is the move of the XOR rule: the first heap i whose size h xor
// x is smaller than h, and that size; i is -1 when the XOR is 0.
func xorCut(hs []int) (i, h2 int) {
	x := nimSum(hs)
	for i, h := range hs {
		if h^x < h {
			return i, h ^ x
		}
	}
	return -1, 0
}

// lastObjectNext reports whether one move leaves a lone heap of 1, with
// a heap of 2 or more now (a lone heap of 2 or more, or it and a heap of
// 1): heaps of 1 alone are the next step's.
func lastObjectNext(hs []int) bool {
	ones, others := 0, 0
	for _, h := range hs {
		switch {
		case h == 1:
			ones++
		case h >= 2:
			others++
		}
	}
	return others == 1 && ones <= 1
}

// leaveLastObject is the move that leaves a lone heap of 1: the big heap
// cut to 1, or taken whole beside a heap of 1.
func leaveLastObject(hs []int) [2]int {
	i := slices.IndexFunc(hs, func(h int) bool { return h >= 2 })
	if slices.Contains(hs, 1) {
		return [2]int{i + 1, hs[i]}
	}
	return [2]int{i + 1, hs[i] - 1}
}

// leaveOddOnes is misère Nim's move on the one heap of 2 or more: cut it
// to 1 or take it whole, whichever leaves an odd number of heaps of 1.
func leaveOddOnes(hs []int) [2]int {
	i := slices.IndexFunc(hs, func(h int) bool { return h >= 2 })
	ones := 0
	for _, h := range hs {
		if h == 1 {
			ones++
		}
	}
	if ones%2 == 1 {
		return [2]int{i + 1, hs[i]}
	}
	return [2]int{i + 1, hs[i] - 1}
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
