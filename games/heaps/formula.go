package heaps

import (
	"bufio"

	"github.com/nimtutor/nimtutor/solver"
)

// Analysis holds the numbers that decide a position: the "analysis"
// object of the JSON contract. A sum has each component's Grundy value
// and their XOR; a lone Wythoff or Moore position, whose Grundy value is
// not needed, says whether it is a P-position.
type Analysis struct {
	Components []Component `json:"components,omitempty"`
	NimSum     int64       `json:"nim_sum"`
	PPosition  *bool       `json:"p_position,omitempty"`
}

// Component is one component's value: its term (from 1), its number in
// the term, its rule, its text and its Grundy value.
type Component struct {
	Term  int    `json:"term"`
	Part  int    `json:"part"`
	Rule  string `json:"rule"`
	Text  string `json:"text"`
	Value int64  `json:"value"`
}

// nimSum is the XOR of the components' values.
func (p *Pos) nimSum() int64 {
	var x int64
	for ti := range p.terms {
		t := &p.terms[ti]
		for ci := range t.comps {
			x ^= t.value(&t.comps[ci])
		}
	}
	return x
}

// Outcome is the formula's outcome: a lone Wythoff or Moore position
// wins unless it is a P-position; a sum wins when the XOR of its values
// is not 0 (Sprague–Grundy).
func (p *Pos) Outcome() solver.Outcome {
	if p.alone() {
		return solver.WinIf(!p.loneP())
	}
	return solver.WinIf(p.nimSum() != 0)
}

// loneP reports whether a lone Wythoff or Moore position is a P-position.
func (p *Pos) loneP() bool {
	t := &p.terms[0]
	xs := t.comps[0].xs
	if t.rule.fam == famWythoff {
		return wythoffP(xs[0], xs[1])
	}
	return mooreP(xs, t.rule.k)
}

// compText writes one component as its term writes it.
func compText(t *term, ci int) string {
	one := term{rule: t.rule, comps: t.comps[ci : ci+1]}
	return one.args()
}

// Analyze applies the formula.
func (p *Pos) Analyze() (solver.Outcome, solver.Analysis) {
	if p.alone() {
		pp := p.loneP()
		return solver.WinIf(!pp), Analysis{PPosition: &pp}
	}
	var a Analysis
	for ti := range p.terms {
		t := &p.terms[ti]
		for ci := range t.comps {
			v := t.value(&t.comps[ci])
			a.Components = append(a.Components, Component{Term: ti + 1, Part: ci + 1, Rule: t.rule.String(), Text: compText(t, ci), Value: v})
			a.NimSum ^= v
		}
	}
	return solver.WinIf(a.NimSum != 0), a
}

// BestMove finds the first move in the order of Moves that keeps the
// outcome o: in a sum, the first component with an option of value
// (its value xor the XOR), and there the first such option.
func (p *Pos) BestMove(o solver.Outcome, _ solver.Analysis) solver.Move {
	if o == solver.Loss {
		return nil
	}
	if p.alone() {
		m, ok := p.loneMove()
		if !ok {
			return nil
		}
		return m
	}
	x := p.nimSum()
	for ti := range p.terms {
		t := &p.terms[ti]
		for ci := range t.comps {
			if m, ok := t.firstOption(addrTerm*ti, ci, t.value(&t.comps[ci])^x); ok {
				return m
			}
		}
	}
	return nil
}

