package abgame

import (
	"math/bits"

	"github.com/nimtutor/nimtutor/solver"
)

// An abgame state is the canonical row, two bits a cell ('.' 0, 'A' 1,
// 'B' 2) from bit 0, with a marker bit above the last cell, and the
// player to move in bit 47. No letter ever enters the cells left of the
// first letter, between two facing pairs, or right of a last letter that
// moves left, so the canonical row drops them: it is the facing pairs
// side by side, and the unpaired last letter with its cells to the edge.

// abMoverBit is where an abgame state keeps the player to move.
const abMoverBit = solver.StateBits - 1

// maxABCells is the longest canonical row a state holds.
const maxABCells = abMoverBit / 2

// abCanonical writes the canonical form of row into buf and returns it.
func abCanonical(row, buf []byte) []byte {
	out := buf[:0]
	letters := 0
	for _, c := range row {
		if c != '.' {
			letters++
		}
		// An empty cell after an odd-numbered letter is in the gap of a
		// facing pair, or on the last letter's way to the edge.
		if c != '.' || letters%2 == 1 {
			out = append(out, c)
		}
	}
	return out
}

// abPack packs a canonical row and the mover, or reports false.
func abPack(row []byte, mover solver.Player) (solver.State, bool) {
	if len(row) > maxABCells {
		return 0, false
	}
	s := uint64(1) << (2 * len(row))
	for i, c := range row {
		switch c {
		case 'A':
			s |= 1 << (2 * i)
		case 'B':
			s |= 2 << (2 * i)
		}
	}
	return solver.State(s | uint64(mover)<<abMoverBit), true
}

func (game) Encode(pos solver.Position) (solver.State, bool) {
	p := pos.(*ABRow)
	var buf [maxABCells + 1]byte
	return abPack(abCanonical([]byte(p.row), buf[:0]), p.mover)
}

// abUnpack writes the row of s into buf and returns it and the mover.
func abUnpack(s solver.State, buf []byte) ([]byte, solver.Player) {
	mover := solver.Player(s >> abMoverBit)
	row := uint64(s) &^ (1 << abMoverBit)
	n := (bits.Len64(row) - 1) / 2
	buf = buf[:n]
	for i := range buf {
		buf[i] = ".AB"[row>>(2*i)&3]
	}
	return buf, mover
}

func (game) Decode(s solver.State) solver.Position {
	var buf [maxABCells]byte
	row, mover := abUnpack(s, buf[:])
	return &ABRow{row: string(row), mover: mover}
}

// Children shrinks, by each k from 1 to its gap, every pair or last
// letter that has a letter of the mover: on the canonical row, moving a
// letter k cells toward its partner (or the edge) removes k of the empty
// cells between them. A pair of two of the mover's letters gives each
// state once.
func (game) Children(s solver.State, buf []solver.State) []solver.State {
	mover := solver.Player(s >> abMoverBit)
	row := uint64(s) &^ (1 << abMoverBit)
	n := (bits.Len64(row) - 1) / 2
	own := uint64(mover) + 1
	next := uint64(mover.Other()) << abMoverBit
	shrink := func(cell, gap int) {
		low := row & (1<<(2*cell) - 1)
		for k := 1; k <= gap; k++ {
			buf = append(buf, solver.State(low|row>>(2*(cell+k))<<(2*cell)|next))
		}
	}
	letters, open, openCode := 0, 0, uint64(0)
	for i := range n {
		c := row >> (2 * i) & 3
		if c == 0 {
			continue
		}
		if letters%2 == 0 {
			open, openCode = i, c
		} else if openCode == own || c == own {
			shrink(open+1, i-open-1)
		}
		letters++
	}
	if letters%2 == 1 && openCode == own {
		shrink(open+1, n-open-1)
	}
	return buf
}

func (game) Terminal(solver.State) solver.Outcome { return solver.Loss }

// Formula unpacks the row and applies scanAB, abRule and abBestMove, as
// Analyze and BestMove do.
func (game) Formula(s solver.State) (solver.Outcome, solver.State, bool) {
	var buf, canon [maxABCells]byte
	row, mover := abUnpack(s, buf[:])
	reserve, nim := scanAB(row, nil)
	o := abRule(reserve, nim, mover)
	from, to, ok := abBestMove(row, mover, o)
	if !ok {
		return o, 0, false
	}
	row[from], row[to] = '.', row[from]
	next, _ := abPack(abCanonical(row, canon[:0]), mover.Other())
	return o, next, true
}

// Starts yields every row of exactly size cells, A to move.
func (game) Starts(size int, yield func(solver.State) bool) {
	var canon [maxABCells + 1]byte
	solver.EnumerateBytes(size, ".AB", func(row []byte) bool {
		if s, ok := abPack(abCanonical(row, canon[:0]), 0); ok {
			return yield(s)
		}
		return true
	})
}

// Span bounds the states below s: each gap of the canonical row (inside a
// facing pair, or from the last letter to the edge) only shrinks, to any
// size, with either player to move.
func (game) Span(s solver.State) float64 {
	var buf [maxABCells]byte
	row, _ := abUnpack(s, buf[:])
	total, gap := 2.0, 0
	for _, c := range row {
		if c == '.' {
			gap++
			continue
		}
		total *= float64(gap + 1)
		gap = 0
	}
	return total * float64(gap+1)
}
