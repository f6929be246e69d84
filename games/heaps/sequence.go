package heaps

import (
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// MaxListed is the most values Values lists.
const MaxListed = solver.MaxListed

// Sequence is a heap rule's Grundy values as the engine knows them (see
// solver.Sequence).
type Sequence = solver.Sequence

// MaxLost is the most heaps of value 0 a Sequence names one by one.
const MaxLost = solver.MaxLost

// Values returns the Grundy sequence of the heap rule text ("kayles",
// "octal 0.07", "subtract 1,3,4", "subtract 1-5"), listing n values; n of
// 0 lists enough to show the period twice past its start (or the values
// computed when none is proven). Rules that are not played on single
// heaps (Wythoff, Moore, staircase, Hackenbush) and Nim, whose heap of n
// is worth n, have no sequence to find: they get an input error that
// says so.
func Values(text string, n int) (Sequence, error) {
	r, err := valuesRule(text)
	if err != nil {
		return Sequence{}, err
	}
	if n < 0 || n > MaxListed {
		return Sequence{}, solver.Inputf("n", "%d values: list 1 to %d", n, MaxListed)
	}
	s := seqOf(r)
	out := Sequence{Rule: r.String(), Describe: r.Describe(), Proven: s.proven, Computed: len(s.g), Reach: r.reach(), Proof: s.proofText(r)}
	if s.proven {
		out.Preperiod, out.Period = s.pre, s.period
		out.Checked = s.pre + out.Reach
		if r.fam == famOctal {
			out.Checked = 2*s.pre + s.period + out.Reach
		}
	}
	if n == 0 {
		n = len(s.g)
		if s.proven {
			n = min(s.pre+2*s.period, MaxListed)
		}
		n = max(n, 24)
	}
	if !s.proven {
		n = min(n, len(s.g))
	}
	out.Values = make([]int64, n)
	for k := range out.Values {
		out.Values[k] = s.at(int64(k))
	}
	lost := func(h int) {
		if out.LostCount < MaxLost {
			out.Lost = append(out.Lost, h)
		}
		out.LostCount++
	}
	if s.proven {
		for h := range s.pre {
			if s.g[h] == 0 {
				lost(h)
			}
		}
		for h := s.pre; h < s.pre+s.period; h++ {
			if s.g[h] == 0 {
				out.LostResidues = append(out.LostResidues, h%s.period)
			}
		}
		slices.Sort(out.LostResidues)
	} else {
		for h, v := range out.Values {
			if v == 0 {
				lost(h)
			}
		}
	}
	return out, nil
}

// CheckValuesRule reads text as Values does, without computing the
// sequence: it returns the rule as written back and what a move is, or
// the input error Values would give. Autocomplete calls it on every
// keystroke, so it does no work beyond parsing.
func CheckValuesRule(text string) (rule, describe string, err error) {
	r, err := valuesRule(text)
	if err != nil {
		return "", "", err
	}
	return r.String(), r.Describe(), nil
}

// valuesRule parses text as a rule that has a sequence of heap values: a
// subtraction set or an octal code, alone.
func valuesRule(text string) (*Rule, error) {
	r, rest, err := parseRuleHead(text, "")
	if err != nil {
		return nil, err
	}
	if rest = strings.TrimSpace(rest); rest != "" {
		return nil, solver.Inputf("rule", "%q follows the rule %q; give the rule alone", rest, r.String())
	}
	switch r.fam {
	case famSubtract, famOctal:
		return r, nil
	case famNim:
		return nil, solver.Inputf("rule", "in Nim a heap of n is worth n itself; values lists the rules whose values have to be found: subtract and octal (kayles, dawson, dawsonchess)")
	}
	return nil, solver.Inputf("rule", "%s is not played on single heaps, so it has no sequence of heap values; values takes subtract and octal rules (kayles, dawson, dawsonchess)", r.String())
}

// reach is the most objects one move of a heap rule takes.
func (r *Rule) reach() int {
	if r.fam == famOctal {
		return len(r.digits)
	}
	return r.set[len(r.set)-1]
}
