package binim

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Binary Nim (CodeChef BINIM) and its misère sibling BINIM2 share their
// positions, owners and moves: stacks of 0s and 1s written top first; Dee
// (player 0) takes from stacks with 0 on top, Dum (player 1) from stacks
// with 1 on top, any positive number of elements from the top. They differ
// only in who wins when a player cannot move.

// Binim2 is Binary Nim in misère play: a player who cannot move wins.
var Binim2 solver.Game = &stackGame{name: "binim2", misere: true,
	title: "Binary Nim, misère (CodeChef BINIM2)", Course: &binim2Course}

// Binim is Binary Nim in normal play: a player who cannot move loses.
var Binim solver.Game = &stackGame{name: "binim",
	title: "Binary Nim (CodeChef BINIM)", Course: &binimCourse}

type stackGame struct {
	*explain.Course
	name, title string
	misere      bool
}

// Contest limits of both problems, enforced only in strict mode.
const (
	binimMaxStacks   = 50
	binimMaxStackLen = 50
	binimMaxTests    = 500
)

// VerifyStackLen is the longest stack the verify table enumerates for
// binim and binim2.
const VerifyStackLen = 4

func (g *stackGame) Name() string     { return g.name }
func (g *stackGame) Title() string    { return g.title }
func (g *stackGame) NeedsFirst() bool { return true }
func (g *stackGame) VerifySize() int  { return 4 }

// VerifyBound is the largest verify table that finishes in reasonable
// time (docs/VERIFY.md).
func (g *stackGame) VerifyBound() int { return 6 }

func (g *stackGame) SizeLabel() string {
	return fmt.Sprintf("stacks (of 1..%d symbols)", VerifyStackLen)
}
func (g *stackGame) Format() string {
	return "stacks of 0s and 1s, top first, separated by spaces; Dee owns 0, Dum owns 1"
}

// Examples are the sample first, then small positions.
func (g *stackGame) Examples() []string {
	if g.misere {
		return []string{"010 101", "0 1 01", "0011 10 1", "00 110 1"}
	}
	return []string{"0011 1", "010 101", "01 10 1", "000 11"}
}

func (g *stackGame) MoveFormat() string { return "the stack and how many to take, e.g. 2 3" }

// MoveOf reads a move typed as the stack and how many to take.
func (g *stackGame) MoveOf(stack, take int) solver.Move { return Move{Stack: stack, Take: take} }

// Move removes Take symbols from the top of stack Stack, counting from 1.
type Move struct {
	Stack int `json:"stack"`
	Take  int `json:"take"`
}

// String says the move as "take 2 from stack 1".
func (m Move) String() string { return fmt.Sprintf("take %d from stack %d", m.Take, m.Stack) }

// Numbers returns the stack and the count, as a person types them.
func (m Move) Numbers() (int, int) { return m.Stack, m.Take }

func (g *stackGame) PlayerName(p solver.Player) string { return [2]string{"Dee", "Dum"}[p] }

// symbolOf returns the symbol a player may take from: Dee '0', Dum '1'.
func symbolOf(p solver.Player) byte { return '0' + byte(p) }

// ownerOf returns the player who owns a symbol.
func ownerOf(b byte) solver.Player { return solver.Player(b - '0') }

// parseFirst reads "Dee" or "Dum" in any case.
func parseFirst(game, s string) (solver.Player, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "dee":
		return 0, nil
	case "dum":
		return 1, nil
	case "":
		return 0, solver.Inputf("first", "%s needs the player who moves first: Dee or Dum", game)
	}
	return 0, solver.Inputf("first", "%q is not a player; use Dee or Dum", s)
}

func (g *stackGame) Parse(text string, opts solver.ParseOptions) (solver.Position, error) {
	text = strings.TrimSpace(text)
	if err := solver.CheckLength(text, "stacks of 0s and 1s, top first, separated by spaces", opts); err != nil {
		return nil, err
	}
	first, err := parseFirst(g.name, opts.First)
	if err != nil {
		return nil, err
	}
	stacks := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(stacks) == 0 {
		return nil, solver.Inputf("position", "no stacks given; write stacks of 0s and 1s, top first, separated by spaces")
	}
	for i, s := range stacks {
		if j := solver.FirstNotBinary([]byte(s)); j >= 0 {
			return nil, solver.Inputf("position", "stack %d, %s; a stack uses only 0 and 1", i+1, solver.CharAt(s, j))
		}
		if opts.Strict && len(s) > binimMaxStackLen {
			return nil, solver.Inputf("position", "stack %d has %d symbols; the contest allows at most %d", i+1, len(s), binimMaxStackLen)
		}
	}
	if opts.Strict && len(stacks) > binimMaxStacks {
		return nil, solver.Inputf("position", "%d stacks; the contest allows at most %d", len(stacks), binimMaxStacks)
	}
	return &Stacks{game: g, stacks: stacks, mover: first}, nil
}

