package binstring

import (
	"fmt"
	"strconv"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Fewest 0s: the parity of the 0s decides whether anyone takes an extra
// 0, and Nim on the runs of 1s decides who must start on the 0s. The text
// uses only the mover's lead in 0s held, never the two counts, so
// positions with the same string, mover and lead share a key.

// KeyNumbers names the 0s left and the Nim sum of the runs of 1s.
func (game) KeyNumbers(pos solver.Position) string {
	_, an := pos.Analyze()
	a := an.(Analysis)
	return fmt.Sprintf("%d 0s left, Nim sum of the runs of 1s %d", a.Zeros, a.NimSum)
}

// ExplainKey is the player to move, the mover's lead and the string.
func (game) ExplainKey(pos solver.Position) string {
	p := pos.(*BinaryString)
	return p.Game().PlayerName(p.ToMove()) + ":" + strconv.Itoa(p.lead()) + ":" + p.Text()
}

// Canonical is r: the explanation names characters as the student's
// string does.
func (game) Canonical(r solver.Result) solver.Result { return r }

// LocalMove is the canonical move, which is the student's.
func (game) LocalMove(_, c solver.Result) solver.Move { return c.Move }

// leadText says how the mover stands in 0s held, as a sentence.
func leadText(mover, other string, l int) string {
	switch {
	case l > 0:
		return fmt.Sprintf("So far %s holds %s more than %s.", mover, explain.Plural(l, "zero", "zeros"), other)
	case l < 0:
		return fmt.Sprintf("So far %s holds %s fewer than %s.", mover, explain.Plural(-l, "zero", "zeros"), other)
	}
	return fmt.Sprintf("So far %s and %s hold equally many 0s.", mover, other)
}

// parity returns "even" or "odd".
func parity(n int) string {
	if n%2 == 0 {
		return "even"
	}
	return "odd"
}

// signed writes a lead change as "+1", "0" or "-1".
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// finalShift is how the 0s still in the string change the mover's lead.
func finalShift(a Analysis) int {
	switch {
	case a.Zeros%2 == 0:
		return 0
	case a.NimSum != 0:
		return -1
	}
	return 1
}

// Explain walks from the 0s to the runs of 1s as Nim heaps and puts them
// together.
func (game) Explain(c solver.Result, o explain.Options) []explain.Step {
	p := c.Position.(*BinaryString)
	a := c.Analysis.(Analysis)
	g := p.Game()
	mover, other := g.PlayerName(p.ToMove()), g.PlayerName(p.ToMove().Other())
	l := p.lead()
	if p.Text() == "" {
		return []explain.Step{{Title: "Verdict", Body: fmt.Sprintf("The string is empty, so the game is over. %s %s", leadText(mover, other, l), explain.VerdictSentence(c))}}
	}
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf(
		"%s is to move on %s. A move removes any block of neighbouring characters, and the mover keeps them. When the string is empty, whoever holds fewer 0s wins, and equal counts are a tie. %s",
		mover, explain.Code(p.Text(), "characters", o), leadText(mover, other, l))}}

	body := fmt.Sprintf("Taking 1s costs nothing, and every 0 taken counts against its taker. There are %s left, an %s number. ", explain.Plural(a.Zeros, "zero", "zeros"), parity(a.Zeros))
	if a.Zeros%2 == 0 {
		body += "With an even number, each player can make sure of taking exactly half of them, so the 0s still in the string leave the balance as it is."
	} else {
		body += "With an odd number, one player ends up with one 0 more than the other: the player who has to start on the 0s, because nothing free is left to take on their turn."
	}
	steps = append(steps, explain.Step{Title: "The 0s", Body: body})

	body = "Removing 1s from inside one run of 1s shrinks that run and takes no 0: a Nim move on a heap the size of the run. The player who is left without such a move has to start on the 0s. "
	if len(a.Runs) == 0 {
		body += "There are no 1s here, so there is no Nim game and the player to move starts on the 0s; the XOR is **0**."
	} else {
		body += fmt.Sprintf("Runs of 1s, left to right: %s. %s", explain.Inline(explain.Ints(a.Runs), o), explain.XorSentence(a.Runs))
	}
	if a.Zeros%2 == 0 {
		body += " With an even number of 0s this does not change the result."
	}
	steps = append(steps, explain.Step{Title: "Runs of 1s are Nim heaps", Body: body})

	shift := finalShift(a)
	why := "the number of 0s is even"
	switch shift {
	case -1:
		why = fmt.Sprintf("the number of 0s is odd and the XOR is not 0, so %s wins the Nim on the 1s and %s takes the extra 0", mover, other)
	case 1:
		why = fmt.Sprintf("the number of 0s is odd and the XOR is 0, so %s loses the Nim on the 1s and takes the extra 0", mover)
	}
	steps = append(steps, explain.Step{Title: "Putting it together", Body: fmt.Sprintf(
		"%s's final lead in 0s is the lead so far plus what the rest of the string adds. Here the lead so far is %d and the rest adds %s, since %s; so %s ends %s.",
		mover, l, signed(shift), why, mover, finalLeadText(l+shift, other))})
	return append(steps, stringVerdict(c, p, a))
}

