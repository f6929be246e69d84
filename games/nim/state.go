package nim

import (
	"math/bits"
	"slices"

	"github.com/nimtutor/nimtutor/solver"
)

// A Nim state packs the heaps, sorted, empty ones dropped (neither their
// order nor an empty heap changes the game), at one width w (the bits of
// the largest heap) from bit 0; w is in bits 42 to 47. The game is
// impartial: the state leaves out who moves. Heaps of more than
// maxStateHeap do not pack, which keeps a state's moves few enough to
// search.
const (
	heapBits     = 42
	heapWidthBit = heapBits
	maxStateHeap = 1<<10 - 1
)

// heapsPack packs sorted non-empty heaps, or reports false.
func heapsPack(heaps []int) (solver.State, bool) {
	w := 1
	for _, h := range heaps {
		if h > maxStateHeap {
			return 0, false
		}
		w = max(w, bits.Len(uint(h)))
	}
	if len(heaps)*w > heapBits {
		return 0, false
	}
	s := uint64(w) << heapWidthBit
	for i, h := range heaps {
		s |= uint64(h) << (i * w)
	}
	return solver.State(s), true
}

// heapsUnpack writes the sorted heaps of s into buf and returns them.
func heapsUnpack(s solver.State, buf []int) []int {
	w := int(s >> heapWidthBit)
	out := buf[:0]
	for i := 0; (i+1)*w <= heapBits; i++ {
		h := int(uint64(s) >> (i * w) & (1<<w - 1))
		if h == 0 {
			break
		}
		out = append(out, h)
	}
	return out
}

// Encode packs the non-empty heaps, sorted; more than heapBits of them
// never fit.
func (g *game) Encode(pos solver.Position) (solver.State, bool) {
	var buf [heapBits]int
	heaps := buf[:0]
	for _, h := range pos.(*Heaps).heaps {
		if h == 0 {
			continue
		}
		if len(heaps) == heapBits {
			return 0, false
		}
		heaps = append(heaps, h)
	}
	slices.Sort(heaps)
	return heapsPack(heaps)
}

func (g *game) Decode(s solver.State) solver.Position {
	var buf [heapBits]int
	return &Heaps{game: g, heaps: append([]int{}, heapsUnpack(s, buf[:])...)}
}

// Children shrinks every distinct heap to every smaller size. The heaps
// stay at one width unless the largest shrinks to fewer bits, so most
// children are made by moving bit fields of s: the heaps between the new
// size's place and the shrunk heap's slide up one slot. The rest are
// packed afresh (repack).
func (g *game) Children(s solver.State, buf []solver.State) []solver.State {
	var arr, next [heapBits]int
	heaps := heapsUnpack(s, arr[:])
	k := len(heaps)
	w := int(s >> heapWidthBit)
	width := uint64(s) &^ (1<<heapBits - 1)
	body := uint64(s) & (1<<heapBits - 1)
	field := func(n int) uint64 { return 1<<(n*w) - 1 } // n heaps' bits
	for i, h := range heaps {
		if i > 0 && heaps[i-1] == h {
			continue
		}
		// The largest heap left, other than heap i; 0 when none.
		rest := 0
		if i < k-1 {
			rest = heaps[k-1]
		} else if k > 1 {
			rest = heaps[k-2]
		}
		above := body >> ((i + 1) * w) // the heaps after i, from bit 0
		j := 0                         // where a heap of h2 goes among heaps[:i]
		for h2 := 0; h2 < h; h2++ {
			if max(1, bits.Len(uint(max(h2, rest)))) != w {
				st, _ := heapsPack(solver.ReplaceSorted(next[:0], heaps, i, h2, h2 > 0))
				buf = append(buf, st)
				continue
			}
			var nb uint64
			if h2 == 0 { // the heap goes: those after it slide down
				nb = body&field(i) | above<<(i*w)
			} else {
				for j < i && heaps[j] < h2 {
					j++
				}
				nb = body&field(j) | uint64(h2)<<(j*w) | body>>(j*w)&field(i-j)<<((j+1)*w) | above<<((i+1)*w)
			}
			buf = append(buf, solver.State(width|nb))
		}
	}
	return buf
}

// Terminal: every heap is empty.
func (g *game) Terminal(solver.State) solver.Outcome { return solver.WinIf(g.misere) }

// Formula unpacks the heaps and applies tally, rule and bestMove, as
// Analyze and BestMove do.
func (g *game) Formula(s solver.State) (solver.Outcome, solver.State, bool) {
	var arr, next [heapBits]int
	heaps := heapsUnpack(s, arr[:])
	o := tallyOf(heaps).rule(g.misere)
	i, h2, ok := bestMove(heaps, g.misere, o)
	if !ok {
		return o, 0, false
	}
	st, _ := heapsPack(solver.ReplaceSorted(next[:0], heaps, i, h2, h2 > 0))
	return o, st, true
}

// Starts yields every multiset of exactly size heaps of 1 to
// verifyHeapLimit.
func (g *game) Starts(size int, yield func(solver.State) bool) {
	sizes := make([]int, verifyHeapLimit)
	for i := range sizes {
		sizes[i] = i + 1
	}
	solver.EnumerateMultisets(size, sizes, func(heaps []int) bool {
		st, ok := heapsPack(heaps)
		return !ok || yield(st)
	})
}

// Span counts the sorted heaps each at most the matching heap of s: every
// position reachable from s, exactly, since any heaps can shrink to any
// smaller sizes and sorting keeps each under its original.
func (g *game) Span(s solver.State) float64 {
	var arr [heapBits]int
	heaps := heapsUnpack(s, arr[:])
	// ways[v]: the sorted sequences so far whose last heap is v.
	var ways, next [maxStateHeap + 1]float64
	ways[0] = 1
	for _, h := range heaps {
		sum := 0.0
		for v := 0; v <= h; v++ {
			sum += ways[v]
			next[v] = sum
		}
		ways, next = next, ways
		clear(next[:h+1])
	}
	total := 0.0
	for _, w := range ways {
		total += w
	}
	return total
}
