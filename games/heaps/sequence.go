package heaps

import (
	"fmt"
	"slices"
	"strconv"
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
	// Reach is the most objects one move takes: the largest take of a
	// subtraction set, the number of digits of an octal code.
	Reach int
	// Checked ends the range the proof compared: when Proven, g(n+Period)
	// = g(n) was checked for every n from Preperiod to Checked-1, which
	// the proof needs up to Preperiod+Reach-1 for a subtraction set (a
	// block as long as the largest take) and up to 2·Preperiod+Period+
	// Reach-1 for an octal code (the periodicity theorem). 0 when no
	// period is proven.
	Checked int
	// Proof says why the period holds, or that none was proven.
	Proof string
	// Lost names the heaps of value 0, those a player to move loses on
	// when the heap is alone: when Proven, the heaps below Preperiod,
	// and LostResidues the residues mod Period (ascending) of those from
	// Preperiod on (a heap n ≥ Preperiod has value 0 exactly when n mod
	// Period is one of them); otherwise the heaps among Values. Lost
	// holds the first MaxLost of them, LostCount how many there are.
	Lost         []int
	LostCount    int
	LostResidues []int
}

// MaxLost is the most heaps of value 0 a Sequence names one by one.
const MaxLost = 24

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

// Table writes the values as rows of text, each "start: v v v …". When
// a period of at most 36 is proven a row is a period long and the rows
// are aligned on the period's start, so that from there on every row
// is the same and a column is one residue mod the period (the first row,
// shorter, is padded on the left to keep the columns); otherwise 12 a
// row. The command line prints it, and Discord shows it or attaches it.
func (s Sequence) Table() []string {
	row, first := 12, 0
	if s.Proven && s.Period <= 36 {
		row, first = s.Period, s.Preperiod%s.Period
	}
	width := len(strconv.Itoa(max(len(s.Values)-1, 0)))
	var lines []string
	line := func(start, end, pad int) {
		var b strings.Builder
		fmt.Fprintf(&b, "%*d:%s", width, start, strings.Repeat("   ", pad))
		for _, v := range s.Values[start:min(end, len(s.Values))] {
			fmt.Fprintf(&b, " %2d", v)
		}
		lines = append(lines, b.String())
	}
	if first > 0 {
		line(0, first, row-first)
	}
	for start := first; start < len(s.Values); start += row {
		line(start, start+row, 0)
	}
	return lines
}
