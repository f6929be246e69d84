package fault

import (
	"fmt"
	"math"
	"strconv"
)

// Count says "1 cell" or "3 cells": a number with its noun, singular for
// exactly one.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%s %s", thousands(n), many)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// About says a large count in words a person reads at a glance: "12,345
// positions", "about 3.2 million positions", "about 4.5 × 10^15
// positions".
func About(n float64, one, many string) string {
	// Each unit ends where its rounding would print 1000.0 of it.
	switch {
	case n < 999_999.5:
		return Count(int(math.Round(n)), one, many)
	case n < 999.95e6:
		return fmt.Sprintf("about %.1f million %s", n/1e6, many)
	case n < 999.95e9:
		return fmt.Sprintf("about %.1f billion %s", n/1e9, many)
	}
	e := math.Floor(math.Log10(n))
	m := n / math.Pow(10, e)
	if m >= 9.95 {
		m, e = 1, e+1
	}
	return fmt.Sprintf("about %.1f × 10^%d %s", m, int(e), many)
}
