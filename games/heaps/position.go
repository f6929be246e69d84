package heaps

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// Limits of a position besides the rule's budgets.
const (
	// MaxHeap bounds every heap, step and Wythoff heap.
	MaxHeap = 1_000_000_000_000_000_000
	// maxParts bounds the heaps (or trees) of one term, so that a move's
	// address, 100000·(term−1) + part, names one part.
	maxParts = 99_999
	// maxTerms bounds the terms of a sum.
	maxTerms = 50
	// maxSteps bounds a staircase.
	maxSteps = 100
	// maxTreeEdges bounds one tree.
	maxTreeEdges = 300
	// addrTerm is the step between the terms' move addresses.
	addrTerm = 100_000
)

// comp is one component of a term: a heap (n) for heap rules, heaps or
// steps (xs) for Wythoff, Moore and staircase, a tree (par: the parent of
// each node, 0 the ground) for Hackenbush.
type comp struct {
	n   int64
	xs  []int64
	par []int
}

// term is a rule and its components.
type term struct {
	rule  *Rule
	comps []comp
}

// Pos is a position: a sum of terms, and the player to move.
type Pos struct {
	game  *game
	terms []term
	mover solver.Player
}

func (p *Pos) Game() solver.Game     { return p.game }
func (p *Pos) ToMove() solver.Player { return p.mover }
func (p *Pos) Held() [2]int          { return [2]int{} }

// String writes the terms as "RULE: ARGS" joined by " + ".
func (p *Pos) String() string {
	parts := make([]string, len(p.terms))
	for i, t := range p.terms {
		parts[i] = t.rule.String() + ": " + t.args()
	}
	return strings.Join(parts, " + ")
}

// args writes a term's components as Parse reads them.
func (t *term) args() string {
	var parts []string
	for _, c := range t.comps {
		switch {
		case t.rule.fam.heapFamily():
			parts = append(parts, strconv.FormatInt(c.n, 10))
		case t.rule.fam == famTree:
			if len(c.par) == 0 {
				parts = append(parts, ".")
				continue
			}
			nums := make([]string, len(c.par))
			for i, v := range c.par {
				nums[i] = strconv.Itoa(v)
			}
			parts = append(parts, strings.Join(nums, " "))
		default:
			nums := make([]string, len(c.xs))
			for i, v := range c.xs {
				nums[i] = strconv.FormatInt(v, 10)
			}
			parts = append(parts, strings.Join(nums, " "))
		}
	}
	if t.rule.fam == famTree {
		return strings.Join(parts, " / ")
	}
	return strings.Join(parts, " ")
}

// components counts the components of all terms.
func (p *Pos) components() int {
	n := 0
	for _, t := range p.terms {
		n += len(t.comps)
	}
	return n
}

// alone reports whether the position is one Wythoff or Moore component,
// which is decided by its P-positions rather than by a Grundy value.
func (p *Pos) alone() bool {
	return len(p.terms) == 1 && len(p.terms[0].comps) == 1 &&
		(p.terms[0].rule.fam == famWythoff || p.terms[0].rule.fam == famMoore)
}

// clone copies the position deeply enough for a move to change one
// component.
func (p *Pos) clone() *Pos {
	q := &Pos{game: p.game, terms: make([]term, len(p.terms)), mover: p.mover}
	for i, t := range p.terms {
		q.terms[i] = term{rule: t.rule, comps: slices.Clone(t.comps)}
	}
	return q
}

// parsePosition reads terms separated by '+', each "RULE: ARGS" or
// "RULE ARGS".
func parsePosition(text string) ([]term, error) {
	raw := strings.Split(text, "+")
	if len(raw) > maxTerms {
		return nil, solver.Inputf("position", "%d terms; at most %d", len(raw), maxTerms)
	}
	terms := make([]term, 0, len(raw))
	for i, tt := range raw {
		where := ""
		if len(raw) > 1 {
			where = fmt.Sprintf("term %d: ", i+1)
		}
		var r *Rule
		var args string
		var err error
		if head, rest, ok := strings.Cut(tt, ":"); ok {
			var extra string
			r, extra, err = parseRuleHead(head, where)
			if err == nil && strings.TrimSpace(extra) != "" {
				err = ruleError(where, "%q follows the rule %s before the colon; write RULE: HEAPS", solver.Clip([]byte(strings.TrimSpace(extra))), r)
			}
			args = rest
		} else {
			r, args, err = parseRuleHead(tt, where)
		}
		if err != nil {
			return nil, err
		}
		t, err := parseArgs(r, strings.TrimSpace(args), where)
		if err != nil {
			return nil, err
		}
		terms = append(terms, t)
	}
	return terms, checkSum(terms)
}

