package heaps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// A heap game is explained on the position as given: the value of each
// component (by its mex table, its period, or its family's theorem), the
// XOR of the values, the verdict, and the move that brings one component
// to the value that makes the XOR 0.

// The ideas of the solution a puzzle can need.
const (
	ThemeMex      = "mex of the options"
	ThemePeriod   = "periodic values"
	ThemeWythoff  = "Wythoff's P-positions"
	ThemeMoore    = "digit sums mod k+1"
	ThemeColon    = "colon principle"
	ThemeStair    = "odd steps"
	stepValues    = "The value of each component"
	stepSum       = "Adding games by XOR"
	stepPeriod    = "The period and its proof"
	stepWythoff   = "Wythoff's P-positions"
	stepMoore     = "Moore's column sums"
	stepStaircase = "Staircase Nim"
	stepColon     = "The colon principle"
)

// course is what the explanation says alike for every position.
var course = explain.Course{
	Ask: "Start with one heap alone: which sizes are lost for the player whose turn it is? A heap whose every move leads to a won heap is lost; " +
		"that is the value 0, and the mex (the least value no move reaches) gives every heap its value.",
	Reduce: "Give each component its value: the mex of the values its moves reach. A sum of components is Nim in disguise: XOR the values. " +
		"Use the XOR to decide who wins, and to find which component to move and to what value.",
	Lessons:    []string{stepSum, stepPeriod, stepWythoff, stepMoore, stepStaircase, stepColon},
	Ideas:      []string{explain.ThemeXORToZero, ThemeMex, ThemePeriod, ThemeWythoff, ThemeMoore, ThemeColon, ThemeStair},
	CannotMove: " and loses",
}

// tableLimit is the largest heap whose value is shown by its mex table.
const tableLimit = 24

// compName names component ci of term ti for a person: "heap 3", "heap 2
// of term 3 (subtract 1,2)", "the Wythoff pair", "tree 1".
func (p *Pos) compName(ti, ci int) string {
	t := &p.terms[ti]
	var s string
	switch t.rule.fam {
	case famWythoff:
		s = "the Wythoff pair (" + t.args() + ")"
	case famMoore:
		s = "the Moore heaps (" + t.args() + ")"
	case famStair:
		s = "the staircase (" + t.args() + ")"
	case famTree:
		s = fmt.Sprintf("tree %d", ci+1)
	default:
		s = fmt.Sprintf("heap %d (%d)", ci+1, t.comps[ci].n)
	}
	if len(p.terms) > 1 {
		s += fmt.Sprintf(" of term %d, %s", ti+1, t.rule)
	}
	return s
}

// compWhy says how component ci of term t gets its value v.
func compWhy(t *term, ci int, v int64) string {
	c := &t.comps[ci]
	switch t.rule.fam {
	case famNim:
		return fmt.Sprintf("a Nim heap of %d is worth %d", c.n, c.n)
	case famSubtract, famOctal:
		s := seqOf(t.rule)
		if c.n <= tableLimit {
			return fmt.Sprintf("its moves reach values {%s}, whose mex is %d", optionValues(t, c.n), v)
		}
		if !s.proven || c.n < int64(s.pre+s.period) {
			return fmt.Sprintf("g(%d) = %d by the mex recursion (heap %d comes before the values repeat)", c.n, v, c.n)
		}
		r := (c.n - int64(s.pre)) % int64(s.period)
		return fmt.Sprintf("%d is in the periodic part (period %d from heap %d): %d − %d leaves %d mod %d, so g(%d) = g(%d) = %d", c.n, s.period, s.pre, c.n, s.pre, r, s.period, c.n, int64(s.pre)+r, v)
	case famWythoff:
		return fmt.Sprintf("worth %d by the mex over every move of Wythoff's game", v)
	case famMoore:
		return fmt.Sprintf("worth %d by the mex over every move of Moore's Nim", v)
	case famStair:
		return fmt.Sprintf("the odd steps hold %s, whose XOR is %d", oddSteps(c.xs), v)
	}
	if len(c.par) == 0 {
		return "no edge is left, worth 0"
	}
	return fmt.Sprintf("by the colon principle it is worth %d (%s)", v, treeWhy(c.par))
}

