package solver

import (
	"bufio"
	"fmt"
	"math/bits"
	"strings"
)

// BinString is the "fewest 0s" game: players alternately remove a
// non-empty substring, keeping what they remove; when the string is empty
// the player holding fewer 0s wins, and equal counts tie. Player 1 moves
// first.
var BinString Game = binStringGame{}

type binStringGame struct{}

func (binStringGame) Name() string      { return "binstring" }
func (binStringGame) Title() string     { return "Fewest 0s after emptying a binary string" }
func (binStringGame) NeedsFirst() bool  { return false }
func (binStringGame) VerifySize() int   { return 14 }
func (binStringGame) SizeLabel() string { return "characters" }
func (binStringGame) Format() string {
	return "a string of 0s and 1s; a move removes any substring, and fewer 0s at the end wins"
}

func (binStringGame) PlayerName(p Player) string {
	if p == 0 {
		return "Player 1"
	}
	return "Player 2"
}

func (binStringGame) Parse(text string, opts ParseOptions) (Position, error) {
	text = strings.TrimSpace(text)
	if err := checkLength(text, "a string of 0s and 1s", opts); err != nil {
		return nil, err
	}
	if k := firstNotBinary([]byte(text)); k >= 0 {
		return nil, inputErr("position", "character %d is %s; the string uses only 0 and 1", k+1, quoteChar(text[k]))
	}
	return &BinaryString{s: text}, nil
}

// BinaryString is a binstring position: the string that is left, how many
// 0s each player already holds, and the player to move.
type BinaryString struct {
	s     string
	held  [2]int
	mover Player
}

// Text returns the string that is left.
func (p *BinaryString) Text() string { return p.s }

// Held returns how many 0s Player 1 and Player 2 have taken so far.
func (p *BinaryString) Held() [2]int { return p.held }

func (p *BinaryString) Game() Game     { return BinString }
func (p *BinaryString) ToMove() Player { return p.mover }
func (p *BinaryString) String() string { return p.s }

// lead returns how many more 0s the mover holds than the opponent.
func (p *BinaryString) lead() int { return p.held[p.mover] - p.held[p.mover.Other()] }

// Moves lists every substring, by start and then end. A long string has
// n(n+1)/2 of them; callers that need only a few use FirstMoves.
func (p *BinaryString) Moves() []Move {
	n := len(p.s)
	return p.firstMoves(n * (n + 1) / 2)
}

// firstMoves lists the first limit substrings in the order of Moves.
func (p *BinaryString) firstMoves(limit int) []Move {
	n := len(p.s)
	moves := make([]Move, 0, min(limit, n*(n+1)/2))
	for i := 1; i <= n && len(moves) < limit; i++ {
		for j := i; j <= n && len(moves) < limit; j++ {
			moves = append(moves, RangeMove{Start: i, End: j})
		}
	}
	return moves
}

func (p *BinaryString) Play(m Move) (Position, error) {
	rm, ok := m.(RangeMove)
	if !ok {
		return nil, fmt.Errorf("move: %v is not a range move", m)
	}
	n := len(p.s)
	if n == 0 {
		return nil, inputErr("move", "the string is empty; the game is over")
	}
	if rm.Start < 1 || rm.End > n || rm.Start > rm.End {
		return nil, inputErr("move", "choose characters i to j with 1 ≤ i ≤ j ≤ %d", n)
	}
	taken := strings.Count(p.s[rm.Start-1:rm.End], "0")
	next := &BinaryString{s: p.s[:rm.Start-1] + p.s[rm.End:], held: p.held, mover: p.mover.Other()}
	next.held[p.mover] += taken
	return next, nil
}

// Terminal compares the 0s held once the string is empty.
func (p *BinaryString) Terminal() Outcome { return leadOutcome(p.lead()) }

// leadOutcome is the result for a player who ends with lead more 0s than
// the opponent: fewer 0s win.
func leadOutcome(lead int) Outcome {
	switch {
	case lead < 0:
		return Win
	case lead > 0:
		return Loss
	}
	return Tie
}

// BinStringAnalysis holds the numbers that decide a binstring position.
type BinStringAnalysis struct {
	Zeros  int   `json:"zeros"`
	Runs   []int `json:"runs"`
	NimSum int   `json:"nim_sum"`
	// Held is how many 0s Player 1 and Player 2 have taken so far in play.
	Held [2]int `json:"-"`
}

func (BinStringAnalysis) analysisOf() string { return "binstring" }

// binStringRule decides a binstring position from the 0s left, the Nim sum
// of the runs of 1s, and the mover's lead in 0s already held. With an even
// number of 0s left, the two players can each make sure they take exactly
// half. With an odd number, someone takes the extra 0: the player who is
// forced to start on the 0s, which is the loser of Nim on the runs of 1s.
// So the mover's final lead is their current lead, plus 0 (even), -1 (odd,
// Nim sum not 0) or +1 (odd, Nim sum 0).
func binStringRule(zeros, nim, lead int) Outcome {
	if zeros%2 == 1 {
		if nim != 0 {
			lead--
		} else {
			lead++
		}
	}
	return leadOutcome(lead)
}

