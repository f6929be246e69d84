package binstring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Fewest 0s: the parity of the 0s decides whether anyone takes an extra
// 0, and Nim on the runs of 1s decides who must start on the 0s. The text
// uses only the mover's lead in 0s held, never the two counts, so
// positions with the same string, mover and lead share a key.

// course is what the explanation says alike for every position.
var course = explain.Course{
	Ask: "Start small. With the string `000`, Player 1 to move, who ends with fewer 0s? And with `00`? " +
		"Now `0110`: what can each player take without taking a 0, and who has to start on the 0s?",
	Reduce: "Now your string. Count its 0s: is the number even or odd? Taking 1s costs nothing, and taking 1s from inside one run of 1s shrinks that run like a Nim heap. " +
		"Work out who is left without a free move and has to start on the 0s, add the 0s each player already holds, and decide who wins, or whether it is a tie.",
	Lessons: []string{"The 0s", "Runs of 1s are Nim heaps", "Putting it together"},
	Ideas:   []string{ThemeTieBreak0s, explain.ThemeXORToZero},
}

// KeyNumbers names the numbers that decide pos, as one clause.
func (t game) KeyNumbers(pos solver.Position) string {
	a := explain.AnalysisOf[Analysis](pos)
	return fmt.Sprintf("%s left, XOR of the runs of 1s %d, and %s", explain.Plural(a.Zeros, "zero", "zeros"), a.NimSum, heldText(pos.(*BinaryString)))
}

// heldText says how many 0s each player holds: "Player 1 holds 2 zeros
// and Player 2 holds 1".
func heldText(p *BinaryString) string {
	h := p.Held()
	g := p.Game()
	return fmt.Sprintf("%s holds %s and %s holds %d", g.PlayerName(0), explain.Plural(h[0], "zero", "zeros"), g.PlayerName(1), h[1])
}

// GameOver says why the player to move, who cannot move, has won, lost or tied.
func (t game) GameOver(pos solver.Position) string {
	p := pos.(*BinaryString)
	mover, other := explain.Players(p)
	// The lead alone, not the counts: positions of one ExplainKey share
	// this sentence.
	switch l := p.lead(); {
	case l < 0:
		return fmt.Sprintf("The string is empty, so %s, who is to move, cannot move and wins: they hold %s, and fewer 0s win.", mover, zerosThan(l, other))
	case l > 0:
		return fmt.Sprintf("The string is empty, so %s, who is to move, cannot move and loses: they hold %s, and fewer 0s win.", mover, zerosThan(l, other))
	}
	return fmt.Sprintf("The string is empty, so %s, who is to move, cannot move and ties: both players hold equally many 0s, and equal counts are a tie.", mover)
}

// Status says what the position carries besides its text.
func (t game) Status(pos solver.Position) string {
	return heldText(pos.(*BinaryString)) + "."
}

// ExplainKey is the game, the player to move, the mover's lead and the string.
func (t game) ExplainKey(pos solver.Position) string {
	p := pos.(*BinaryString)
	return p.Game().PlayerName(p.ToMove()) + ":" + strconv.Itoa(p.lead()) + ":" + p.Text()
}

// run is a maximal run of 1s: its first character (1-based) and length.
type run struct{ start, length int }

// runsOf lists the runs of 1s of s, left to right.
func runsOf(s string) []run {
	var out []run
	for i := 0; i < len(s); i++ {
		if s[i] != '1' {
			continue
		}
		if i == 0 || s[i-1] != '1' {
			out = append(out, run{start: i + 1})
		}
		out[len(out)-1].length++
	}
	return out
}

// Kinds of binstring move, in the strategy's words.
const (
	kindOnes     = "takes only 1s, from one run (a Nim move)"
	kindOneZero  = "takes exactly one 0"
	kindTwoZeros = "takes two or more 0s"
)

// stringKind names a binstring move by the 0s it takes.
func stringKind(p *BinaryString, m Move) string {
	switch strings.Count(p.Text()[m.Start-1:m.End], "0") {
	case 0:
		return kindOnes
	case 1:
		return kindOneZero
	}
	return kindTwoZeros
}

