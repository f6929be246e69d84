package learn

import (
	"fmt"
	"strconv"
	"strings"
)

// The lessons on the theory behind every game, in nimtutor's own words:
// grundy values and sums of games, and staircase Nim. Each game's own
// lessons live in its package and register themselves. Every position,
// every outcome a sentence states (Says) and every exercise is checked
// against exhaustive search by the tests.
func init() {
	Register(&Topic{ID: "grundy", Order: 30, Title: "Sprague–Grundy values and sums", Steps: []Step{
		{Idea: "A position's grundy value is the mex of the values of the positions one move away: the smallest number that is not among those values, so a position with no move is worth 0; for a pile where a move takes 1 or 2, worked out pile by pile, " + MexTable(take12, 6) + ", so a pile of g is worth g mod 3 and a pile of 6 is worth 0: lost for the player to move.",
			Game: "sums", Text: "6/2", Says: "loss", Shows: []string{"pile of 6, worth 0"}, Ask: WhoWins},
		{Idea: "A position worth more than 0 wins by moving to one worth 0: from a take-1-or-2 pile of 4 (worth 1), take 1.",
			Game: "sums", Text: "4/2", Says: "win", Shows: []string{"pile of 4, worth 1"}, Ask: WhichMove, Choices: [][2]int{{1, 2}, {1, 1}}},
		{Idea: "A sum of games, where each move is made in one of them, is worth the XOR of their values: a take-1-or-2 pile of 5 (worth 2) and a Nim heap of 2 (worth 2) cancel out.",
			Game: "sums", Text: "5/2 2", Says: "loss", Shows: []string{"pile of 5, worth 2; a Nim heap of 2, worth 2"}, Ask: WhatValue},
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
