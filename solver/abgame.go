package solver

import (
	"bufio"
	"fmt"
	"math/bits"
	"strings"
)

// ABGame is the A-B game (CodeChef ABGAME): letters on a row alternate in
// direction (the 1st, 3rd, ... move right, the 2nd, 4th, ... left); A moves
// an A, B moves a B, any number of empty cells in its direction. A moves
// first; a player who cannot move loses.
var ABGame Game = abGame{}

type abGame struct{}

// Contest limits, enforced only in strict mode.
const (
	abMaxTests = 100000
	abMaxLen   = 100000
	abMaxTotal = 1000000
)

func (abGame) Name() string      { return "abgame" }
func (abGame) Title() string     { return "The A-B game (CodeChef ABGAME)" }
func (abGame) NeedsFirst() bool  { return false }
func (abGame) VerifySize() int   { return 13 }
func (abGame) SizeLabel() string { return "cells" }
func (abGame) Format() string {
	return "a row of '.', 'A' and 'B'; odd-numbered letters move right, even-numbered left"
}

func (abGame) PlayerName(p Player) string {
	if p == 0 {
		return "A"
	}
	return "B"
}

func (g abGame) Parse(text string, opts ParseOptions) (Position, error) {
	text = upperLetters(strings.TrimSpace(text), "AB")
	if err := checkLength(text, "a row of '.', 'A' and 'B'", opts); err != nil {
		return nil, err
	}
	if err := checkABRow([]byte(text)); err != nil {
		return nil, err
	}
	if opts.Strict && len(text) > abMaxLen {
		return nil, inputErr("position", "%d cells; the contest allows at most %d", len(text), abMaxLen)
	}
	return &ABRow{row: text}, nil
}

func checkABRow(row []byte) error {
	for i, c := range row {
		if c != '.' && c != 'A' && c != 'B' {
			return inputErr("position", "character %d is %s; a row uses '.', 'A' and 'B'", i+1, quoteChar(c))
		}
	}
	return nil
}

// ABRow is an abgame position: the row and the player to move.
type ABRow struct {
	row   string
	mover Player
}

// Row returns the row of '.', 'A' and 'B'.
func (p *ABRow) Row() string { return p.row }

func (p *ABRow) Game() Game     { return ABGame }
func (p *ABRow) ToMove() Player { return p.mover }
func (p *ABRow) String() string { return p.row }

// letterOf returns the letter a player moves.
func letterOf(p Player) byte { return 'A' + byte(p) }

// Moves lists, for each letter of the mover from left to right, every cell
// it can reach in its direction, nearest first.
func (p *ABRow) Moves() []Move {
	var moves []Move
	own := letterOf(p.mover)
	k := 0 // letters seen so far
	for i := 0; i < len(p.row); i++ {
		c := p.row[i]
		if c == '.' {
			continue
		}
		right := k%2 == 0
		k++
		if c != own {
			continue
		}
		if right {
			for j := i + 1; j < len(p.row) && p.row[j] == '.'; j++ {
				moves = append(moves, CellMove{From: i + 1, To: j + 1})
			}
		} else {
			for j := i - 1; j >= 0 && p.row[j] == '.'; j-- {
				moves = append(moves, CellMove{From: i + 1, To: j + 1})
			}
		}
	}
	return moves
}

func (p *ABRow) Play(m Move) (Position, error) {
	cm, ok := m.(CellMove)
	if !ok {
		return nil, fmt.Errorf("move: %v is not a cell move", m)
	}
	n := len(p.row)
	if cm.From < 1 || cm.From > n || cm.To < 1 || cm.To > n {
		return nil, inputErr("move", "cells are numbered 1 to %d", n)
	}
	from, to := cm.From-1, cm.To-1
	own := letterOf(p.mover)
	if p.row[from] != own {
		return nil, inputErr("move", "cell %d holds %s, not %s's letter %c", cm.From, quoteChar(p.row[from]), ABGame.PlayerName(p.mover), own)
	}
	k := strings.Count(p.row[:from], "A") + strings.Count(p.row[:from], "B")
	right := k%2 == 0
	if right && to <= from || !right && to >= from {
		dir := "right"
		if !right {
			dir = "left"
		}
		return nil, inputErr("move", "the letter on cell %d is letter %d, which moves %s", cm.From, k+1, dir)
	}
	lo, hi := min(from, to), max(from, to)
	for j := lo; j <= hi; j++ {
		if j != from && p.row[j] != '.' {
			return nil, inputErr("move", "cell %d is taken; a letter cannot jump over or land on another", j+1)
		}
	}
	b := []byte(p.row)
	b[from], b[to] = '.', own
	return &ABRow{row: string(b), mover: p.mover.Other()}, nil
}