// nimRun returns the first run of 1s that Nim says to shrink, and to what
// length, when the XOR of the runs is not 0.
func nimRun(runs []run, x int) (run, int, bool) {
	for _, r := range runs {
		if r.length^x < r.length {
			return r, r.length ^ x, true
		}
	}
	return run{}, 0, false
}

// plan teaches binstring as the rule does: take only 1s, so the 0s left
// keep their parity; with an odd number of 0s, win the Nim on the runs of
// 1s (shrink run h to h xor X, the first run where that is smaller); with
// no 1s left, take a single 0.
func (t game) Plan(c solver.Result) explain.Plan {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	var taught solver.Move
	if c.Outcome != solver.Loss && p.Text() != "" {
		runs := runsOf(p.Text())
		r, to, nim := nimRun(runs, a.NimSum)
		switch {
		case len(runs) == 0:
			taught = Move{Start: 1, End: 1}
		case a.Zeros%2 == 1 && nim:
			taught = Move{Start: r.start, End: r.start + r.length - to - 1}
		default:
			taught = Move{Start: runs[0].start, End: runs[0].start}
		}
	}
	return explain.NewPlan(c, taught, func(m solver.Move) string { return stringKind(p, m.(Move)) })
}

func (t game) Kind(pos solver.Position, m solver.Move) string {
	return stringKind(pos.(*BinaryString), m.(Move))
}

// zerosThan compares a count of 0s with another's, given how many more
// it is (not 0): "2 zeros more than Player 1", "1 zero fewer than Player 2".
func zerosThan(more int, against string) string {
	if more > 0 {
		return explain.Plural(more, "zero", "zeros") + " more than " + against
	}
	return explain.Plural(-more, "zero", "zeros") + " fewer than " + against
}

// leadText says how the mover stands in 0s held, as a sentence.
// Standing says how the 0s held stand, as the explanation's key keeps
// them (the lead of the player to move), or "" when level: "Player 1
// holds 1 zero fewer than Player 2".
func (t game) Standing(pos solver.Position) string {
	p := pos.(*BinaryString)
	if p.lead() == 0 {
		return ""
	}
	return strings.TrimSuffix(strings.TrimPrefix(leadText(p), "So far "), ".")
}

func leadText(p *BinaryString) string {
	mover, other := explain.Players(p)
	l := p.lead()
	if l == 0 {
		return fmt.Sprintf("So far %s and %s hold equally many 0s.", mover, other)
	}
	return fmt.Sprintf("So far %s holds %s.", mover, zerosThan(l, other))
}

// holdingText says how a player stands in 0s held against another, given
// how many more they hold: "holding 1 zero fewer than Player 1".
func holdingText(who, against string, more int) string {
	if more == 0 {
		return fmt.Sprintf("%s holding as many 0s as %s", who, against)
	}
	return who + " holding " + zerosThan(more, against)
}

// parity returns "even" or "odd".
func parity(n int) string {
	if n%2 == 0 {
		return "even"
	}
	return "odd"
}

// Explain applies each idea of the solution to the position, then the verdict and the move.
func (t game) Explain(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	mover, other := explain.Players(p)
	l := p.lead()
	if p.Text() == "" {
		return nil
	}
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf(
		"%s is to move on %s. A move removes any block of neighbouring characters, and the mover keeps them. When the string is empty, whoever holds fewer 0s wins, and equal counts are a tie. %s",
		mover, explain.Code(p.Text(), "characters", o), leadText(p))}}

	body := fmt.Sprintf("Taking 1s costs nothing, and every 0 taken counts against its taker. %s left, an %s number. ", explain.IsAre(a.Zeros, "zero", "zeros"), parity(a.Zeros))
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
	steps = append(steps, withXor(p, a, explain.Step{Title: "Runs of 1s are Nim heaps", Body: body}))

	shift := finalShift(a.Zeros, a.NimSum)
	rest := "gives both players the same number"
	switch shift {
	case -1:
		rest = fmt.Sprintf("has an odd number of 0s and a XOR that is not 0, so %s wins the Nim on the 1s and %s takes the extra 0", mover, other)
	case 1:
		rest = fmt.Sprintf("has an odd number of 0s and a XOR of 0, so %s loses the Nim on the 1s and takes the extra 0", mover)
	}
	steps = append(steps, explain.Step{Title: "Putting it together", Body: fmt.Sprintf(
		"Fewer 0s at the end wins, so compare the 0s %s will hold with %s's. %s The rest of the string %s; so %s ends %s.",
		mover, other, leadText(p), rest, mover, finalLeadText(l+shift, other))})
	return append(steps, t.Finding(c, pl, o))
}