// number reads one number of a position, 0 to limit.
func number(f, what, where string, limit int64) (int64, error) {
	if k := solver.FirstNotIn([]byte(f), "0123456789"); k >= 0 {
		return 0, solver.Inputf("position", "%s%s, %s; write a whole number", where, what, solver.CharAt(f, k))
	}
	v, err := strconv.ParseInt(f, 10, 64)
	if err != nil || v > limit {
		return 0, solver.Inputf("position", "%s%s is %s; at most %d", where, what, solver.Clip([]byte(f)), limit)
	}
	return v, nil
}

// fieldsOf splits numbers on blanks and commas.
func fieldsOf(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
}

// parseArgs reads a term's components for its rule.
func parseArgs(r *Rule, args, where string) (term, error) {
	t := term{rule: r}
	if r.fam == famTree {
		trees := strings.Split(args, "/")
		if len(trees) > maxParts {
			return t, solver.Inputf("position", "%s%d trees; at most %d", where, len(trees), maxParts)
		}
		for j, tr := range trees {
			tr = strings.TrimSpace(tr)
			if tr == "." {
				t.comps = append(t.comps, comp{par: []int{}})
				continue
			}
			f := fieldsOf(tr)
			if len(f) == 0 {
				return t, solver.Inputf("position", "%stree %d is empty; write the parent of each node, 0 for the ground (for example 0 1 1 is a stem with two branches), or . for a tree with no edge", where, j+1)
			}
			if len(f) > maxTreeEdges {
				return t, solver.Inputf("position", "%stree %d has %d edges; at most %d", where, j+1, len(f), maxTreeEdges)
			}
			par := make([]int, len(f))
			for i, s := range f {
				v, err := number(s, fmt.Sprintf("tree %d, node %d's parent", j+1, i+1), where, int64(i))
				if err != nil {
					return t, solver.Inputf("position", "%stree %d, node %d's parent is %s; a node's parent is 0 (the ground) or an earlier node, 1 to %d", where, j+1, i+1, solver.Clip([]byte(s)), i)
				}
				par[i] = int(v)
			}
			t.comps = append(t.comps, comp{par: par})
		}
		return t, nil
	}
	f := fieldsOf(args)
	if len(f) == 0 {
		return t, solver.Inputf("position", "%sno heaps after the rule %s; write heap sizes, for example %s: 5 7 9", where, r, r)
	}
	what := func(i int) string { return "heap " + strconv.Itoa(i+1) }
	limit := int64(MaxHeap)
	switch r.fam {
	case famStair:
		what = func(i int) string { return "step " + strconv.Itoa(i+1) }
		if len(f) > maxSteps {
			return t, solver.Inputf("position", "%sa staircase of %d steps; at most %d", where, len(f), maxSteps)
		}
	case famWythoff:
		if len(f) != 2 {
			return t, solver.Inputf("position", "%sWythoff's game is two heaps, not %d; write wythoff: 3 5, and add another pair with + wythoff: …", where, len(f))
		}
	case famMoore:
		limit = maxMooreHeap
		if len(f) > maxMooreHeaps {
			return t, solver.Inputf("position", "%sMoore's Nim here has at most %d heaps, not %d", where, maxMooreHeaps, len(f))
		}
	default:
		if len(f) > maxParts {
			return t, solver.Inputf("position", "%s%d heaps; at most %d a term", where, len(f), maxParts)
		}
	}
	xs := make([]int64, len(f))
	for i, s := range f {
		v, err := number(s, what(i), where, limit)
		if err != nil {
			return t, err
		}
		xs[i] = v
	}
	if r.fam.heapFamily() {
		for _, x := range xs {
			t.comps = append(t.comps, comp{n: x})
		}
		if r.fam != famNim {
			s := seqOf(r)
			for i, x := range xs {
				if !s.known(x) {
					return t, solver.Inputf("position", "%sheap %d is %d, but no period of %s was proven within the budget: its values are known for heaps up to %d only", where, i+1, x, r, len(s.g)-1)
				}
			}
		}
		return t, nil
	}
	if r.fam == famMoore {
		if c := mooreMoveCount(xs, r.k); c > maxMooreMoves {
			return t, solver.Inputf("position", "%sthese heaps have %.0f moves under moore %d; at most %d, so use smaller heaps or a smaller k", where, c, r.k, maxMooreMoves)
		}
	}
	t.comps = []comp{{xs: xs}}
	return t, nil
}

