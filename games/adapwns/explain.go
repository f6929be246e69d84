package adapwns

import (
	"fmt"
	"slices"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Ada and the pawns: gaps before the pawns form a staircase; every other
// gap from the right counts, each as a take-1-or-2 pile worth g mod 3.

// KeyNumbers names the XOR of the counted gaps.
func (game) KeyNumbers(pos solver.Position) string {
	_, a := pos.Analyze()
	return fmt.Sprintf("the XOR of the counted gaps mod 3 is %d", a.(Analysis).Xor)
}

// ExplainKey is the player to move and the board: the outcome does not
// depend on the mover, but the winner's name does.
func (game) ExplainKey(pos solver.Position) string {
	return pos.Game().PlayerName(pos.ToMove()) + ":" + pos.(*Board).Cells()
}

// Canonical is r: the explanation names cells as the student's board does.
func (game) Canonical(r solver.Result) solver.Result { return r }

// LocalMove is the canonical move, which is the student's.
func (game) LocalMove(_, c solver.Result) solver.Move { return c.Move }

// gapItems describes the gaps with the given 1-based indices, first,
// first+step, … (n of them): "gap 1 = 2 (pawn on cell 3)".
func gapItems(a Analysis, first, step, n int) explain.List {
	return explain.List{N: n, Item: func(i int) string {
		k := first + i*step
		return fmt.Sprintf("gap %d = %d (pawn on cell %d)", k, a.Gaps[k-1], a.Pawns[k-1]+1)
	}}
}

// allGaps describes every gap, left to right.
func allGaps(a Analysis) explain.List { return gapItems(a, 1, 1, len(a.Gaps)) }

// countedGaps describes the gaps that count, left to right: every other
// one, ending with the rightmost.
func countedGaps(a Analysis) explain.List {
	n := len(a.Gaps)
	return gapItems(a, 2-n%2, 2, (n+1)/2)
}

// ignoredGaps describes the gaps that do not count, left to right.
func ignoredGaps(a Analysis) explain.List {
	n := len(a.Gaps)
	return gapItems(a, 1+n%2, 2, n/2)
}

// grundyItems describes each counted gap's value: "gap 2: 4 mod 3 = 1".
func grundyItems(a Analysis) explain.List {
	return explain.List{N: len(a.Significant), Item: func(i int) string {
		k := a.Significant[i]
		return fmt.Sprintf("gap %d: %d mod 3 = %d", k, a.Gaps[k-1], a.Grundy[i])
	}}
}

// pawnIndex returns the 1-based index of the pawn on a 1-based cell.
func pawnIndex(a Analysis, cell int) int {
	k, found := slices.BinarySearch(a.Pawns, cell-1)
	if !found {
		return 0
	}
	return k + 1
}

// lastMove is the last move in the order of Moves: the rightmost pawn
// that can move, 2 cells if it can, else 1. ok is false with no move.
func lastMove(a Analysis) (Move, bool) {
	for k := len(a.Gaps) - 1; k >= 0; k-- {
		if a.Gaps[k] > 0 {
			from := a.Pawns[k] + 1
			return Move{From: from, To: from - min(2, a.Gaps[k])}, true
		}
	}
	return Move{}, false
}

// shiftText says what a move does to the gaps.
func shiftText(a Analysis, m Move) string {
	k := pawnIndex(a, m.From)
	d := m.From - m.To
	s := fmt.Sprintf("gap %d goes from %d to %d", k, a.Gaps[k-1], a.Gaps[k-1]-d)
	if k == len(a.Gaps) {
		return s + fmt.Sprintf(", and since that is the rightmost pawn the %s %s the game", explain.Plural(d, "cell", "cells"), map[bool]string{true: "leaves", false: "leave"}[d == 1])
	}
	return s + fmt.Sprintf(" and gap %d from %d to %d", k+1, a.Gaps[k], a.Gaps[k]+d)
}

// Explain walks from the gaps to the staircase, the counted gaps, g mod 3
// and the XOR.
func (game) Explain(c solver.Result, o explain.Options) []explain.Step {
	p := c.Position.(*Board)
	a := c.Analysis.(Analysis)
	mover := p.Game().PlayerName(p.ToMove())
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf(
		"%s is to move on %s. A move takes one pawn 1 or 2 cells to the left, over empty cells only. Normal play: a player who cannot move loses.",
		mover, explain.Code(p.Cells(), "cells", o))}}

	body := "Count the empty cells in front of each pawn, up to the previous pawn or the left edge: these are the gaps."
	if len(a.Gaps) == 0 {
		body += " There are no pawns, so there are no gaps."
	} else {
		body += fmt.Sprintf(" Left to right: %s.", explain.Inline(allGaps(a), o))
	}
	steps = append(steps, explain.Step{Title: "The gaps", Body: body})

	body = "Moving a pawn 1 or 2 cells left takes that many from its own gap and adds them to the gap of the next pawn on its right; from the rightmost pawn's gap they leave the game. " +
		"So the gaps are piles on a staircase, and a move carries 1 or 2 stones one step to the right."
	if m, ok := lastMove(a); ok {
		body += fmt.Sprintf(" For example, moving the pawn on cell %d to cell %d: %s.", m.From, m.To, shiftText(a, m))
	}
	steps = append(steps, explain.Step{Title: "A staircase", Body: body})

	body = "Only every other gap counts, starting with the rightmost. If a player carries stones out of an uncounted gap, they land in the counted gap to its right, and the opponent can carry the same stones on at once, into the next uncounted gap or off the board: the counted gaps are back as they were. " +
		"Stones carried out of a counted gap land in an uncounted one, where they no longer matter, so a counted gap acts as a pile you take 1 or 2 from."
	if len(a.Gaps) > 0 {
		body += fmt.Sprintf(" Here the counted gaps are %s", explain.Inline(countedGaps(a), o))
		if ig := ignoredGaps(a); ig.N > 0 {
			body += fmt.Sprintf("; ignored: %s", explain.Inline(ig, o))
		}
		body += "."
	}
	steps = append(steps, explain.Step{Title: "Which gaps count", Body: body})

	body = "In a pile where a move takes 1 or 2 stones, a multiple of 3 is lost for the player to move: whatever they take, the opponent takes the rest of the 3. " +
		"The grundy values repeat 0, 1, 2: piles 0, 1, 2, 3, 4, 5, 6 have values 0, 1, 2, 0, 1, 2, 0, so a pile of g is worth g mod 3."
	if len(a.Significant) > 0 {
		body += "\n" + explain.Bullets(grundyItems(a), o)
	}
	steps = append(steps, explain.Step{Title: "g mod 3", Body: body})

	steps = append(steps, explain.Step{Title: "The XOR", Body: fmt.Sprintf(
		"The counted gaps are independent piles, so the whole game is worth the XOR of their values (Sprague–Grundy), and the player to move wins exactly when it is not 0. %s Here %s is to move.",
		explain.XorSentence(a.Grundy), mover)})
	return append(steps, pawnVerdict(c, p, a, o))
}

