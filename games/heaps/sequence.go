package heaps

import (
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// MaxListed is the most values Sequence lists.
const MaxListed = 10_000

// Sequence is a heap rule's Grundy values as the engine knows them: the
// values of heaps 0 to len(Values)-1 by the mex recursion and, when
// Proven, the period that every larger heap follows, with the reason it
// holds.
type Sequence struct {
	// Rule is the rule as written back ("kayles", "subtract 1,3,4").
	Rule string
	// Describe says what a move is.
	Describe string
	// Values are the values of heaps 0, 1, 2, … listed.
	Values []int64
	// Proven reports that from heap Preperiod on the values repeat every
	// Period, for every heap however large.
	Proven            bool
	Preperiod, Period int
	// Computed is how many values the recursion computed (heaps 0 to
	// Computed-1); past it, only a proven period gives values.
	Computed int
	// Proof says why the period holds, or that none was proven.
	Proof string
}

// Values returns the Grundy sequence of the heap rule text ("kayles",
// "octal 0.07", "subtract 1,3,4", "subtract 1-5"), listing n values; n of
// 0 lists enough to show the period twice past its start (or the values
// computed when none is proven). Rules that are not played on single
// heaps (Wythoff, Moore, staircase, Hackenbush) and Nim, whose heap of n
// is worth n, have no sequence to find: they get an input error that
// says so.
func Values(text string, n int) (Sequence, error) {
	r, rest, err := parseRuleHead(text, "")
	if err != nil {
		return Sequence{}, err
	}
	if rest = strings.TrimSpace(rest); rest != "" {
		return Sequence{}, solver.Inputf("rule", "%q follows the rule %q; give the rule alone", rest, r.String())
	}
	switch r.fam {
	case famSubtract, famOctal:
	case famNim:
		return Sequence{}, solver.Inputf("rule", "in Nim a heap of n is worth n itself; values lists the rules whose values have to be found: subtract and octal (kayles, dawson, dawsonchess)")
	default:
		return Sequence{}, solver.Inputf("rule", "%s is not played on single heaps, so it has no sequence of heap values; values takes subtract and octal rules (kayles, dawson, dawsonchess)", r.String())
	}
	if n < 0 || n > MaxListed {
		return Sequence{}, solver.Inputf("n", "%d values: list 1 to %d", n, MaxListed)
	}
	s := seqOf(r)
	out := Sequence{Rule: r.String(), Describe: r.Describe(), Proven: s.proven, Computed: len(s.g), Proof: s.proofText(r)}
	if s.proven {
		out.Preperiod, out.Period = s.pre, s.period
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
	return out, nil
}
