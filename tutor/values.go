package tutor

import (
	"bytes"
	"context"

	"github.com/nimtutor/nimtutor/chart"
	"github.com/nimtutor/nimtutor/games/heaps"
)

// HeapValues is a heap rule's Grundy values as a reply shows them: the
// sequence, the period with its proof, and its chart.
type HeapValues struct {
	heaps.Sequence
	// Picture is the chart of the values (PNG): a bar a heap, the
	// preperiod and the period marked. Nil when it could not be drawn
	// (logged), and the text still answers.
	Picture []byte
}

// HeapSuggestion is a heap rule offered while a rule is typed.
type HeapSuggestion = heaps.Suggestion

// Values returns the Grundy values of a subtraction or octal rule
// (rule as `nimtutor values` reads it: "kayles", "subtract 1,3,4"), n
// of them (0 for enough to show the period twice past its start), with
// their chart. A rule without a sequence of heap values, or a wrong
// one, is an input error that says what and where. The sequence's work
// is bounded by the heaps package's budgets (well under a second for
// the worst rule) and cached per rule.
func (t *Tutor) Values(ctx context.Context, rule string, n int) (HeapValues, error) {
	Step(ctx, "tutor", "Values")
	if err := ctx.Err(); err != nil {
		return HeapValues{}, err
	}
	s, err := heaps.Values(rule, n)
	if err != nil {
		return HeapValues{}, err
	}
	v := HeapValues{Sequence: s}
	if v.Picture, err = ValuesPicture(s); err != nil {
		t.cfg.Log.Error("drawing a rule's values", "rule", s.Rule, "err", err)
	}
	return v, nil
}

// ValuesPicture draws the chart of a rule's values as a PNG: a bar a
// heap (the first chart.MaxBars), the preperiod and the period marked.
// The values reply attaches it, and `nimtutor render values` writes it.
func ValuesPicture(s heaps.Sequence) ([]byte, error) {
	var buf bytes.Buffer
	if err := chart.GrundyPNG(&buf, chart.Grundy{Rule: s.Rule, Values: s.Values, Proven: s.Proven, Preperiod: s.Preperiod, Period: s.Period}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// RuleCheck is what autocomplete says of a rule typed so far: the rule
// as written back and what a move is, or why it is not a rule values
// takes.
type RuleCheck struct {
	Rule, Describe string
	Err            error
}

// SuggestRules answers while a heap rule is typed: whether typed reads
// as a rule values takes (parsing only: no value is computed, so it
// answers within autocomplete's deadline), and the named rules, those
// that match typed first.
func (t *Tutor) SuggestRules(typed string) (RuleCheck, []HeapSuggestion) {
	rule, describe, err := heaps.CheckValuesRule(typed)
	return RuleCheck{Rule: rule, Describe: describe, Err: err}, heaps.Suggest(typed)
}