// optionValues lists the distinct values of a heap of n's options, in
// ascending order.
func optionValues(t *term, n int64) string {
	seen := map[int64]bool{}
	s := seqOf(t.rule)
	if t.rule.fam == famSubtract {
		for _, k := range t.rule.set {
			if int64(k) <= n {
				seen[s.at(n-int64(k))] = true
			}
		}
	} else {
		g32 := make([]int32, n)
		for i := range g32 {
			g32[i] = int32(s.at(int64(i)))
		}
		octalOptions(t.rule.digits, g32, int(n), func(v int32) { seen[int64(v)] = true })
	}
	var vals []string
	for v := int64(0); len(vals) < len(seen); v++ {
		if seen[v] {
			vals = append(vals, strconv.FormatInt(v, 10))
		}
	}
	return strings.Join(vals, ", ")
}

// oddSteps writes the coins on steps 1, 3, 5, …: "3 (step 1), 4 (step 3)".
func oddSteps(xs []int64) string {
	var parts []string
	for i := 0; i < len(xs); i += 2 {
		parts = append(parts, fmt.Sprintf("%d (step %d)", xs[i], i+1))
	}
	return strings.Join(parts, ", ")
}

// treeWhy writes the branches at the ground and their worth: "2 branches:
// 1 + 2, 1 + 0".
func treeWhy(par []int) string {
	vals := make([]int64, len(par)+1)
	for node := len(par); node >= 1; node-- {
		vals[par[node-1]] ^= vals[node] + 1
	}
	var parts []string
	for node := 1; node <= len(par); node++ {
		if par[node-1] == 0 {
			parts = append(parts, fmt.Sprintf("edge %d carries a tree worth %d, so its branch is worth %d", node, vals[node], vals[node]+1))
		}
	}
	return strings.Join(parts, "; ") + "; the branches add by XOR"
}

// compIndex names one component: term ti's component ci.
type compIndex struct{ ti, ci int }

// componentIndex lists every component of p, term by term.
func (p *Pos) componentIndex() []compIndex {
	var items []compIndex
	for ti := range p.terms {
		for ci := range p.terms[ti].comps {
			items = append(items, compIndex{ti, ci})
		}
	}
	return items
}

// valueItems lists each component with its value and why.
func (p *Pos) valueItems() explain.List {
	items := p.componentIndex()
	return explain.List{N: len(items), Item: func(i int) string {
		it := items[i]
		t := &p.terms[it.ti]
		v := t.value(&t.comps[it.ci])
		return fmt.Sprintf("%s: value %d, since %s", p.compName(it.ti, it.ci), v, compWhy(t, it.ci, v))
	}}
}

// shortItems lists each component's value shortly: "g(70) = 6".
func (p *Pos) shortItems() explain.List {
	items := p.componentIndex()
	return explain.List{N: len(items), Item: func(i int) string {
		it := items[i]
		t := &p.terms[it.ti]
		v := t.value(&t.comps[it.ci])
		prefix := ""
		if len(p.terms) > 1 && it.ci == 0 {
			prefix = t.rule.String() + " "
		}
		switch {
		case t.rule.fam.heapFamily():
			return fmt.Sprintf("%sg(%d)=%d", prefix, t.comps[it.ci].n, v)
		case t.rule.fam == famTree:
			return fmt.Sprintf("%stree%d=%d", prefix, it.ci+1, v)
		}
		return fmt.Sprintf("%s(%s)=%d", prefix, t.args(), v)
	}}
}

// values returns every component's value, in order.
func (p *Pos) values() []int64 {
	var out []int64
	for ti := range p.terms {
		t := &p.terms[ti]
		for ci := range t.comps {
			out = append(out, t.value(&t.comps[ci]))
		}
	}
	return out
}

