package heaps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// family is the kind of a rule: what a component of it looks like and
// which theory gives its value.
type family uint8

// The families. A heap family's component is one heap; the others'
// components are a pair (Wythoff), a row of heaps (Moore), a row of
// steps (staircase) or a rooted tree (Hackenbush).
const (
	famNone family = iota
	famNim
	famSubtract
	famOctal
	famWythoff
	famMoore
	famStair
	famTree
)

// heapFamily reports whether each component of f is a single heap.
func (f family) heapFamily() bool { return f == famNim || f == famSubtract || f == famOctal }

// Budgets on a rule. A subtraction set holds takes of 1 to maxTake, at
// most maxSetSize of them; an octal code has at most maxOctalDigits
// digits after the point; Moore's k is at most maxMooreHeaps.
const (
	maxTake        = 1000
	maxSetSize     = 1000
	maxOctalDigits = 8
)

// Rule is one family with its parameters, as a position's term names it.
type Rule struct {
	fam family
	// set holds a subtraction game's takes, ascending.
	set []int
	// digits holds an octal code's digits after the point: digits[k-1]
	// says how taking k objects may leave the heap.
	digits []uint8
	// k is Moore's k: a move takes from 1 to k heaps.
	k int
	// alias is the name the rule was given by ("kayles"), or "".
	alias string
}

// aliases are the rules known by name, with the code they stand for.
var aliases = map[string]string{
	"kayles":      "octal 0.77",
	"dawson":      "octal 0.07",
	"dawsonchess": "octal 0.137",
}

// ruleNames are the names a rule starts with, for messages and
// autocomplete.
var ruleNames = []string{"nim", "subtract", "octal", "kayles", "dawson", "dawsonchess", "wythoff", "moore", "staircase", "hackenbush"}

// String writes the rule in the form Parse reads: "subtract 1,3,4",
// "octal 0.77", "kayles", "moore 2".
func (r *Rule) String() string {
	if r.alias != "" {
		return r.alias
	}
	switch r.fam {
	case famNim:
		return "nim"
	case famSubtract:
		return "subtract " + setText(r.set)
	case famOctal:
		return "octal " + r.code()
	case famWythoff:
		return "wythoff"
	case famMoore:
		return "moore " + strconv.Itoa(r.k)
	case famStair:
		return "staircase"
	}
	return "hackenbush"
}

// code is the octal code, "0.77".
func (r *Rule) code() string {
	b := []byte("0.")
	for _, d := range r.digits {
		b = append(b, '0'+d)
	}
	return string(b)
}

// Describe says in words what a move of the rule is.
func (r *Rule) Describe() string {
	switch r.fam {
	case famNim:
		return "a move takes any number of objects from one heap"
	case famSubtract:
		return "a move takes " + orList(r.set) + " objects from one heap"
	case famOctal:
		var parts []string
		for k, d := range r.digits {
			if d == 0 {
				continue
			}
			var ways []string
			if d&1 != 0 {
				ways = append(ways, "the whole heap")
			}
			if d&2 != 0 {
				ways = append(ways, "from an end")
			}
			if d&4 != 0 {
				ways = append(ways, "from the middle, splitting it in two")
			}
			parts = append(parts, fmt.Sprintf("%d (%s)", k+1, strings.Join(ways, ", ")))
		}
		return "a move takes from one heap " + strings.Join(parts, " or ")
	case famWythoff:
		return "a move takes any number from one of the two heaps, or the same number from both"
	case famMoore:
		return fmt.Sprintf("a move takes any numbers from at least 1 and at most %d heaps", r.k)
	case famStair:
		return "a move carries any number of coins from a step to the step below; coins carried down from step 1 leave the game"
	}
	return "a move cuts one edge of a tree; everything no longer joined to the ground falls away"
}

