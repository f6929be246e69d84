package learn

import (
	"context"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// TestHeapFormulaAgainstSearch checks the heap games' theory on every
// position of up to four heaps of up to 5 objects (and take-1-or-2 piles
// of up to 7 mixed with Nim heaps), against exhaustive search.
func TestHeapFormulaAgainstSearch(t *testing.T) {
	ctx := context.Background()
	for _, rule := range []heapRule{nimRule, stairRule} {
		memo := map[string]solver.Outcome{}
		n := 0
		var rec func(heaps []int)
		rec = func(heaps []int) {
			if len(heaps) > 0 {
				b := &heapBoard{rule: rule, heaps: heaps, take12: make([]bool, len(heaps))}
				o, err := b.search(ctx, memo)
				if err != nil {
					t.Fatal(err)
				}
				if f, why := b.formula(); f != o {
					t.Errorf("rule %d on %v: the theory says %v (%s), search %v", rule, heaps, f, why, o)
				}
				n++
			}
			if len(heaps) == 4 {
				return
			}
			for h := 0; h <= 5; h++ {
				rec(append(append([]int(nil), heaps...), h))
			}
		}
		rec(nil)
		t.Logf("rule %d: %d positions agree with search", rule, n)
	}
	n := 0
	for p := 0; p <= 7; p++ {
		for q := 0; q <= 7; q++ {
			for h := 0; h <= 5; h++ {
				b := &heapBoard{rule: nimRule, heaps: []int{p, q, h}, take12: []bool{true, true, false}}
				o, _ := b.search(ctx, map[string]solver.Outcome{})
				if f, why := b.formula(); f != o {
					t.Errorf("%s: the theory says %v (%s), search %v", b, f, why, o)
				}
				n++
			}
		}
	}
	t.Logf("sums of take-1-or-2 piles and a Nim heap: %d positions agree with search", n)
}

func TestParseHeaps(t *testing.T) {
	for _, tc := range []struct{ game, text, want string }{
		{"sums", "3 x", `heap 2 is "x"`},
		{"sums", "", "give 1 or more heaps"},
		{"sums", "30 30", "at most 40 objects"},
		{"staircase", "3/2", "only for Nim sums"},
	} {
		if _, err := NewBoard(tc.game, tc.text, ""); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewBoard(%q, %q) = %v, want %q", tc.game, tc.text, err, tc.want)
		}
	}
	b, _ := NewBoard("staircase", "2 5 3", "")
	if _, err := b.After(2, 6); err == nil {
		t.Error("moving 6 coins from a step of 5 was accepted")
	}
	next, _ := b.After(3, 1)
	if next.Text() != "2 6 2" || next.Name(0) != "Bob" {
		t.Errorf("after moving a coin from step 3: %q, %s to move", next.Text(), next.Name(0))
	}
}

// TestGrundyBySearch checks the theory's value (the XOR of the heaps'
// values, of the odd steps on the staircase) against the mex found by
// exhaustive search on every sum of up to two take-1-or-2 piles of up to
// 8 and two Nim heaps of up to 5, and every staircase of up to three
// steps of up to 5: the WhatValue exercises judge by the search, and
// offer a window around the theory's value, which must hold it.
func TestGrundyBySearch(t *testing.T) {
	ctx := context.Background()
	n := 0
	// One memo per rule and kind of heaps: a move keeps both.
	sums, stairs := map[string]int{}, map[string]int{}
	check := func(b *heapBoard) {
		memo := sums
		if b.rule == stairRule {
			memo = stairs
		}
		g, err := b.grundy(ctx, memo)
		if err != nil {
			t.Fatal(err)
		}
		if g != b.nimber() {
			t.Errorf("%s (rule %d): search says worth %d, the theory %d", b, b.rule, g, b.nimber())
		}
		if c := valueChoices(b); g < c[0] || g > c[len(c)-1] {
			t.Errorf("%s: the choices %v leave out the value %d", b, c, g)
		}
		n++
	}
	for p := 0; p <= 8; p++ {
		for q := 0; q <= 8; q++ {
			for h := 0; h <= 5; h++ {
				for i := 0; i <= 5; i++ {
					check(&heapBoard{rule: nimRule, heaps: []int{p, q, h, i}, take12: []bool{true, true, false, false}})
				}
			}
		}
	}
	for a := 0; a <= 5; a++ {
		for b := 0; b <= 5; b++ {
			for c := 0; c <= 5; c++ {
				check(&heapBoard{rule: stairRule, heaps: []int{a, b, c}, take12: make([]bool, 3)})
			}
		}
	}
	t.Logf("%d positions: the theory's value is the search's", n)
}