func pawnVerdict(c solver.Result, p *Board, a Analysis, o explain.Options) explain.Step {
	mover := p.Game().PlayerName(p.ToMove())
	other := p.Game().PlayerName(p.ToMove().Other())
	if _, ok := lastMove(a); !ok {
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf("No pawn can move, so %s cannot move and loses: **%s wins**.", mover, c.WinnerName())}
	}
	if c.Move == nil {
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf(
			"The XOR is 0, so **%s wins**. Every move of %s's loses: a move changes exactly one counted gap, the pawn's own or the next one to the right, by 1 or 2, which changes its value mod 3, so %s is then to move with a XOR that is not 0.",
			c.WinnerName(), mover, other)}
	}
	m := c.Move.(Move)
	next := explain.AfterMove(c)
	_, na := next.Analyze()
	return explain.Step{Title: "Verdict and move", Body: fmt.Sprintf(
		"The XOR is %d, not 0, so **%s wins**. Winning move: **%s**: %s. The counted gaps' values mod 3 are then %s, with XOR %d, and %s is to move facing 0.",
		a.Xor, c.WinnerName(), m, shiftText(a, m), explain.Inline(explain.Ints(na.(Analysis).Grundy), o), na.(Analysis).Xor, other)}
}

// Hints climbs from a nudge to the gaps, the numbers and the verdict.
func (game) Hints(c solver.Result, o explain.Options) []explain.Step {
	p := c.Position.(*Board)
	a := c.Analysis.(Analysis)
	red := "There are no pawns, so there are no gaps."
	if len(a.Gaps) > 0 {
		red = fmt.Sprintf("Your gaps, left to right: %s. The ones that count, every other from the right: %s.",
			explain.Inline(explain.Ints(a.Gaps), o), explain.Inline(countedGaps(a), o))
	}
	return []explain.Step{
		{Title: explain.HintTitle("a nudge"), Body: "Count the empty cells in front of each pawn. When a pawn moves, where do those cells go? Which gaps can you ignore because the opponent can copy your move?"},
		{Title: explain.HintTitle("your gaps"), Body: red},
		{Title: explain.HintTitle("the numbers"), Body: fmt.Sprintf(
			"Each counted gap is a take-1-or-2 pile worth g mod 3: %s. %s %s is to move; compare the XOR with 0.",
			explain.Inline(grundyItems(a), o), explain.XorSentence(a.Grundy), p.Game().PlayerName(p.ToMove()))},
		explain.WithTitle(pawnVerdict(c, p, a, o), explain.HintTitle("verdict and move")),
	}
}

// The ideas of the solution a puzzle can need.
const (
	ThemeGapMod3   = "gap mod 3" // a gap of g is worth g mod 3
	ThemeStaircase = "staircase" // only every other gap counts
)

// Themes lists the ideas of the solution.
func (game) Themes() []string {
	return []string{ThemeGapMod3, ThemeStaircase, explain.ThemeXORToZero}
}

// PositionThemes lists the ideas pos needs: a counted gap of 3 or more
// (mod 3 matters), a non-empty gap that does not count (the staircase),
// and two counted values to XOR.
func (game) PositionThemes(pos solver.Position) []string {
	_, an := pos.Analyze()
	a := an.(Analysis)
	var out []string
	big, ignored, nonzero := false, false, 0
	for k, gap := range a.Gaps {
		switch {
		case !counted(k, len(a.Gaps)):
			ignored = ignored || gap > 0
		case gap >= 3:
			big = true
		}
	}
	for _, v := range a.Grundy {
		if v != 0 {
			nonzero++
		}
	}
	if big {
		out = append(out, ThemeGapMod3)
	}
	if ignored {
		out = append(out, ThemeStaircase)
	}
	if nonzero >= 2 {
		out = append(out, explain.ThemeXORToZero)
	}
	return out
}
