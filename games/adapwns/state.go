package adapwns

import (
	"math/bits"

	"github.com/nimtutor/nimtutor/solver"
)

// An adapwns state is the board as a bit mask, bit i set for a pawn on
// cell i+1, with a marker bit just above the last pawn. Empty cells right
// of the last pawn are never entered, so the canonical board drops them.
// The game is impartial: the state leaves out who moves.

// boardState returns the state of the board with pawns on mask.
func boardState(mask uint64) solver.State { return solver.State(mask | 1<<bits.Len64(mask)) }

// maxBoardCells is the longest canonical board a state holds.
const maxBoardCells = solver.StateBits - 1

func (game) Encode(pos solver.Position) (solver.State, bool) {
	p := pos.(*Board)
	var mask uint64
	for i := len(p.cells) - 1; i >= 0; i-- {
		if p.cells[i] == 'P' {
			if i >= maxBoardCells {
				return 0, false
			}
			mask |= 1 << i
		}
	}
	return boardState(mask), true
}

// boardBytes writes the canonical board of s into buf and returns it.
func boardBytes(s solver.State, buf []byte) []byte {
	n := bits.Len64(uint64(s)) - 1
	buf = buf[:n]
	for i := range buf {
		buf[i] = ".P"[s>>i&1]
	}
	return buf
}

func (game) Decode(s solver.State) solver.Position {
	var buf [maxBoardCells]byte
	return &Board{cells: string(boardBytes(s, buf[:]))}
}

// Children moves each pawn 1 cell left, and 2 where both cells are empty.
func (game) Children(s solver.State, buf []solver.State) []solver.State {
	n := bits.Len64(uint64(s)) - 1
	pawns := uint64(s) &^ (1 << n)
	empty := ^pawns & (1<<n - 1)
	one := pawns & (empty << 1)
	two := one & (empty << 2)
	for one != 0 {
		i := bits.TrailingZeros64(one)
		one &= one - 1
		buf = append(buf, boardState(pawns^3<<(i-1)))
		if two>>i&1 != 0 {
			buf = append(buf, boardState(pawns^5<<(i-2)))
		}
	}
	return buf
}

func (game) Terminal(solver.State) solver.Outcome { return solver.Loss }

// Formula reads the gaps off the state's bits and applies gapFold and
// winningShift, as Analyze and BestMove do.
func (game) Formula(s solver.State) (solver.Outcome, solver.State, bool) {
	n := bits.Len64(uint64(s)) - 1
	pawns := uint64(s) &^ (1 << n)
	var gaps, cells [maxBoardCells]int
	var f gapFold
	k, cell := 0, 0
	for m := pawns; m != 0; k++ {
		g := bits.TrailingZeros64(m)
		gaps[k], cells[k] = g, cell+g
		f.add(g)
		m >>= g + 1
		cell += g + 1
	}
	x := f.xor()
	if x == 0 {
		return solver.Loss, 0, false
	}
	p, d, ok := winningShift(gaps[:k], x)
	if !ok {
		return solver.Win, 0, false
	}
	return solver.Win, boardState(pawns ^ (1|1<<d)<<(cells[p]-d)), true
}

// Starts yields every board of exactly size cells.
func (game) Starts(size int, yield func(solver.State) bool) {
	if size > maxBoardCells {
		return
	}
	for mask := uint64(0); mask < 1<<size; mask++ {
		if !yield(boardState(mask)) {
			return
		}
	}
}

// Span counts the boards whose i-th pawn stands at or left of the i-th
// pawn of s: every board reachable from s, exactly, since pawns keep
// their order and any of them may step left into an empty cell.
func (game) Span(s solver.State) float64 {
	n := bits.Len64(uint64(s)) - 1
	pawns := uint64(s) &^ (1 << n)
	// ways[c+1]: the placements of the pawns so far with the last one on
	// cell c; ways[0] stands for no pawn yet.
	var ways, next [maxBoardCells + 2]float64
	ways[0] = 1
	for m := pawns; m != 0; m &= m - 1 {
		cell := bits.TrailingZeros64(m)
		sum := 0.0
		for c := 0; c <= cell; c++ {
			sum += ways[c]
			next[c+1] = sum
		}
		ways, next = next, ways
		clear(next[:])
	}
	total := 0.0
	for _, w := range ways {
		total += w
	}
	return total
}
