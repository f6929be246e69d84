package heaps

import (
	"math"
	"math/bits"
	"slices"

	"github.com/nimtutor/nimtutor/solver"
)

// A state packs a position of small numbers, term by term, in Elias gamma
// codes (each number v as the binary of v+1 after as many 0s as it has
// digits less one), above a leading 1. A heap term is its non-empty heaps,
// sorted; a Wythoff pair, sorted; Moore's heaps, non-empty and sorted; a
// staircase up to its last non-empty step; a Hackenbush term its
// non-empty trees. Neither the order of heaps nor an empty heap changes
// the game. The game is impartial: the state leaves out who moves. A
// position that needs more than StateBits−1 bits does not pack.

// bitWriter appends gamma codes.
type bitWriter struct {
	v  uint64
	n  int
	ok bool
}

func (w *bitWriter) put(x int64) {
	if x < 0 || x > 1<<40 {
		w.ok = false
		return
	}
	u := uint64(x) + 1
	l := bits.Len64(u)
	w.n += 2*l - 1
	if w.n > solver.StateBits-1 {
		w.ok = false
		return
	}
	w.v = w.v<<(2*l-1) | u
}

// bitReader reads gamma codes back, from the highest bit.
type bitReader struct {
	v uint64
	n int // bits left
}

func (r *bitReader) get() int64 {
	zeros := 0
	for r.n > 0 && r.v>>(r.n-1)&1 == 0 {
		zeros++
		r.n--
	}
	l := zeros + 1
	if r.n < l {
		r.n = 0
		return 0
	}
	u := r.v >> (r.n - l) & (1<<l - 1)
	r.n -= l
	return int64(u) - 1
}

// Encode packs the position into its state, or reports false when it
// does not fit or belongs to other rules.
func (g *game) Encode(pos solver.Position) (solver.State, bool) {
	p := pos.(*Pos)
	if p.game.key != g.key {
		return 0, false
	}
	w := bitWriter{ok: true}
	for _, t := range p.terms {
		switch t.rule.fam {
		case famWythoff:
			xs := t.comps[0].xs
			w.put(min(xs[0], xs[1]))
			w.put(max(xs[0], xs[1]))
		case famMoore:
			putSorted(&w, t.comps[0].xs)
		case famStair:
			xs := t.comps[0].xs
			l := len(xs)
			for l > 0 && xs[l-1] == 0 {
				l--
			}
			w.put(int64(l))
			for _, x := range xs[:l] {
				w.put(x)
			}
		case famTree:
			var trees [][]int
			for _, c := range t.comps {
				if len(c.par) > 0 {
					trees = append(trees, c.par)
				}
			}
			w.put(int64(len(trees)))
			for _, par := range trees {
				w.put(int64(len(par)))
				for _, v := range par {
					w.put(int64(v))
				}
			}
		default:
			hs := make([]int64, len(t.comps))
			for i, c := range t.comps {
				hs[i] = c.n
			}
			putSorted(&w, hs)
		}
	}
	if !w.ok {
		return 0, false
	}
	return solver.State(1<<w.n | w.v), true
}

// putSorted writes the non-empty numbers of xs, sorted, after their count.
func putSorted(w *bitWriter, xs []int64) {
	var nz []int64
	for _, x := range xs {
		if x > 0 {
			nz = append(nz, x)
		}
	}
	slices.Sort(nz)
	w.put(int64(len(nz)))
	for _, x := range nz {
		w.put(x)
	}
}

