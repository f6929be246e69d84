// Package heapstest is the oracle that tests of heap rules' values use:
// the Grundy values of single heaps by the plain mex recursion, read
// straight from the rule's definition, with its own small parser. It
// knows nothing of periods, caches or package heaps, so a reply that
// states a value, a period or a proof's range can be checked against it.
package heapstest

import (
	"fmt"
	"strconv"
	"strings"
)

// named are the rules known by name, as Winning Ways codes them.
var named = map[string]string{"kayles": "octal 0.77", "dawson": "octal 0.07", "dawsonchess": "octal 0.137"}

// Rule is a heap rule as the oracle reads it.
type Rule struct {
	// Octal holds an octal code's digits after the point; nil for a
	// subtraction set.
	Octal []int
	// Takes holds a subtraction set.
	Takes []int
}

// Reach is the most objects one move takes.
func (r Rule) Reach() int {
	if r.Octal != nil {
		return len(r.Octal)
	}
	return r.Takes[len(r.Takes)-1]
}

// Parse reads "kayles", "dawson", "dawsonchess", "octal 0.d1d2…",
// "subtract a,b,c" or "subtract a-b" (takes listed ascending).
func Parse(text string) (Rule, error) {
	text = strings.TrimSpace(text)
	if code, ok := named[text]; ok {
		text = code
	}
	if code, ok := strings.CutPrefix(text, "octal 0."); ok {
		var r Rule
		for _, c := range code {
			if c < '0' || c > '7' {
				return Rule{}, fmt.Errorf("octal digit %q", c)
			}
			r.Octal = append(r.Octal, int(c-'0'))
		}
		for len(r.Octal) > 0 && r.Octal[len(r.Octal)-1] == 0 {
			r.Octal = r.Octal[:len(r.Octal)-1]
		}
		return r, nil
	}
	set, ok := strings.CutPrefix(text, "subtract ")
	if !ok {
		return Rule{}, fmt.Errorf("the oracle reads octal and subtract rules, not %q", text)
	}
	var r Rule
	for _, item := range strings.Split(set, ",") {
		lo, hi, isRange := strings.Cut(item, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return Rule{}, err
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				return Rule{}, err
			}
		}
		for x := a; x <= b; x++ {
			if len(r.Takes) > 0 && x <= r.Takes[len(r.Takes)-1] {
				return Rule{}, fmt.Errorf("takes not ascending at %d", x)
			}
			r.Takes = append(r.Takes, x)
		}
	}
	return r, nil
}

// Values returns the values of heaps 0 to n-1. A heap's options under an
// octal code: for each k with digit d = code[k-1], taking k objects
// leaves no heap if bit 1 of d is set and the heap is exactly k, one heap
// of n-k if bit 2 is set and n > k, two heaps a and b (a, b ≥ 1, a+b =
// n-k) if bit 4 is set; two heaps are worth the XOR of their values. A
// subtraction set's options are the heaps n-t for each take t ≤ n. The
// value is the least number that is no option's.
func (r Rule) Values(n int) []int {
	g := make([]int, 0, n)
	for h := range n {
		seen := map[int]bool{}
		if r.Octal != nil {
			for k, d := range r.Octal {
				take := k + 1
				if take > h {
					break
				}
				if d&1 != 0 && h == take {
					seen[0] = true
				}
				if d&2 != 0 && h > take {
					seen[g[h-take]] = true
				}
				if d&4 != 0 {
					for a := 1; a < h-take; a++ {
						seen[g[a]^g[h-take-a]] = true
					}
				}
			}
		} else {
			for _, t := range r.Takes {
				if t <= h {
					seen[g[h-t]] = true
				}
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		g = append(g, v)
	}
	return g
}
