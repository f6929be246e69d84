package practice

import (
	"github.com/nimtutor/nimtutor/solver"
)

// The themes: each names one idea of a game's solution that a puzzle
// needs. A puzzle gets every theme its position exercises.
const (
	ThemeMisereReserve = "misère reserve"    // binim2: stacks with the same symbol at both ends are spare moves
	ThemeCancelling    = "cancelling stacks" // binim2: stacks with different ends cancel out
	ThemeCountingMoves = "counting moves"    // binim: each player's own 0s or 1s on top are their moves
	ThemeOneMoveMargin = "one-move margin"   // binim: the mover has just one move more than the opponent
	ThemeReserveMoves  = "reserve moves"     // abgame: letters that face away are free tempo
	ThemeNimHeaps      = "nim heaps"         // abgame: facing letters are Nim heaps
	ThemeXORToZero     = "XOR to zero"       // leave the opponent an XOR of 0
	ThemeGapMod3       = "gap mod 3"         // adapwns: a gap of g is worth g mod 3
	ThemeStaircase     = "staircase"         // adapwns: only every other gap counts
	ThemeTieBreak0s    = "tie-break on 0s"   // binstring: an odd count of 0s goes to the loser of Nim on the runs
)

// GameThemes lists the themes puzzles of g can have, for menus.
func GameThemes(g solver.Game) []string {
	switch g.Name() {
	case "binim2":
		return []string{ThemeMisereReserve, ThemeCancelling}
	case "binim":
		return []string{ThemeCountingMoves, ThemeOneMoveMargin}
	case "abgame":
		return []string{ThemeReserveMoves, ThemeNimHeaps, ThemeXORToZero}
	case "adapwns":
		return []string{ThemeGapMod3, ThemeStaircase, ThemeXORToZero}
	case "binstring":
		return []string{ThemeTieBreak0s, ThemeXORToZero}
	}
	return nil
}

// themes reads a position's themes off the numbers its formula uses.
func themes(pos solver.Position, _ []solver.Move) []string {
	_, an := pos.Analyze()
	var out []string
	add := func(ok bool, t string) {
		if ok {
			out = append(out, t)
		}
	}
	switch a := an.(type) {
	case solver.Binim2Analysis:
		cancelling := false
		for _, s := range a.Compressed {
			if len(s) > 0 && s[0] != s[len(s)-1] {
				cancelling = true
			}
		}
		add(a.DeeExtra+a.DumExtra > 0, ThemeMisereReserve)
		add(cancelling, ThemeCancelling)
	case solver.BinimAnalysis:
		add(true, ThemeCountingMoves)
		m := a.Moves()
		add(m[pos.ToMove()] == m[pos.ToMove().Other()]+1, ThemeOneMoveMargin)
	case solver.ABGameAnalysis:
		add(a.ReserveA+a.ReserveB > 0, ThemeReserveMoves)
		add(len(a.NimHeaps) > 0, ThemeNimHeaps)
		add(len(a.NimHeaps) >= 2, ThemeXORToZero)
	case solver.AdapwnsAnalysis:
		big, counted := false, map[int]bool{}
		for _, k := range a.Significant {
			counted[k] = true
			if a.Gaps[k-1] >= 3 {
				big = true
			}
		}
		ignored := false
		for i, gap := range a.Gaps {
			if !counted[i+1] && gap > 0 {
				ignored = true
			}
		}
		nonzero := 0
		for _, v := range a.Grundy {
			if v != 0 {
				nonzero++
			}
		}
		add(big, ThemeGapMod3)
		add(ignored, ThemeStaircase)
		add(nonzero >= 2, ThemeXORToZero)
	case solver.BinStringAnalysis:
		add(a.Zeros%2 == 1, ThemeTieBreak0s)
		add(len(a.Runs) >= 2, ThemeXORToZero)
	}
	return out
}
