package heaps

import (
	"fmt"
	"sync"
)

// The Grundy sequence of a heap rule: the value of a heap of each size,
// by the mex recursion, and where found its period with the proof that
// it holds for every larger heap.

// Budgets of the period search: how many values of an octal game are
// computed (the work grows as the square), and how many of a subtraction
// game (linear, but each window is remembered).
const (
	octalBudget    = 4096
	subtractBudget = 300_000
)

// seq is a rule's Grundy sequence. g holds the values of heaps 0 to
// len(g)-1, computed by the mex recursion. With proven, every heap n from
// pre on has the value of heap n-period: g(n) = g(pre + (n-pre) mod
// period); len(g) covers the range the proof looked at.
type seq struct {
	g           []int32
	proven      bool
	pre, period int
	// proofEnd is the last heap the proof compared (exclusive): for an
	// octal game 2·pre + period + k, for a subtraction game pre + max.
	proofEnd int
	// work counts the options the recursion looked at.
	work int
}

// known reports whether the value of a heap of n is known: n is within
// the computed values, or the sequence is proven periodic.
func (s *seq) known(n int64) bool { return s.proven || n < int64(len(s.g)) }

// at returns the value of a heap of n, which must be known.
func (s *seq) at(n int64) int64 {
	if n < int64(len(s.g)) {
		return int64(s.g[n])
	}
	return int64(s.g[int64(s.pre)+(n-int64(s.pre))%int64(s.period)])
}

// seqCache keeps the sequences of the rules met, by their code.
var seqCache = struct {
	sync.Mutex
	m map[string]*seq
}{m: map[string]*seq{}}

// maxCachedRules bounds the cache: past it the cache starts afresh.
const maxCachedRules = 256

// seqOf returns the Grundy sequence of a heap rule other than Nim,
// computing it on first use.
func seqOf(r *Rule) *seq {
	key := (&Rule{fam: r.fam, set: r.set, digits: r.digits}).String()
	seqCache.Lock()
	s, ok := seqCache.m[key]
	seqCache.Unlock()
	if ok {
		return s
	}
	// Computed outside the lock, so that a slow rule never holds up the
	// others; two callers may both compute one rule, alike.
	if r.fam == famOctal {
		s = octalSeq(r.digits, octalBudget)
	} else {
		s = subtractSeq(r.set, subtractBudget)
	}
	seqCache.Lock()
	defer seqCache.Unlock()
	if len(seqCache.m) >= maxCachedRules {
		clear(seqCache.m)
	}
	seqCache.m[key] = s
	return s
}

// mexer finds the least value not among those marked since the last
// reset, with a stamp per value so that a reset is free.
type mexer struct {
	stamp []int32
	now   int32
}

func (m *mexer) reset() { m.now++ }

func (m *mexer) mark(v int32) {
	for int(v) >= len(m.stamp) {
		m.stamp = append(m.stamp, make([]int32, len(m.stamp)+16)...)
	}
	m.stamp[v] = m.now
}

func (m *mexer) mex() int32 {
	for v := int32(0); ; v++ {
		if int(v) >= len(m.stamp) || m.stamp[v] != m.now {
			return v
		}
	}
}

// octalOptions calls f with the value of each option of a heap of n
// under the octal code digits, g holding the values below n.
func octalOptions(digits []uint8, g []int32, n int, f func(v int32)) {
	for k := 1; k <= len(digits) && k <= n; k++ {
		d := digits[k-1]
		if d&1 != 0 && n == k {
			f(0)
		}
		if d&2 != 0 && n > k {
			f(g[n-k])
		}
		if d&4 != 0 {
			for a := 1; 2*a <= n-k; a++ {
				f(g[a] ^ g[n-k-a])
			}
		}
	}
}

// octalSeq computes an octal game's values, doubling the range until the
// periodicity theorem proves a period or the budget is spent. The
// theorem (Guy and Smith): if g(n+p) = g(n) for every n with
// e <= n < 2e + p + k, k the most objects a move takes, then g(n+p) =
// g(n) for every n >= e.
func octalSeq(digits []uint8, budget int) *seq {
	s := &seq{}
	var m mexer
	k := len(digits)
	for limit := 128; ; limit *= 2 {
		limit = min(limit, budget)
		for n := len(s.g); n < limit; n++ {
			m.reset()
			octalOptions(digits, s.g, n, func(v int32) { m.mark(v); s.work++ })
			s.g = append(s.g, m.mex())
		}
		if e, p, ok := findPeriod(s.g, func(e, p int) int { return 2*e + p + k }); ok {
			s.proven, s.pre, s.period, s.proofEnd = true, e, p, 2*e+p+k
			return s
		}
		if limit == budget {
			return s
		}
	}
}