// withXor adds to st, a step about p that states the XOR of its runs of
// 1s, that XOR as a number claim. It is not a Sprague–Grundy value: the
// 0s held decide the game too.
func withXor(p *BinaryString, a Analysis, st explain.Step) explain.Step {
	st.Claims = append(st.Claims, explain.XorClaim(p, explain.Int64s(a.Runs), int64(a.NimSum), false, st.Body))
	return st
}

// rangeName is a move's short name: "remove 2–3" or "remove 4".
func rangeName(m solver.Move) string {
	rm := m.(Move)
	if rm.Start == rm.End {
		return fmt.Sprintf("remove %d", rm.Start)
	}
	return fmt.Sprintf("remove %d–%d", rm.Start, rm.End)
}

// runLines applies the Nim method to every run of 1s: h xor X, and
// whether that is smaller, with the move that gets there.
func runLines(runs []run, x int) []string {
	lines := make([]string, len(runs))
	for i, r := range runs {
		t := r.length ^ x
		lines[i] = fmt.Sprintf("the run of %d at character %d: %d xor %d = %d", r.length, r.start, r.length, x, t)
		if t < r.length {
			lines[i] += fmt.Sprintf(", smaller: %s leaves %d", rangeName(Move{Start: r.start, End: r.start + r.length - t - 1}), t)
		} else {
			lines[i] += ", not smaller"
		}
	}
	return lines
}

func (t game) Finding(c solver.Result, pl explain.Plan, o explain.Options) explain.Step {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	_, other := explain.Players(p)
	if p.Text() == "" {
		return explain.FindingStep("The string is empty, so there is no move to find.")
	}
	runs := runsOf(p.Text())
	l := p.lead()
	var body string
	switch {
	case c.Move == nil && a.Zeros%2 == 1 && a.NimSum == 0:
		body = fmt.Sprintf("The runs of 1s have a XOR of 0: whatever 1s you take, %s answers in the runs and brings the XOR back to 0, so you are the one who must start on the 0s and take the odd one. Taking a 0 yourself, for example to join two runs of 1s, only takes that 0 sooner: it counts against you at once and leaves an even number. So %s ends with more 0s whatever you do, and no move wins or ties.",
			other, other)
		if l != 0 {
			body = fmt.Sprintf("The runs of 1s have a XOR of 0, so you will have to start on the 0s and take the odd one, and taking a 0 now only takes it sooner. %s With that, no move saves the game.", leadText(p))
		}
	case c.Move == nil:
		body = fmt.Sprintf("%s Even your best, %s, is not enough: no move wins or ties.", leadText(p), "ending "+finalLeadText(l+finalShift(a.Zeros, a.NimSum), other))
	case len(runs) == 0:
		body = fmt.Sprintf("Only 0s are left, so you must take some: take a single one (%s). Each 0 counts, so never take more than one at a time.", rangeName(c.Move))
	case a.Zeros%2 == 1 && a.NimSum != 0:
		body = fmt.Sprintf("%s left, an odd number, so one player takes an extra 0: the one who must start on the 0s. Make %s that player: win the Nim on the runs of 1s by making their XOR 0. For each run of h, compute h xor %d; a run where that is smaller can be cut down to it, taking only 1s.\n%s",
			explain.IsAre(a.Zeros, "zero", "zeros"), other, a.NimSum, explain.Bullets(explain.ListOf(runLines(runs, a.NimSum)), o))
	case a.Zeros%2 == 0:
		body = fmt.Sprintf("%s left, an even number. Keep it even by taking only 1s, and each of you ends up taking half of them. A single 1 will do: %s.", explain.IsAre(a.Zeros, "zero", "zeros"), rangeName(c.Move))
	default:
		body = fmt.Sprintf("The runs of 1s already have a XOR of 0, so you will have to start on the 0s and take the odd one; taking a 0 now would only take it sooner. Take only 1s meanwhile, for example %s. %s", rangeName(c.Move), leadText(p))
	}
	if c.Move != nil {
		body += "\nEvery move that keeps your best outcome, by kind:\n" + explain.GroupsText(pl, rangeName, o)
	}
	st := explain.FindingStep(body)
	// The numbers worked out: the XOR of the runs where the step states
	// it, and each run's line h xor X = t.
	if a.Zeros%2 == 1 && len(runs) > 0 && (c.Move != nil || a.NimSum == 0) {
		st = withXor(p, a, st)
	}
	if c.Move != nil && a.Zeros%2 == 1 && a.NimSum != 0 {
		for _, r := range runs {
			st.Claims = append(st.Claims, explain.XorStepClaim(p, int64(r.length), int64(a.NimSum), st.Body))
		}
	}
	return st
}

