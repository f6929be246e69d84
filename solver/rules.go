package solver

import (
	"fmt"
	"strconv"
	"strings"
)

// Rules as input: a game whose rule is part of the position (package
// heaps) may offer more than its positions. A rule whose components are
// heaps has a sequence of values, a period and a proof, which /GAME
// values shows; the game says so by implementing Sequencer, so that the
// commands and the tutor reach it through the registry and name no game.

// MaxListed is the most values a Sequence lists.
const MaxListed = 10_000

// Sequence is a rule's Grundy values as the engine knows them, for a
// game whose rule is part of the input and whose components are heaps
// (package heaps: subtraction and octal rules): the values of heaps 0 to
// len(Values)-1 by the mex recursion and, when Proven, the period that
// every larger heap follows, with the reason it holds.
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

// Sequencer is what a game may add to Game when its positions carry
// their rule and a rule has a sequence of heap values: the values of a
// rule, the check of a rule as it is typed, and the rules it offers by
// name. /GAME values is offered for the games that implement it.
type Sequencer interface {
	// Values returns the sequence of the rule text, listing n values (0
	// for enough to show the period twice past its start), or an input
	// error that says what is wrong with the rule and where.
	Values(rule string, n int) (Sequence, error)
	// CheckRule reads a rule as Values does, without computing anything:
	// the rule as written back and what a move is, or Values's input
	// error. Autocomplete calls it on every keystroke.
	CheckRule(rule string) (canonical, describe string, err error)
	// SuggestRules returns the rules offered by name, those that match
	// typed first.
	SuggestRules(typed string) []RuleSuggestion
}

// RuleSuggestion is a rule offered while a rule is being typed: the text
// Values reads, and a name that says which game it is.
type RuleSuggestion struct {
	// Rule is the rule as Values reads it: "kayles", "subtract 1,3,4".
	Rule string
	// Name names the game and its code: "Kayles (octal 0.77)".
	Name string
	// Match reports that the text typed starts the rule or a word of
	// its name.
	Match bool
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
