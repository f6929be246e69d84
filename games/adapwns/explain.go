package adapwns

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Ada and the pawns: gaps before the pawns form a staircase; every other
// gap from the right counts, each as a take-1-or-2 pile worth g mod 3.

// course is what the explanation says alike for every position.
var course = explain.Course{
	Ask: "Start small: a board with one pawn and g empty cells in front of it, where a move takes the pawn 1 or 2 cells left. " +
		"For g = 0, 1, 2, 3, 4, 5, 6, does the player to move win? Which values of g lose, and why does the pattern repeat?",
	Reduce: "Now your board. Count the empty cells in front of each pawn, up to the previous pawn or the left edge: these are the gaps. " +
		"A move takes cells from one gap and adds them to the next gap on the right, so the gaps are a staircase. " +
		"Which gaps can you ignore, because whatever leaves them the opponent can carry on at once? " +
		"Reduce the board to the gaps that count, use your answer to the question, and decide who wins.",
	Lessons: []string{"A staircase", "Which gaps count", "g mod 3", "The XOR"},
	Ideas:   []string{ThemeGapMod3, ThemeStaircase, explain.ThemeXORToZero},
}

// KeyNumbers names the numbers that decide pos, as one clause.
func (g game) KeyNumbers(pos solver.Position) string {
	return fmt.Sprintf("the XOR of the counted gaps mod 3 is %d", explain.AnalysisOf[Analysis](pos).Xor)
}

// pawnStep is a move of pawn k (1-based) by d cells and what it does to
// the one counted gap it changes.
type pawnStep struct {
	pawn, d int
	// gap is the counted gap that changes: the pawn's own when it counts,
	// else the next one to the right, which then counts.
	gap int
	// from and to are that gap's size before and after.
	from, to int
}

func (s pawnStep) move(a Analysis) Move {
	cell := a.Pawns[s.pawn-1] + 1
	return Move{From: cell, To: cell - s.d}
}

// stepOf describes a legal move m of the position analysed by a.
func stepOf(a Analysis, m Move) pawnStep {
	k := pawnIndex(a, m.From)
	s := pawnStep{pawn: k, d: m.From - m.To, gap: k}
	if counted(k-1, len(a.Gaps)) {
		s.from, s.to = a.Gaps[k-1], a.Gaps[k-1]-s.d
	} else {
		s.gap = k + 1
		s.from, s.to = a.Gaps[k], a.Gaps[k]+s.d
	}
	return s
}

// newXor is the XOR of the counted gaps' values after step s.
func newXor(a Analysis, s pawnStep) int {
	return a.Xor ^ s.from%3 ^ s.to%3
}

// Kinds of adapwns move, in the strategy's words.
const (
	kindCounted   = "a pawn whose own gap counts (it takes 1 or 2 from that pile)"
	kindUncounted = "a pawn whose gap is ignored (it adds 1 or 2 to the counted gap on its right)"
)

// countedTarget returns, for counted gap k, the value its pile must reach
// to make the XOR 0 and how many cells its pawn must move to get there;
// ok is false when the pile cannot reach it (the target is not a value
// mod 3, or the pile is too small).
func countedTarget(a Analysis, k int) (target, d int, ok bool) {
	v := a.Gaps[k-1] % 3
	target = v ^ a.Xor
	if target > 2 || target == v {
		return target, 0, false
	}
	d = (v - target + 3) % 3
	return target, d, d <= a.Gaps[k-1]
}

// plan teaches the counted gaps as take-1-or-2 piles: the taught move
// brings one counted gap's value mod 3 to the value that makes the XOR
// 0, the leftmost such gap first. Only when no counted gap can, it moves
// a pawn of an ignored gap, which adds to the counted gap on its right.
func (g game) Plan(c solver.Result) explain.Plan {
	a := c.Analysis.(Analysis)
	var taught solver.Move
	if c.Outcome == solver.Win {
		for _, k := range a.Significant {
			if _, d, ok := countedTarget(a, k); ok {
				taught = pawnStep{pawn: k, d: d}.move(a)
				break
			}
		}
		if taught == nil {
			for _, m := range c.Position.Moves() {
				if s := stepOf(a, m.(Move)); newXor(a, s) == 0 {
					taught = m
					break
				}
			}
		}
	}
	return explain.NewPlan(c, taught, func(m solver.Move) string { return pawnKind(a, m) })
}

