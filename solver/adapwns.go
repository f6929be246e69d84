package solver

import (
	"bufio"
	"fmt"
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
func (adapwnsGame) VerifySize() int   { return 16 }
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
	if err := checkLength(text, "a row of '.' and 'P'"); err != nil {
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

// Key is the board alone: the game is impartial, so the outcome for the
// player to move does not depend on who that is.
func (p *Board) Key() string { return p.cells }

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

// scanPawns walks a valid board once and returns the XOR of g mod 3 over
// the counted gaps. visit, if not nil, sees each pawn's cell and gap. The
// counted gaps are every other one from the right, which a single pass
// from the left cannot know in advance, so it keeps the XOR for both
// parities and picks one at the end.
func scanPawns(b []byte, visit func(cell, gap int)) int {
	var xors [2]int
	gap, pawns := 0, 0
	for i, c := range b {
		if c == '.' {
			gap++
			continue
		}
		if visit != nil {
			visit(i, gap)
		}
		xors[pawns&1] ^= gap % 3
		pawns++
		gap = 0
	}
	if pawns == 0 {
		return 0
	}
	return xors[(pawns-1)&1]
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

// Enumerate yields every board of exactly size cells, Ada to move.
func (adapwnsGame) Enumerate(size int, yield func(Position) bool) {
	enumerateStrings(size, ".P", func(s string) bool {
		return yield(&Board{cells: s})
	})
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