// xorText writes "3 xor 0 xor 5 = 6".
func xorText(vals []int64, o explain.Options) string {
	if len(vals) == 1 {
		return fmt.Sprintf("%d", vals[0])
	}
	parts := make([]string, len(vals))
	var x int64
	for i, v := range vals {
		parts[i] = strconv.FormatInt(v, 10)
		x ^= v
	}
	if o.MaxItems > 0 && len(parts) > 2*o.MaxItems {
		n := len(parts)
		parts = append(parts[:o.MaxItems:o.MaxItems], fmt.Sprintf("… (%d more)", n-o.MaxItems))
	}
	return strings.Join(parts, " xor ") + " = " + strconv.FormatInt(x, 10)
}

// moveOf returns the move's term and component index in p.
func (p *Pos) moveComp(m Move) (ti, ci int) {
	ti, i := m.where()
	switch p.terms[ti].rule.fam {
	case famWythoff, famMoore, famStair:
		return ti, 0
	}
	return ti, i - 1
}

// Kind names the kind of a move that keeps the best outcome.
func (g *game) Kind(pos solver.Position, m solver.Move) string {
	if pos.(*Pos).alone() {
		return "a move to a P-position"
	}
	return "a move to a XOR of 0"
}

// Plan teaches the first move that keeps the outcome.
func (g *game) Plan(c solver.Result) explain.Plan {
	return explain.NewPlan(c, c.Move, func(m solver.Move) string { return g.Kind(c.Position, m) })
}

// KeyNumbers names the XOR of the values, or for a lone Wythoff or
// Moore position whether it is a P-position.
func (g *game) KeyNumbers(pos solver.Position) string {
	p := pos.(*Pos)
	if p.alone() {
		if p.loneP() {
			return "the position is a P-position, lost for the player to move"
		}
		return "the position is not a P-position"
	}
	return fmt.Sprintf("the XOR of the components' values is %d", p.nimSum())
}

// GameOver says why the player to move has lost.
func (g *game) GameOver(pos solver.Position) string {
	p := pos.(*Pos)
	for _, t := range p.terms {
		for _, c := range t.comps {
			if c.n != 0 || len(c.par) != 0 || slices.ContainsFunc(c.xs, func(x int64) bool { return x != 0 }) {
				// Something is left, but the rule allows no move on it
				// (Dawson's Kayles on heaps of 1).
				return explain.CannotMove(pos, fmt.Sprintf("objects are left, but the rule allows no move on them (`%s`)", p), false)
			}
		}
	}
	return explain.CannotMove(pos, "nothing is left to take", false)
}

// theorySteps are the steps that teach the rules the position uses.
func (p *Pos) theorySteps(o explain.Options) []explain.Step {
	var steps []explain.Step
	done := map[family]bool{}
	for ti := range p.terms {
		t := &p.terms[ti]
		if done[t.rule.fam] && t.rule.fam != famSubtract && t.rule.fam != famOctal {
			continue
		}
		done[t.rule.fam] = true
		switch t.rule.fam {
		case famSubtract, famOctal:
			s := seqOf(t.rule)
			steps = append(steps, explain.Step{Title: stepPeriod, Body: fmt.Sprintf("The values of %s, heap 0 on: `%s`.\n%s", t.rule, seqText(s, 40), s.proofText(t.rule))})
		case famWythoff:
			if p.alone() {
				steps = append(steps, explain.Step{Title: stepWythoff, Body: "The lost positions of Wythoff's game are (0, 0) and the pairs (a_k, b_k) with a_k = ⌊k·φ⌋ and b_k = a_k + k, φ = (1+√5)/2: (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), … " +
					"Every whole number is exactly one a_k or one b_k (Beatty's theorem), so no move joins two such pairs, and from any other pair one move reaches one: " +
					"shrink the heap that has a partner smaller than the other heap, or take from both to reach the pair with the same difference."})
			}
		case famMoore:
			if p.alone() {
				steps = append(steps, explain.Step{Title: stepMoore, Body: fmt.Sprintf("Write the heaps in binary and count the 1s in each column. Moore's theorem: with moves on up to k = %d heaps, the player to move loses exactly when every column's count is a multiple of k+1 = %d. "+
					"A move lowers at least one heap, so it changes some column by 1 to k and breaks that; from any other position, going from the top column down, reducing at most k heaps restores it.", t.rule.k, t.rule.k+1)})
			}
		case famStair:
			steps = append(steps, explain.Step{Title: stepStaircase, Body: "Only the coins on odd steps (1, 3, 5, …) count: they are a game of Nim, since carrying coins from an odd step lowers a Nim heap, and carrying coins from an even step onto an odd one adds to a heap, which the next player can undo by carrying them on down. So a staircase is worth the XOR of its odd steps."})
		case famTree:
			steps = append(steps, explain.Step{Title: stepColon, Body: "Green Hackenbush trees: a stem of n edges is a Nim heap of n. The colon principle: where branches meet at a node, they can be replaced by one stem worth the XOR of their values, and an edge below a tree worth v makes a stem worth v + 1. Working from the top down gives the tree's value."})
		}
	}
	return steps
}

