package heaps

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// The lesson on heap games by rule (octal games and their periods,
// Wythoff, Moore, trees), registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	learn.Register(&learn.Topic{ID: "heaps", Order: 45, Title: "Octal games, periods and other heap rules", Steps: []learn.Step{
		{Idea: "In Kayles (octal 0.77) a move knocks down one pin or two neighbouring pins, and may split a row in two; a row's value is the mex of the values its moves reach, and rows add by XOR like Nim heaps, so two equal rows cancel.",
			Game: "heaps", Text: "kayles: 2 2", Says: "loss", Ask: learn.WhoWins,
			Has: rowsWith("kayles", func(ns []int64) bool { return len(ns) == 2 && ns[0] == ns[1] })},
		{Idea: "A single row of Kayles is always won: knock down the middle one or two pins and copy the opponent's moves on the other side.",
			Game: "heaps", Text: "kayles: 5", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{1, 21}, {1, 1}, {1, 2}},
			Has: rowsWith("kayles", func(ns []int64) bool { return len(ns) == 1 && ns[0] >= 2 }),
			// The middle pin of an odd row, the middle two of an even
			// one: code 10·(pins left of it) + (pins knocked down).
			Move: func(b learn.Board) [2]int {
				n := int(b.Position().(*Pos).terms[0].comps[0].n)
				k := 2 - n%2
				return [2]int{1, 10*(n-k)/2 + k}
			}},
		{Idea: "The values of Kayles repeat every 12 from a row of 71 on (the octal periodicity theorem proves it from the values up to 2·71 + 12 + 2), so every row has a known value, and two rows of different lengths but the same value cancel: rows of 1 and 4 are both worth 1.",
			Game: "heaps", Text: "kayles: 1 4", Says: "loss", Ask: learn.WhoWins,
			Has: func(b learn.Board) bool {
				return rowsWith("kayles", func(ns []int64) bool {
					t := &b.Position().(*Pos).terms[0]
					return len(ns) == 2 && ns[0] != ns[1] && t.value(&t.comps[0]) == t.value(&t.comps[1])
				})(b)
			}},
		{Idea: "A subtraction game is periodic too, and its proof is shorter: with takes 1, 3 or 4 a heap's value depends on the 4 values below it, and those repeat every 7 from the start (0, 1, 0, 1, 2, 3, 2), so a heap of 7 is lost, and so is any heap of 7k or 7k + 2.",
			Game: "heaps", Text: "subtract 1,3,4: 7", Says: "loss", Ask: learn.WhoWins,
			Has: rowsWith("subtract 1,3,4", func(ns []int64) bool { return len(ns) == 1 && ns[0] >= 1 }),
			// The value read from the period of 7.
			Predicts: func(b learn.Board) solver.Outcome {
				n := b.Position().(*Pos).terms[0].comps[0].n
				return solver.WinIf([7]int{0, 1, 0, 1, 2, 3, 2}[n%7] != 0)
			}},
		{Idea: "In Wythoff's game (take from one heap, or the same from both) the lost pairs are (⌊kφ⌋, ⌊kφ⌋ + k), so (1, 2), (3, 5) and (4, 7) are lost.",
			Game: "heaps", Text: "wythoff: 3 5", Says: "loss", Ask: learn.WhoWins,
			Has: onePart("wythoff", func(xs []int64) bool { return len(xs) == 2 }),
			Predicts: func(b learn.Board) solver.Outcome {
				xs := b.Position().(*Pos).terms[0].comps[0].xs
				x, y := min(xs[0], xs[1]), max(xs[0], xs[1])
				for k := int64(0); k <= y-x; k++ {
					if a := int64(math.Floor(float64(k) * math.Phi)); a == x && a+k == y {
						return solver.Loss
					}
				}
				return solver.Win
			},
			// Half the time a lost pair (in either order), else any.
			Draw: func(r *rand.Rand) string {
				x, y := 1+r.IntN(8), 1+r.IntN(8)
				if r.IntN(2) == 0 {
					k := 1 + r.IntN(5)
					x = int(math.Floor(float64(k) * math.Phi))
					y = x + k
					if r.IntN(2) == 0 {
						x, y = y, x
					}
				}
				return fmt.Sprintf("wythoff: %d %d", x, y)
			}},
		{Idea: "In Moore's Nim with moves on up to k heaps, the player to move loses when every binary column has a multiple of k+1 ones: three heaps of 1 under moore 2.",
			Game: "heaps", Text: "moore 2: 1 1 1", Says: "loss", Ask: learn.WhoWins,
			// More heaps than a move may take from.
			Has: func(b learn.Board) bool {
				p, ok := b.Position().(*Pos)
				return ok && onePart("moore 2", func(xs []int64) bool { return len(xs) > p.terms[0].rule.k })(b)
			},
			Predicts: func(b learn.Board) solver.Outcome {
				t := b.Position().(*Pos).terms[0]
				for _, c := range mooreColumns(t.comps[0].xs) {
					if c%(t.rule.k+1) != 0 {
						return solver.Win
					}
				}
				return solver.Loss
			},
			// Three or four heaps of up to 7; half the time each binary
			// column holds 0 or 3 ones, so the position is lost.
			Draw: func(r *rand.Rand) string {
				hs := make([]int, 3+r.IntN(2))
				for k := range hs {
					hs[k] = 1 + r.IntN(7)
				}
				if r.IntN(2) == 0 {
					clear(hs)
					for bit := range 3 {
						if r.IntN(3) > 0 {
							for _, k := range r.Perm(len(hs))[:3] {
								hs[k] |= 1 << bit
							}
						}
					}
				}
				return "moore 2: " + strings.Trim(fmt.Sprint(hs), "[]")
			}},
		{Idea: "A Hackenbush tree is a Nim heap by the colon principle: the branches at a node add by XOR and an edge is worth one more than what stands on it, so an edge carrying three single edges is worth (1 xor 1 xor 1) + 1 = 2, like a stem of two edges, and the two cancel.",
			Game: "heaps", Text: "hackenbush: 0 1 / 0 1 1 1", Says: "loss", Ask: learn.WhoWins,
			// Two trees of different shapes: copying the opponent's
			// cuts does not explain the verdict, the values do.
			Has: func(b learn.Board) bool {
				p, ok := b.Position().(*Pos)
				if !ok || len(p.terms) != 1 || p.terms[0].rule.fam != famTree || len(p.terms[0].comps) != 2 {
					return false
				}
				return !slices.Equal(p.terms[0].comps[0].par, p.terms[0].comps[1].par)
			},
			Predicts: func(b learn.Board) solver.Outcome {
				cs := b.Position().(*Pos).terms[0].comps
				return solver.WinIf(colonValue(cs[0].par) != colonValue(cs[1].par))
			}},
	}})
}

