package binim

import (
	"math/bits"
	"slices"

	"github.com/nimtutor/nimtutor/solver"
)

// A binim state packs the stacks as codes, a code being 1<<len | bits
// with the top symbol in bit len-1. The codes are sorted, since the order
// of the stacks does not matter, and written at one width w (the longest
// stack plus 1) from bit 0; w is in bits 42 to 46 and the player to move
// in bit 47. Emptied stacks are gone, and no stack's code is 0.

const (
	stackBits     = 42 // the bits for the codes
	stackWidthBit = stackBits
	stackMoverBit = solver.StateBits - 1
	maxStackCodes = stackBits / 2
)

// stackCode returns the code of a stack.
func stackCode[S stack](s S) uint64 {
	c := uint64(1)
	for i := range len(s) {
		c = c<<1 | uint64(s[i]-'0')
	}
	return c
}

// stacksPack packs sorted codes and the mover, or reports false.
func stacksPack(codes []uint64, mover solver.Player) (solver.State, bool) {
	w := 1
	for _, c := range codes {
		w = max(w, bits.Len64(c))
	}
	if w >= 1<<(stackMoverBit-stackWidthBit) || len(codes)*w > stackBits {
		return 0, false
	}
	s := uint64(w)<<stackWidthBit | uint64(mover)<<stackMoverBit
	for i, c := range codes {
		s |= c << (i * w)
	}
	return solver.State(s), true
}

// stacksUnpack writes the sorted codes of s into buf and returns them and
// the mover.
func stacksUnpack(s solver.State, buf []uint64) ([]uint64, solver.Player) {
	w := int(s>>stackWidthBit) & (1<<(stackMoverBit-stackWidthBit) - 1)
	codes := buf[:0]
	for i := 0; (i+1)*w <= stackBits; i++ {
		c := uint64(s) >> (i * w) & (1<<w - 1)
		if c == 0 {
			break
		}
		codes = append(codes, c)
	}
	return codes, solver.Player(s >> stackMoverBit)
}

// stackBytes writes the stack of a code into buf, top first.
func stackBytes(code uint64, buf []byte) []byte {
	n := bits.Len64(code) - 1
	buf = buf[:n]
	for i := range buf {
		buf[i] = '0' + byte(code>>(n-1-i)&1)
	}
	return buf
}

func (g *stackGame) Encode(pos solver.Position) (solver.State, bool) {
	p := pos.(*Stacks)
	if len(p.stacks) > maxStackCodes {
		return 0, false
	}
	var buf [maxStackCodes]uint64
	codes := buf[:0]
	for _, s := range p.stacks {
		if len(s) >= stackBits {
			return 0, false
		}
		codes = append(codes, stackCode(s))
	}
	slices.Sort(codes)
	return stacksPack(codes, p.mover)
}

func (g *stackGame) Decode(s solver.State) solver.Position {
	var buf [maxStackCodes]uint64
	var text [stackBits]byte
	codes, mover := stacksUnpack(s, buf[:])
	p := &Stacks{game: g, mover: mover, stacks: []string{}}
	for _, c := range codes {
		p.stacks = append(p.stacks, string(stackBytes(c, text[:])))
	}
	return p
}

// Children takes 1 to all symbols from each stack with the mover's symbol
// on top; equal stacks give the same states, so only the first is used.
func (g *stackGame) Children(s solver.State, buf []solver.State) []solver.State {
	var arr, next [maxStackCodes]uint64
	codes, mover := stacksUnpack(s, arr[:])
	for i, c := range codes {
		n := bits.Len64(c) - 1
		if i > 0 && codes[i-1] == c || solver.Player(c>>(n-1)&1) != mover {
			continue
		}
		for k := 1; k <= n; k++ {
			st, _ := stacksPack(solver.ReplaceSorted(next[:0], codes, i, c&(1<<(n-k)-1)|1<<(n-k), k < n), mover.Other())
			buf = append(buf, st)
		}
	}
	return buf
}

// Terminal: a player who cannot move loses in binim and wins in binim2.
func (g *stackGame) Terminal(solver.State) solver.Outcome { return solver.WinIf(g.misere) }

// Formula unpacks the stacks and applies stacksTally, stacksRule and
// stacksBestMove, as Analyze and BestMove do.
func (g *stackGame) Formula(s solver.State) (solver.Outcome, solver.State, bool) {
	var arr, next [maxStackCodes]uint64
	var text [stackBits * 2]byte
	var stacks [maxStackCodes][]byte
	codes, mover := stacksUnpack(s, arr[:])
	at := 0
	for i, c := range codes {
		stacks[i] = stackBytes(c, text[at:])
		at += len(stacks[i])
	}
	list := stacks[:len(codes)]
	o := stacksRule(stacksTally(list, g.misere), mover, g.misere)
	i, k, ok := stacksBestMove(list, mover, g.misere, o)
	if !ok {
		return o, 0, false
	}
	n := bits.Len64(codes[i]) - 1
	st, _ := stacksPack(solver.ReplaceSorted(next[:0], codes, i, codes[i]&(1<<(n-k)-1)|1<<(n-k), k < n), mover.Other())
	return o, st, true
}

// Starts yields every multiset of exactly size stacks of 1..VerifyStackLen
// symbols, once with Dee and once with Dum moving first. Their codes are
// the numbers from 2 (the stack 0) to 2^(VerifyStackLen+1)-1.
func (g *stackGame) Starts(size int, yield func(solver.State) bool) {
	codes := make([]uint64, 1<<(VerifyStackLen+1)-2)
	for i := range codes {
		codes[i] = uint64(i + 2)
	}
	solver.EnumerateMultisets(size, codes, func(pick []uint64) bool {
		for _, first := range []solver.Player{0, 1} {
			if st, ok := stacksPack(pick, first); ok && !yield(st) {
				return false
			}
		}
		return true
	})
}

// Span bounds the states below s: each stack only loses symbols from its
// top, so it becomes one of its suffixes (or goes), with either player to
// move.
func (g *stackGame) Span(s solver.State) float64 {
	var arr [maxStackCodes]uint64
	codes, _ := stacksUnpack(s, arr[:])
	total := 2.0
	for _, c := range codes {
		total *= float64(bits.Len64(c))
	}
	return total
}
