package abgame

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "abgame", Order: 60, Title: "ABGAME: gaps between facing letters", Steps: []learn.Step{
		{Idea: "Letters face each other in pairs, the 1st and 2nd, the 3rd and 4th, and so on; a pair of one owner with d empty cells between them is d reserve moves for that owner.",
			Game: "abgame", Text: "A..A.B.B", Says: "win", Shows: []string{"reserves A 2, B 1"}, Ask: learn.WhoWins,
			// Reserve moves and no Nim heap: the player to move wins
			// with more reserve moves than the opponent.
			Has: pairsWith(func(reserve [2]int, heaps []int) bool {
				return reserve[0]+reserve[1] > 0 && slices.Max(append(heaps, 0)) == 0
			}),
			Predicts: func(b learn.Board) solver.Outcome {
				p := b.Position().(*ABRow)
				reserve, _ := scanAB([]byte(p.row), nil)
				return solver.WinIf(reserve[p.mover] > reserve[p.mover.Other()])
			}},
		{Idea: "A pair of different owners is a Nim heap of its gap, which both may shrink: in `A..B` A closes the gap and B cannot move.",
			Game: "abgame", Text: "A..B", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{1, 2}, {1, 3}},
			// Nim heaps and no reserve moves, with a XOR that is not 0.
			Has: pairsWith(func(reserve [2]int, heaps []int) bool {
				x := 0
				for _, h := range heaps {
					x ^= h
				}
				return reserve == [2]int{} && x != 0
			}),
			Move: func(b learn.Board) [2]int {
				p := b.Position().(*ABRow)
				_, x := scanAB([]byte(p.row), nil)
				var m [2]int
				scanAB([]byte(p.row), func(pr Pair) bool {
					if pr.Kind != NimPair || pr.Gap^x >= pr.Gap {
						return true
					}
					// The mover's letter of the pair closes in by the
					// cells that leave a gap of gap xor x.
					d := pr.Gap - (pr.Gap ^ x)
					if p.row[pr.Left] == letterOf(p.mover) {
						m = [2]int{pr.Left + 1, pr.Left + 1 + d}
					} else {
						m = [2]int{pr.Right + 1, pr.Right + 1 - d}
					}
					return false
				})
				return m
			}},
		{Idea: "Reserve moves decide first; when they are equal, the XOR of the Nim heaps decides, and 0 loses for the player to move.",
			Game: "abgame", Text: "A.BA.B", Says: "loss", Shows: []string{"reserves A 0, B 0, XOR 0"}, Ask: learn.WhoWins,
			// Equal reserves and a Nim heap that is not empty.
			Has: pairsWith(func(reserve [2]int, heaps []int) bool {
				return reserve[0] == reserve[1] && slices.Max(append(heaps, 0)) > 0
			}),
			Predicts: func(b learn.Board) solver.Outcome {
				_, x := scanAB([]byte(b.Position().(*ABRow).row), nil)
				return solver.WinIf(x != 0)
			},
			Draw: drawEqualReserves},
	}})
}

// drawEqualReserves draws a row of two or three pairs of different
// owners, half the time with gaps whose XOR is 0, and half the time with
// a pair of A's and a pair of B's of the same gap among them.
func drawEqualReserves(r *rand.Rand) string {
	gaps := make([]int, 2+r.IntN(2))
	x := 0
	for k := range gaps {
		gaps[k] = r.IntN(4)
		x ^= gaps[k]
	}
	if r.IntN(2) == 0 {
		gaps[len(gaps)-1] ^= x // now the XOR is 0
	}
	var pairs []string
	for _, g := range gaps {
		ends := []string{"A", "B"}
		r.Shuffle(2, func(i, j int) { ends[i], ends[j] = ends[j], ends[i] })
		pairs = append(pairs, ends[0]+strings.Repeat(".", g)+ends[1])
	}
	if r.IntN(2) == 0 {
		d := strings.Repeat(".", 1+r.IntN(2))
		for _, c := range []string{"A", "B"} {
			pairs = slices.Insert(pairs, r.IntN(len(pairs)+1), c+d+c)
		}
	}
	return strings.Join(pairs, strings.Repeat(".", r.IntN(2)))
}

// pairsWith turns a test on the reserve moves of A and B and the Nim
// heaps (the gaps of the pairs of different owners) into a test on a
// lesson's position, for learn.Step.Has.
func pairsWith(ok func(reserve [2]int, heaps []int) bool) func(learn.Board) bool {
	return func(b learn.Board) bool {
		p, isRow := b.Position().(*ABRow)
		if !isRow {
			return false
		}
		var heaps []int
		reserve, _ := scanAB([]byte(p.row), func(pr Pair) bool {
			if pr.Kind == NimPair {
				heaps = append(heaps, pr.Gap)
			}
			return true
		})
		return ok(reserve, heaps)
	}
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (game) LessonLinks() map[string]string {
	return map[string]string{"Facing pairs": "abgame", "Reserve moves": "abgame", "Nim heaps": "nim", "The rule": "abgame", "The rule here": "abgame"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (game) ThemeLessons() map[string]string {
	return map[string]string{ThemeReserveMoves: "abgame", ThemeNimHeaps: "nim", explain.ThemeXORToZero: "nim"}
}