func (p *ABRow) Terminal() Outcome { return Loss }

// ABPairKind says what a facing pair (or the last letter) is worth.
type ABPairKind int

// The kinds of facing pair.
const (
	// ABReserve is a pair of the same owner: d moves only its owner can make.
	ABReserve ABPairKind = iota
	// ABNim is a pair of different owners: a Nim heap of size d.
	ABNim
	// ABEdge is an unpaired last letter: d reserve moves to the right edge.
	ABEdge
)

// ABPair is a facing pair of letters, or the unpaired last letter.
type ABPair struct {
	Kind ABPairKind
	// Left and Right are the 0-based cells of the two letters; for ABEdge,
	// Right is the row's length (the edge).
	Left, Right int
	// Owner is the player who owns the reserve (ABReserve, ABEdge).
	Owner Player
	// Gap is the number of empty cells between them.
	Gap int
}

// ABGameAnalysis holds the numbers that decide an abgame position.
type ABGameAnalysis struct {
	ReserveA int   `json:"reserve_a"`
	ReserveB int   `json:"reserve_b"`
	NimHeaps []int `json:"nim_heaps"`
	NimSum   int   `json:"nim_sum"`
	// Pairs lists the facing pairs and the unpaired last letter, left to right.
	Pairs []ABPair `json:"-"`
}

func (ABGameAnalysis) analysisOf() string { return "abgame" }

// scanAB walks a valid row once, pairing the letters, and returns the
// reserve moves of A and B and the XOR of the Nim heaps. visit, if not
// nil, sees every pair, and the walk stops when it returns false. The
// judge, Analyze and the move finder share this one walk.
func scanAB(row []byte, visit func(ABPair) bool) (reserve [2]int, nim int) {
	open := -1 // cell of a right-moving letter waiting for its partner
	for i, c := range row {
		if c == '.' {
			continue
		}
		if open < 0 {
			open = i
			continue
		}
		d := i - open - 1
		pr := ABPair{Left: open, Right: i, Gap: d}
		if row[open] == c {
			pr.Kind, pr.Owner = ABReserve, Player(c-'A')
			reserve[pr.Owner] += d
		} else {
			pr.Kind = ABNim
			nim ^= d
		}
		if visit != nil && !visit(pr) {
			return reserve, nim
		}
		open = -1
	}
	if open >= 0 {
		d := len(row) - open - 1
		pr := ABPair{Kind: ABEdge, Left: open, Right: len(row), Owner: Player(row[open] - 'A'), Gap: d}
		reserve[pr.Owner] += d
		if visit != nil {
			visit(pr)
		}
	}
	return reserve, nim
}

// abRule decides abgame for the mover: more reserve moves win; with equal
// reserves, whoever faces a non-zero Nim sum wins.
func abRule(reserve [2]int, nim int, mover Player) Outcome {
	mine, theirs := reserve[mover], reserve[mover.Other()]
	if mine > theirs || mine == theirs && nim != 0 {
		return Win
	}
	return Loss
}

func (p *ABRow) Analyze() (Outcome, Analysis) {
	a := ABGameAnalysis{NimHeaps: []int{}}
	reserve, nim := scanAB([]byte(p.row), func(pr ABPair) bool {
		a.Pairs = append(a.Pairs, pr)
		if pr.Kind == ABNim {
			a.NimHeaps = append(a.NimHeaps, pr.Gap)
		}
		return true
	})
	a.ReserveA, a.ReserveB, a.NimSum = reserve[0], reserve[1], nim
	return abRule(reserve, nim, p.mover), a
}

