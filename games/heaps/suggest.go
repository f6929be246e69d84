package heaps

import (
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// Suggestion is a heap rule offered while a rule is being typed.
type Suggestion = solver.RuleSuggestion

// suggestions are the rules offered by name: the octal games with
// names in Winning Ways, and the subtraction sets the documentation
// and the lessons use. Each is a rule Values takes (a test checks it).
var suggestions = []Suggestion{
	{Rule: "kayles", Name: "Kayles (octal 0.77): knock down one pin or two neighbours"},
	{Rule: "dawson", Name: "Dawson's Kayles (octal 0.07): knock down two neighbouring pins"},
	{Rule: "dawsonchess", Name: "Dawson's chess (octal 0.137)"},
	{Rule: "octal 0.15", Name: "Guiles (octal 0.15)"},
	{Rule: "octal 0.007", Name: "Treblecross (octal 0.007): not known to be periodic"},
	{Rule: "octal 0.11377", Name: "octal 0.11377: period 32 from heap 187"},
	{Rule: "subtract 1,3,4", Name: "subtract 1,3,4: take 1, 3 or 4"},
	{Rule: "subtract 1,2", Name: "subtract 1,2: take 1 or 2"},
	{Rule: "subtract 1-5", Name: "subtract 1-5: take 1 to 5"},
	{Rule: "subtract 2,5", Name: "subtract 2,5: take 2 or 5"},
	{Rule: "subtract 7,23,100", Name: "subtract 7,23,100: take 7, 23 or 100"},
}

// Suggest returns the named rules, those that match typed first: typed
// (case and apostrophes aside) starts the rule's text or a word of its
// name ("daw" matches both Dawson's games, "treble" Treblecross,
// "octal 0.1" the codes that start so). With nothing typed, every named
// rule comes in the order above.
func Suggest(typed string) []Suggestion {
	key := foldRule(typed)
	var match, rest []Suggestion
	for _, s := range suggestions {
		if key != "" && suggestionMatches(s, key) {
			s.Match = true
			match = append(match, s)
		} else {
			rest = append(rest, s)
		}
	}
	return append(match, rest...)
}

// suggestionMatches reports whether key, folded, starts s's rule or a
// word of its name.
func suggestionMatches(s Suggestion, key string) bool {
	if strings.HasPrefix(foldRule(s.Rule), key) {
		return true
	}
	name := foldRule(s.Name)
	for i := 0; i < len(name); i++ {
		if (i == 0 || name[i-1] == ' ' || name[i-1] == '(') && strings.HasPrefix(name[i:], key) {
			return true
		}
	}
	return false
}

// foldRule lowers text, drops apostrophes and squeezes spaces, as the
// rule parser reads names.
func foldRule(text string) string {
	text = strings.ToLower(strings.ReplaceAll(text, "'", ""))
	return strings.Join(strings.Fields(text), " ")
}

// The game offers its rules' sequences (solver.Sequencer): /heaps values.
var _ solver.Sequencer = (*game)(nil)

// Values returns the sequence of a heap rule (see the package function).
func (*game) Values(rule string, n int) (solver.Sequence, error) { return Values(rule, n) }

// CheckRule reads a rule as Values does, without computing anything.
func (*game) CheckRule(rule string) (string, string, error) { return CheckValuesRule(rule) }

// SuggestRules returns the named rules, those that match typed first.
func (*game) SuggestRules(typed string) []solver.RuleSuggestion { return Suggest(typed) }
