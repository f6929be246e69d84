package heaps

import (
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"sync"
)

// The values of the families that are not heap rules: Wythoff's
// P-positions by the Beatty sequences, Moore's by binary digit sums,
// staircase Nim by its odd steps, trees by the colon principle, and the
// Grundy values of small Wythoff and Moore positions by the mex recursion
// for sums.

// wythoffA returns floor(k·φ), φ the golden ratio, exactly: (k +
// floor(k·√5)) / 2, where floor(k·√5) is the integer square root of 5k².
func wythoffA(k int64) int64 {
	x := new(big.Int).SetInt64(k)
	x.Mul(x, x)
	x.Mul(x, big.NewInt(5))
	x.Sqrt(x)
	x.Add(x, big.NewInt(k))
	x.Rsh(x, 1)
	return x.Int64()
}

// wythoffPartner returns the heap that makes a P-position with a heap of
// x: every positive number is exactly one of a_k = floor(kφ) and b_k =
// a_k + k (Beatty), and the P-positions are the pairs (a_k, b_k) and
// (0, 0).
func wythoffPartner(x int64) int64 {
	if x == 0 {
		return 0
	}
	// a_k = x for k near x/φ = x(√5−1)/2; b_k = floor(kφ²) = x for k near
	// x/φ² = x(3−√5)/2; r = floor(x·√5) makes both guesses exact to 1.
	r := new(big.Int).SetInt64(x)
	r.Mul(r, r)
	r.Mul(r, big.NewInt(5))
	r.Sqrt(r)
	root := r.Int64()
	ka := (root - x) / 2
	kb := (3*x - root) / 2
	for d := int64(-3); d <= 3; d++ {
		if k := ka + d; k >= 1 && wythoffA(k) == x {
			return x + k
		}
		if k := kb + d; k >= 1 && wythoffA(k)+k == x {
			return wythoffA(k)
		}
	}
	panic("heaps: Beatty's theorem failed for " + strconv.FormatInt(x, 10))
}

// wythoffP reports whether (x, y) is a P-position of Wythoff's game.
func wythoffP(x, y int64) bool { return wythoffPartner(x) == y }

// wythoffTableMax is the largest heap whose Wythoff Grundy values are
// tabled, for Wythoff components in a sum.
const wythoffTableMax = 256

var (
	wythoffOnce  sync.Once
	wythoffTable [][]int32
)

// wythoffGrundy returns the Grundy value of the Wythoff pair (x, y),
// both at most wythoffTableMax, by the mex recursion over a table.
func wythoffGrundy(x, y int64) int64 {
	wythoffOnce.Do(func() {
		n := wythoffTableMax + 1
		wythoffTable = make([][]int32, n)
		var m mexer
		for a := range n {
			wythoffTable[a] = make([]int32, n)
			for b := range n {
				m.reset()
				for t := 0; t < a; t++ {
					m.mark(wythoffTable[t][b])
				}
				for t := 0; t < b; t++ {
					m.mark(wythoffTable[a][t])
				}
				for d := 1; d <= min(a, b); d++ {
					m.mark(wythoffTable[a-d][b-d])
				}
				wythoffTable[a][b] = m.mex()
			}
		}
	})
	return int64(wythoffTable[x][y])
}

// Budgets of Moore's Nim: at most maxMooreHeaps heaps of at most
// maxMooreHeap; in a sum, the Grundy value is found by search over at
// most mooreSumStates states.
const (
	maxMooreHeaps  = 6
	maxMooreHeap   = 999
	mooreSumStates = 2000
	maxMooreMoves  = 200_000
)

// mooreP reports whether heaps are a P-position of Moore's Nim_k: in
// every binary column the number of 1s is a multiple of k+1.
func mooreP(heaps []int64, k int) bool {
	for b := 0; b < 63; b++ {
		c := 0
		for _, h := range heaps {
			c += int(h >> b & 1)
		}
		if c%(k+1) != 0 {
			return false
		}
	}
	return true
}

// mooreColumns returns the count of 1s in each binary column of heaps,
// the lowest first, as wide as the largest heap.
func mooreColumns(heaps []int64) []int {
	w := 1
	for _, h := range heaps {
		w = max(w, bits.Len64(uint64(h)))
	}
	cols := make([]int, w)
	for b := range cols {
		for _, h := range heaps {
			cols[b] += int(h >> b & 1)
		}
	}
	return cols
}