// BestMove finds the first move, in the order Moves lists them, that
// keeps the outcome o.
func (p *ABRow) BestMove(o Outcome, _ Analysis) Move {
	from, to, ok := abBestMove([]byte(p.row), p.mover, o)
	if !ok {
		return nil
	}
	return CellMove{From: from + 1, To: to + 1}
}

// abBestMove finds, in the order Moves lists them, the first move of
// mover that keeps the outcome o: the letter on cell from (0-based) moves
// to cell to. Letters never pass each other, so a move only shrinks the
// gap of its own pair (or of the last letter to the edge) by k cells, and
// each candidate is judged in constant time from the totals: two walks
// over the row in all.
func abBestMove(row []byte, mover Player, o Outcome) (from, to int, ok bool) {
	if o == Loss {
		return 0, 0, false
	}
	reserve, nim := scanAB(row, nil)
	own := letterOf(mover)
	try := func(pr ABPair, cell, dir int) bool {
		for k := 1; k <= pr.Gap; k++ {
			r, x := reserve, nim
			if pr.Kind == ABNim {
				x ^= pr.Gap ^ (pr.Gap - k)
			} else {
				r[pr.Owner] -= k
			}
			if -abRule(r, x, mover.Other()) == o {
				from, to, ok = cell, cell+dir*k, true
				return true
			}
		}
		return false
	}
	scanAB(row, func(pr ABPair) bool {
		if row[pr.Left] == own && try(pr, pr.Left, 1) {
			return false
		}
		return pr.Kind == ABEdge || row[pr.Right] != own || !try(pr, pr.Right, -1)
	})
	return from, to, ok
}

func (abGame) Answer(pos Position, o Outcome) string {
	w := pos.ToMove()
	if o != Win {
		w = w.Other()
	}
	return ABGame.PlayerName(w)
}

// An abgame state is the canonical row, two bits a cell ('.' 0, 'A' 1,
// 'B' 2) from bit 0, with a marker bit above the last cell, and the
// player to move in bit 47. No letter ever enters the cells left of the
// first letter, between two facing pairs, or right of a last letter that
// moves left, so the canonical row drops them: it is the facing pairs
// side by side, and the unpaired last letter with its cells to the edge.

// abMoverBit is where an abgame state keeps the player to move.
const abMoverBit = StateBits - 1

// maxABCells is the longest canonical row a state holds.
const maxABCells = abMoverBit / 2

// abCanonical writes the canonical form of row into buf and returns it.
func abCanonical(row, buf []byte) []byte {
	out := buf[:0]
	letters, pending := 0, 0
	for _, c := range row {
		if c == '.' {
			pending++
			continue
		}
		if letters%2 == 1 { // the gap of a facing pair
			for range pending {
				out = append(out, '.')
			}
		}
		out = append(out, c)
		pending = 0
		letters++
	}
	if letters%2 == 1 { // the last letter's way to the edge
		for range pending {
			out = append(out, '.')
		}
	}
	return out
}

// abPack packs a canonical row and the mover, or reports false.
func abPack(row []byte, mover Player) (State, bool) {
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
	return State(s | uint64(mover)<<abMoverBit), true
}

func (abGame) Encode(pos Position) (State, bool) {
	p := pos.(*ABRow)
	var buf [maxABCells + 1]byte
	if len(p.row) <= maxABCells {
		return abPack(abCanonical([]byte(p.row), buf[:0]), p.mover)
	}
	return abPack(abCanonical([]byte(p.row), nil), p.mover)
}

// abUnpack writes the row of s into buf and returns it and the mover.
func abUnpack(s State, buf []byte) ([]byte, Player) {
	mover := Player(s >> abMoverBit)
	row := uint64(s) &^ (1 << abMoverBit)
	n := (bits.Len64(row) - 1) / 2
	buf = buf[:n]
	for i := range buf {
		buf[i] = ".AB"[row>>(2*i)&3]
	}
	return buf, mover
}

func (abGame) Decode(s State) Position {
	var buf [maxABCells]byte
	row, mover := abUnpack(s, buf[:])
	return &ABRow{row: string(row), mover: mover}
}

