package binstring

import (
	"math/bits"

	"github.com/nimtutor/nimtutor/solver"
)

// A binstring state is the string as bits ('1' set) from bit 0, a marker
// bit above its last character, and the mover's lead in 0s held, plus
// 64, in bits 41 to 47. The game reads the same backwards, so the
// canonical string is the smaller of the two directions; and a lead that
// no 0 left can overturn is cut to one more than the 0s left, which
// keeps every line of play's outcome and so the value and remoteness.

const (
	maxBinChars = 40 // the longest string a state holds
	binLeadBit  = maxBinChars + 1
	binLeadBias = 64
)

// binPack packs a string of n characters with bits b and a lead.
func binPack(b uint64, n, lead int) solver.State {
	zeros := n - bits.OnesCount64(b)
	lead = max(-zeros-1, min(zeros+1, lead))
	if r := bits.Reverse64(b) >> (64 - n); n > 0 && r < b {
		b = r
	}
	return solver.State(b | 1<<n | uint64(lead+binLeadBias)<<binLeadBit)
}

// binUnpack returns the bits, length and lead of s.
func binUnpack(s solver.State) (b uint64, n, lead int) {
	str := uint64(s) & (1<<binLeadBit - 1)
	n = bits.Len64(str) - 1
	return str &^ (1 << n), n, int(s>>binLeadBit) - binLeadBias
}

func (game) Encode(pos solver.Position) (solver.State, bool) {
	p := pos.(*BinaryString)
	if len(p.s) > maxBinChars {
		return 0, false
	}
	var b uint64
	for i := range len(p.s) {
		b |= uint64(p.s[i]-'0') << i
	}
	return binPack(b, len(p.s), p.lead()), true
}

// binBytes writes the string of s into buf and returns it and the lead.
func binBytes(s solver.State, buf []byte) ([]byte, int) {
	b, n, lead := binUnpack(s)
	buf = buf[:n]
	for i := range buf {
		buf[i] = '0' + byte(b>>i&1)
	}
	return buf, lead
}

func (game) Decode(s solver.State) solver.Position {
	var buf [maxBinChars]byte
	str, lead := binBytes(s, buf[:])
	return &BinaryString{s: string(str), held: [2]int{max(lead, 0), max(-lead, 0)}}
}

// Children removes every substring: the opponent then moves with the
// negation of the mover's lead after the 0s taken.
func (game) Children(s solver.State, buf []solver.State) []solver.State {
	b, n, lead := binUnpack(s)
	for i := range n {
		low := b & (1<<i - 1)
		for j := i; j < n; j++ {
			w := j - i + 1
			taken := w - bits.OnesCount64(b>>i&(1<<w-1))
			buf = append(buf, binPack(low|b>>(j+1)<<i, n-w, -(lead+taken)))
		}
	}
	return buf
}

// Terminal scores the empty string by the lead.
func (game) Terminal(s solver.State) solver.Outcome {
	_, _, lead := binUnpack(s)
	return leadOutcome(lead)
}

// Formula unpacks the string and applies scanBinary, binStringRule and
// bestMove, as Analyze and BestMove do.
func (game) Formula(s solver.State) (solver.Outcome, solver.State, bool) {
	var buf [maxBinChars]byte
	str, lead := binBytes(s, buf[:])
	zeros, nim := scanBinary(str, nil)
	o := binStringRule(zeros, nim, lead)
	var arrays [6][maxBinChars + 2]int
	t := binTables{runStart: arrays[0][:0], runEnd: arrays[1][:0], runAt: arrays[2][:0],
		runAfter: arrays[3][:0], nextZero: arrays[4][:0], xpre: arrays[5][:0]}
	i, j, ok := t.bestMove(str, lead, o)
	if !ok {
		return o, 0, false
	}
	b, n, _ := binUnpack(s)
	w := j - i + 1
	taken := w - bits.OnesCount64(b>>i&(1<<w-1))
	return o, binPack(b&(1<<i-1)|b>>(j+1)<<i, n-w, -(lead + taken)), true
}

// Starts yields every string of exactly size characters, no 0s held.
func (game) Starts(size int, yield func(solver.State) bool) {
	if size > maxBinChars {
		return
	}
	for b := uint64(0); b < 1<<size; b++ {
		if !yield(binPack(b, size, 0)) {
			return
		}
	}
}

// Span bounds the states below s. Taking substrings leaves a subsequence
// of the string; the lead of one with z 0s left, after z0-z more 0s were
// taken, is at most |lead|+z0-z either way (the lead changes sign with
// the mover) and is cut to z+1. So Span counts the distinct subsequences
// by their 0s, each times the leads it can carry.
func (game) Span(s solver.State) float64 {
	b, n, lead := binUnpack(s)
	lead = max(lead, -lead)
	// seqs[z]: distinct subsequences with z 0s of the prefix read so far;
	// before[c][z]: the same just before the last c read.
	var seqs, before0, before1 [maxBinChars + 2]float64
	seqs[0] = 1
	z0 := 0
	for i := range n {
		if b>>i&1 == 0 {
			z0++
			prev := before0
			before0 = seqs
			for z := z0; z >= 1; z-- {
				seqs[z] += seqs[z-1] - prev[z-1]
			}
		} else {
			prev := before1
			before1 = seqs
			for z := 0; z <= z0; z++ {
				seqs[z] += seqs[z] - prev[z]
			}
		}
	}
	total := 0.0
	for z := 0; z <= z0; z++ {
		total += seqs[z] * float64(2*min(lead+z0-z, z+1)+1)
	}
	return total
}