// orList says "1, 3 or 4".
func orList(set []int) string {
	if len(set) > 6 {
		return "1 to " + strconv.Itoa(set[len(set)-1]) + " (" + setText(set) + ")"
	}
	parts := make([]string, len(set))
	for i, s := range set {
		parts[i] = strconv.Itoa(s)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// setText writes a set as "1,3,4", runs of three or more as "1-5".
func setText(set []int) string {
	var parts []string
	for i := 0; i < len(set); {
		j := i
		for j+1 < len(set) && set[j+1] == set[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, fmt.Sprintf("%d-%d", set[i], set[j]))
		case j > i:
			parts = append(parts, strconv.Itoa(set[i]), strconv.Itoa(set[j]))
		default:
			parts = append(parts, strconv.Itoa(set[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// ruleError is an input error about a rule: what is wrong and where.
func ruleError(where string, format string, args ...any) error {
	return solver.Inputf("rule", "%s%s", where, fmt.Sprintf(format, args...))
}

// parseRuleHead reads a rule from the start of text: a name and, where the
// family needs one, its parameter, in parentheses or as the next word. It
// returns the rule and the rest of text. where names the term for
// messages ("term 2: "), or is "".
func parseRuleHead(text, where string) (*Rule, string, error) {
	text = strings.TrimLeft(text, " \t")
	n := 0
	for n < len(text) && (text[n] >= 'a' && text[n] <= 'z' || text[n] >= 'A' && text[n] <= 'Z' || text[n] == '\'' || text[n] == '_') {
		n++
	}
	name := strings.ToLower(strings.NewReplacer("'", "", "_", "").Replace(text[:n]))
	rest := text[n:]
	if name == "" {
		if text == "" {
			return nil, "", ruleError(where, "it is missing; start with a rule, one of %s", strings.Join(ruleNames, ", "))
		}
		return nil, "", ruleError(where, "it starts with %s; start with a rule, one of %s", strings.TrimPrefix(solver.CharAt(text, 0), "character 1 is "), strings.Join(ruleNames, ", "))
	}
	if code, ok := aliases[name]; ok {
		r, _, err := parseRuleHead(code, where)
		if err != nil {
			return nil, "", err
		}
		r.alias = name
		return r, rest, nil
	}
	// param reads the parameter: "(…)" or the next word.
	param := func() (string, string) {
		s := strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(s, "(") {
			if end := strings.IndexByte(s, ')'); end > 0 {
				return strings.TrimSpace(s[1:end]), s[end+1:]
			}
			return s[1:], ""
		}
		end := strings.IndexAny(s, " \t:")
		if end < 0 {
			end = len(s)
		}
		return s[:end], s[end:]
	}
	switch name {
	case "nim":
		return &Rule{fam: famNim}, rest, nil
	case "wythoff":
		return &Rule{fam: famWythoff}, rest, nil
	case "staircase", "stair":
		return &Rule{fam: famStair}, rest, nil
	case "hackenbush", "tree", "trees":
		return &Rule{fam: famTree}, rest, nil
	case "subtract", "subtraction", "sub":
		p, after := param()
		set, err := parseSet(p, where)
		if err != nil {
			return nil, "", err
		}
		return &Rule{fam: famSubtract, set: set}, after, nil
	case "octal":
		p, after := param()
		digits, err := parseCode(p, where)
		if err != nil {
			return nil, "", err
		}
		return &Rule{fam: famOctal, digits: digits}, after, nil
	case "moore":
		p, after := param()
		k, err := strconv.Atoi(p)
		if err != nil || k < 1 || k > maxMooreHeaps {
			return nil, "", ruleError(where, "moore takes k, the most heaps one move may take from, 1 to %d; got %q", maxMooreHeaps, solver.Clip([]byte(p)))
		}
		return &Rule{fam: famMoore, k: k}, after, nil
	}
	return nil, "", ruleError(where, "%q is not a rule; use one of %s", solver.Clip([]byte(name)), strings.Join(ruleNames, ", "))
}

// parseSet reads a subtraction set: numbers and ranges a-b separated by
// commas, each from 1 to maxTake.
func parseSet(p, where string) ([]int, error) {
	if p == "" {
		return nil, ruleError(where, "subtract needs its takes, for example subtract 1,3,4 or subtract 1-5")
	}
	seen := map[int]bool{}
	for i, item := range strings.Split(p, ",") {
		item = strings.TrimSpace(item)
		lo, hi, isRange := strings.Cut(item, "-")
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil {
			return nil, ruleError(where, "take %d of the set is %q; write numbers or ranges like 1-5, separated by commas", i+1, solver.Clip([]byte(item)))
		}
		if a < 1 || b > maxTake || a > b {
			return nil, ruleError(where, "take %d of the set is %q; takes run from 1 to %d, a range from low to high", i+1, solver.Clip([]byte(item)), maxTake)
		}
		for x := a; x <= b; x++ {
			seen[x] = true
		}
	}
	set := make([]int, 0, len(seen))
	for x := range seen {
		set = append(set, x)
	}
	slices.Sort(set)
	if len(set) > maxSetSize {
		return nil, ruleError(where, "the set has %d takes; at most %d", len(set), maxSetSize)
	}
	return set, nil
}

// parseCode reads an octal code "0.d1d2…" (or ".d1d2…"), digits 0 to 7,
// at most maxOctalDigits of them, trailing zeros dropped.
func parseCode(p, where string) ([]uint8, error) {
	body, ok := strings.CutPrefix(p, "0.")
	if !ok {
		body, ok = strings.CutPrefix(p, ".")
	}
	if !ok {
		return nil, ruleError(where, "octal code %q must start with 0. (for example octal 0.77 is Kayles); codes before the point other than 0 are not supported", solver.Clip([]byte(p)))
	}
	if len(body) > maxOctalDigits {
		return nil, ruleError(where, "octal code %q has %d digits after the point; at most %d", solver.Clip([]byte(p)), len(body), maxOctalDigits)
	}
	digits := make([]uint8, len(body))
	for i := range len(body) {
		c := body[i]
		if c < '0' || c > '7' {
			return nil, ruleError(where, "octal code %q, %s; a digit is 0 to 7", solver.Clip([]byte(p)), strings.Replace(solver.CharAt(body, i), "character", "digit", 1))
		}
		digits[i] = c - '0'
	}
	for len(digits) > 0 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	if len(digits) == 0 {
		return nil, ruleError(where, "octal code %q allows no move at all", solver.Clip([]byte(p)))
	}
	return digits, nil
}
