package abgame

import (
	"fmt"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// The A-B game: facing pairs are reserve moves (same owner) or Nim heaps
// (different owners), plus the unpaired last letter's walk to the edge.

// KeyNumbers names the reserves and the Nim sum.
func (game) KeyNumbers(pos solver.Position) string {
	_, an := pos.Analyze()
	a := an.(Analysis)
	return fmt.Sprintf("reserves A %d, B %d, Nim sum %d", a.ReserveA, a.ReserveB, a.NimSum)
}

// ExplainKey is the player to move and the row.
func (game) ExplainKey(pos solver.Position) string {
	return pos.Game().PlayerName(pos.ToMove()) + ":" + pos.(*ABRow).Row()
}

// Canonical is r: the explanation names cells as the student's row does.
func (game) Canonical(r solver.Result) solver.Result { return r }

// LocalMove is the canonical move, which is the student's.
func (game) LocalMove(_, c solver.Result) solver.Move { return c.Move }

// abDirections writes the row with each letter replaced by its direction.
func abDirections(row string) string {
	b := []byte(row)
	k := 0
	for i, c := range b {
		if c == '.' {
			continue
		}
		b[i] = "><"[k%2]
		k++
	}
	return string(b)
}

// abPairText describes one pair of the analysis; k is its index.
func abPairText(row string, k int, pr Pair) string {
	switch pr.Kind {
	case Edge:
		return fmt.Sprintf("letter %d (`%c` on cell %d) has no partner: %s to the right edge, reserve moves for %c",
			2*k+1, row[pr.Left], pr.Left+1, explain.Plural(pr.Gap, "cell", "cells"), row[pr.Left])
	case Reserve:
		return fmt.Sprintf("letters %d and %d (`%c` on cells %d and %d): %s between, reserve moves for %c",
			2*k+1, 2*k+2, row[pr.Left], pr.Left+1, pr.Right+1, explain.Plural(pr.Gap, "empty cell", "empty cells"), row[pr.Left])
	}
	return fmt.Sprintf("letters %d and %d (`%c` on cell %d, `%c` on cell %d): %s between, a Nim heap of %d",
		2*k+1, 2*k+2, row[pr.Left], pr.Left+1, row[pr.Right], pr.Right+1, explain.Plural(pr.Gap, "empty cell", "empty cells"), pr.Gap)
}

// abPairs describes every pair of the analysis.
func abPairs(row string, a Analysis) explain.List {
	return explain.List{N: len(a.Pairs), Item: func(k int) string { return abPairText(row, k, a.Pairs[k]) }}
}

// abReserves lists the reserve contributions of each player.
func abReserves(a Analysis) [2][]int {
	var out [2][]int
	for _, pr := range a.Pairs {
		if pr.Kind != NimPair {
			out[pr.Owner] = append(out[pr.Owner], pr.Gap)
		}
	}
	return out
}

// reserveLine says "A: 3, 2 → **5**" or "B: none → **0**".
func reserveLine(name string, parts []int, total int, o explain.Options) string {
	if len(parts) == 0 {
		return fmt.Sprintf("%s: none, so **0**", name)
	}
	return fmt.Sprintf("%s: %s, so **%d**", name, explain.Inline(explain.Ints(parts), o), total)
}

// Explain walks from the directions to the facing pairs, reserve moves,
// Nim heaps and the rule.
func (game) Explain(c solver.Result, o explain.Options) []explain.Step {
	p := c.Position.(*ABRow)
	a := c.Analysis.(Analysis)
	row := p.Row()
	mover := abName(p.ToMove())
	letters := 0
	for i := 0; i < len(row); i++ {
		if row[i] != '.' {
			letters++
		}
	}
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf(
		"%s is to move. Counting only the letters from the left, the 1st, 3rd, 5th, … letter moves right and the 2nd, 4th, … moves left; "+
			"A moves an `A`, B moves a `B`, any number of cells across empty cells only. Normal play: a player who cannot move loses. "+
			"The row has %s and %s.",
		mover, explain.Plural(len(row), "cell", "cells"), explain.Plural(letters, "letter", "letters"))}}
	if o.MaxItems <= 0 || len(row) <= explain.LongString {
		steps[0].Body += fmt.Sprintf(" With `>` for right and `<` for left, `%s` reads `%s`.", row, abDirections(row))
	}

	body := "So letters 1 and 2 face each other, then 3 and 4, and so on. A letter only ever moves toward its partner, so each pair's empty cells are a small game of their own; the cells between two pairs never matter."
	if len(a.Pairs) == 0 {
		body += " There are no letters here, so there are no pairs."
	} else {
		body += "\n" + explain.Bullets(abPairs(row, a), o)
	}
	steps = append(steps, explain.Step{Title: "Facing pairs", Body: body})

	res := abReserves(a)
	steps = append(steps, explain.Step{Title: "Reserve moves", Body: "When both letters of a pair belong to one player, the opponent can never touch it, and its owner can close the gap one cell at a time: d empty cells are d reserve moves, to be spent whenever it suits them. " +
		"An unpaired last letter walks to the right edge in the same way.\n" +
		explain.Bullets(explain.ListOf([]string{reserveLine("A", res[0], a.ReserveA, o), reserveLine("B", res[1], a.ReserveB, o)}), explain.Options{})})

	body = "When the two letters of a pair belong to different players, either player may shrink the gap by any number of cells, and it never grows again: a Nim heap of size d. "
	if len(a.NimHeaps) == 0 {
		body += "There is no such pair here, so the XOR is **0**."
	} else {
		body += fmt.Sprintf("Heaps here, left to right: %s. %s", explain.Inline(explain.Ints(a.NimHeaps), o), explain.XorSentence(a.NimHeaps))
	}
	steps = append(steps, explain.Step{Title: "Nim heaps", Body: body})

	res2 := [2]int{a.ReserveA, a.ReserveB}
	steps = append(steps, explain.Step{Title: "The rule", Body: fmt.Sprintf(
		"Reserve moves are passes only their owner can use. With more of them, a player wins: they play the Nim heaps well while they can and spend a reserve move whenever Nim leaves them stuck, and the opponent runs out of passes first. "+
			"With equal reserves every pass can be answered by a pass, so the Nim heaps decide: the player to move wins exactly when the XOR is not 0. "+
			"Here %s, to move, has %d reserve moves against %d, and the XOR is %d.",
		mover, res2[p.ToMove()], res2[p.ToMove().Other()], a.NimSum)})
	return append(steps, abVerdict(c, p, a))
}