// The lessons' ideas as tests on a position, for learn.Step.Has, and the
// verdicts they give.

// onePart turns a test on the heaps of a lone Wythoff or Moore term of
// the rule named rule into a test on a lesson's position.
func onePart(rule string, ok func(xs []int64) bool) func(learn.Board) bool {
	return func(b learn.Board) bool {
		p, isPos := b.Position().(*Pos)
		return isPos && len(p.terms) == 1 && p.terms[0].rule.String() == rule && len(p.terms[0].comps) == 1 && ok(p.terms[0].comps[0].xs)
	}
}

// rowsWith turns a test on the heaps (rows) of a lone term of the heap
// rule named rule into a test on a lesson's position.
func rowsWith(rule string, ok func(ns []int64) bool) func(learn.Board) bool {
	return func(b learn.Board) bool {
		p, isPos := b.Position().(*Pos)
		if !isPos || len(p.terms) != 1 || p.terms[0].rule.String() != rule {
			return false
		}
		var ns []int64
		for _, c := range p.terms[0].comps {
			ns = append(ns, c.n)
		}
		return ok(ns)
	}
}

// colonValue is a tree's value by the colon principle, as the lesson
// states it: the branches at a node add by XOR, and a branch is worth one
// more than what stands on its first edge.
func colonValue(par []int) int {
	var at func(node int) int
	at = func(node int) int {
		v := 0
		for child, p := range par {
			if p == node {
				v ^= at(child+1) + 1
			}
		}
		return v
	}
	return at(0)
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (g *game) LessonLinks() map[string]string {
	return map[string]string{stepValues: "grundy", stepSum: "grundy", stepPeriod: "heaps", stepStaircase: "staircase",
		stepWythoff: "heaps", stepMoore: "heaps", stepColon: "heaps", "The rule here": "grundy"}
}