// pawnKind names the kind of an adapwns move of the position analysed by a.
func pawnKind(a Analysis, m solver.Move) string {
	if counted(pawnIndex(a, m.(Move).From)-1, len(a.Gaps)) {
		return kindCounted
	}
	return kindUncounted
}

func (g game) Kind(pos solver.Position, m solver.Move) string {
	return pawnKind(explain.AnalysisOf[Analysis](pos), m)
}

// GameOver says why the player to move, who cannot move, has won, lost or tied.
func (g game) GameOver(pos solver.Position) string {
	p := pos.(*Board)
	if !strings.Contains(p.Cells(), "P") {
		return explain.CannotMove(p, "there is no pawn on the board", false)
	}
	return explain.CannotMove(p, "every pawn has a pawn or the left edge right in front of it", false)
}

// gapItems describes the gaps with the given 1-based indices, first,
// first+step, … (n of them): "gap 1 = 2 (pawn on cell 3)".
func gapItems(a Analysis, first, step, n int) explain.List {
	return explain.List{N: n, Item: func(i int) string {
		k := first + i*step
		return fmt.Sprintf("gap %d = %d (pawn on cell %d)", k, a.Gaps[k-1], a.Pawns[k-1]+1)
	}}
}

// countedGaps describes the gaps that count, left to right: every other
// one, ending with the rightmost.
func countedGaps(a Analysis) explain.List {
	n := len(a.Gaps)
	return gapItems(a, 2-n%2, 2, (n+1)/2)
}

// ignoredGaps returns the 1-based indices of the gaps that do not count,
// left to right: every other one, ending next to the rightmost.
func ignoredGaps(a Analysis) []int {
	var out []int
	for k := 1 + len(a.Gaps)%2; k < len(a.Gaps); k += 2 {
		out = append(out, k)
	}
	return out
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

// Explain applies each idea of the solution to the position, then the verdict and the move.
func (g game) Explain(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p, a := c.Position.(*Board), c.Analysis.(Analysis)
	mover := p.Game().PlayerName(p.ToMove())
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf(
		"%s is to move on %s. A move takes one pawn 1 or 2 cells to the left, over empty cells only. Normal play: a player who cannot move loses.",
		mover, explain.Code(p.Cells(), "cells", o))}}

	body := "Count the empty cells in front of each pawn, up to the previous pawn or the left edge: these are the gaps."
	if len(a.Gaps) == 0 {
		body += " There are no pawns, so there are no gaps."
	} else {
		body += fmt.Sprintf(" Left to right: %s.", explain.Inline(gapItems(a, 1, 1, len(a.Gaps)), o))
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
		if n := len(a.Gaps); n > 1 {
			body += fmt.Sprintf("; ignored: %s", explain.Inline(gapItems(a, 1+n%2, 2, n/2), o))
		}
		body += "."
	}
	steps = append(steps, explain.Step{Title: "Which gaps count", Body: body})

	body = "In a pile where a move takes 1 or 2 stones, a multiple of 3 is lost for the player to move: whatever they take, the opponent takes the rest of the 3. " +
		"The grundy values repeat 0, 1, 2: piles 0, 1, 2, 3, 4, 5, 6 have values 0, 1, 2, 0, 1, 2, 0, so a pile of g is worth g mod 3."
	if len(a.Significant) > 0 {
		body += "\n" + explain.Bullets(grundyItems(a), o)
	}
	steps = append(steps, withNumbers(p, a, explain.Step{Title: "g mod 3", Body: body}))

	xorStep := explain.Step{Title: "The XOR", Body: fmt.Sprintf(
		"The counted gaps are independent piles, so the whole game is worth the XOR of their values (Sprague–Grundy), and the player to move wins exactly when it is not 0. %s Here %s is to move.",
		explain.XorSentence(a.Grundy), mover)}
	xorStep.Claims = append(xorStep.Claims, explain.XorClaim(p, explain.Int64s(a.Grundy), int64(a.Xor), true, xorStep.Body))
	steps = append(steps, xorStep)
	return append(steps, g.Finding(c, pl, o))
}

// stepText says what step s does to its counted gap: "gap 2: 1 → 0,
// worth 0".
func stepText(s pawnStep) string {
	return fmt.Sprintf("gap %d: %d → %d, worth %d", s.gap, s.from, s.to, s.to%3)
}