// checkSum checks what a sum needs: Wythoff and Moore components have a
// Grundy value only by search, so in a sum of several components they
// must be small.
func checkSum(terms []term) error {
	n := 0
	for _, t := range terms {
		n += len(t.comps)
	}
	if n <= 1 {
		return nil
	}
	for i, t := range terms {
		for _, c := range t.comps {
			switch t.rule.fam {
			case famWythoff:
				if c.xs[0] > wythoffTableMax || c.xs[1] > wythoffTableMax {
					return solver.Inputf("position", "term %d: in a sum, a Wythoff pair needs its Grundy value, known here for heaps up to %d; alone, Wythoff's game is solved for any heaps", i+1, wythoffTableMax)
				}
			case famMoore:
				states := 1.0
				for _, x := range c.xs {
					states *= float64(x + 1)
				}
				if states > mooreSumStates {
					return solver.Inputf("position", "term %d: in a sum, Moore's Nim needs its Grundy value, found by search over at most %d positions (the product of heap+1); alone, it is solved for any heaps", i+1, mooreSumStates)
				}
			}
		}
	}
	return nil
}

// value returns the Grundy value of component c of term t, which Parse
// checked is known.
func (t *term) value(c *comp) int64 {
	switch t.rule.fam {
	case famNim:
		return c.n
	case famSubtract, famOctal:
		return seqOf(t.rule).at(c.n)
	case famWythoff:
		return wythoffGrundy(c.xs[0], c.xs[1])
	case famMoore:
		return mooreGrundy(c.xs, t.rule.k)
	case famStair:
		return stairValue(c.xs)
	}
	return treeValue(c.par)
}

// Move is one move: At addresses a part, 100000·(term−1) + the part's
// number in its term (a heap, a step, a tree, or 0 for a move on several
// of a Wythoff or Moore term's heaps); Code says what the move does
// there, by the term's family (see Describe in docs/GAMES.md).
type Move struct {
	At   int `json:"at"`
	Code int `json:"code"`
	fam  family
}

// Numbers returns the address and the code, as a person types them.
func (m Move) Numbers() (int, int) { return m.At, m.Code }

// where splits the address into the term (0-based) and the part.
func (m Move) where() (t, i int) {
	if m.At < 0 {
		return -1, -1
	}
	return m.At / addrTerm, m.At % addrTerm
}

// String says the move in words.
func (m Move) String() string {
	t, i := m.where()
	of := ""
	if t > 0 {
		of = fmt.Sprintf(" of term %d", t+1)
	}
	switch m.fam {
	case famNim, famSubtract:
		return fmt.Sprintf("take %d from heap %d%s", m.Code, i, of)
	case famOctal:
		a, k := m.Code/10, m.Code%10
		if a == 0 {
			return fmt.Sprintf("take %d from heap %d%s", k, i, of)
		}
		return fmt.Sprintf("take %d from heap %d%s after its first %d", k, i, of, a)
	case famWythoff:
		if i == 0 {
			return fmt.Sprintf("take %d from both heaps%s", m.Code, of)
		}
		return fmt.Sprintf("take %d from heap %d%s", m.Code, i, of)
	case famMoore:
		if i == 0 {
			var parts []string
			for j, c := 1, m.Code; c > 0; j, c = j+1, c/1000 {
				if c%1000 > 0 {
					parts = append(parts, fmt.Sprintf("%d from heap %d", c%1000, j))
				}
			}
			return "take " + strings.Join(parts, " and ") + of
		}
		return fmt.Sprintf("take %d from heap %d%s", m.Code, i, of)
	case famStair:
		if i == 1 {
			return fmt.Sprintf("move %d from step 1%s off the staircase", m.Code, of)
		}
		return fmt.Sprintf("move %d from step %d%s down to step %d", m.Code, i, of, i-1)
	case famTree:
		return fmt.Sprintf("cut edge %d of tree %d%s", m.Code, i, of)
	}
	return fmt.Sprintf("move %d %d", m.At, m.Code)
}

// Moves lists every legal move: term by term, part by part, in each the
// part's moves in order (see eachMove).
func (p *Pos) Moves() []solver.Move { return p.FirstMoves(math.MaxInt) }

// FirstMoves lists the first limit moves in the order of Moves.
func (p *Pos) FirstMoves(limit int) []solver.Move {
	var out []solver.Move
	p.eachMove(func(m Move) bool {
		out = append(out, m)
		return len(out) < limit
	})
	return out
}

// eachMove calls f with every legal move in order until f returns false,
// and reports whether it went through them all.
func (p *Pos) eachMove(f func(Move) bool) bool {
	for ti := range p.terms {
		t := &p.terms[ti]
		base := addrTerm * ti
		for ci := range t.comps {
			if !t.compMoves(base, ci, f) {
				return false
			}
		}
	}
	return true
}

