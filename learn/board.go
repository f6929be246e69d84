package learn

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Board is a lesson's position, of a heap game of this package or of a
// contest game of package solver.
type Board interface {
	// Text is the position as the lesson writes it.
	Text() string
	// Name returns the name of the player to move (0) or of the other (1).
	Name(p int) string
	// CanTie reports whether the game can end in a tie.
	CanTie() bool
	// MoveText says the move (a, b) in words, numbered from 1.
	MoveText(a, b int) string
	// After returns the position after the move (a, b), or an error if it
	// is not legal.
	After(a, b int) (Board, error)
	// Search returns the outcome for the player to move under perfect
	// play, by exhaustive search.
	Search(ctx context.Context) (solver.Outcome, error)
	// Theory returns the outcome for the player to move by the theory the
	// lessons teach (the heap games' rule, the contest game's formula),
	// which the tests check against Search.
	Theory() solver.Outcome
	// Reason names the numbers the theory reads on this position, as a
	// clause ("the XOR of the heaps 1, 2, 3 is 0").
	Reason() string
	// Moves lists the legal moves as the two numbers MoveText and After
	// take.
	Moves() [][2]int
	// Position is the solver position, or nil for a heap game.
	Position() solver.Position
	// Heaps draws a heap game's position as lines of text, or "".
	Heaps() string
}

// searchBudget bounds the states of a lesson's search: lesson positions
// are small, so this is far above what any of them needs.
const searchBudget = 1 << 18

// ErrTooLarge is returned by Search for a position beyond the search.
var ErrTooLarge = errors.New("learn: the position is too large to search")

// NewBoard parses a lesson position: game is a registered game's name,
// or "sums" or "staircase" for this package's heap games.
func NewBoard(game, text, first string) (Board, error) {
	switch game {
	case "sums":
		return parseHeaps(nimRule, text)
	case "staircase":
		return parseHeaps(stairRule, text)
	}
	g, err := solver.Lookup(game)
	if err != nil {
		return nil, err
	}
	pos, err := g.Parse(text, solver.ParseOptions{First: first})
	if err != nil {
		return nil, err
	}
	return posBoard{pos}, nil
}

// The heap games as Boards.

func (b *heapBoard) Text() string              { return b.String() }
func (b *heapBoard) Name(p int) string         { return heapNames[(b.mover+p)%2] }
func (b *heapBoard) CanTie() bool              { return false }
func (b *heapBoard) Moves() [][2]int           { return b.moves() }
func (b *heapBoard) Position() solver.Position { return nil }
func (b *heapBoard) Reason() string            { _, r := b.formula(); return r }
func (b *heapBoard) Theory() solver.Outcome    { o, _ := b.formula(); return o }

func (b *heapBoard) After(i, k int) (Board, error) {
	n, err := b.play(i, k)
	if err != nil {
		return nil, err
	}
	return n, nil
}

func (b *heapBoard) Search(ctx context.Context) (solver.Outcome, error) {
	return b.search(ctx, map[string]solver.Outcome{})
}

// Heaps draws each heap as a row of dots (a take-1-or-2 pile with its
// rule, a step of the staircase by its number).
func (b *heapBoard) Heaps() string {
	var out string
	for k, h := range b.heaps {
		label := fmt.Sprintf("heap %d", k+1)
		if b.rule == stairRule {
			label = fmt.Sprintf("step %d", k+1)
		}
		row := strings.Repeat("●", h)
		if h == 0 {
			row = "·"
		}
		note := ""
		if b.take12[k] {
			note = "  (take 1 or 2)"
		}
		out += fmt.Sprintf("%-7s %-2d %s%s\n", label, h, row, note)
	}
	return out
}

// posBoard is a contest game's position.
type posBoard struct{ pos solver.Position }

func (b posBoard) Text() string              { return b.pos.String() }
func (b posBoard) Position() solver.Position { return b.pos }
func (b posBoard) Heaps() string             { return "" }

func (b posBoard) Name(p int) string {
	return b.pos.Game().PlayerName(solver.Player((int(b.pos.ToMove()) + p) % 2))
}

func (b posBoard) CanTie() bool {
	g := b.pos.Game()
	tie := solver.AnswerFor(g, b.pos.ToMove(), solver.Tie)
	return tie != solver.AnswerFor(g, b.pos.ToMove(), solver.Win) && tie != solver.AnswerFor(g, b.pos.ToMove(), solver.Loss)
}

func (b posBoard) Moves() [][2]int {
	var out [][2]int
	for _, m := range b.pos.Moves() {
		x, y := m.Numbers()
		out = append(out, [2]int{x, y})
	}
	return out
}

func (b posBoard) MoveText(x, y int) string { return b.pos.Game().MoveOf(x, y).String() }

func (b posBoard) After(x, y int) (Board, error) {
	next, err := b.pos.Play(b.pos.Game().MoveOf(x, y))
	if err != nil {
		return nil, err
	}
	return posBoard{next}, nil
}

func (b posBoard) Search(ctx context.Context) (solver.Outcome, error) {
	v, ok := solver.Reach(ctx, b.pos, searchBudget)
	if !ok {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return 0, ErrTooLarge
	}
	return v.Outcome, nil
}

func (b posBoard) Theory() solver.Outcome { return solver.Solve(b.pos).Outcome }

func (b posBoard) Reason() string {
	if !solver.HasMoves(b.pos) {
		return explain.GameOver(b.pos)
	}
	return explain.KeyNumbers(b.pos)
}