// scanBinary walks a valid binary string once and returns the number of 0s
// and the XOR of the lengths of its runs of 1s. visit, if not nil, sees
// each run's length.
func scanBinary(b []byte, visit func(run int)) (zeros, nim int) {
	run := 0
	for _, c := range b {
		if c == '1' {
			run++
			continue
		}
		zeros++
		if run > 0 {
			nim ^= run
			if visit != nil {
				visit(run)
			}
			run = 0
		}
	}
	if run > 0 {
		nim ^= run
		if visit != nil {
			visit(run)
		}
	}
	return zeros, nim
}

func (p *BinaryString) Analyze() (Outcome, Analysis) {
	a := BinStringAnalysis{Runs: []int{}, Held: p.held}
	a.Zeros, a.NimSum = scanBinary([]byte(p.s), func(run int) { a.Runs = append(a.Runs, run) })
	return binStringRule(a.Zeros, a.NimSum, p.lead()), a
}

// BestMove finds the first substring, by start and then end, whose
// removal keeps the outcome o.
func (p *BinaryString) BestMove(o Outcome, _ Analysis) Move {
	var t binTables
	i, j, ok := t.bestMove([]byte(p.s), p.lead(), o)
	if !ok {
		return nil
	}
	return RangeMove{Start: i + 1, End: j + 1}
}

// binTables are the prefix tables of a binary string that let bestMove
// judge a removal in constant time. Their slices may start with spare
// capacity, so that short strings need no allocation.
type binTables struct {
	runStart, runEnd []int // the runs of 1s, 0-based and inclusive
	runAt            []int // the run holding character i, or -1
	runAfter         []int // the first run starting at or after i, for i in 0..n
	nextZero         []int // the first 0 at or after i, or n, for i in 0..n
	xpre             []int // XOR of the first k runs' lengths
}

// fill builds the tables of s.
func (t *binTables) fill(s []byte) {
	n := len(s)
	t.runStart, t.runEnd, t.runAt, t.xpre = t.runStart[:0], t.runEnd[:0], t.runAt[:0], append(t.xpre[:0], 0)
	for i, c := range s {
		if c == '0' {
			t.runAt = append(t.runAt, -1)
			continue
		}
		if i == 0 || s[i-1] == '0' {
			t.runStart = append(t.runStart, i)
			t.runEnd = append(t.runEnd, i)
		}
		k := len(t.runStart) - 1
		t.runEnd[k] = i
		t.runAt = append(t.runAt, k)
	}
	for k := range t.runStart {
		t.xpre = append(t.xpre, t.xpre[k]^(t.runEnd[k]-t.runStart[k]+1))
	}
	t.runAfter, t.nextZero = resize(t.runAfter, n+1), resize(t.nextZero, n+1)
	t.runAfter[n], t.nextZero[n] = len(t.runStart), n
	for i := n - 1; i >= 0; i-- {
		t.runAfter[i], t.nextZero[i] = t.runAfter[i+1], t.nextZero[i+1]
		if k := t.runAt[i]; k >= 0 && t.runStart[k] == i {
			t.runAfter[i] = k
		}
		if s[i] == '0' {
			t.nextZero[i] = i
		}
	}
}

// resize returns s with length n, reusing its array if it is large enough.
func resize(s []int, n int) []int {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]int, n)
}