// Children shrinks, by each k from 1 to its gap, every pair or last
// letter that has a letter of the mover: on the canonical row, moving a
// letter k cells toward its partner (or the edge) removes k of the empty
// cells between them. A pair of two of the mover's letters gives each
// state once.
func (abGame) Children(s State, buf []State) []State {
	mover := Player(s >> abMoverBit)
	row := uint64(s) &^ (1 << abMoverBit)
	n := (bits.Len64(row) - 1) / 2
	own := uint64(mover) + 1
	next := uint64(mover.Other()) << abMoverBit
	shrink := func(cell, gap int) {
		low := row & (1<<(2*cell) - 1)
		for k := 1; k <= gap; k++ {
			buf = append(buf, State(low|row>>(2*(cell+k))<<(2*cell)|next))
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

func (abGame) Terminal(State) Outcome { return Loss }

// Formula unpacks the row and applies scanAB, abRule and abBestMove, as
// Analyze and BestMove do.
func (abGame) Formula(s State) (Outcome, State, bool) {
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
func (abGame) Starts(size int, yield func(State) bool) {
	var canon [maxABCells + 1]byte
	enumerateBytes(size, ".AB", func(row []byte) bool {
		if s, ok := abPack(abCanonical(row, canon[:0]), 0); ok {
			return yield(s)
		}
		return true
	})
}

// enumerateStrings calls yield for every string of length n over alphabet.
func enumerateStrings(n int, alphabet string, yield func(string) bool) {
	enumerateBytes(n, alphabet, func(b []byte) bool { return yield(string(b)) })
}

// enumerateBytes calls yield for every string of length n over alphabet,
// in one buffer that yield must not keep.
func enumerateBytes(n int, alphabet string, yield func([]byte) bool) {
	b := make([]byte, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == n {
			return yield(b)
		}
		for k := 0; k < len(alphabet); k++ {
			b[i] = alphabet[k]
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}

// Judge reads the ABGAME format: T, then one row a line.
func (abGame) Judge(j *JudgeReader, w *bufio.Writer) error {
	total := 0
	return judgeLines(j, w, abMaxTests, func(row []byte) (string, error) {
		if len(row) == 0 {
			return "", inputErr("position", "the row is empty; a row has 1 or more cells")
		}
		reserve, nim, ok := scanABFast(row)
		if !ok {
			return "", checkABRow(row)
		}
		if j.Strict {
			total += len(row)
			if len(row) > abMaxLen {
				return "", inputErr("position", "%d cells; the contest allows at most %d", len(row), abMaxLen)
			}
			if total > abMaxTotal {
				return "", inputErr("position", "the rows so far have %d cells; the contest allows %d in all", total, abMaxTotal)
			}
		}
		if abRule(reserve, nim, 0) == Win {
			return "A", nil
		}
		return "B", nil
	})
}

// abClass classifies a byte of a row: 0 for '.', 1 for 'A', 2 for 'B',
// and 4 for anything else.
var abClass = func() (t [256]uint8) {
	for i := range t {
		t[i] = 4
	}
	t['.'], t['A'], t['B'] = 0, 1, 2
	return t
}()

// scanABFast is scanAB for the judge: it validates the row in the same
// single pass and has no branch that depends on the data, because a
// random row makes every such branch a coin toss for the processor. ok
// is false if the row holds a byte other than '.', 'A' and 'B'; then
// checkABRow says where.
func scanABFast(row []byte) (reserve [2]int, nim int, ok bool) {
	var bad uint8
	open, openOwner, parity := 0, 0, 0 // parity 1: a letter waits for its partner
	for i, c := range row {
		cl := abClass[c]
		bad |= cl
		letter := int(cl|cl>>1) & 1 // 1 for 'A' and 'B' (and for no valid byte)
		owner := int(cl>>1) & 1     // 0 for 'A', 1 for 'B'
		closing := -(letter & parity)
		same := ^(owner ^ openOwner) & 1
		d := (i - open - 1) & closing
		reserve[owner] += d & -same
		nim ^= d &^ -same
		opening := -(letter &^ parity)
		open = open&^opening | i&opening
		openOwner = openOwner&^opening | owner&opening
		parity ^= letter
	}
	if bad&4 != 0 {
		return reserve, nim, false
	}
	if parity == 1 {
		reserve[openOwner] += len(row) - open - 1
	}
	return reserve, nim, true
}
