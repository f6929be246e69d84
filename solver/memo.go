package solver

import "math/bits"

// memo maps solved states to their packed values (0: not solved yet). It
// allocates nothing per state. While the states stay small and dense, as
// when Verify walks every board of 1, 2, 3, … cells, it is a plain table
// indexed by the state. The first state that would make that table large
// or sparse turns it into an open-addressing hash table with linear
// probing, each slot one word: the state in the high 48 bits, its value
// in the low 16.
type memo struct {
	direct []uint16 // direct mode: the value of state k at index k
	slots  []uint64 // hash mode (slots != nil): state<<16 | value, 0 empty
	mask   uint64   // len(slots)-1
	shift  uint     // 64 - log2(len(slots)): slot takes the product's top bits
	n      int      // states stored
}

const (
	// maxDirect bounds the direct table: 2^24 values, 32 MiB.
	maxDirect = 1 << 24
	// directSlack is how sparse the direct table may get: at most this
	// many slots per stored state, beyond a first few thousand.
	directSlack = 4
	minDirect   = 1 << 12
	minSlots    = 1 << 8
)

// get returns the packed value of k, or 0.
func (m *memo) get(k State) uint16 {
	if m.slots == nil {
		if uint64(k) < uint64(len(m.direct)) {
			return m.direct[k]
		}
		return 0
	}
	for i := m.slot(k); ; i = (i + 1) & m.mask {
		e := m.slots[i]
		if e>>16 == uint64(k) {
			return uint16(e)
		}
		if e == 0 {
			return 0
		}
	}
}

// put stores the packed value v (not 0) of k, which is not stored yet.
func (m *memo) put(k State, v uint16) {
	m.n++
	if m.slots == nil {
		if uint64(k) < uint64(len(m.direct)) || m.growDirect(k) {
			m.direct[k] = v
			return
		}
		m.rehash(slotsFor(m.n))
	} else if 2*m.n > len(m.slots) {
		m.rehash(2 * len(m.slots))
	}
	m.insert(k, v)
}

// insert places k in hash mode, with room to spare.
func (m *memo) insert(k State, v uint16) {
	i := m.slot(k)
	for m.slots[i] != 0 {
		i = (i + 1) & m.mask
	}
	m.slots[i] = uint64(k)<<16 | uint64(v)
}

// reserve makes room for n states in an empty memo, straight in hash
// mode, so that a search whose size is known ahead (by its game's Span)
// does not copy its table as it grows.
func (m *memo) reserve(n int) {
	if m.n > 0 || m.slots != nil || n < minDirect {
		return
	}
	m.rehash(slotsFor(n))
}

// slotsFor is the hash table size for n states: the least power of two
// that is at least twice n, and at least minSlots.
func slotsFor(n int) int { return max(minSlots, 1<<bits.Len(uint(2*n-1))) }

// slot is where the probe for k starts: Fibonacci hashing, the top bits
// of k times 2^64/φ, so that every bit of the state moves the slot. (A
// hash that kept the low bits as they are put the dense states of Nim and
// binstring into runs thousands of slots long, and a probe for a state
// not yet solved walked the whole run.)
func (m *memo) slot(k State) uint64 {
	return uint64(k) * 0x9E3779B97F4A7C15 >> m.shift
}

// growDirect widens the direct table to hold k, unless that would make
// it too large or too sparse for the states it holds, k counted.
func (m *memo) growDirect(k State) bool {
	size := max(len(m.direct), minDirect)
	for uint64(size) <= uint64(k) {
		size *= 2
	}
	if size > maxDirect || size > minDirect && size > directSlack*m.n {
		return false
	}
	d := make([]uint16, size)
	copy(d, m.direct)
	m.direct = d
	return true
}

// rehash moves the states of the direct table or the hash table into a
// hash table of the given size, a power of two.
func (m *memo) rehash(size int) {
	direct, slots := m.direct, m.slots
	m.direct = nil
	m.slots, m.mask = make([]uint64, size), uint64(size-1)
	m.shift = uint(64 - bits.TrailingZeros(uint(size)))
	for k, v := range direct {
		if v != 0 {
			m.insert(State(k), v)
		}
	}
	for _, e := range slots {
		if e != 0 {
			m.insert(State(e>>16), uint16(e))
		}
	}
}