// abName is the name of an abgame player, "A" or "B".
func abName(pl solver.Player) string { return Game.PlayerName(pl) }

func abVerdict(c solver.Result, p *ABRow, a Analysis) explain.Step {
	mover, other := abName(p.ToMove()), abName(p.ToMove().Other())
	res := [2]int{a.ReserveA, a.ReserveB}
	me, them := res[p.ToMove()], res[p.ToMove().Other()]
	if !solver.HasMoves(p) {
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf("%s cannot move any letter, which loses: **%s wins**.", mover, c.WinnerName())}
	}
	if c.Move == nil {
		if me < them {
			return explain.Step{Title: "Verdict", Body: fmt.Sprintf(
				"%s has fewer reserve moves (%d against %d), so **%s wins**. Every move of %s's loses: a Nim move leaves the reserves as they are and a reserve move only lowers %s's own, so %s stays ahead on reserves.",
				mover, me, them, c.WinnerName(), mover, mover, other)}
		}
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf(
			"The reserves are equal (%d each) and the XOR is 0, so **%s wins**. Every move of %s's loses: a Nim move makes the XOR non-zero with reserves still equal, and a reserve move leaves %s behind on reserves; either way %s is then to move in a winning position.",
			me, c.WinnerName(), mover, mover, other)}
	}
	why := fmt.Sprintf("%s has more reserve moves (%d against %d)", mover, me, them)
	if me == them {
		why = fmt.Sprintf("the reserves are equal (%d each) and the XOR is %d, not 0", me, a.NimSum)
	}
	m := c.Move.(Move)
	kind := "It moves a letter."
	for k, pr := range a.Pairs {
		if pr.Left != m.From-1 && (pr.Kind == Edge || pr.Right != m.From-1) {
			continue
		}
		d := m.From - m.To
		if d < 0 {
			d = -d
		}
		switch pr.Kind {
		case NimPair:
			kind = fmt.Sprintf("It is a Nim move: the heap of letters %d and %d shrinks from %d to %d.", 2*k+1, 2*k+2, pr.Gap, pr.Gap-d)
		case Reserve:
			kind = fmt.Sprintf("It spends a reserve move: the gap of letters %d and %d shrinks from %d to %d.", 2*k+1, 2*k+2, pr.Gap, pr.Gap-d)
		default:
			kind = fmt.Sprintf("It spends a reserve move: letter %d walks toward the edge, leaving %s.", 2*k+1, explain.Plural(pr.Gap-d, "cell", "cells"))
		}
	}
	next := explain.AfterMove(c)
	_, na := next.Analyze()
	nb := na.(Analysis)
	nres := [2]int{nb.ReserveA, nb.ReserveB}
	nthem, nme := nres[p.ToMove().Other()], nres[p.ToMove()]
	after := fmt.Sprintf("fewer reserve moves (%d against %d), so %s loses", nthem, nme, other)
	if nthem == nme {
		after = fmt.Sprintf("equal reserves (%d each) and a Nim XOR of 0, so %s loses", nme, other)
	}
	return explain.Step{Title: "Verdict and move", Body: fmt.Sprintf(
		"Since %s, **%s wins**. Winning move: **%s**. %s Afterwards %s is to move with %s.",
		why, c.WinnerName(), m, kind, other, after)}
}