// finalLeadText says how a final lead in 0s compares with the opponent.
func finalLeadText(l int, other string) string {
	if l == 0 {
		return "with as many zeros as " + other
	}
	return "with " + zerosThan(l, other)
}

// Verdict says who wins, why, and the winning move.
func (t game) Verdict(c solver.Result, _ explain.Options) explain.Step {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	mover, other := explain.Players(p)
	if p.Text() == "" {
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf("The string is empty, so the game is over. %s %s", leadText(p), explain.VerdictSentence(c))}
	}
	if c.Move == nil {
		why := fmt.Sprintf("%s ends %s even with the best play", mover, finalLeadText(p.lead()+finalShift(a.Zeros, a.NimSum), other))
		if a.Zeros%2 == 1 && a.NimSum == 0 {
			why = fmt.Sprintf("a move on the runs of 1s leaves a XOR that %s sets back to 0, so %s still has to start on the 0s, and a move that takes a 0 only takes it sooner", other, mover)
		}
		return explain.Step{Title: "Verdict", Body: explain.VerdictSentence(c) + fmt.Sprintf(" Every move of %s's loses: %s.", mover, why)}
	}
	m := c.Move.(Move)
	next := explain.AfterMove(c).(*BinaryString)
	nb := explain.AnalysisOf[Analysis](next)
	nl := next.lead()
	kind, label := "a loss", "Winning move"
	if c.Outcome == solver.Tie {
		kind, label = "a tie", "A move that keeps the tie"
	}
	st := explain.Step{Title: "Verdict and move", Body: explain.VerdictSentence(c) + fmt.Sprintf(
		" %s: **%s**. Afterwards %s is to move with %s left (%s), runs of 1s with XOR %d, and %s; the rule scores that as %s for %s.",
		label, m, other, explain.Plural(nb.Zeros, "zero", "zeros"), parity(nb.Zeros), nb.NimSum, holdingText(other, mover, nl), kind, other)}
	// The number worked out: the XOR of the runs after the move.
	st.Claims = append(st.Claims, explain.XorClaim(next, explain.Int64s(nb.Runs), int64(nb.NimSum), false, st.Body))
	return st
}

func (t game) Ties() bool { return true }

func (t game) Numbers(c solver.Result, o explain.Options) explain.Step {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	runs := "no runs of 1s"
	if len(a.Runs) > 0 {
		runs = "runs of 1s " + explain.Inline(explain.Ints(a.Runs), o)
	}
	return explain.Step{Body: fmt.Sprintf("%s left (%s) and %s. %s", explain.IsAre(a.Zeros, "zero", "zeros"), parity(a.Zeros), runs,
		leadText(p))}
}