// seqText writes the first values of a sequence, with a bar before the
// periodic part's first block: "0 1 2 | 3 1 …".
func seqText(s *seq, n int) string {
	n = min(n, len(s.g))
	parts := make([]string, n)
	for i := range n {
		parts[i] = strconv.Itoa(int(s.g[i]))
	}
	out := strings.Join(parts, " ")
	if n < len(s.g) {
		out += " …"
	}
	return out
}

// Explain walks from the rule to each component's value, the theory
// behind it, the XOR and the way to find the move.
func (g *game) Explain(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p := c.Position.(*Pos)
	var rules []string
	for _, t := range p.terms {
		rules = append(rules, fmt.Sprintf("%s: %s", t.rule, t.rule.Describe()))
	}
	steps := []explain.Step{{Title: "The game", Body: fmt.Sprintf("%s is to move. %s. Who cannot move loses.", g.PlayerName(p.mover), explain.Capitalise(strings.Join(rules, "; ")))}}
	if p.alone() {
		steps = append(steps, p.theorySteps(o)...)
		return append(steps, g.Finding(c, pl, o))
	}
	steps = append(steps, p.withValues(explain.Step{Title: stepValues, Body: "Each component's value is the mex of the values its moves reach (a component with no move is worth 0):\n" + explain.Bullets(p.valueItems(), o)}))
	steps = append(steps, p.theorySteps(o)...)
	steps = append(steps, p.withXor(explain.Step{Title: stepSum, Body: fmt.Sprintf("A sum of games is worth the XOR of their values (Sprague–Grundy): %s. The player to move loses exactly when it is 0, since every move changes one component's value and so the XOR, and from a XOR that is not 0 some component can move to its value xor the XOR.",
		xorText(p.values(), o))}))
	return append(steps, g.Finding(c, pl, o))
}

// Finding shows how to find the move on this position's numbers.
func (g *game) Finding(c solver.Result, pl explain.Plan, o explain.Options) explain.Step {
	p := c.Position.(*Pos)
	if pl.Move == nil {
		return explain.FindingStep("No move wins here: every move hands the opponent a winning position.")
	}
	// Heap games are impartial and end when no move is left, so there is
	// no tie: the moves that keep the best outcome are those that keep the
	// win, as nim's reasoning says it.
	const also = "Every move that keeps the win:"
	body := p.findText(pl.Move.(Move))
	st := explain.FindingStep(body + "\n" + also + "\n" + explain.GroupsText(pl, solver.Move.String, o))
	var moves []solver.Move
	for _, g := range pl.Groups {
		moves = append(moves, g.Moves...)
	}
	st.Claims = append(st.Claims, explain.AlsoClaim(c.Position, moves, c.Outcome, also))
	if !p.alone() {
		st = p.withXor(st)
		ti, ci := p.moveComp(pl.Move.(Move))
		t := &p.terms[ti]
		st.Claims = append(st.Claims, explain.XorStepClaim(p, t.value(&t.comps[ci]), p.nimSum(), st.Body))
	}
	return st
}

