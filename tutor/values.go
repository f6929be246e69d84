package tutor

import (
	"bytes"
	"context"

	"github.com/nimtutor/nimtutor/chart"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// RuleValues is a rule's Grundy values as a reply shows them: the
// sequence, the period with its proof, and its chart.
type RuleValues struct {
	solver.Sequence
	// Picture is the chart of the values (PNG): a bar a heap, the
	// preperiod and the period marked. Nil when it could not be drawn
	// (logged), and the text still answers.
	Picture []byte
}

// RuleSuggestion is a rule offered while a rule is typed.
type RuleSuggestion = solver.RuleSuggestion

// sequencer returns g's sequences, or an input error for a game whose
// rules have none.
func sequencer(g solver.Game) (solver.Sequencer, error) {
	if sq, ok := g.(solver.Sequencer); ok {
		return sq, nil
	}
	return nil, fault.New(fault.EInvalid, "command", "%s has no rules with a sequence of values", g.Name())
}

// Values returns the Grundy values of one of g's rules (rule as
// `nimtutor values` reads it: "kayles", "subtract 1,3,4"), n of them (0
// for enough to show the period twice past its start), with their
// chart. g must be a solver.Sequencer (heaps). A rule without a
// sequence of heap values, or a wrong one, is an input error that says
// what and where. The game's budgets bound the work (well under a second
// for the worst heap rule), and its sequences are cached per rule.
func (t *Tutor) Values(ctx context.Context, g solver.Game, rule string, n int) (RuleValues, error) {
	Step(ctx, "tutor", "Values")
	sq, err := sequencer(g)
	if err != nil {
		return RuleValues{}, err
	}
	if err := ctx.Err(); err != nil {
		return RuleValues{}, err
	}
	s, err := sq.Values(rule, n)
	if err != nil {
		return RuleValues{}, err
	}
	v := RuleValues{Sequence: s}
	if v.Picture, err = ValuesPicture(s); err != nil {
		t.cfg.Log.Error("drawing a rule's values", "rule", s.Rule, "err", err)
	}
	return v, nil
}

// ValuesPicture draws the chart of a rule's values as a PNG: a bar a
// heap (the first chart.MaxBars), the preperiod and the period marked.
// The values reply attaches it, and `nimtutor render values` writes it.
func ValuesPicture(s solver.Sequence) ([]byte, error) {
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

// SuggestRules answers while one of g's rules is typed: whether typed
// reads as a rule values takes (parsing only: no value is computed, so
// it answers within autocomplete's deadline), and the rules g offers by
// name, those that match typed first. A game without sequences gets its
// error and no rules.
func (t *Tutor) SuggestRules(g solver.Game, typed string) (RuleCheck, []RuleSuggestion) {
	sq, err := sequencer(g)
	if err != nil {
		return RuleCheck{Err: err}, nil
	}
	rule, describe, err := sq.CheckRule(typed)
	return RuleCheck{Rule: rule, Describe: describe, Err: err}, sq.SuggestRules(typed)
}