func (t game) Rule(c solver.Result, _ explain.Options) explain.Step {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	return withXor(p, a, explain.Step{Body: fmt.Sprintf("An even number of 0s splits evenly. With an odd number, the player who loses the Nim on the runs of 1s has to start on the 0s and takes one more. %s %s is to move; fewer 0s at the end win.",
		explain.XorSentence(a.Runs), p.Game().PlayerName(p.ToMove()))})
}

func (t game) Pointer(c solver.Result, _ explain.Plan, _ explain.Options) explain.Step {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	switch {
	case p.Text() == "":
		return explain.Step{Body: "The string is empty, so there is no move to look for."}
	case c.Move == nil:
		return explain.Step{Body: "No move saves the game here. Look instead for the move after which the opponent's win takes longest: the more moves they must find, the more chances they have to slip."}
	}
	runs := runsOf(p.Text())
	if r, _, ok := nimRun(runs, a.NimSum); ok && a.Zeros%2 == 1 {
		return explain.Step{Body: fmt.Sprintf("Look at the run of %d starting at character %d: cut it so that the XOR of the runs becomes 0.", r.length, r.start)}
	}
	if len(runs) == 0 {
		return explain.Step{Body: "Only 0s are left. How many should you take at once?"}
	}
	return explain.Step{Body: "Keep the number of 0s as it is: look at the 1s."}
}

func (t game) LineMove(pos solver.Position, m solver.Move, _ explain.Options) string {
	p := pos.(*BinaryString)
	rm := m.(Move)
	rest := p.Text()[:rm.Start-1] + p.Text()[rm.End:]
	if rest == "" {
		return fmt.Sprintf("%s takes `%s`", p.Game().PlayerName(p.ToMove()), p.Text())
	}
	return fmt.Sprintf("%s takes `%s` → `%s`", p.Game().PlayerName(p.ToMove()), p.Text()[rm.Start-1:rm.End], rest)
}

// Stuck says how the 0s held compare at the end. It names the
// difference, not the two counts, which the explanation's key leaves out.
func (t game) Stuck(pos solver.Position) string {
	p := pos.(*BinaryString)
	h := p.Held()
	if h[0] == h[1] {
		return "both end with as many zeros: a tie."
	}
	fewer := solver.Player(0)
	if h[1] < h[0] {
		fewer = 1
	}
	return fmt.Sprintf("%s ends with %s.", p.Game().PlayerName(fewer), zerosThan(h[fewer]-h[fewer.Other()], p.Game().PlayerName(fewer.Other())))
}