// bestMove finds the first substring i..j (0-based, inclusive), by start
// and then end, whose removal keeps the outcome o for a mover who is lead
// 0s ahead, in time linear in len(s).
//
// After removing t 0s, the mover's final lead is lead + t - s', where s'
// is the shift binStringRule gives the opponent: 0 with an even number of
// 0s left, +1 with an odd number and runs of 1s with XOR 0, -1 with an
// odd number and XOR not 0. So only t up to -lead+1 can keep a win or a
// tie. For a fixed start i, the ends j with t 0s removed are one 0 and
// the run of 1s after it (for t = 0, the rest of i's run), and along that
// stretch the XOR of the runs left changes only through the run the cut
// ends in: X' = C ^ (left + end - j). So each t is judged in constant
// time, and a start needs only a few of them.
func (t *binTables) bestMove(s []byte, lead int, o Outcome) (int, int, bool) {
	if o == Loss {
		return 0, 0, false
	}
	t.fill(s)
	n := len(s)
	zeros := 0
	for _, c := range s {
		zeros += int('1' - c)
	}
	X := t.xpre[len(t.runStart)]
	target := -lead // the mover needs t - s' < target (win) or == target (tie)
	keeps := func(c int) bool {
		if o == Win {
			return c < target
		}
		return c == target
	}
	for i := 0; i < n; i++ {
		a, left := t.runAfter[i], 0
		if i > 0 && s[i-1] == '1' {
			a = t.runAt[i-1]
			left = i - t.runStart[a]
		}
		// lo..hi: the ends j that remove exactly k 0s.
		lo, hi := i, t.nextZero[i]-1
		for k := 0; k <= target+1; k++ {
			if k > 0 {
				if k == 1 {
					lo = t.nextZero[i]
				} else {
					lo = t.nextZero[hi+1]
				}
				if lo >= n {
					break
				}
				hi = t.nextZero[lo+1] - 1
			}
			if lo > hi {
				continue
			}
			var ok0, ok1 bool // removals leaving XOR 0, and not 0, keep o
			if (zeros-k)%2 == 0 {
				ok0 = keeps(k)
				ok1 = ok0
			} else {
				ok0, ok1 = keeps(k-1), keeps(k+1)
			}
			switch {
			case ok0 && ok1:
				return i, lo, true
			case !ok0 && !ok1:
				continue
			}
			if s[hi] == '0' { // a single end: the 0, with no 1 after it
				b := t.runAfter[hi+1] - 1
				x := X
				if a <= b {
					x ^= t.xpre[b+1] ^ t.xpre[a] ^ left
				}
				if (x == 0) == ok0 {
					return i, lo, true
				}
				continue
			}
			// The cut ends in run r; removing up to j leaves end-j of it.
			r := t.runAt[hi]
			c := X ^ t.xpre[r+1] ^ t.xpre[a]
			zeroAt := left + t.runEnd[r] - c // the end that leaves XOR 0
			if ok0 {
				if zeroAt >= lo && zeroAt <= hi {
					return i, zeroAt, true
				}
				continue
			}
			if j := lo; j != zeroAt {
				return i, j, true
			} else if j+1 <= hi {
				return i, j + 1, true
			}
		}
	}
	return 0, 0, false
}

func (binStringGame) Answer(pos Position, o Outcome) string {
	if o == Tie {
		return "Tie"
	}
	w := pos.ToMove()
	if o != Win {
		w = w.Other()
	}
	return BinString.PlayerName(w)
}

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
func binPack(b uint64, n, lead int) State {
	zeros := n - bits.OnesCount64(b)
	lead = max(-zeros-1, min(zeros+1, lead))
	if r := bits.Reverse64(b) >> (64 - n); n > 0 && r < b {
		b = r
	}
	return State(b | 1<<n | uint64(lead+binLeadBias)<<binLeadBit)
}

// binUnpack returns the bits, length and lead of s.
func binUnpack(s State) (b uint64, n, lead int) {
	str := uint64(s) & (1<<binLeadBit - 1)
	n = bits.Len64(str) - 1
	return str &^ (1 << n), n, int(s>>binLeadBit) - binLeadBias
}

func (binStringGame) Encode(pos Position) (State, bool) {
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
func binBytes(s State, buf []byte) ([]byte, int) {
	b, n, lead := binUnpack(s)
	buf = buf[:n]
	for i := range buf {
		buf[i] = '0' + byte(b>>i&1)
	}
	return buf, lead
}

func (binStringGame) Decode(s State) Position {
	var buf [maxBinChars]byte
	str, lead := binBytes(s, buf[:])
	p := &BinaryString{s: string(str)}
	p.held[0], p.held[1] = max(lead, 0), max(-lead, 0)
	return p
}

// Children removes every substring: the opponent then moves with the
// negation of the mover's lead after the 0s taken.
func (binStringGame) Children(s State, buf []State) []State {
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
func (binStringGame) Terminal(s State) Outcome {
	_, _, lead := binUnpack(s)
	return leadOutcome(lead)
}

// Formula unpacks the string and applies scanBinary, binStringRule and
// bestMove, as Analyze and BestMove do.
func (binStringGame) Formula(s State) (Outcome, State, bool) {
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
func (binStringGame) Starts(size int, yield func(State) bool) {
	if size > maxBinChars {
		return
	}
	for b := uint64(0); b < 1<<size; b++ {
		if !yield(binPack(b, size, 0)) {
			return
		}
	}
}

// Judge reads the project's binstring format: T, then one string a line.
func (binStringGame) Judge(j *JudgeReader, w *bufio.Writer) error {
	return judgeLines(j, w, 1<<30, func(b []byte) (string, error) {
		if len(b) == 0 {
			return "", inputErr("position", "the string is empty; a test has 1 or more characters")
		}
		if k := firstNotBinary(b); k >= 0 {
			return "", inputErr("position", "character %d is %s; the string uses only 0 and 1", k+1, quoteChar(b[k]))
		}
		zeros, nim := scanBinary(b, nil)
		switch binStringRule(zeros, nim, 0) {
		case Win:
			return "Player 1", nil
		case Loss:
			return "Player 2", nil
		}
		return "Tie", nil
	})
}
