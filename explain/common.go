package explain

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// This file holds the helpers every game shares: summarising lists,
// shortening long strings, numbers in binary and small grammar.

// List is a sequence of N items, each written only when it is shown: a
// capped list of a 6000-cell row writes 6 items, not thousands.
type List struct {
	N    int
	Item func(i int) string
}

// ListOf is a list of ready items.
func ListOf(items []string) List {
	return List{N: len(items), Item: func(i int) string { return items[i] }}
}

// Ints is a list of numbers.
func Ints(vals []int) List {
	return List{N: len(vals), Item: func(i int) string { return strconv.Itoa(vals[i]) }}
}

// Shown returns the items to show: all of them, or the first o.MaxItems
// followed by "… and N more".
func (l List) Shown(o Options) []string {
	k := l.N
	if o.MaxItems > 0 {
		k = min(k, o.MaxItems)
	}
	out := make([]string, 0, k+1)
	for i := range k {
		out = append(out, l.Item(i))
	}
	if k < l.N {
		out = append(out, fmt.Sprintf("… and %d more", l.N-k))
	}
	return out
}

// Bullets renders items as lines starting with "- ", capped as shown
// says. Each line ends with a full stop.
func Bullets(l List, o Options) string {
	lines := l.Shown(o)
	for i, it := range lines {
		if !strings.HasSuffix(it, ".") && !strings.HasSuffix(it, ")") {
			it += "."
		}
		lines[i] = "- " + it
	}
	return strings.Join(lines, "\n")
}

// Inline renders items as a comma-separated list, capped as shown says.
func Inline(l List, o Options) string {
	return strings.Join(l.Shown(o), ", ")
}

// InlineOrNone renders items as Inline does, or says "none".
func InlineOrNone(items []string, o Options) string {
	if len(items) == 0 {
		return "none"
	}
	return Inline(ListOf(items), o)
}

// LongString is how long a stack, row or string may be before it is
// shortened when lists are capped.
const LongString = 24

// Code shows s as inline code, shortened to its start and end when lists
// are capped and s is long; unit names what its length counts.
func Code(s, unit string, o Options) string {
	if o.MaxItems <= 0 || len(s) <= LongString {
		return "`" + s + "`"
	}
	return fmt.Sprintf("`%s…%s` (%d %s)", s[:8], s[len(s)-3:], len(s), unit)
}

// maxBinaryTerms is the most heaps written out in binary; longer XORs
// show the values only.
const maxBinaryTerms = 8

// XorSentence states the XOR of vals, in binary when there are few small
// values, for example "`10` xor `11` = `01`, so the XOR is **1**."
func XorSentence(vals []int) string {
	x := 0
	for _, v := range vals {
		x ^= v
	}
	switch {
	case len(vals) == 0:
		return "There is nothing to XOR, so the XOR is **0**."
	case len(vals) == 1:
		return fmt.Sprintf("With one value the XOR is that value: **%d**.", x)
	}
	if big := max(x, slices.Max(vals)); len(vals) <= maxBinaryTerms && big < 256 {
		w := bits.Len(uint(big))
		terms := make([]string, len(vals))
		for i, v := range vals {
			terms[i] = fmt.Sprintf("`%0*b`", w, v)
		}
		return fmt.Sprintf("In binary, %s = `%0*b`, so the XOR is **%d**.", strings.Join(terms, " xor "), w, x, x)
	}
	return fmt.Sprintf("The XOR of these %d values is **%d** (`%b` in binary).", len(vals), x, x)
}

// Plural returns "1 move" or "3 moves".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// IsAre returns "There is 1 stack" or "There are 3 stacks".
func IsAre(n int, one, many string) string {
	if n == 1 {
		return "There is 1 " + one
	}
	return "There are " + Plural(n, one, many)
}

// ValueText says a move's or position's value in words, counting single
// moves of either player until the game ends: "win in 3 moves", "lose in
// 1 move", "tie in 2 moves".
func ValueText(v solver.Value) string {
	verb := map[solver.Outcome]string{solver.Win: "win", solver.Loss: "lose", solver.Tie: "tie"}[v.Outcome]
	return verb + " in " + Plural(v.Remoteness, "move", "moves")
}

// Arrow is a solver.CellMove's short name: "5→4".
func Arrow(m solver.Move) string {
	cm := m.(solver.CellMove)
	return fmt.Sprintf("%d→%d", cm.From, cm.To)
}

// Capitalise returns s with its first letter in upper case.
func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Plain returns s without the markdown bold marks ("**") that Discord
// renders, for a terminal; `code` marks stay, as they quote the text a
// student types.
func Plain(s string) string { return strings.ReplaceAll(s, "**", "") }