// mooreMoveCount counts the moves of Moore's Nim_k on heaps: every
// non-empty set of at most k heaps, each taken from by 1 to its size.
func mooreMoveCount(heaps []int64, k int) float64 {
	// ways[j]: the ways to choose takes from j heaps so far.
	ways := make([]float64, k+1)
	ways[0] = 1
	for _, h := range heaps {
		for j := k; j >= 1; j-- {
			ways[j] += ways[j-1] * float64(h)
		}
	}
	total := 0.0
	for _, w := range ways[1:] {
		total += w
	}
	return total
}

// mooreCache keeps the Grundy values of small Moore positions, by k and
// sorted heaps.
var mooreCache = struct {
	sync.Mutex
	m map[[maxMooreHeaps + 1]int64]int64
}{m: map[[maxMooreHeaps + 1]int64]int64{}}

// mooreGrundy returns the Grundy value of Moore's Nim_k on heaps by the
// mex recursion; the caller bounds the states (mooreSumStates).
func mooreGrundy(heaps []int64, k int) int64 {
	mooreCache.Lock()
	defer mooreCache.Unlock()
	if len(mooreCache.m) > 1<<16 {
		clear(mooreCache.m)
	}
	var rec func(h []int64) int64
	rec = func(h []int64) int64 {
		s := slices.Clone(h)
		slices.Sort(s)
		var key [maxMooreHeaps + 1]int64
		key[0] = int64(k)
		copy(key[1:], s)
		if v, ok := mooreCache.m[key]; ok {
			return v
		}
		seen := map[int64]bool{}
		mooreEach(s, k, func(next []int64) bool {
			seen[rec(next)] = true
			return true
		})
		v := int64(0)
		for seen[v] {
			v++
		}
		mooreCache.m[key] = v
		return v
	}
	return rec(heaps)
}

// mooreEach calls f with the heaps after each move of Moore's Nim_k, in
// one buffer f must not keep, until f returns false.
func mooreEach(heaps []int64, k int, f func(next []int64) bool) {
	next := slices.Clone(heaps)
	var rec func(i, used int, changed bool) bool
	rec = func(i, used int, changed bool) bool {
		if i == len(heaps) {
			if changed {
				return f(next)
			}
			return true
		}
		if !rec(i+1, used, changed) {
			return false
		}
		if used == k {
			return true
		}
		for v := heaps[i] - 1; v >= 0; v-- {
			next[i] = v
			if !rec(i+1, used+1, true) {
				next[i] = heaps[i]
				return false
			}
		}
		next[i] = heaps[i]
		return true
	}
	rec(0, 0, false)
}

// stairValue is the value of a staircase: the XOR of the coins on the
// odd steps (1, 3, 5, …), whose coins are a game of Nim; moving coins
// from an even step only adds to an odd one, which the next player can
// undo.
func stairValue(steps []int64) int64 {
	var x int64
	for i := 0; i < len(steps); i += 2 {
		x ^= steps[i]
	}
	return x
}

// treeValue is the value of a rooted tree by the colon principle: each
// branch at a node is worth one more than the tree above its first edge
// (a stem with a tree on top is a longer stem), and the branches at a
// node add by XOR. par[i] is the parent of node i+1, 0 the ground.
func treeValue(par []int) int64 {
	vals := make([]int64, len(par)+1)
	// Children come after their parents, so a pass from the top down
	// finishes every node before its parent.
	for node := len(par); node >= 1; node-- {
		vals[par[node-1]] ^= vals[node] + 1
	}
	return vals[0]
}

// cutTree returns the tree after cutting the edge from node e (1-based)
// to its parent: e and everything above it fall, and the nodes left are
// renumbered in order.
func cutTree(par []int, e int) []int {
	gone := make([]bool, len(par)+1)
	newNum := make([]int, len(par)+1)
	var out []int
	for node := 1; node <= len(par); node++ {
		p := par[node-1]
		if node == e || gone[p] {
			gone[node] = true
			continue
		}
		out = append(out, newNum[p])
		newNum[node] = len(out)
	}
	return out
}