// withValues adds to st, a step about p whose body gives each
// component's value and their XOR, those numbers as claims: a
// component's value is the Sprague–Grundy value of the component alone.
func (p *Pos) withValues(st explain.Step) explain.Step {
	for _, it := range p.componentIndex() {
		t := &p.terms[it.ti]
		v := t.value(&t.comps[it.ci])
		alone := &Pos{game: p.game, terms: []term{{rule: t.rule, comps: []comp{t.comps[it.ci]}}}, mover: p.mover}
		st.Claims = append(st.Claims, explain.XorClaim(alone, []int64{v}, v, true, st.Body))
	}
	return p.withXor(st)
}

// withXor adds to st, a step about p whose body works out the XOR of the
// components' values, that number as a claim: the sum's Sprague–Grundy
// value. A lone Wythoff or Moore position states no XOR.
func (p *Pos) withXor(st explain.Step) explain.Step {
	if !p.alone() {
		st.Claims = append(st.Claims, explain.XorClaim(p, p.values(), p.nimSum(), true, st.Body))
	}
	return st
}

// findText says how move m is found.
func (p *Pos) findText(m Move) string {
	if p.alone() {
		next, _ := p.Play(m)
		return fmt.Sprintf("To a P-position: %s leaves %s.", m, next.(*Pos).terms[0].args())
	}
	x := p.nimSum()
	ti, ci := p.moveComp(m)
	t := &p.terms[ti]
	v := t.value(&t.comps[ci])
	return fmt.Sprintf("XOR %d: move a component of value %d to %d xor %d = %d, by %s.", x, v, v, x, v^x, m)
}

// Verdict states who wins and the move.
func (g *game) Verdict(c solver.Result, _ explain.Options) explain.Step {
	p := c.Position.(*Pos)
	if !solver.HasMoves(p) {
		return explain.Step{Title: "Verdict", Body: g.GameOver(p) + " " + explain.VerdictSentence(c)}
	}
	why := fmt.Sprintf("The XOR of the values is %d", p.nimSum())
	if p.alone() {
		why = "The position is not a P-position"
		if p.loneP() {
			why = "The position is a P-position"
		}
	}
	mover, other := explain.Players(p)
	if c.Move == nil {
		return p.withXor(explain.Step{Title: "Verdict", Body: fmt.Sprintf("%s, so **%s wins**: every move of %s's leaves %s a position to win from.", why, c.WinnerName(), mover, other)})
	}
	next := explain.AfterMove(c)
	st := p.withXor(explain.Step{Title: "Verdict and move", Body: fmt.Sprintf("%s, so **%s wins**. Winning move: **%s**. Afterwards %s is to move, and %s.",
		why, c.WinnerName(), c.Move, other, explain.KeyNumbers(next))})
	st.Claims = append(st.Claims, g.KeyClaims(next, st.Body)...)
	return st
}

// Numbers gives each component's value and the XOR.
func (g *game) Numbers(c solver.Result, o explain.Options) explain.Step {
	p := c.Position.(*Pos)
	if p.alone() {
		return explain.Step{Body: "Is the position one of the game's lost positions? " + p.loneNumbers() + "."}
	}
	return p.withValues(explain.Step{Body: "The values of your components:\n" + explain.Bullets(p.valueItems(), o) + "\nTheir XOR: " + xorText(p.values(), o) + "."})
}