// compMoves calls f with every move of component ci of t, base being
// the term's address, until f returns false.
func (t *term) compMoves(base, ci int, f func(Move) bool) bool {
	c := &t.comps[ci]
	fam := t.rule.fam
	mv := func(i int, code int64) bool { return f(Move{At: base + i, Code: int(code), fam: fam}) }
	switch fam {
	case famNim:
		for k := int64(1); k <= c.n; k++ {
			if !mv(ci+1, k) {
				return false
			}
		}
	case famSubtract:
		for _, k := range t.rule.set {
			if int64(k) > c.n {
				break
			}
			if !mv(ci+1, int64(k)) {
				return false
			}
		}
	case famOctal:
		for k := 1; k <= len(t.rule.digits) && int64(k) <= c.n; k++ {
			for a := int64(0); a <= c.n-int64(k); a++ {
				if octalLegal(t.rule.digits[k-1], a, c.n-int64(k)-a) && !mv(ci+1, 10*a+int64(k)) {
					return false
				}
			}
		}
	case famWythoff:
		x, y := c.xs[0], c.xs[1]
		for k := int64(1); k <= x; k++ {
			if !mv(1, k) {
				return false
			}
		}
		for k := int64(1); k <= y; k++ {
			if !mv(2, k) {
				return false
			}
		}
		for k := int64(1); k <= min(x, y); k++ {
			if !mv(0, k) {
				return false
			}
		}
	case famMoore:
		for i, h := range c.xs {
			for k := int64(1); k <= h; k++ {
				if !mv(i+1, k) {
					return false
				}
			}
		}
		return mooreMulti(c.xs, t.rule.k, func(code int64) bool { return mv(0, code) })
	case famStair:
		for i, h := range c.xs {
			for k := int64(1); k <= h; k++ {
				if !mv(i+1, k) {
					return false
				}
			}
		}
	case famTree:
		for e := 1; e <= len(c.par); e++ {
			if !mv(ci+1, int64(e)) {
				return false
			}
		}
	}
	return true
}

// octalLegal reports whether digit d allows taking from a heap so that
// a and c objects are left on either side.
func octalLegal(d uint8, a, c int64) bool {
	switch {
	case a == 0 && c == 0:
		return d&1 != 0
	case a == 0 || c == 0:
		return d&2 != 0
	}
	return d&4 != 0
}

// mooreMulti calls f with the code of every move of Moore's Nim_k that
// takes from two or more heaps, in ascending order of code (the takes in
// groups of three digits, heap 1 rightmost), until f returns false.
func mooreMulti(heaps []int64, k int, f func(code int64) bool) bool {
	if k < 2 {
		return true
	}
	// Codes ascend when the last heap's take is the most significant:
	// choose takes from the last heap down, each from 0 up.
	takes := make([]int64, len(heaps))
	var rec func(i, used int) bool
	rec = func(i, used int) bool {
		if i < 0 {
			if used < 2 {
				return true
			}
			var code int64
			for j := len(heaps) - 1; j >= 0; j-- {
				code = code*1000 + takes[j]
			}
			return f(code)
		}
		if !rec(i-1, used) {
			return false
		}
		if used == k {
			return true
		}
		for v := int64(1); v <= heaps[i]; v++ {
			takes[i] = v
			if !rec(i-1, used+1) {
				takes[i] = 0
				return false
			}
		}
		takes[i] = 0
		return true
	}
	return rec(len(heaps)-1, 0)
}