func (g game) Finding(c solver.Result, pl explain.Plan, o explain.Options) explain.Step {
	p, a := c.Position.(*Board), c.Analysis.(Analysis)
	switch {
	case len(p.Moves()) == 0:
		return explain.FindingStep("No pawn can move, so there is no move to find.")
	case a.Xor == 0:
		return explain.FindingStep("The XOR is already 0. Every move changes exactly one counted gap, its pawn's own or the next one on the right, by 1 or 2 cells, so that gap's value mod 3 changes and the XOR is no longer 0: no move wins here.")
	}
	var lines []string
	for _, k := range a.Significant {
		g := a.Gaps[k-1]
		target, d, ok := countedTarget(a, k)
		line := fmt.Sprintf("gap %d = %d, worth %d: target %d xor %d = %d", k, g, g%3, g%3, a.Xor, target)
		switch {
		case target > 2:
			line += ", which no pile mod 3 is worth"
		case !ok:
			line += fmt.Sprintf(", which needs %s and the gap has %d", explain.Plural(d, "cell", "cells"), g)
		default:
			s := pawnStep{pawn: k, d: d, gap: k, from: g, to: g - d}
			line += fmt.Sprintf(": move %s (%s)", explain.Arrow(s.move(a)), stepText(s))
		}
		lines = append(lines, line)
	}
	body := fmt.Sprintf("Aim for a XOR of 0. A counted gap worth v has to become worth v xor %d; taking 1 or 2 cells from it reaches either other value mod 3, if the gap has those cells.\n%s",
		a.Xor, explain.Bullets(explain.ListOf(lines), o))
	m := c.Move.(Move)
	if s := stepOf(a, m); s.gap != s.pawn {
		body += fmt.Sprintf("\nNo counted gap can do it, so move a pawn whose gap is ignored: it adds its cells to the counted gap on its right. The move %s does it (%s), and the XOR becomes %d.", explain.Arrow(m), stepText(s), newXor(a, s))
	}
	body += "\nEvery winning move, by kind:\n" + explain.GroupsText(pl, explain.Arrow, o)
	st := withNumbers(p, a, explain.FindingStep(body))
	for _, k := range a.Significant {
		g := a.Gaps[k-1]
		st.Claims = append(st.Claims, explain.XorStepClaim(p, int64(g%3), int64(a.Xor), body))
	}
	if s := stepOf(a, m); s.gap != s.pawn {
		next, _ := p.Play(m)
		na := explain.AnalysisOf[Analysis](next)
		st.Claims = append(st.Claims, explain.XorClaim(next, explain.Int64s(na.Grundy), int64(na.Xor), true, body))
	}
	return st
}

// withNumbers adds to st, a step about p whose body works out p's
// numbers, those numbers as claims: each counted gap mod 3, and their
// XOR, the position's Sprague–Grundy value.
func withNumbers(p *Board, a Analysis, st explain.Step) explain.Step {
	st = withMods(p, a, st)
	st.Claims = append(st.Claims, explain.XorClaim(p, explain.Int64s(a.Grundy), int64(a.Xor), true, st.Body))
	return st
}

// withMods adds to st the claims of each counted gap's value mod 3.
func withMods(p *Board, a Analysis, st explain.Step) explain.Step {
	for i, k := range a.Significant {
		st.Claims = append(st.Claims, explain.ModClaim(p, int64(a.Gaps[k-1]), 3, int64(a.Grundy[i]), st.Body))
	}
	return st
}

// Verdict says who wins, why, and the winning move.
func (g game) Verdict(c solver.Result, o explain.Options) explain.Step {
	p, a := c.Position.(*Board), c.Analysis.(Analysis)
	mover, other := explain.Players(p)
	if _, ok := lastMove(a); !ok {
		return explain.Step{Title: "Verdict", Body: fmt.Sprintf("No pawn can move, so %s cannot move and loses: **%s wins**.", mover, c.WinnerName())}
	}
	if c.Move == nil {
		return withNumbers(p, a, explain.Step{Title: "Verdict", Body: fmt.Sprintf(
			"The XOR is 0, so **%s wins**. Every move of %s's loses: a move changes exactly one counted gap, the pawn's own or the next one to the right, by 1 or 2, which changes its value mod 3, so %s is then to move with a XOR that is not 0.",
			c.WinnerName(), mover, other)})
	}
	m := c.Move.(Move)
	next := explain.AfterMove(c)
	na := explain.AnalysisOf[Analysis](next)
	st := withNumbers(p, a, explain.Step{Title: "Verdict and move", Body: fmt.Sprintf(
		"The XOR is %d, not 0, so **%s wins**. Winning move: **%s**: %s. The counted gaps' values mod 3 are then %s, with XOR %d, and %s is to move facing 0.",
		a.Xor, c.WinnerName(), m, shiftText(a, m), explain.Inline(explain.Ints(na.Grundy), o), na.Xor, other)})
	st.Claims = append(st.Claims, explain.XorClaim(next, explain.Int64s(na.Grundy), int64(na.Xor), true, st.Body))
	return st
}