// findPeriod returns the least period p, with the least preperiod e for
// it, such that g(n+p) = g(n) for every n from e on within g and the
// proof's range end(e, p) lies within g: every n below end(e, p) has n+p
// inside g.
func findPeriod(g []int32, end func(e, p int) int) (e, p int, ok bool) {
	n := len(g)
	for p := 1; 2*p < n; p++ {
		e := n - p
		for e > 0 && g[e-1] == g[e-1+p] {
			e--
		}
		if end(e, p)+p <= n {
			return e, p, true
		}
	}
	return 0, 0, false
}

// subtractSeq computes a subtraction game's values until a block of
// max(set) values repeats, which proves the period: each value depends
// only on the max(set) values before it, so from a repeated block on the
// sequence repeats. It stops at the budget.
func subtractSeq(set []int, budget int) *seq {
	s := &seq{}
	top := set[len(set)-1]
	var m mexer
	value := func(n int) int32 {
		m.reset()
		for _, t := range set {
			if t > n {
				break
			}
			m.mark(s.g[n-t])
			s.work++
		}
		return m.mex()
	}
	for n := 0; n < top; n++ {
		s.g = append(s.g, value(n))
	}
	// Windows of top values, by a rolling hash; a hit is compared in
	// full.
	const base = 1_000_003
	var pow uint64 = 1
	for range top - 1 {
		pow *= base
	}
	var h uint64
	for _, v := range s.g[:top] {
		h = h*base + uint64(v)
	}
	first := map[uint64]int{h: 0}
	for start := 1; start+top <= budget; start++ {
		n := start + top - 1
		s.g = append(s.g, value(n))
		h = (h-uint64(s.g[start-1])*pow)*base + uint64(s.g[n])
		if j, ok := first[h]; ok && equalWindows(s.g, j, start, top) {
			s.proven, s.pre, s.period, s.proofEnd = true, j, start-j, start+top
			return s
		}
		if _, ok := first[h]; !ok {
			first[h] = start
		}
	}
	return s
}

// equalWindows reports whether g[i:i+w] equals g[j:j+w].
func equalWindows(g []int32, i, j, w int) bool {
	for t := range w {
		if g[i+t] != g[j+t] {
			return false
		}
	}
	return true
}

// plural writes n with its noun: "1 object", "2 objects".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// proofText says why the period holds, in the project's words.
func (s *seq) proofText(r *Rule) string {
	if !s.proven {
		return fmt.Sprintf("No period was proven within the budget: the values of heaps 0 to %d are computed, and larger heaps are out of reach.", len(s.g)-1)
	}
	if r.fam == famOctal {
		return fmt.Sprintf("From heap %d on, the values repeat every %d. Proof: a move takes at most %s, and by the periodicity theorem for octal games it suffices that g(n+%d) = g(n) for every n from %d up to 2·%d + %d + %d − 1 = %d; the %d computed values check exactly that.",
			s.pre, s.period, plural(len(r.digits), "object"), s.period, s.pre, s.pre, s.period, len(r.digits), s.proofEnd-1, s.proofEnd+s.period)
	}
	top := r.set[len(r.set)-1]
	if top == 1 {
		return fmt.Sprintf("From heap %d on, the values repeat every %d. Proof: the value of a heap depends only on the value of the heap one smaller (the only take is 1), and the value of heap %d equals that of heap %d, so everything after repeats too.",
			s.pre, s.period, s.pre, s.pre+s.period)
	}
	return fmt.Sprintf("From heap %d on, the values repeat every %d. Proof: the value of a heap depends only on the %d values below it (the largest take is %d), and the %d values from heap %d equal the %d from heap %d, so everything after repeats too.",
		s.pre, s.period, top, top, top, s.pre, top, s.pre+s.period)
}
