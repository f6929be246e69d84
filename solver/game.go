package solver

import (
	"bufio"
	"fmt"
)

// Outcome is the value of a position for the player about to move, under
// optimal play by both sides.
type Outcome int8

// The three outcomes, ordered so that a larger value is better for the mover.
const (
	Loss Outcome = -1
	Tie  Outcome = 0
	Win  Outcome = 1
)

// String returns "win", "tie" or "loss".
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "tie"
}

// Player identifies one of the two sides of a game: 0 is the side that
// moves first in the original problem (Dee, A, Ada, Player 1), 1 the other.
// In binim and binim2 either side may move first.
type Player int8

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

// Move is one legal move, in the shape the JSON contract gives it. Every
// index in a move counts from 1, as a person reads the position.
type Move interface {
	fmt.Stringer
	isMove()
}

// StackMove removes Take elements from the top of stack Stack (binim, binim2).
type StackMove struct {
	Stack int `json:"stack"`
	Take  int `json:"take"`
}

// CellMove moves the piece on cell From to cell To (abgame, adapwns).
type CellMove struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// RangeMove removes the characters Start..End, inclusive (binstring).
type RangeMove struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

func (StackMove) isMove() {}
func (CellMove) isMove()  {}
func (RangeMove) isMove() {}

// String says the move as "take 2 from stack 1".
func (m StackMove) String() string {
	return fmt.Sprintf("take %d from stack %d", m.Take, m.Stack)
}

// String says the move as "move cell 3 to cell 2".
func (m CellMove) String() string {
	return fmt.Sprintf("move the piece on cell %d to cell %d", m.From, m.To)
}

// String says the move as "remove characters 2 to 4".
func (m RangeMove) String() string {
	if m.Start == m.End {
		return fmt.Sprintf("remove character %d", m.Start)
	}
	return fmt.Sprintf("remove characters %d to %d", m.Start, m.End)
}

// Position is a state of one game, including whose turn it is. Positions
// are immutable: Play returns a new one.
type Position interface {
	// Game returns the game this position belongs to.
	Game() Game
	// String returns the position in the text form Parse accepts,
	// normalised (stacks separated by single spaces, blanks trimmed).
	String() string
	// ToMove returns the player whose turn it is.
	ToMove() Player
	// Moves lists every legal move for the player to move.
	Moves() []Move
	// Play returns the position after m, or an error if m is not legal.
	Play(m Move) (Position, error)
	// Terminal returns the outcome for the player to move when Moves is
	// empty: the game is over (or, in misère play, the mover has won).
	Terminal() Outcome
	// Analyze applies the game's formula: the outcome for the player to
	// move and the per-game analysis fields of the JSON contract.
	Analyze() (Outcome, Analysis)
	// BestMove returns the formula's move for a position that Analyze
	// found to have outcome o and analysis a: the first move, in the
	// order of Moves, that keeps o. It is nil when o is Loss or the mover
	// has no move. It takes time linear in the size of the position.
	BestMove(o Outcome, a Analysis) Move
}

// Analysis is the per-game part of a solution: the numbers the formula is
// built from. Each game has its own struct type, marshalled as the
// "analysis" object of the JSON contract.
type Analysis interface {
	analysisOf() string
}

// Game describes one of the games: its names, its players, its parser and
// its judge. A game is registered once in registry.go.
type Game interface {
	// Name is the lowercase identifier used on the command line and as the
	// slash command, for example "adapwns".
	Name() string
	// Title is the human name, for example "Ada and the pawns (CodeChef ADAPWNS)".
	Title() string
	// PlayerName returns the name a person reads for p, for example "Dee".
	PlayerName(p Player) string
	// NeedsFirst reports whether Parse requires the first player (binim, binim2).
	NeedsFirst() bool
	// Format explains how a position is written, in one short line.
	Format() string
	// Parse reads a position with the original problem's first player to
	// move (or opts.First where NeedsFirst). Errors are *InputError.
	Parse(text string, opts ParseOptions) (Position, error)
	// Answer returns the judge's output line for a position whose player to
	// move has the given outcome.
	Answer(pos Position, o Outcome) string
	// Starts calls yield with every starting position of the given size,
	// packed, as the verify table counts them, until yield returns false.
	// Positions with the same canonical form share a state.
	Starts(size int, yield func(State) bool)
	// SizeLabel says what a size counts in the verify table, for example
	// "cells" or "stacks".
	SizeLabel() string
	// VerifySize is the largest size verify checks by default: every
	// starting position up to it is solved by search in well under a
	// second.
	VerifySize() int
	// Rules are the moves on packed states, for the search.
	Rules
	// Encode packs pos into the state of its canonical form, or reports
	// false when that does not fit in StateBits bits.
	Encode(pos Position) (State, bool)
	// Decode unpacks a state into a position of its canonical form.
	Decode(s State) Position
	// Formula applies the formula to a packed state: the outcome for the
	// player to move and, unless that is Loss or there is no move, the
	// state after BestMove's move (ok reports whether there is one). It
	// runs the same code as Analyze and BestMove.
	Formula(s State) (o Outcome, next State, ok bool)
	// Judge reads the original problem's judge input from r and writes the
	// expected output to w.
	Judge(j *JudgeReader, w *bufio.Writer) error
}

// ParseOptions are the options a position may need besides its text.
type ParseOptions struct {
	// First names the player to move first: "Dee" or "Dum". Only binim and
	// binim2 use it, and they require it.
	First string
	// Strict enforces the original problem's limits as well.
	Strict bool
	// Long accepts up to MaxLongPositionLen characters instead of
	// MaxPositionLen (a position uploaded as a file).
	Long bool
}