// loneNumbers gives the numbers that decide a lone Wythoff or Moore
// position.
func (p *Pos) loneNumbers() string {
	t := &p.terms[0]
	xs := t.comps[0].xs
	if t.rule.fam == famWythoff {
		return fmt.Sprintf("The partner of a heap of %d in a lost pair is %d, and the other heap is %d", xs[0], wythoffPartner(xs[0]), xs[1])
	}
	cols := mooreColumns(xs)
	parts := make([]string, len(cols))
	for i := range cols {
		parts[i] = fmt.Sprintf("%ds: %d", 1<<(len(cols)-1-i), cols[len(cols)-1-i])
	}
	return fmt.Sprintf("1s per binary column: %s; multiples of %d needed", strings.Join(parts, ", "), t.rule.k+1)
}

// Rule turns the numbers into a verdict.
func (g *game) Rule(c solver.Result, _ explain.Options) explain.Step {
	p := c.Position.(*Pos)
	if p.alone() {
		return explain.Step{Body: fmt.Sprintf("The player to move loses exactly on a P-position: no move leads from one P-position to another, and from every other position some move reaches one. Here %s, and %s is to move.", explain.KeyNumbers(p), g.PlayerName(p.mover))}
	}
	return p.withXor(explain.Step{Body: fmt.Sprintf("The player to move wins exactly when the XOR of the values is not 0. Here it is %d, and %s is to move.", p.nimSum(), g.PlayerName(p.mover))})
}

// Pointer says where to look for the move without naming it.
func (g *game) Pointer(c solver.Result, pl explain.Plan, _ explain.Options) explain.Step {
	p := c.Position.(*Pos)
	switch {
	case !solver.HasMoves(p):
		return explain.Step{Body: "No move is left, so there is no move to look for."}
	case c.Move == nil:
		return explain.Step{Body: "No move brings the position to one the opponent loses. Look instead for the move after which the opponent's win takes longest."}
	case p.alone():
		return explain.Step{Body: "List the lost positions near yours: which one can you reach in one move?"}
	}
	return p.withXor(explain.Step{Body: fmt.Sprintf("The XOR is %d: look for a component whose value v can be moved to v xor %d. Which component, and which of its moves?", p.nimSum(), p.nimSum())})
}

// Compact names a move shortly: "h2 −3", "h2 −1@4" (take 1 after the
// first 4), "both −2", "s3 −1" (a step), "t1 ✂2" (cut edge 2 of tree 1),
// with "T2 " before it for term 2 of a sum.
func (g *game) Compact(_ solver.Position, sm solver.Move) string {
	m := sm.(Move)
	t, i := m.where()
	pre := ""
	if t > 0 {
		pre = fmt.Sprintf("T%d ", t+1)
	}
	switch m.fam {
	case famOctal:
		if a, k := m.Code/10, m.Code%10; a > 0 {
			return fmt.Sprintf("%sh%d −%d@%d", pre, i, k, a)
		}
		return fmt.Sprintf("%sh%d −%d", pre, i, m.Code%10)
	case famWythoff, famMoore:
		if i == 0 {
			if m.fam == famWythoff {
				return fmt.Sprintf("%sboth −%d", pre, m.Code)
			}
			var parts []string
			for j, c := 1, m.Code; c > 0; j, c = j+1, c/1000 {
				if c%1000 > 0 {
					parts = append(parts, fmt.Sprintf("h%d −%d", j, c%1000))
				}
			}
			return pre + strings.Join(parts, " ")
		}
	case famStair:
		return fmt.Sprintf("%ss%d −%d", pre, i, m.Code)
	case famTree:
		return fmt.Sprintf("%st%d ✂%d", pre, i, m.Code)
	}
	return fmt.Sprintf("%sh%d −%d", pre, i, m.Code)
}

// LineMove says a move for a line of play: "First h3 −2".
func (g *game) LineMove(pos solver.Position, m solver.Move, _ explain.Options) string {
	return g.PlayerName(pos.ToMove()) + " " + g.Compact(pos, m)
}

