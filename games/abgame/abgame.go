package abgame

import (
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Game is the A-B game (CodeChef ABGAME): letters on a row alternate in
// direction (the 1st, 3rd, ... move right, the 2nd, 4th, ... left); A moves
// an A, B moves a B, any number of empty cells in its direction. A moves
// first; a player who cannot move loses.
var Game solver.Game = game{Course: &course}

// game implements solver.Game, explain.Teacher and render.Drawer.
type game struct {
	*explain.Course
	solver.CellGame
}

// Contest limits, enforced only in strict mode.
const (
	abMaxTests = 100000
	abMaxLen   = 100000
	abMaxTotal = 1000000
)

func (game) Name() string     { return "abgame" }
func (game) Title() string    { return "The A-B game (CodeChef ABGAME)" }
func (game) NeedsFirst() bool { return false }
func (game) VerifySize() int  { return 13 }

// VerifyBound is the largest verify table that finishes in reasonable
// time (docs/VERIFY.md).
func (game) VerifyBound() int { return 16 }

func (game) SizeLabel() string { return "cells" }
func (game) Format() string {
	return "a row of '.', 'A' and 'B'; odd-numbered letters move right, even-numbered left"
}

func (game) Examples() []string { return []string{"A..B.A...B", "A.B", "A..B", "A..B.A..B"} }

// Move moves the letter on cell From to cell To, counting from 1.
type Move = solver.CellMove

func (game) PlayerName(p solver.Player) string { return [2]string{"A", "B"}[p] }

func (g game) Parse(text string, opts solver.ParseOptions) (solver.Position, error) {
	text = solver.UpperLetters(strings.TrimSpace(text), "AB")
	if err := solver.CheckLength(text, "a row of '.', 'A' and 'B'", opts); err != nil {
		return nil, err
	}
	if err := checkABRow([]byte(text)); err != nil {
		return nil, err
	}
	if opts.Strict && len(text) > abMaxLen {
		return nil, solver.Inputf("position", "%d cells; the contest allows at most %d", len(text), abMaxLen)
	}
	return &ABRow{row: text}, nil
}

// Restore rebuilds a row in the middle of a game.
func (g game) Restore(text string, mover solver.Player, held [2]int) (solver.Position, error) {
	return solver.RestoreUnscored(g, text, mover, held, func(p *ABRow) { p.mover = mover })
}

// Random returns a row of 5 to 13 cells, half of them letters, with
// either player to move.
func (game) Random(r *rand.Rand) solver.Position {
	row := solver.RandomString(r, 5+r.IntN(9), "..AB")
	return &ABRow{row: row, mover: solver.Player(r.IntN(2))}
}

// RandomText is a row of n cells with a letter on about a third of them.
func (game) RandomText(r *rand.Rand, n int) (string, string) {
	return solver.RandomString(r, max(1, n), "....AB"), ""
}

func checkABRow(row []byte) error {
	if i := solver.FirstNotIn(row, ".AB"); i >= 0 {
		return solver.Inputf("position", "%s; a row uses '.', 'A' and 'B'", solver.CharAt(string(row), i))
	}
	return nil
}

// ABRow is an abgame position: the row and the player to move.
type ABRow struct {
	row   string
	mover solver.Player
}

// Row returns the row of '.', 'A' and 'B'.
func (p *ABRow) Row() string { return p.row }

func (p *ABRow) Game() solver.Game     { return Game }
func (p *ABRow) ToMove() solver.Player { return p.mover }
func (p *ABRow) String() string        { return p.row }
func (p *ABRow) Held() [2]int          { return [2]int{} }

// letterOf returns the letter a player moves.
func letterOf(p solver.Player) byte { return 'A' + byte(p) }

// Moves lists, for each letter of the mover from left to right, every cell
// it can reach in its direction, nearest first.
func (p *ABRow) Moves() []solver.Move {
	var moves []solver.Move
	own := letterOf(p.mover)
	k := 0 // letters seen so far
	for i, c := range []byte(p.row) {
		if c == '.' {
			continue
		}
		dir := 1 - 2*(k%2) // right for odd-numbered letters, left for even
		k++
		if c != own {
			continue
		}
		for j := i + dir; j >= 0 && j < len(p.row) && p.row[j] == '.'; j += dir {
			moves = append(moves, Move{From: i + 1, To: j + 1})
		}
	}
	return moves
}

func (p *ABRow) Play(m solver.Move) (solver.Position, error) {
	cm, ok := m.(Move)
	if !ok {
		return nil, solver.Inputf("move", "%v is not a move of %s", m, Game.Name())
	}
	n := len(p.row)
	if cm.From < 1 || cm.From > n || cm.To < 1 || cm.To > n {
		return nil, solver.Inputf("move", "cells are numbered 1 to %d", n)
	}
	from, to := cm.From-1, cm.To-1
	own := letterOf(p.mover)
	if p.row[from] != own {
		return nil, solver.Inputf("move", "cell %d holds %s, not %s's letter %c", cm.From, solver.QuoteChar(p.row[from]), Game.PlayerName(p.mover), own)
	}
	k := from - strings.Count(p.row[:from], ".") // the letters before it
	if dir := 1 - 2*(k%2); (to-from)*dir <= 0 {  // right for odd-numbered letters, left for even
		return nil, solver.Inputf("move", "the letter on cell %d is letter %d, which moves %s", cm.From, k+1, [2]string{"right", "left"}[k%2])
	}
	lo, hi := min(from, to), max(from, to)
	for j := lo; j <= hi; j++ {
		if j != from && p.row[j] != '.' {
			return nil, solver.Inputf("move", "cell %d is taken; a letter cannot jump over or land on another", j+1)
		}
	}
	b := []byte(p.row)
	b[from], b[to] = '.', own
	return &ABRow{row: string(b), mover: p.mover.Other()}, nil
}

func (p *ABRow) Terminal() solver.Outcome { return solver.Loss }
