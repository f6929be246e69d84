package learn

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// The lessons on the theory behind every game, in nimtutor's own words:
// grundy values and sums of games, and staircase Nim. Each game's own
// lessons live in its package and register themselves. Every position,
// every outcome a sentence states (Says) and every exercise is checked
// against exhaustive search by the tests.
func init() {
	Register(&Topic{ID: "grundy", Order: 30, Title: "Sprague–Grundy values and sums", Steps: []Step{
		{Idea: "A position's grundy value is the mex of the values of the positions one move away: the smallest number that is not among those values, so a position with no move is worth 0; for a pile where a move takes 1 or 2, worked out pile by pile, " + MexTable(take12, 6) + ", so a pile of g is worth g mod 3 and a pile of 6 is worth 0: lost for the player to move.",
			Game: "sums", Text: "6/2", Says: "loss", Shows: []string{"pile of 6, worth 0"}, Ask: WhoWins,
			Has: lonePile, Predicts: func(b Board) solver.Outcome { return xorOutcome(b.(*heapBoard).heaps[0] % 3) }},
		{Idea: "A position worth more than 0 wins by moving to one worth 0: from a take-1-or-2 pile of 4 (worth 1), take 1.",
			Game: "sums", Text: "4/2", Says: "win", Shows: []string{"pile of 4, worth 1"}, Ask: WhichMove, Choices: [][2]int{{1, 2}, {1, 1}},
			Has:  func(b Board) bool { return lonePile(b) && b.(*heapBoard).heaps[0]%3 != 0 },
			Move: func(b Board) [2]int { return [2]int{1, b.(*heapBoard).heaps[0] % 3} }},
		{Idea: "A sum of games, where each move is made in one of them, is worth the XOR of their values: a take-1-or-2 pile of 5 (worth 2) and a Nim heap of 2 (worth 2) cancel out.",
			Game: "sums", Text: "5/2 2", Says: "loss", Shows: []string{"pile of 5, worth 2; a Nim heap of 2, worth 2"}, Ask: WhatValue,
			Has: mixedSum},
		{Idea: "So win a sum as you win Nim, with values for heaps: here 1 xor 3 = 2, and the Nim heap of 3 goes to 1.",
			Game: "sums", Text: "4/2 3", Says: "win", Shows: []string{"worth 1; a Nim heap of 3, worth 3; their XOR is 2"}, Ask: WhichMove, Choices: [][2]int{{1, 1}, {2, 3}, {2, 2}},
			Has: func(b Board) bool { return mixedSum(b) && b.(*heapBoard).nimber() != 0 }, Move: sumMove},
	}})
	Register(&Topic{ID: "staircase", Order: 40, Title: "Staircase Nim", Steps: []Step{
		{Idea: "On a staircase, a move carries coins from one step to the step below, and coins on even steps do not matter: whatever comes down from an even step, the opponent carries on down to the next even step.",
			Game: "staircase", Text: "0 3 0 3", Says: "loss", Shows: []string{"step 1 has 0, step 3 has 0"}, Ask: WhoWins,
			Has: func(b Board) bool {
				return stairs(b, func(odd, even []int) bool { return slices.Max(odd) == 0 && slices.Max(even) > 0 })
			},
			Draw: func(r *rand.Rand) string {
				steps := make([]string, 2+r.IntN(4))
				for k := range steps {
					steps[k] = "0"
					if k%2 == 1 {
						steps[k] = strconv.Itoa(r.IntN(5))
					}
				}
				return strings.Join(steps, " ")
			}},
		{Idea: "So the odd steps are Nim heaps (moving coins off an odd step shrinks that heap), and the player to move wins when their XOR is not 0.",
			Game: "staircase", Text: "2 5 3", Says: "win", Ask: WhichMove, Choices: [][2]int{{1, 1}, {2, 5}, {3, 1}},
			Has: func(b Board) bool {
				return stairs(b, func(odd, _ []int) bool { return xorOf(odd) != 0 && nonEmpty(odd) >= 2 })
			},
			Move: stairMove},
		{Idea: "Coins that come down onto an odd step grow that heap, which is why the answer to a move from an even step is to carry the same coins on.",
			Game: "staircase", Text: "1 2 1", Says: "loss", Ask: WhoWins,
			Has: func(b Board) bool {
				return stairs(b, func(odd, even []int) bool { return xorOf(odd) == 0 && slices.Max(odd) > 0 && slices.Max(even) > 0 })
			}},
	}})
}