// Summary is the short reply: each component's value and the XOR, how
// the move is found, and the rule here.
func (g *game) Summary(c solver.Result, pl explain.Plan, o explain.Options) []explain.Step {
	p := c.Position.(*Pos)
	rule := "XOR the components' values; leave the opponent 0."
	if p.alone() {
		rule = "Move to a P-position, where every move loses."
	}
	if !solver.HasMoves(p) {
		return []explain.Step{{Title: "Why", Body: g.GameOver(p)}, {Title: "The rule here", Body: rule}}
	}
	var why string
	if p.alone() {
		why = p.loneNumbers() + ": " + explain.KeyNumbers(p) + "."
	} else {
		why = "Values: " + explain.Inline(p.shortItems(), o) + fmt.Sprintf("; XOR %d.", p.nimSum())
	}
	find := "Every move changes the XOR of 0 away from 0: no move leaves the opponent a lost position."
	if p.alone() {
		find = "Every move leaves a position that is not a P-position."
	}
	if c.Move != nil {
		find = p.findText(c.Move.(Move))
	}
	steps := []explain.Step{{Title: "Why", Body: why}, {Title: "Finding it", Body: find}, {Title: "The rule here", Body: rule}}
	if !p.alone() {
		// The XOR of the components' values is the sum's Sprague–Grundy
		// value; the move takes its component's value v to v xor XOR.
		x := p.nimSum()
		steps[0].Claims = append(steps[0].Claims, explain.XorClaim(p, p.values(), x, true, why))
		if c.Move != nil {
			ti, ci := p.moveComp(c.Move.(Move))
			t := &p.terms[ti]
			v := t.value(&t.comps[ci])
			steps[1].Claims = append(steps[1].Claims, explain.XorClaim(p, p.values(), x, true, find), explain.XorStepClaim(p, v, x, find))
		} else {
			steps[1].Claims = append(steps[1].Claims, explain.XorClaim(p, p.values(), x, true, find))
		}
	}
	return steps
}

// PositionThemes lists the ideas pos needs.
func (g *game) PositionThemes(pos solver.Position) []string {
	p := pos.(*Pos)
	var out []string
	if !p.alone() && p.nimSum() != 0 {
		out = append(out, explain.ThemeXORToZero)
	}
	for _, t := range p.terms {
		switch t.rule.fam {
		case famSubtract, famOctal:
			out = appendNew(out, ThemeMex)
			if s := seqOf(t.rule); s.proven {
				for _, c := range t.comps {
					if c.n >= int64(s.pre+s.period) {
						out = appendNew(out, ThemePeriod)
					}
				}
			}
		case famWythoff:
			out = appendNew(out, ThemeWythoff)
		case famMoore:
			out = appendNew(out, ThemeMoore)
		case famTree:
			out = appendNew(out, ThemeColon)
		case famStair:
			out = appendNew(out, ThemeStair)
		}
	}
	return out
}

// appendNew appends s unless list holds it.
func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// Question is the first hint: a question on this position's own
// components.
func (g *game) Question(c solver.Result, o explain.Options) string {
	p := c.Position.(*Pos)
	if p.alone() {
		t := &p.terms[0]
		if t.rule.fam == famWythoff {
			return fmt.Sprintf("Your heaps are %s. Which pairs (a, b) are lost in Wythoff's game: list them from (0, 0), (1, 2), (3, 5) on. Is %s among them, and which one can you reach?", t.args(), t.args())
		}
		return fmt.Sprintf("Your heaps are %s. Write them in binary: how many 1s does each column hold, and is every count a multiple of %d?", t.args(), t.rule.k+1)
	}
	return fmt.Sprintf("Your position is %s. What is each component worth, alone: the mex of the values its moves reach? And what is the XOR of those values?", explain.Code(p.String(), "characters", o))
}

// KeyClaims are the numbers KeyNumbers works out, stated in text: the
// XOR of the components' values, the sum's Sprague–Grundy value.
func (g *game) KeyClaims(pos solver.Position, text string) []explain.Claim {
	p := pos.(*Pos)
	if p.alone() {
		return nil
	}
	return []explain.Claim{explain.XorClaim(p, p.values(), p.nimSum(), true, text)}
}