// Decode unpacks a state into its canonical position.
func (g *game) Decode(s solver.State) solver.Position {
	r := bitReader{v: uint64(s), n: bits.Len64(uint64(s)) - 1}
	p := &Pos{game: g}
	for _, rule := range g.rules {
		t := term{rule: rule}
		switch rule.fam {
		case famWythoff:
			a := r.get()
			t.comps = []comp{{xs: []int64{a, r.get()}}}
		case famMoore:
			t.comps = []comp{{xs: getList(&r, 0)}}
		case famStair:
			t.comps = []comp{{xs: getList(&r, 0)}}
		case famTree:
			n := int(r.get())
			for range n {
				m := int(r.get())
				par := make([]int, m)
				for i := range par {
					par[i] = int(r.get())
				}
				t.comps = append(t.comps, comp{par: par})
			}
			if n == 0 {
				t.comps = []comp{{par: []int{}}}
			}
		default:
			for _, h := range getList(&r, 0) {
				t.comps = append(t.comps, comp{n: h})
			}
		}
		p.terms = append(p.terms, t)
	}
	return p
}

// getList reads a count and that many numbers; an empty list reads as
// one number, empty.
func getList(r *bitReader, empty int64) []int64 {
	n := int(r.get())
	if n == 0 {
		return []int64{empty}
	}
	xs := make([]int64, n)
	for i := range xs {
		xs[i] = r.get()
	}
	return xs
}

// Children plays every move of the decoded position and packs the
// results; a result that does not pack (a split into more heaps than a
// state holds) is solver.Unpackable, so a search stops rather than
// decide the position without that move.
func (g *game) Children(s solver.State, buf []solver.State) []solver.State {
	p := g.Decode(s).(*Pos)
	p.eachMove(func(m Move) bool {
		next, err := p.Play(m)
		if err == nil {
			st, ok := g.Encode(next)
			if !ok {
				st = solver.Unpackable
			}
			buf = append(buf, st)
		}
		return true
	})
	return buf
}

// Terminal: a player who cannot move loses.
func (g *game) Terminal(solver.State) solver.Outcome { return solver.Loss }

// Formula applies Analyze and BestMove to the decoded position.
func (g *game) Formula(s solver.State) (solver.Outcome, solver.State, bool) {
	p := g.Decode(s).(*Pos)
	o := p.Outcome()
	m := p.BestMove(o, nil)
	if m == nil {
		return o, 0, false
	}
	next, err := p.Play(m)
	if err != nil {
		return o, 0, false
	}
	st, ok := g.Encode(next)
	return o, st, ok
}

// partitionsUpTo[n] counts the multisets of positive numbers with sum at
// most n: the most positions a heap of n reaches in an octal game.
var partitionsUpTo = func() []float64 {
	const n = 200
	p := make([]float64, n+1)
	p[0] = 1
	for part := 1; part <= n; part++ {
		for s := part; s <= n; s++ {
			p[s] += p[s-part]
		}
	}
	for s := 1; s <= n; s++ {
		p[s] += p[s-1]
	}
	return p
}()

// Span bounds the states below s: the product over components of the
// positions each can reach (a heap of n: n+1, or in an octal game every
// multiset of sum at most n; a tree of m edges: 2^m; a staircase of c
// coins on l steps: the ways to spread at most c coins on l steps).
func (g *game) Span(s solver.State) float64 {
	p := g.Decode(s).(*Pos)
	total := 1.0
	for _, t := range p.terms {
		for _, c := range t.comps {
			switch t.rule.fam {
			case famOctal:
				if c.n >= int64(len(partitionsUpTo)) {
					return math.Inf(1)
				}
				total *= partitionsUpTo[c.n]
			case famNim, famSubtract:
				total *= float64(c.n + 1)
			case famTree:
				total *= math.Exp2(float64(len(c.par)))
			case famStair:
				coins := 0.0
				for _, x := range c.xs {
					coins += float64(x)
				}
				// C(coins + l, l)
				ways := 1.0
				for i := 1; i <= len(c.xs); i++ {
					ways = ways * (coins + float64(i)) / float64(i)
				}
				total *= ways
			default:
				for _, x := range c.xs {
					total *= float64(x + 1)
				}
			}
		}
	}
	return total
}

