package solver

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
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
func (o Outcome) String() string { return o.word("loss", "tie", "win") }

// Verb returns "wins", "loses" or "ties": what the mover does.
func (o Outcome) Verb() string { return o.word("loses", "ties", "wins") }

// word picks the word for o; any value that is neither a win nor a loss
// reads as a tie rather than failing.
func (o Outcome) word(loss, tie, win string) string {
	switch o {
	case Loss:
		return loss
	case Win:
		return win
	}
	return tie
}

// WinIf returns Win when win holds and Loss otherwise.
func WinIf(win bool) Outcome {
	if win {
		return Win
	}
	return Loss
}

// Outcomer is what a position may add to Position: the formula's outcome
// alone, without building the analysis. Code that judges many moves
// (explanations, the bot's holding out) asks for it through OutcomeOf.
type Outcomer interface {
	Outcome() Outcome
}

// OutcomeOf returns the formula's outcome for the player to move in pos.
func OutcomeOf(pos Position) Outcome {
	if o, ok := pos.(Outcomer); ok {
		return o.Outcome()
	}
	o, _ := pos.Analyze()
	return o
}

// Player identifies one of the two sides of a game: 0 is the side that
// moves first in the original problem (Dee, A, Ada, Player 1), 1 the other.
// In some games either side may move first.
type Player int8

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

// WinnerOf decides who wins a game whose player to move, mover, has the
// outcome o: the one place that turns an outcome into a winner. ok is
// false for a tie.
func WinnerOf(mover Player, o Outcome) (winner Player, ok bool) {
	switch o {
	case Win:
		return mover, true
	case Loss:
		return mover.Other(), true
	}
	return 0, false
}

// Move is one legal move, in the shape the JSON contract gives it. Every
// index in a move counts from 1, as a person reads the position. Moves
// are comparable values.
type Move interface {
	// String says the move in words: "take 2 from stack 1".
	fmt.Stringer
	// Numbers returns the two numbers a person types for the move, which
	// the game's MoveOf reads back.
	Numbers() (int, int)
}

// ParseMove reads a move of pos's game typed as its two numbers, "5 4"
// (or with a comma, dash or arrow between), reporting false otherwise.
func ParseMove(pos Position, text string) (Move, bool) {
	f := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '-' || r == '>' })
	if len(f) != 2 {
		return nil, false
	}
	a, err1 := strconv.Atoi(f[0])
	b, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return nil, false
	}
	return pos.Game().MoveOf(a, b), true
}

// CellMove moves the piece on cell From to cell To, counting from 1: the
// move of every game played by sliding pieces along a row of cells
// (abgame's letters, adapwns's pawns), each game naming it Move.
type CellMove struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// String says the move as "move the piece on cell 5 to cell 4".
func (m CellMove) String() string {
	return fmt.Sprintf("move the piece on cell %d to cell %d", m.From, m.To)
}

// Numbers returns the cells, as a person types them.
func (m CellMove) Numbers() (int, int) { return m.From, m.To }

// CellGame is the part of a Game that reads CellMoves, for the games
// played by sliding pieces along a row to embed.
type CellGame struct{}

// MoveFormat says that a move is typed as two cells.
func (CellGame) MoveFormat() string { return "the cell to move from and the cell to move to, e.g. 5 4" }

// MoveOf reads a move typed as the cell to move from and the cell to move to.
func (CellGame) MoveOf(from, to int) Move { return CellMove{From: from, To: to} }

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
	// Held returns what each player has banked so far in a game that
	// keeps a score (binstring: the 0s taken); zero in other games.
	Held() [2]int
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
type Analysis any