// Hints climbs from a nudge to the pairs, the numbers and the verdict.
func (game) Hints(c solver.Result, o explain.Options) []explain.Step {
	p := c.Position.(*ABRow)
	a := c.Analysis.(Analysis)
	res := abReserves(a)
	pairs := "There are no letters, so there are no pairs."
	if len(a.Pairs) > 0 {
		pairs = "Your pairs:\n" + explain.Bullets(abPairs(p.Row(), a), o)
	}
	heaps := "no Nim heaps"
	if len(a.NimHeaps) > 0 {
		heaps = "Nim heaps " + explain.Inline(explain.Ints(a.NimHeaps), o)
	}
	return []explain.Step{
		{Title: explain.HintTitle("a nudge"), Body: "Number the letters from the left. Which letters face each other? Which pairs can only one player ever touch, and which can both players shrink?"},
		{Title: explain.HintTitle("your pairs"), Body: pairs},
		{Title: explain.HintTitle("the numbers"), Body: fmt.Sprintf(
			"Reserve moves: %s; %s. %s has %s, with a XOR of %d. %s is to move. Compare the reserves first; only when they are equal does the XOR decide.",
			reserveLine("A", res[0], a.ReserveA, o), reserveLine("B", res[1], a.ReserveB, o), "The row", heaps, a.NimSum, abName(p.ToMove()))},
		explain.WithTitle(abVerdict(c, p, a), explain.HintTitle("verdict and move")),
	}
}

// The ideas of the solution a puzzle can need.
const (
	ThemeReserveMoves = "reserve moves" // letters of one owner facing each other are free moves
	ThemeNimHeaps     = "nim heaps"     // facing letters of both owners are Nim heaps
)

// Themes lists the ideas of the solution.
func (game) Themes() []string {
	return []string{ThemeReserveMoves, ThemeNimHeaps, explain.ThemeXORToZero}
}

// PositionThemes lists the ideas pos needs: reserve moves, Nim heaps, and
// a XOR of two heaps or more.
func (game) PositionThemes(pos solver.Position) []string {
	_, an := pos.Analyze()
	a := an.(Analysis)
	var out []string
	if a.ReserveA+a.ReserveB > 0 {
		out = append(out, ThemeReserveMoves)
	}
	if len(a.NimHeaps) > 0 {
		out = append(out, ThemeNimHeaps)
	}
	if len(a.NimHeaps) >= 2 {
		out = append(out, explain.ThemeXORToZero)
	}
	return out
}