func (t game) Summary(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p, a := c.Position.(*BinaryString), c.Analysis.(Analysis)
	mover, other := explain.Players(p)
	l := p.lead()
	if p.Text() == "" {
		return []explain.Step{t.Verdict(c, o)}
	}
	why := fmt.Sprintf("%s (%s)", explain.Plural(a.Zeros, "zero", "zeros"), parity(a.Zeros))
	if len(a.Runs) > 0 {
		why += fmt.Sprintf("; runs %s, XOR %d", explain.Inline(explain.Ints(a.Runs), o), a.NimSum)
	}
	switch finalShift(a.Zeros, a.NimSum) {
	case 0:
		why += fmt.Sprintf(": %d each.", a.Zeros/2)
	case -1:
		why += fmt.Sprintf(": %s must start on the 0s and take the odd one.", other)
	default:
		why += fmt.Sprintf(": %s must start on the 0s and take the odd one.", mover)
	}
	if l != 0 {
		why += " " + leadText(p)
	}
	var find string
	runs := runsOf(p.Text())
	switch {
	case c.Move == nil && a.Zeros%2 == 0:
		find = fmt.Sprintf("The %d zeros split evenly at best, and taking one only adds to your count.", a.Zeros)
	case c.Move == nil:
		find = "Taking a 0 (say, to join two runs) only adds to your count; any Nim move breaks the XOR of 0."
		if a.NimSum != 0 {
			// Nim on the runs is won, but the 0s already held decide.
			find = fmt.Sprintf("Winning Nim on the runs (XOR %d) hands %s the odd 0, and still %s ends with more 0s.", a.NimSum, other, mover)
		}
		if len(runs) == 0 {
			find = fmt.Sprintf("Only %s are left, and you must start on them.", explain.Plural(a.Zeros, "zero", "zeros"))
			if a.Zeros == 1 {
				find = "Only 1 zero is left, and you must take it."
			}
		}
	case len(runs) == 0:
		find = fmt.Sprintf("Only 0s are left: take a single one (%s).", rangeName(c.Move))
	case a.Zeros%2 == 1 && a.NimSum != 0:
		r, t, _ := nimRun(runs, a.NimSum)
		find = fmt.Sprintf("Cut the run of %d (character %d) to %d xor %d = %d: %s.", r.length, r.start, r.length, a.NimSum, t, rangeName(c.Move))
	default:
		find = fmt.Sprintf("Take only 1s, keeping the count of zeros %s (%s): %s.", parity(a.Zeros), explain.Plural(a.Zeros, "zero", "zeros"), rangeName(c.Move))
	}
	rule := fmt.Sprintf("Fewer 0s win; 1s are free, and %s split evenly.", explain.Plural(a.Zeros, "zero", "zeros"))
	if a.Zeros%2 == 1 {
		rule = fmt.Sprintf("Fewer 0s win; 1s are free; the odd 0 of %d goes to the loser of Nim on the runs.", a.Zeros)
		if len(a.Runs) == 0 {
			rule = fmt.Sprintf("Fewer 0s win; with no 1s the player to move takes the odd 0 of %d.", a.Zeros)
		}
	}
	steps := []explain.Step{{Title: "Why", Body: why}, {Title: "Finding it", Body: find}, {Title: "The rule here", Body: rule}}
	// The numbers worked out: the XOR of the runs of 1s, and the run the
	// move cuts to.
	xs := explain.Int64s(a.Runs)
	if len(a.Runs) > 0 {
		steps[0].Claims = append(steps[0].Claims, explain.XorClaim(p, xs, int64(a.NimSum), false, why))
	}
	switch {
	case c.Move == nil && a.Zeros%2 == 1 && len(runs) > 0:
		steps[1].Claims = append(steps[1].Claims, explain.XorClaim(p, xs, int64(a.NimSum), false, find))
	case c.Move != nil && len(runs) > 0 && a.Zeros%2 == 1 && a.NimSum != 0:
		r, _, _ := nimRun(runs, a.NimSum)
		steps[1].Claims = append(steps[1].Claims, explain.XorStepClaim(p, int64(r.length), int64(a.NimSum), find))
	}
	return steps
}

func (t game) Compact(_ solver.Position, m solver.Move) string { return rangeName(m) }

// ThemeTieBreak0s is the idea of an odd number of 0s: the loser of the
// Nim on the runs of 1s takes the extra one.
const ThemeTieBreak0s = "tie-break on 0s"

// PositionThemes lists the ideas pos needs: an odd number of 0s, and two
// runs of 1s or more to XOR.
func (game) PositionThemes(pos solver.Position) []string {
	a := explain.AnalysisOf[Analysis](pos)
	var out []string
	if a.Zeros%2 == 1 {
		out = append(out, ThemeTieBreak0s)
	}
	if len(a.Runs) >= 2 {
		out = append(out, explain.ThemeXORToZero)
	}
	return out
}

// Question asks for the fact Numbers works out on this string: how many
// 0s are left and the runs of 1s.
func (t game) Question(c solver.Result, o explain.Options) string {
	p := c.Position.(*BinaryString)
	where := explain.Code(p.Text(), "characters", o)
	if st := t.Standing(p); st != "" {
		where += ", where " + st
	}
	return fmt.Sprintf("In %s, how many 0s are left, is that number even or odd, and how long is each run of 1s?", where)
}