func (g game) Numbers(c solver.Result, o explain.Options) explain.Step {
	a := c.Analysis.(Analysis)
	if len(a.Gaps) == 0 {
		return explain.Step{Body: "There are no pawns, so there are no gaps and no numbers to work with."}
	}
	return withMods(c.Position.(*Board), a, explain.Step{Body: fmt.Sprintf("Your gaps, left to right: %s. The ones that count, every other one from the right: %s. Each is a pile you take 1 or 2 from, worth g mod 3: %s.",
		explain.Inline(explain.Ints(a.Gaps), o), explain.Inline(countedGaps(a), o), explain.Inline(grundyItems(a), o))})
}

func (g game) Rule(c solver.Result, o explain.Options) explain.Step {
	a := c.Analysis.(Analysis)
	return explain.Step{Body: fmt.Sprintf("The counted gaps are independent piles, so the whole board is worth the XOR of their values (Sprague–Grundy): the player to move wins exactly when it is not 0. %s %s is to move.",
		explain.XorSentence(a.Grundy), c.Position.Game().PlayerName(c.Position.ToMove()))}
}

func (g game) Pointer(c solver.Result, pl explain.Plan, o explain.Options) explain.Step {
	a := c.Analysis.(Analysis)
	switch {
	case !solver.HasMoves(c.Position):
		return explain.Step{Body: "No pawn can move, so there is no move to look for."}
	case c.Move == nil:
		return explain.Step{Body: "No move brings the XOR back to 0 here. Look instead for the move after which the opponent's win takes longest: the more moves they must find, the more chances they have to slip."}
	}
	s := stepOf(a, c.Move.(Move))
	if s.gap == s.pawn {
		return explain.Step{Body: fmt.Sprintf("Look at gap %d (its pawn is on cell %d): which value mod 3 must it have for the XOR to become 0, and can its pawn get there?", s.gap, a.Pawns[s.pawn-1]+1)}
	}
	return explain.Step{Body: fmt.Sprintf("No counted gap can reach the value it needs on its own. Look at gap %d, and at the pawn just to its left, whose move adds to it.", s.gap)}
}

