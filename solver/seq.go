package solver

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// Sequences of a game's pieces: drawing them at random, listing every one
// for the verification table, and moving on one of them in sorted order.

// RandomString returns n bytes drawn from alphabet, each uniformly.
func RandomString(r *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// EnumerateStrings calls yield for every string of length n over
// alphabet, until yield returns false.
func EnumerateStrings(n int, alphabet string, yield func(string) bool) {
	EnumerateBytes(n, alphabet, func(b []byte) bool { return yield(string(b)) })
}

// EnumerateBytes calls yield for every string of length n over alphabet,
// in one buffer that yield must not keep, until yield returns false.
func EnumerateBytes(n int, alphabet string, yield func([]byte) bool) {
	enumerate(n, []byte(alphabet), false, yield)
}

// EnumerateMultisets calls yield for every multiset of n of items, each
// once with its items in the order of items, in one buffer that yield
// must not keep, until yield returns false.
func EnumerateMultisets[T any](n int, items []T, yield func([]T) bool) {
	enumerate(n, items, true, yield)
}

// ReplaceSorted writes sorted into out with sorted[i] replaced by v, or
// dropped when keep is false, still sorted, and returns out: a move on one
// heap of a position whose heaps are kept sorted.
func ReplaceSorted[T cmp.Ordered](out, sorted []T, i int, v T, keep bool) []T {
	out = append(out, sorted[:i]...)
	out = append(out, sorted[i+1:]...)
	if !keep {
		return out
	}
	j, _ := slices.BinarySearch(out, v)
	return slices.Insert(out, j, v)
}

// enumerate calls yield for every sequence of n items, or with multiset
// only for those that keep the order of items.
func enumerate[T any](n int, items []T, multiset bool, yield func([]T) bool) {
	b := make([]T, n)
	var rec func(i, from int) bool
	rec = func(i, from int) bool {
		if i == n {
			return yield(b)
		}
		for k := from; k < len(items); k++ {
			b[i] = items[k]
			next := 0
			if multiset {
				next = k
			}
			if !rec(i+1, next) {
				return false
			}
		}
		return true
	}
	rec(0, 0)
}