// Game is everything the engine, the judge and the commands know of one
// game; a game package implements it, and the packages that explain and
// draw positions add interfaces of their own. Games are registered with
// Register.
type Game interface {
	// Name is the lowercase identifier used on the command line and as the
	// slash command, for example "adapwns".
	Name() string
	// Title is the human name, for example "Ada and the pawns (CodeChef ADAPWNS)".
	Title() string
	// PlayerName returns the name a person reads for p, for example "Dee".
	PlayerName(p Player) string
	// NeedsFirst reports whether Parse requires the first player.
	NeedsFirst() bool
	// Format explains how a position is written, in one short line.
	Format() string
	// Examples returns a few positions to offer, the problem's samples
	// first.
	Examples() []string

	// Parse reads a position with the original problem's first player to
	// move (or opts.First where NeedsFirst). Errors are *InputError.
	Parse(text string, opts ParseOptions) (Position, error)
	// Restore rebuilds a position in the middle of a game from its text,
	// the player to move and what each player has banked (Position.Held).
	// The text is checked as Parse checks it, with ParseOptions.Long.
	Restore(text string, mover Player, held [2]int) (Position, error)
	// Random returns a small random starting position, for puzzles.
	Random(r *rand.Rand) Position
	// RandomText returns the text of a random starting position of about
	// n characters within the game's limits, for load tests, and the
	// first player option it needs ("" when the game has none).
	RandomText(r *rand.Rand, n int) (text, first string)

	// MoveOf builds a move from the two numbers a person types; Play
	// checks that it is legal.
	MoveOf(a, b int) Move
	// MoveFormat says how a move is typed as two numbers.
	MoveFormat() string

	// Answer returns the judge's output line for a game won by winner, or
	// tied when tie is set.
	Answer(winner Player, tie bool) string
	// Judge reads the original problem's judge input from j and writes
	// the expected output to w.
	Judge(j *JudgeReader, w *bufio.Writer) error

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
	// Spanner bounds the states below a state, so that the product's
	// searches turn down at once the positions they cannot finish.
	Spanner
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
}

// ParseOptions are the options a position may need besides its text.
type ParseOptions struct {
	// First names the player to move first, in games where NeedsFirst.
	First string
	// Strict enforces the original problem's limits as well.
	Strict bool
	// Long accepts up to MaxLongPositionLen characters instead of
	// MaxPositionLen (a position uploaded as a file).
	Long bool
}

// Restore rebuilds a position of g in the middle of a game, as
// Game.Restore does, refusing a player that does not exist.
func Restore(g Game, text string, mover Player, held [2]int) (Position, error) {
	if mover != 0 && mover != 1 {
		return nil, Inputf("state", "player %d does not exist", mover)
	}
	return g.Restore(text, mover, held)
}

// RestoreUnscored is Game.Restore for a game that keeps no score: it
// refuses a score, parses text as a long position with mover named as the
// first player, and sets the mover with setMover.
func RestoreUnscored[P Position](g Game, text string, mover Player, held [2]int, setMover func(P)) (Position, error) {
	if held != [2]int{} {
		return nil, Inputf("state", "no one holds anything in %s", g.Name())
	}
	pos, err := g.Parse(text, ParseOptions{First: g.PlayerName(mover), Long: true})
	if err != nil {
		return nil, err
	}
	setMover(pos.(P))
	return pos, nil
}

// lazyMoves is implemented by positions with so many moves (a long
// binstring has millions) that listing only the first few must be cheap.
type lazyMoves interface {
	FirstMoves(limit int) []Move
}

// FirstMoves returns the first n legal moves in the order of Moves,
// without listing them all where the position can avoid it.
func FirstMoves(pos Position, n int) []Move {
	if l, ok := pos.(lazyMoves); ok {
		return l.FirstMoves(n)
	}
	moves := pos.Moves()
	return moves[:min(n, len(moves))]
}

// HasMoves reports whether the player to move has a legal move.
func HasMoves(pos Position) bool { return len(FirstMoves(pos, 1)) > 0 }

// VerifyBounder is what a game may add to Game: the largest size the
// verify table accepts, where the whole table still finishes in well
// under a minute on a 2-core machine or, for heaps, where every position
// still packs into a state (docs/VERIFY.md has the measurements). A game
// without it accepts up to its VerifySize.
type VerifyBounder interface {
	VerifyBound() int
}

// VerifyBound is the largest --max the verify table accepts for g: its
// own bound when it states one, never below its VerifySize.
func VerifyBound(g Game) int {
	if b, ok := g.(VerifyBounder); ok {
		return max(b.VerifyBound(), g.VerifySize())
	}
	return g.VerifySize()
}
