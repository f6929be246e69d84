package adapwns

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Game is Ada and the pawns (CodeChef ADAPWNS): a move takes one pawn 1
// or 2 cells to the left over empty cells. Ada moves first; a player who
// cannot move loses.
var Game solver.Game = game{Course: &course}

// game implements solver.Game, explain.Teacher and render.Drawer.
type game struct {
	*explain.Course
	solver.CellGame
}

// Contest limits, enforced only in strict mode.
const (
	adaMaxTests = 500
	adaMinLen   = 2
	adaMaxLen   = 128
)

func (game) Name() string     { return "adapwns" }
func (game) Title() string    { return "Ada and the pawns (CodeChef ADAPWNS)" }
func (game) NeedsFirst() bool { return false }
func (game) VerifySize() int  { return 22 }

// VerifyBound is the largest verify table that finishes in reasonable
// time (docs/VERIFY.md).
func (game) VerifyBound() int { return 24 }

func (game) SizeLabel() string { return "cells" }
func (game) Format() string {
	return "a row of '.' and 'P'; a pawn moves 1 or 2 cells left over empty cells"
}

func (game) Examples() []string { return []string{"..P.P", ".P..P.P", "P...P..P", "...P.P.P"} }

// Move moves the pawn on cell From to cell To, counting from 1.
type Move = solver.CellMove

func (game) PlayerName(p solver.Player) string { return [2]string{"Ada", "Ada's opponent"}[p] }

func (game) Parse(text string, opts solver.ParseOptions) (solver.Position, error) {
	text = solver.UpperLetters(strings.TrimSpace(text), "P")
	if err := solver.CheckLength(text, "a row of '.' and 'P'", opts); err != nil {
		return nil, err
	}
	if err := checkBoard([]byte(text), opts.Strict); err != nil {
		return nil, err
	}
	return &Board{cells: text}, nil
}

// Restore rebuilds a board in the middle of a game.
func (g game) Restore(text string, mover solver.Player, held [2]int) (solver.Position, error) {
	return solver.RestoreUnscored(g, text, mover, held, func(p *Board) { p.mover = mover })
}

// Random returns a board of 5 to 14 cells, about a third of them pawns.
func (game) Random(r *rand.Rand) solver.Position {
	b := make([]byte, 5+r.IntN(10))
	for i := range b {
		b[i] = '.'
		if r.Float64() < 0.35 {
			b[i] = 'P'
		}
	}
	return &Board{cells: string(b)}
}

// RandomText is a board of n cells with a pawn on about a third of them.
func (game) RandomText(r *rand.Rand, n int) (string, string) {
	return solver.RandomString(r, max(1, n), "..P"), ""
}

// checkBoard rejects a board with another character than '.' and 'P',
// and in strict mode one of a length the contest does not allow.
func checkBoard(b []byte, strict bool) error {
	if i := solver.FirstNotIn(b, ".P"); i >= 0 {
		return solver.Inputf("position", "%s; a board uses '.' and 'P'", solver.CharAt(string(b), i))
	}
	if strict && (len(b) < adaMinLen || len(b) > adaMaxLen) {
		return solver.Inputf("position", "%s; the contest allows %d to %d", solver.Count(len(b), "cell", "cells"), adaMinLen, adaMaxLen)
	}
	return nil
}

// Board is an adapwns position: the cells and the player to move.
type Board struct {
	cells string
	mover solver.Player
}

// Cells returns the row of '.' and 'P'.
func (p *Board) Cells() string { return p.cells }

func (p *Board) Game() solver.Game     { return Game }
func (p *Board) ToMove() solver.Player { return p.mover }
func (p *Board) String() string        { return p.cells }
func (p *Board) Held() [2]int          { return [2]int{} }

// Moves lists, pawn by pawn from the left, the 1-cell then the 2-cell move.
func (p *Board) Moves() []solver.Move {
	var moves []solver.Move
	for i := 0; i < len(p.cells); i++ {
		if p.cells[i] != 'P' {
			continue
		}
		for step := 1; step <= 2 && i-step >= 0 && p.cells[i-step] == '.'; step++ {
			moves = append(moves, Move{From: i + 1, To: i + 1 - step})
		}
	}
	return moves
}

func (p *Board) Play(m solver.Move) (solver.Position, error) {
	cm, ok := m.(Move)
	if !ok {
		return nil, solver.Inputf("move", "%v is not a move of %s", m, Game.Name())
	}
	n := len(p.cells)
	if cm.From < 1 || cm.From > n || cm.To < 1 || cm.To > n {
		return nil, solver.Inputf("move", "cells are numbered 1 to %d", n)
	}
	from, to := cm.From-1, cm.To-1
	if p.cells[from] != 'P' {
		return nil, solver.Inputf("move", "cell %d holds no pawn", cm.From)
	}
	if step := from - to; step < 1 || step > 2 {
		return nil, solver.Inputf("move", "a pawn moves 1 or 2 cells to the left; cell %d to %d is not that", cm.From, cm.To)
	}
	for j := to; j < from; j++ {
		if p.cells[j] != '.' {
			return nil, solver.Inputf("move", "cell %d is taken; a pawn cannot pass or land on another", j+1)
		}
	}
	b := []byte(p.cells)
	b[from], b[to] = '.', 'P'
	return &Board{cells: string(b), mover: p.mover.Other()}, nil
}

func (p *Board) Terminal() solver.Outcome { return solver.Loss }
