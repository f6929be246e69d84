package adapwns

import (
	"slices"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "adapwns", Order: 70, Title: "ADAPWNS: gaps mod 3 on alternate gaps", Steps: []learn.Step{
		{Idea: "Count the empty cells in front of each pawn: moving a pawn 1 or 2 cells left carries 1 or 2 from its gap to the gap on its right, a staircase whose step 1 is the rightmost gap, emptying off the board, so while every other gap from the rightmost holds at most 2 it is won or lost as staircase Nim.",
			Game: "adapwns", Text: "..P.P", Says: "win", Ask: learn.WhoWins,
			Has: gapsWith(func(gaps []int) bool {
				return len(gaps) >= 2 && !slices.ContainsFunc(oddSteps(gaps), func(g int) bool { return g > 2 })
			}),
			// Staircase Nim: the XOR of the odd steps, here the gaps
			// themselves.
			Predicts: func(b learn.Board) solver.Outcome {
				x := 0
				for _, g := range oddSteps(gapsOf(b)) {
					x ^= g
				}
				return xorRule(x)
			}},
		{Idea: "As on any staircase only every other gap counts, starting with the rightmost, and a counted gap of g is a take-1-or-2 pile worth g mod 3: here the counted gap is 3, worth 0.",
			Game: "adapwns", Text: "...P...P", Says: "loss", Shows: []string{"counted gaps are gap 2 = 3", "3 mod 3 = 0"}, Ask: learn.WhoWins,
			// A counted gap of 3 or more, whose value is not its size.
			Has: gapsWith(func(gaps []int) bool {
				return slices.ContainsFunc(oddSteps(gaps), func(g int) bool { return g >= 3 })
			}),
			Predicts: func(b learn.Board) solver.Outcome { return xorRule(countedXOR(gapsOf(b))) }},
		{Idea: "To win, leave the counted gaps' values with XOR 0: here the counted gap is 1, so the rightmost pawn steps one cell left.",
			Game: "adapwns", Text: "..P.P", Says: "win", Ask: learn.WhichMove, Shows: []string{"counted gaps are gap 2 = 1"}, Choices: [][2]int{{3, 2}, {5, 4}, {3, 1}},
			Has: gapsWith(func(gaps []int) bool { return len(gaps) >= 2 && countedXOR(gaps) != 0 }),
			Move: func(b learn.Board) [2]int {
				p := b.Position().(*Board)
				var cells, gaps []int
				scanPawns([]byte(p.cells), func(cell, gap int) { cells, gaps = append(cells, cell), append(gaps, gap) })
				k, d, _ := winningShift(gaps, countedXOR(gaps))
				return [2]int{cells[k] + 1, cells[k] + 1 - d}
			}},
	}})
}

// The lessons' ideas as tests on a position, for learn.Step.Has.

// gapsOf returns the gaps of a lesson's position: the empty cells in
// front of each pawn, left to right.
func gapsOf(b learn.Board) []int {
	p, ok := b.Position().(*Board)
	if !ok {
		return nil
	}
	var gaps []int
	scanPawns([]byte(p.cells), func(_, gap int) { gaps = append(gaps, gap) })
	return gaps
}

// gapsWith turns a test on the gaps into a test on a lesson's position.
func gapsWith(ok func(gaps []int) bool) func(learn.Board) bool {
	return func(b learn.Board) bool {
		_, isBoard := b.Position().(*Board)
		return isBoard && ok(gapsOf(b))
	}
}

// countedGaps returns every other gap, starting from the rightmost.
func oddSteps(gaps []int) []int {
	var out []int
	for k, g := range gaps {
		if counted(k, len(gaps)) {
			out = append(out, g)
		}
	}
	return out
}

// countedXOR is the XOR of the counted gaps' values, g mod 3.
func countedXOR(gaps []int) int {
	x := 0
	for _, g := range oddSteps(gaps) {
		x ^= g % 3
	}
	return x
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (game) LessonLinks() map[string]string {
	return map[string]string{"The gaps": "adapwns", "A staircase": "staircase", "Which gaps count": "staircase", "g mod 3": "grundy", "The XOR": "grundy", "The rule here": "adapwns"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (game) ThemeLessons() map[string]string {
	return map[string]string{ThemeGapMod3: "grundy", ThemeStaircase: "staircase", explain.ThemeXORToZero: "grundy"}
}