// firstOption returns the first move of component ci of t, in the order
// of compMoves, to a component of value target.
func (t *term) firstOption(base, ci int, target int64) (Move, bool) {
	c := &t.comps[ci]
	fam := t.rule.fam
	mv := func(i int, code int64) (Move, bool) { return Move{At: base + i, Code: int(code), fam: fam}, true }
	switch fam {
	case famNim:
		if target < c.n {
			return mv(ci+1, c.n-target)
		}
	case famSubtract:
		s := seqOf(t.rule)
		for _, k := range t.rule.set {
			if int64(k) > c.n {
				break
			}
			if s.at(c.n-int64(k)) == target {
				return mv(ci+1, int64(k))
			}
		}
	case famOctal:
		s := seqOf(t.rule)
		// By symmetry the first option has a <= c; from a > len(s.g) +
		// period on, both sides are in the periodic part and the options
		// repeat with the period, so an option there has a copy below.
		scan := int64(len(s.g) + s.period)
		for k := int64(1); k <= int64(len(t.rule.digits)) && k <= c.n; k++ {
			d := t.rule.digits[k-1]
			for a := int64(0); a <= min(c.n-k, scan); a++ {
				rest := c.n - k - a
				if octalLegal(d, a, rest) && s.at(a)^s.at(rest) == target {
					return mv(ci+1, 10*a+k)
				}
			}
		}
	case famTree:
		for e := 1; e <= len(c.par); e++ {
			if treeValue(cutTree(c.par, e)) == target {
				return mv(ci+1, int64(e))
			}
		}
	case famStair:
		v := stairValue(c.xs)
		for i, h := range c.xs {
			switch {
			case i%2 == 0: // an odd step: its coins count
				if w := h ^ v ^ target; w < h {
					return mv(i+1, h-w)
				}
			default: // an even step: coins land on the odd step below
				low := c.xs[i-1]
				if w := low ^ v ^ target; w > low && w-low <= h {
					return mv(i+1, w-low)
				}
			}
		}
	default: // Wythoff and Moore in a sum: every option, by search
		var found Move
		ok := false
		t.compMoves(base, ci, func(m Move) bool {
			one := &Pos{terms: []term{{rule: t.rule, comps: []comp{*c}}}}
			m1 := m
			m1.At -= base
			next, err := one.Play(m1)
			if err == nil {
				nt := &next.(*Pos).terms[0]
				if nt.value(&nt.comps[0]) == target {
					found, ok = m, true
					return false
				}
			}
			return true
		})
		return found, ok
	}
	return Move{}, false
}

// loneMove finds the first move of a lone Wythoff or Moore position to a
// P-position.
func (p *Pos) loneMove() (Move, bool) {
	t := &p.terms[0]
	xs := t.comps[0].xs
	if t.rule.fam == famWythoff {
		x, y := xs[0], xs[1]
		if w := wythoffPartner(y); w < x {
			return Move{At: 1, Code: int(x - w), fam: famWythoff}, true
		}
		if w := wythoffPartner(x); w < y {
			return Move{At: 2, Code: int(y - w), fam: famWythoff}, true
		}
		d := max(x, y) - min(x, y)
		if a := wythoffA(d); a < min(x, y) {
			return Move{At: 0, Code: int(min(x, y) - a), fam: famWythoff}, true
		}
		return Move{}, false
	}
	var found Move
	ok := false
	t.compMoves(0, 0, func(m Move) bool {
		next, err := p.Play(m)
		if err == nil && mooreP(next.(*Pos).terms[0].comps[0].xs, t.rule.k) {
			found, ok = m, true
			return false
		}
		return true
	})
	return found, ok
}

// Answer is the judge's line: First or Second.
func (g *game) Answer(winner solver.Player, _ bool) string { return g.PlayerName(winner) }

// Judge reads T, then one position a line, each with its rule ("octal
// 0.77: 5 7"), and answers First or Second for each.
func (g *game) Judge(j *solver.JudgeReader, w *bufio.Writer) error {
	return solver.JudgeLines(j, w, strictMaxTests, "the test is empty; a test is a position with its rule, for example kayles: 5 7", func(line []byte) (string, error) {
		pos, err := g.Parse(string(line), solver.ParseOptions{Strict: j.Strict, Long: true})
		if err != nil {
			return "", err
		}
		return solver.AnswerFor(g, 0, solver.OutcomeOf(pos)), nil
	})
}