// Restore rebuilds stacks in the middle of a game.
func (g *stackGame) Restore(text string, mover solver.Player, held [2]int) (solver.Position, error) {
	return solver.RestoreUnscored(g, text, mover, held, func(*Stacks) {})
}

// Random returns 2 to 4 stacks of 1 to 4 symbols, with either player to
// move.
func (g *stackGame) Random(r *rand.Rand) solver.Position {
	stacks := make([]string, 2+r.IntN(3))
	for i := range stacks {
		stacks[i] = solver.RandomString(r, 1+r.IntN(4), "01")
	}
	return &Stacks{game: g, stacks: stacks, mover: solver.Player(r.IntN(2))}
}

// RandomText is up to 50 stacks of 1 to 50 random symbols, about n
// characters in all, with a random first player.
func (g *stackGame) RandomText(r *rand.Rand, n int) (string, string) {
	var b strings.Builder
	for stacks := 0; stacks < 50 && (b.Len() < n || stacks == 0); stacks++ {
		if stacks > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(solver.RandomString(r, 1+r.IntN(min(50, max(1, n-b.Len()))), "01"))
	}
	return b.String(), g.PlayerName(solver.Player(r.IntN(2)))
}

// Stacks is a binim or binim2 position: the stacks (top first) and the
// player to move. Emptied stacks are removed, so stack numbers always
// count the stacks that are left.
type Stacks struct {
	game   *stackGame
	stacks []string
	mover  solver.Player
}

// Stacks returns the stacks, top first. The slice must not be modified.
func (p *Stacks) Stacks() []string { return p.stacks }

// Misere reports whether the game is binim2, where a player who cannot move wins.
func (p *Stacks) Misere() bool { return p.game.misere }

func (p *Stacks) Game() solver.Game     { return p.game }
func (p *Stacks) ToMove() solver.Player { return p.mover }
func (p *Stacks) String() string        { return strings.Join(p.stacks, " ") }
func (p *Stacks) Held() [2]int          { return [2]int{} }

func (p *Stacks) Moves() []solver.Move {
	var moves []solver.Move
	own := symbolOf(p.mover)
	for i, s := range p.stacks {
		if s[0] != own {
			continue
		}
		for k := 1; k <= len(s); k++ {
			moves = append(moves, Move{Stack: i + 1, Take: k})
		}
	}
	return moves
}

func (p *Stacks) Play(m solver.Move) (solver.Position, error) {
	sm, ok := m.(Move)
	if !ok {
		return nil, solver.Inputf("move", "%v is not a move of %s", m, p.game.Name())
	}
	if sm.Stack < 1 || sm.Stack > len(p.stacks) {
		if len(p.stacks) == 1 {
			return nil, solver.Inputf("move", "there is no stack %d; the only stack is stack 1", sm.Stack)
		}
		return nil, solver.Inputf("move", "there is no stack %d; stacks are numbered 1 to %d", sm.Stack, len(p.stacks))
	}
	s := p.stacks[sm.Stack-1]
	if own := symbolOf(p.mover); s[0] != own {
		return nil, solver.Inputf("move", "stack %d has a %c on top, and %s takes only from a stack with a %c on top", sm.Stack, s[0], p.game.PlayerName(p.mover), own)
	}
	if sm.Take < 1 || sm.Take > len(s) {
		if len(s) == 1 {
			return nil, solver.Inputf("move", "stack %d has 1 symbol, so a move there takes 1", sm.Stack)
		}
		return nil, solver.Inputf("move", "stack %d has %d symbols; take 1 to %d", sm.Stack, len(s), len(s))
	}
	next := slices.Clone(p.stacks)
	next[sm.Stack-1] = s[sm.Take:]
	next = slices.DeleteFunc(next, func(s string) bool { return s == "" }) // the emptied stack goes
	return &Stacks{game: p.game, stacks: next, mover: p.mover.Other()}, nil
}

func (p *Stacks) Terminal() solver.Outcome { return p.game.Terminal(0) }