// Play makes move m, or says why it is not legal.
func (p *Pos) Play(sm solver.Move) (solver.Position, error) {
	m, ok := sm.(Move)
	if !ok {
		return nil, solver.Inputf("move", "%v is not a move of %s", sm, p.game.Name())
	}
	ti, i := m.where()
	if ti < 0 || ti >= len(p.terms) {
		return nil, solver.Inputf("move", "there is no term %d: a move is typed as 100000·(term−1) + part, then what to take; this position has %s", ti+1, solver.Count(len(p.terms), "term", "terms"))
	}
	t := &p.terms[ti]
	if m.fam != t.rule.fam {
		return nil, solver.Inputf("move", "%v is not a move of %s", m, t.rule)
	}
	next := p.clone()
	nt := &next.terms[ti]
	bad := func(format string, args ...any) (solver.Position, error) {
		return nil, solver.Inputf("move", format, args...)
	}
	code := int64(m.Code)
	switch t.rule.fam {
	case famNim, famSubtract, famOctal, famTree:
		if i < 1 || i > len(t.comps) {
			noun := "heap"
			if t.rule.fam == famTree {
				noun = "tree"
			}
			return bad("there is no %s %d; they are numbered 1 to %d", noun, i, len(t.comps))
		}
	}
	switch t.rule.fam {
	case famNim, famSubtract:
		n := t.comps[i-1].n
		if code < 1 || code > n || t.rule.fam == famSubtract && !slices.Contains(t.rule.set, int(code)) {
			if t.rule.fam == famSubtract {
				return bad("heap %d has %d; %s takes %s at a time", i, n, t.rule, orList(t.rule.set))
			}
			return bad("heap %d has %d; take 1 to %d", i, n, n)
		}
		nt.comps[i-1].n = n - code
	case famOctal:
		n := t.comps[i-1].n
		a, k := code/10, code%10
		if code < 1 || k < 1 || k > int64(len(t.rule.digits)) || a+k > n || !octalLegal(t.rule.digits[k-1], a, n-k-a) {
			return bad("heap %d has %d; the code %d (take %d after the first %d) is not allowed by %s: %s", i, n, code, k, a, t.rule, t.rule.Describe())
		}
		left, right := a, n-k-a
		switch {
		case left == 0:
			nt.comps[i-1].n = right
		case right == 0:
			nt.comps[i-1].n = left
		default:
			if len(t.comps) >= maxParts {
				return bad("term %d has %d heaps, the most a term holds", ti+1, maxParts)
			}
			nt.comps[i-1].n = left
			nt.comps = slices.Insert(nt.comps, i, comp{n: right})
		}
	case famWythoff:
		xs := slices.Clone(t.comps[0].xs)
		switch {
		case i == 1 || i == 2:
			if code < 1 || code > xs[i-1] {
				return bad("heap %d has %d; take 1 to %d", i, xs[i-1], xs[i-1])
			}
			xs[i-1] -= code
		case i == 0:
			if code < 1 || code > min(xs[0], xs[1]) {
				return bad("both heaps can lose 1 to %d, the smaller heap", min(xs[0], xs[1]))
			}
			xs[0] -= code
			xs[1] -= code
		default:
			return bad("Wythoff's heaps are 1 and 2, and 0 takes from both")
		}
		nt.comps[0].xs = xs
	case famMoore:
		xs := slices.Clone(t.comps[0].xs)
		switch {
		case i >= 1 && i <= len(xs):
			if code < 1 || code > xs[i-1] {
				return bad("heap %d has %d; take 1 to %d", i, xs[i-1], xs[i-1])
			}
			xs[i-1] -= code
		case i == 0:
			if code < 1 {
				return bad("the code %d takes nothing", code)
			}
			used := 0
			for j, c := 0, code; c > 0 || j < len(xs); j, c = j+1, c/1000 {
				take := c % 1000
				if take == 0 {
					continue
				}
				if j >= len(xs) || take > xs[j] {
					return bad("the code %d takes %d from heap %d, which does not hold that many", code, take, j+1)
				}
				xs[j] -= take
				used++
			}
			if used < 2 || used > t.rule.k || code < 0 {
				return bad("the code %d takes from %d heaps; part 0 is for moves on 2 to %d heaps (take from one heap with its own number)", code, used, t.rule.k)
			}
		default:
			return bad("there is no heap %d; heaps are 1 to %d, and 0 takes from several", i, len(xs))
		}
		nt.comps[0].xs = xs
	case famStair:
		xs := slices.Clone(t.comps[0].xs)
		if i < 1 || i > len(xs) {
			return bad("there is no step %d; steps are 1 to %d", i, len(xs))
		}
		if code < 1 || code > xs[i-1] {
			return bad("step %d has %d; move 1 to %d", i, xs[i-1], xs[i-1])
		}
		xs[i-1] -= code
		if i > 1 {
			if xs[i-2] > MaxHeap-code {
				return bad("step %d would hold over %d", i-1, int64(MaxHeap))
			}
			xs[i-2] += code
		}
		nt.comps[0].xs = xs
	case famTree:
		par := t.comps[i-1].par
		if code < 1 || code > int64(len(par)) {
			if len(par) == 0 {
				return bad("tree %d has no edge left", i)
			}
			return bad("tree %d has edges 1 to %d (edge k joins node k to its parent)", i, len(par))
		}
		nt.comps[i-1].par = cutTree(par, int(code))
	}
	next.mover = p.mover.Other()
	return next, nil
}

// Terminal: with no move left, the player to move loses.
func (p *Pos) Terminal() solver.Outcome { return solver.Loss }