// The lessons' ideas as tests on a position, for Step.Has, and the moves
// they make, for Step.Move.

// lonePile reports whether b is a single take-1-or-2 pile.
func lonePile(b Board) bool {
	h, ok := b.(*heapBoard)
	return ok && h.rule == nimRule && len(h.heaps) == 1 && h.take12[0]
}

// mixedSum reports whether b is a sum of take-1-or-2 piles and Nim heaps
// with at least one of each, and a pile of 3 or more, whose value is not
// its size: only the values, not the sizes, give the sum's value.
func mixedSum(b Board) bool {
	h, ok := b.(*heapBoard)
	if !ok || h.rule != nimRule {
		return false
	}
	pile, heap, big := false, false, false
	for k, n := range h.heaps {
		pile, heap = pile || h.take12[k], heap || !h.take12[k]
		big = big || h.take12[k] && n >= 3
	}
	return pile && heap && big
}

// sumMove is Nim's move on the values: the first part whose value v has
// v xor x < v goes to a position worth v xor x (a take-1-or-2 pile by
// taking the difference, which is 1 or 2).
func sumMove(b Board) [2]int {
	h := b.(*heapBoard)
	x := h.nimber()
	for k := range h.heaps {
		if v := h.value(k); v^x < v {
			return [2]int{k + 1, v - (v ^ x)}
		}
	}
	return [2]int{}
}

// stairs reports whether b is a staircase whose odd steps (1, 3, …) and
// even steps hold coins for which ok is true.
func stairs(b Board, ok func(odd, even []int) bool) bool {
	h, isHeap := b.(*heapBoard)
	if !isHeap || h.rule != stairRule || len(h.heaps) < 2 {
		return false
	}
	var odd, even []int
	for k, n := range h.heaps {
		if k%2 == 0 {
			odd = append(odd, n)
		} else {
			even = append(even, n)
		}
	}
	return ok(odd, even)
}

// stairMove is Nim's move on the odd steps: from the first odd step of c
// coins with c xor x < c, carry c - (c xor x) coins down.
func stairMove(b Board) [2]int {
	h := b.(*heapBoard)
	x := h.nimber()
	for k := 0; k < len(h.heaps); k += 2 {
		if c := h.heaps[k]; c^x < c {
			return [2]int{k + 1, c - (c ^ x)}
		}
	}
	return [2]int{}
}

// xorOf is the XOR of ns.
func xorOf(ns []int) int {
	x := 0
	for _, n := range ns {
		x ^= n
	}
	return x
}

// take12 lists the piles one move away from a take-1-or-2 pile of n.
func take12(n int) []int {
	var out []int
	for k := 1; k <= 2 && k <= n; k++ {
		out = append(out, n-k)
	}
	return out
}

// MexTable works out the grundy values of the piles 0..n of a game whose
// moves from a pile of k lead to the piles next(k), by the definition:
// each value the mex of the values one move away, as a clause: "pile 0
// has no move: 0; pile 1 → piles 0, worth {0}: mex 1; …".
func MexTable(next func(int) []int, n int) string {
	values := GrundyValues(next, n)
	parts := make([]string, n+1)
	for k := 0; k <= n; k++ {
		nexts := next(k)
		if len(nexts) == 0 {
			parts[k] = fmt.Sprintf("pile %d has no move: 0", k)
			continue
		}
		piles, seen := make([]string, len(nexts)), make([]string, len(nexts))
		for i, m := range nexts {
			piles[i], seen[i] = strconv.Itoa(m), strconv.Itoa(values[m])
		}
		parts[k] = fmt.Sprintf("pile %d → piles %s, worth {%s}: mex %d", k, strings.Join(piles, ", "), strings.Join(seen, ", "), values[k])
	}
	return strings.Join(parts, "; ")
}

// GrundyValues returns the grundy values of the piles 0..n, each the
// mex (the smallest number not among them) of the values of next(k).
func GrundyValues(next func(int) []int, n int) []int {
	values := make([]int, n+1)
	for k := 0; k <= n; k++ {
		seen := map[int]bool{}
		for _, m := range next(k) {
			seen[values[m]] = true
		}
		for seen[values[k]] {
			values[k]++
		}
	}
	return values
}

// nonEmpty counts the heaps of ns that are not empty.
func nonEmpty(ns []int) int {
	n := 0
	for _, v := range ns {
		if v > 0 {
			n++
		}
	}
	return n
}