func (g game) Summary(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p, a := c.Position.(*Board), c.Analysis.(Analysis)
	if len(a.Gaps) == 0 || !solver.HasMoves(p) {
		why := "There are no pawns, so there is no move."
		if len(a.Gaps) > 0 {
			why = fmt.Sprintf("Gap sizes %s: every pawn is blocked, so there is no move.", explain.Inline(explain.Ints(a.Gaps), o))
		}
		return []explain.Step{{Title: "Why", Body: why}, {Title: "The rule here", Body: "In normal play the player who cannot move loses."}}
	}
	why := fmt.Sprintf("Gap sizes %s; %s, worth %s mod 3. XOR %d", explain.Inline(explain.Ints(a.Gaps), o), gapsCount(a.Significant, o), explain.Inline(explain.Ints(a.Grundy), o), a.Xor)
	if a.Xor == 0 {
		why += "."
	} else {
		why += ", not 0."
	}
	var find string
	if c.Move != nil {
		m := c.Move.(Move)
		s := stepOf(a, m)
		if s.gap == s.pawn {
			find = fmt.Sprintf("Gap %d must become worth %d xor %d = %d: %s (%s).", s.gap, s.from%3, a.Xor, s.to%3, explain.Arrow(m), stepText(s))
		} else {
			find = fmt.Sprintf("No counted gap reaches its target, so %s adds %d to the next one (%s).", explain.Arrow(m), s.d, stepText(s))
		}
	} else {
		find = fmt.Sprintf("Any move changes one of the values of gaps %s, and the XOR of 0 breaks.", explain.Inline(explain.Ints(a.Significant), o))
		if len(a.Significant) == 1 {
			find = fmt.Sprintf("Any move changes gap %d's value, and the XOR of 0 breaks.", a.Significant[0])
		}
	}
	rule := explain.Capitalise(gapsCount(a.Significant, o))
	switch ignored := ignoredGaps(a); {
	case len(ignored) == 1:
		rule += fmt.Sprintf(" (not gap %d: what leaves it is carried on)", ignored[0])
	case len(ignored) > 1:
		rule += fmt.Sprintf(" (not gaps %s: what leaves them is carried on)", explain.Inline(explain.Ints(ignored), o))
	}
	rule += "; a take-1-or-2 pile is worth g mod 3."
	steps := []explain.Step{{Title: "Why", Body: why}, {Title: "Finding it", Body: find}, {Title: "The rule here", Body: rule}}
	// The numbers worked out: each counted gap mod 3, and their XOR, the
	// position's Sprague–Grundy value.
	for i, k := range a.Significant {
		steps[0].Claims = append(steps[0].Claims, explain.ModClaim(p, int64(a.Gaps[k-1]), 3, int64(a.Grundy[i]), why))
	}
	steps[0].Claims = append(steps[0].Claims, explain.XorClaim(p, explain.Int64s(a.Grundy), int64(a.Xor), true, why))
	if c.Move != nil {
		if s := stepOf(a, c.Move.(Move)); s.gap == s.pawn {
			steps[1].Claims = append(steps[1].Claims, explain.XorStepClaim(p, int64(s.from%3), int64(a.Xor), find))
		}
	} else {
		steps[1].Claims = append(steps[1].Claims, explain.XorClaim(p, explain.Int64s(a.Grundy), int64(a.Xor), true, find))
	}
	return steps
}

func (g game) Compact(_ solver.Position, m solver.Move) string { return explain.Arrow(m) }

// gapsCount says "gap 2 counts" or "gaps 1, 3 count".
func gapsCount(gaps []int, o explain.Options) string {
	if len(gaps) == 1 {
		return fmt.Sprintf("gap %d counts", gaps[0])
	}
	return fmt.Sprintf("gaps %s count", explain.Inline(explain.Ints(gaps), o))
}

// The ideas of the solution a puzzle can need.
const (
	ThemeGapMod3   = "gap mod 3" // a gap of g is worth g mod 3
	ThemeStaircase = "staircase" // only every other gap counts
)

// PositionThemes lists the ideas pos needs: a counted gap of 3 or more
// (mod 3 matters), a non-empty gap that does not count (the staircase),
// and two counted values to XOR.
func (game) PositionThemes(pos solver.Position) []string {
	a := explain.AnalysisOf[Analysis](pos)
	var out []string
	if slices.ContainsFunc(a.Significant, func(k int) bool { return a.Gaps[k-1] >= 3 }) {
		out = append(out, ThemeGapMod3)
	}
	if slices.ContainsFunc(ignoredGaps(a), func(k int) bool { return a.Gaps[k-1] > 0 }) {
		out = append(out, ThemeStaircase)
	}
	nonzero := 0
	for _, v := range a.Grundy {
		if v != 0 {
			nonzero++
		}
	}
	if nonzero >= 2 {
		out = append(out, explain.ThemeXORToZero)
	}
	return out
}

// Question asks for the fact Numbers works out on this board: the gaps,
// which of them count, and what each counted one is worth.
func (g game) Question(c solver.Result, o explain.Options) string {
	p := c.Position.(*Board)
	a := c.Analysis.(Analysis)
	return fmt.Sprintf("On %s, with %s: how many empty cells lie in front of each pawn (up to the previous pawn or the edge), which of these gaps count (every other one, from the right), and what is each counted gap worth mod 3?",
		explain.Code(p.Cells(), "cells", o), explain.Plural(len(a.Gaps), "pawn", "pawns"))
}

// KeyClaims are the numbers KeyNumbers works out, stated in text: the
// XOR of the counted gaps mod 3, the position's Sprague–Grundy value.
func (g game) KeyClaims(pos solver.Position, text string) []explain.Claim {
	a := explain.AnalysisOf[Analysis](pos)
	return []explain.Claim{explain.XorClaim(pos, explain.Int64s(a.Grundy), int64(a.Xor), true, text)}
}
