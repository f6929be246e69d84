package solver

import (
	"bufio"
	"fmt"
	"math/bits"
	"strings"
)

// Adapwns is Ada and the pawns (CodeChef ADAPWNS): a move takes one pawn 1
// or 2 cells to the left over empty cells. Ada moves first; a player who
// cannot move loses.
var Adapwns Game = adapwnsGame{}

type adapwnsGame struct{}

// Contest limits, enforced only in strict mode.
const (
	adaMaxTests = 500
	adaMinLen   = 2
	adaMaxLen   = 128
)

func (adapwnsGame) Name() string      { return "adapwns" }
func (adapwnsGame) Title() string     { return "Ada and the pawns (CodeChef ADAPWNS)" }
func (adapwnsGame) NeedsFirst() bool  { return false }
func (adapwnsGame) VerifySize() int   { return 21 }
func (adapwnsGame) SizeLabel() string { return "cells" }
func (adapwnsGame) Format() string {
	return "a row of '.' and 'P'; a pawn moves 1 or 2 cells left over empty cells"
}

func (adapwnsGame) PlayerName(p Player) string {
	if p == 0 {
		return "Ada"
	}
	return "Ada's opponent"
}

func (adapwnsGame) Parse(text string, opts ParseOptions) (Position, error) {
	text = upperLetters(strings.TrimSpace(text), "P")
	if err := checkLength(text, "a row of '.' and 'P'", opts); err != nil {
		return nil, err
	}
	if err := checkBoard([]byte(text)); err != nil {
		return nil, err
	}
	if opts.Strict && (len(text) < adaMinLen || len(text) > adaMaxLen) {
		return nil, inputErr("position", "%s; the contest allows %d to %d", count(len(text), "cell", "cells"), adaMinLen, adaMaxLen)
	}
	return &Board{cells: text}, nil
}

func checkBoard(b []byte) error {
	for i, c := range b {
		if c != '.' && c != 'P' {
			return inputErr("position", "character %d is %s; a board uses '.' and 'P'", i+1, quoteChar(c))
		}
	}
	return nil
}

// Board is an adapwns position: the cells and the player to move.
type Board struct {
	cells string
	mover Player
}

// Cells returns the row of '.' and 'P'.
func (p *Board) Cells() string { return p.cells }

func (p *Board) Game() Game     { return Adapwns }
func (p *Board) ToMove() Player { return p.mover }
func (p *Board) String() string { return p.cells }

// Moves lists, pawn by pawn from the left, the 1-cell then the 2-cell move.
func (p *Board) Moves() []Move {
	var moves []Move
	for i := 0; i < len(p.cells); i++ {
		if p.cells[i] != 'P' {
			continue
		}
		for step := 1; step <= 2 && i-step >= 0 && p.cells[i-step] == '.'; step++ {
			moves = append(moves, CellMove{From: i + 1, To: i + 1 - step})
		}
	}
	return moves
}

func (p *Board) Play(m Move) (Position, error) {
	cm, ok := m.(CellMove)
	if !ok {
		return nil, fmt.Errorf("move: %v is not a cell move", m)
	}
	n := len(p.cells)
	if cm.From < 1 || cm.From > n || cm.To < 1 || cm.To > n {
		return nil, inputErr("move", "cells are numbered 1 to %d", n)
	}
	from, to := cm.From-1, cm.To-1
	if p.cells[from] != 'P' {
		return nil, inputErr("move", "cell %d holds no pawn", cm.From)
	}
	if step := from - to; step < 1 || step > 2 {
		return nil, inputErr("move", "a pawn moves 1 or 2 cells to the left; cell %d to %d is not that", cm.From, cm.To)
	}
	for j := to; j < from; j++ {
		if p.cells[j] != '.' {
			return nil, inputErr("move", "cell %d is taken; a pawn cannot pass or land on another", j+1)
		}
	}
	b := []byte(p.cells)
	b[from], b[to] = '.', 'P'
	return &Board{cells: string(b), mover: p.mover.Other()}, nil
}

func (p *Board) Terminal() Outcome { return Loss }

// AdapwnsAnalysis holds the numbers that decide an adapwns position.
type AdapwnsAnalysis struct {
	// Gaps holds the empty cells before each pawn, left to right; the first
	// pawn's gap runs to the left edge.
	Gaps []int `json:"gaps"`
	// Significant holds the 1-based indices into Gaps of the counted gaps:
	// every other gap, starting from the rightmost.
	Significant []int `json:"significant"`
	// Grundy holds g mod 3 for each counted gap, in the same order.
	Grundy []int `json:"grundy"`
	// Xor is the XOR of Grundy.
	Xor int `json:"xor"`
	// Pawns holds the 0-based cell of each pawn, left to right.
	Pawns []int `json:"-"`
}

func (AdapwnsAnalysis) analysisOf() string { return "adapwns" }

// gapFold is the formula of adapwns, fed one gap at a time from left to
// right: the XOR of g mod 3 over every other gap, counted from the
// rightmost. A single pass from the left cannot know which gaps count, so
// it keeps the XOR of both classes and swaps them at every pawn: last
// always holds the class of the pawn seen last.
type gapFold struct{ cur, last int }

func (f *gapFold) add(gap int) { f.cur ^= gap % 3; f.cur, f.last = f.last, f.cur }

// xor returns the XOR of the counted gaps' grundy values.
func (f gapFold) xor() int { return f.last }

// counted reports whether gap k of n counts: every other one from the right.
func counted(k, n int) bool { return (n-1-k)%2 == 0 }