// Starts yields every starting position of the game's rules with size
// objects (edges, coins) in all.
func (g *game) Starts(size int, yield func(solver.State) bool) {
	g.startPositions(size, func(p *Pos) bool {
		st, ok := g.Encode(p)
		return !ok || yield(st)
	})
}

// startPositions calls f with every starting position of size objects in
// all, until f returns false: the objects shared among the terms in
// every way, each term of its share in every shape (startTerms).
func (g *game) startPositions(size int, f func(*Pos) bool) {
	terms := make([]term, len(g.rules))
	var rec func(i, left int) bool
	rec = func(i, left int) bool {
		if i == len(g.rules)-1 {
			return startTerms(g.rules[i], left, len(g.rules) > 1, func(t term) bool {
				terms[i] = t
				return f(&Pos{game: g, terms: slices.Clone(terms)})
			})
		}
		for share := 0; share <= left; share++ {
			ok := startTerms(g.rules[i], share, true, func(t term) bool {
				terms[i] = t
				return rec(i+1, left-share)
			})
			if !ok {
				return false
			}
		}
		return true
	}
	rec(0, size)
}

// startTerms calls f with every term of rule with n objects (edges,
// coins) in all, until f returns false: heaps as a multiset of positive
// sizes; a Wythoff pair x <= y; Moore's heaps sorted, at most
// maxMooreHeaps; a staircase of at most three steps, the last not
// empty; one tree, every parent list. With n = 0 and empty allowed, the
// empty term.
func startTerms(rule *Rule, n int, empty bool, f func(term) bool) bool {
	t := term{rule: rule}
	if n == 0 {
		if !empty {
			return true
		}
		switch rule.fam {
		case famWythoff:
			t.comps = []comp{{xs: []int64{0, 0}}}
		case famMoore, famStair:
			t.comps = []comp{{xs: []int64{0}}}
		case famTree:
			t.comps = []comp{{par: []int{}}}
		default:
			t.comps = []comp{{n: 0}}
		}
		return f(t)
	}
	switch rule.fam {
	case famWythoff:
		for x := 0; 2*x <= n; x++ {
			if !f(term{rule: rule, comps: []comp{{xs: []int64{int64(x), int64(n - x)}}}}) {
				return false
			}
		}
		return true
	case famStair:
		for l := 1; l <= 3; l++ {
			xs := make([]int64, l)
			var rec func(i, left int) bool
			rec = func(i, left int) bool {
				if i == l-1 {
					if left == 0 {
						return true
					}
					xs[i] = int64(left)
					return f(term{rule: rule, comps: []comp{{xs: slices.Clone(xs)}}})
				}
				for v := 0; v <= left; v++ {
					xs[i] = int64(v)
					if !rec(i+1, left-v) {
						return false
					}
				}
				return true
			}
			if !rec(0, n) {
				return false
			}
		}
		return true
	case famTree:
		par := make([]int, n)
		var rec func(i int) bool
		rec = func(i int) bool {
			if i == n {
				return f(term{rule: rule, comps: []comp{{par: slices.Clone(par)}}})
			}
			for v := 0; v <= i; v++ {
				par[i] = v
				if !rec(i + 1) {
					return false
				}
			}
			return true
		}
		return rec(0)
	}
	// Partitions of n, parts ascending.
	var parts []int64
	var rec func(left int, least int) bool
	rec = func(left, least int) bool {
		if left == 0 {
			if rule.fam == famMoore {
				if len(parts) > maxMooreHeaps {
					return true
				}
				return f(term{rule: rule, comps: []comp{{xs: slices.Clone(parts)}}})
			}
			cs := make([]comp, len(parts))
			for i, h := range parts {
				cs[i] = comp{n: h}
			}
			return f(term{rule: rule, comps: cs})
		}
		for v := least; v <= left; v++ {
			parts = append(parts, int64(v))
			ok := rec(left-v, v)
			parts = parts[:len(parts)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(n, 1)
}