// finalLeadText says how a final lead in 0s compares with the opponent.
func finalLeadText(l int, other string) string {
	switch {
	case l > 0:
		return fmt.Sprintf("with %s more than %s", explain.Plural(l, "zero", "zeros"), other)
	case l < 0:
		return fmt.Sprintf("with %s fewer than %s", explain.Plural(-l, "zero", "zeros"), other)
	}
	return fmt.Sprintf("with as many zeros as %s", other)
}

func stringVerdict(c solver.Result, p *BinaryString, a Analysis) explain.Step {
	g := p.Game()
	mover, other := g.PlayerName(p.ToMove()), g.PlayerName(p.ToMove().Other())
	if p.Text() == "" {
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf("The string is empty, so the game is over. %s %s", leadText(mover, other, p.lead()), explain.VerdictSentence(c))}
	}
	if c.Move == nil {
		return explain.Step{Title: "Verdict", Body: explain.VerdictSentence(c) + fmt.Sprintf(
			" Every move of %s's loses: the rule above holds for every position, and after any move %s removes it scores %s's turn as a win for %s.", mover, mover, other, other)}
	}
	m := c.Move.(Move)
	next := explain.AfterMove(c).(*BinaryString)
	_, na := next.Analyze()
	nb := na.(Analysis)
	nl := next.lead()
	kind := "a win"
	label := "Winning move"
	if c.Outcome == solver.Tie {
		kind, label = "a tie", "A move that keeps the tie"
	} else {
		kind = "a loss"
	}
	return explain.Step{Title: "Verdict and move", Body: explain.VerdictSentence(c) + fmt.Sprintf(
		" %s: **%s**. Afterwards %s is to move with %s left (%s), runs of 1s with XOR %d, and a lead of %s in 0s held; the rule scores that as %s for %s.",
		label, m, other, explain.Plural(nb.Zeros, "zero", "zeros"), parity(nb.Zeros), nb.NimSum, signed(nl), kind, other)}
}

// Hints climbs from a nudge to the string reduced, the numbers and the
// verdict.
func (game) Hints(c solver.Result, o explain.Options) []explain.Step {
	p := c.Position.(*BinaryString)
	a := c.Analysis.(Analysis)
	g := p.Game()
	mover, other := g.PlayerName(p.ToMove()), g.PlayerName(p.ToMove().Other())
	runs := "no runs of 1s"
	if len(a.Runs) > 0 {
		runs = "runs of 1s " + explain.Inline(explain.Ints(a.Runs), o)
	}
	return []explain.Step{
		{Title: explain.HintTitle("a nudge"), Body: "How many 0s are left, and is that number even or odd? Taking 1s costs nothing: what game do the runs of 1s form, and who has to start on the 0s?"},
		{Title: explain.HintTitle("your string, reduced"), Body: fmt.Sprintf(
			"There are %s left (%s) and %s. %s", explain.Plural(a.Zeros, "zero", "zeros"), parity(a.Zeros), runs, leadText(mover, other, p.lead()))},
		{Title: explain.HintTitle("the numbers"), Body: fmt.Sprintf(
			"%s %s is to move. With an even number of 0s each player takes half of them; with an odd number, the player left without a Nim move on the runs has to start on the 0s and takes one more.",
			explain.XorSentence(a.Runs), mover)},
		explain.WithTitle(stringVerdict(c, p, a), explain.HintTitle("verdict and move")),
	}
}

// ThemeTieBreak0s is the idea of an odd number of 0s: the loser of the
// Nim on the runs of 1s takes the extra one.
const ThemeTieBreak0s = "tie-break on 0s"

// Themes lists the ideas of the solution.
func (game) Themes() []string { return []string{ThemeTieBreak0s, explain.ThemeXORToZero} }

// PositionThemes lists the ideas pos needs: an odd number of 0s, and two
// runs of 1s or more to XOR.
func (game) PositionThemes(pos solver.Position) []string {
	_, an := pos.Analyze()
	a := an.(Analysis)
	var out []string
	if a.Zeros%2 == 1 {
		out = append(out, ThemeTieBreak0s)
	}
	if len(a.Runs) >= 2 {
		out = append(out, explain.ThemeXORToZero)
	}
	return out
}