// winningShift returns the first move, pawn by pawn from the left and 1
// cell before 2, that leaves the counted gaps with XOR 0: pawn k (0-based)
// moves d cells. Moving pawn k takes d from gap k and adds it to gap k+1.
// x is the XOR of the counted gaps; ok is false when no move reaches 0.
func winningShift(gaps []int, x int) (k, d int, ok bool) {
	n := len(gaps)
	for k := range n {
		for d := 1; d <= 2 && d <= gaps[k]; d++ {
			y := x
			if counted(k, n) {
				y ^= gaps[k]%3 ^ (gaps[k]-d)%3
			} else {
				y ^= gaps[k+1]%3 ^ (gaps[k+1]+d)%3
			}
			if y == 0 {
				return k, d, true
			}
		}
	}
	return 0, 0, false
}

// scanPawns walks a valid board once and returns the XOR of g mod 3 over
// the counted gaps. visit, if not nil, sees each pawn's cell and gap.
func scanPawns(b []byte, visit func(cell, gap int)) int {
	var f gapFold
	gap := 0
	for i, c := range b {
		if c == '.' {
			gap++
			continue
		}
		if visit != nil {
			visit(i, gap)
		}
		f.add(gap)
		gap = 0
	}
	return f.xor()
}

func (p *Board) Analyze() (Outcome, Analysis) {
	a := AdapwnsAnalysis{Gaps: []int{}, Significant: []int{}, Grundy: []int{}}
	a.Xor = scanPawns([]byte(p.cells), func(cell, gap int) {
		a.Pawns = append(a.Pawns, cell)
		a.Gaps = append(a.Gaps, gap)
	})
	n := len(a.Gaps)
	for i := (n + 1) % 2; i < n; i += 2 { // n-1, n-3, ... counted from the left
		a.Significant = append(a.Significant, i+1)
		a.Grundy = append(a.Grundy, a.Gaps[i]%3)
	}
	return xorRule(a.Xor), a
}

// BestMove finds the first move that leaves the counted gaps with XOR 0.
func (p *Board) BestMove(o Outcome, an Analysis) Move {
	a := an.(AdapwnsAnalysis)
	if o != Win {
		return nil
	}
	k, d, ok := winningShift(a.Gaps, a.Xor)
	if !ok {
		return nil
	}
	return CellMove{From: a.Pawns[k] + 1, To: a.Pawns[k] + 1 - d}
}

// xorRule decides an impartial sum: the mover wins exactly when the XOR of
// the grundy values is not 0.
func xorRule(x int) Outcome {
	if x != 0 {
		return Win
	}
	return Loss
}

func (adapwnsGame) Answer(pos Position, o Outcome) string {
	w := pos.ToMove()
	if o != Win {
		w = w.Other()
	}
	if w == 0 {
		return "Yes"
	}
	return "No"
}

// An adapwns state is the board as a bit mask, bit i set for a pawn on
// cell i+1, with a marker bit just above the last pawn. Empty cells right
// of the last pawn are never entered, so the canonical board drops them.
// The game is impartial: the state leaves out who moves.

// boardState returns the state of the board with pawns on mask.
func boardState(mask uint64) State { return State(mask | 1<<bits.Len64(mask)) }

// maxBoardCells is the longest canonical board a state holds.
const maxBoardCells = StateBits - 1

func (adapwnsGame) Encode(pos Position) (State, bool) {
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
func boardBytes(s State, buf []byte) []byte {
	n := bits.Len64(uint64(s)) - 1
	buf = buf[:n]
	for i := range buf {
		buf[i] = ".P"[s>>i&1]
	}
	return buf
}

func (adapwnsGame) Decode(s State) Position {
	var buf [maxBoardCells]byte
	return &Board{cells: string(boardBytes(s, buf[:]))}
}

// Children moves each pawn 1 cell left, and 2 where both cells are empty.
func (adapwnsGame) Children(s State, buf []State) []State {
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

func (adapwnsGame) Terminal(State) Outcome { return Loss }

// Formula reads the gaps off the state's bits and applies gapFold and
// winningShift, as Analyze and BestMove do.
func (adapwnsGame) Formula(s State) (Outcome, State, bool) {
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
		return Loss, 0, false
	}
	p, d, ok := winningShift(gaps[:k], x)
	if !ok {
		return Win, 0, false
	}
	return Win, boardState(pawns ^ (1|1<<d)<<(cells[p]-d)), true
}

// Starts yields every board of exactly size cells.
func (adapwnsGame) Starts(size int, yield func(State) bool) {
	if size > maxBoardCells {
		return
	}
	for mask := uint64(0); mask < 1<<size; mask++ {
		if !yield(boardState(mask)) {
			return
		}
	}
}

// Judge reads the ADAPWNS format: T, then one board a line.
func (adapwnsGame) Judge(j *JudgeReader, w *bufio.Writer) error {
	return judgeLines(j, w, adaMaxTests, func(b []byte) (string, error) {
		if len(b) == 0 {
			return "", inputErr("position", "the board is empty; a board has 1 or more cells")
		}
		if err := checkBoard(b); err != nil {
			return "", err
		}
		if j.Strict && (len(b) < adaMinLen || len(b) > adaMaxLen) {
			return "", inputErr("position", "%s; the contest allows %d to %d", count(len(b), "cell", "cells"), adaMinLen, adaMaxLen)
		}
		if scanPawns(b, nil) != 0 {
			return "Yes", nil
		}
		return "No", nil
	})
}
