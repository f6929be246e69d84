package binstring

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Game is the "fewest 0s" game: players alternately remove a
// non-empty substring, keeping what they remove; when the string is empty
// the player holding fewer 0s wins, and equal counts tie. Player 1 moves
// first.
var Game solver.Game = game{Course: &course}

// game implements solver.Game, explain.Teacher and render.Drawer.
type game struct {
	*explain.Course
}

func (game) Name() string     { return "binstring" }
func (game) Title() string    { return "Fewest 0s after emptying a binary string" }
func (game) NeedsFirst() bool { return false }
func (game) VerifySize() int  { return 15 }

// VerifyBound is the largest verify table that finishes in reasonable
// time (docs/VERIFY.md).
func (game) VerifyBound() int { return 20 }

func (game) SizeLabel() string { return "characters" }
func (game) Format() string {
	return "a string of 0s and 1s; a move removes any substring, and fewer 0s at the end wins"
}

func (game) Examples() []string { return []string{"0110011", "00011", "000011", "1001"} }

func (game) MoveFormat() string { return "the first and last character to remove, e.g. 3 5" }

// MoveOf reads a move typed as the first and the last character to remove.
func (game) MoveOf(start, end int) solver.Move { return Move{Start: start, End: end} }

// Move removes the characters Start..End, inclusive, counting from 1.
type Move struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// String says the move as "remove characters 2 to 4".
func (m Move) String() string {
	if m.Start == m.End {
		return fmt.Sprintf("remove character %d", m.Start)
	}
	return fmt.Sprintf("remove characters %d to %d", m.Start, m.End)
}

// Numbers returns the first and last character, as a person types them.
func (m Move) Numbers() (int, int) { return m.Start, m.End }

func (game) PlayerName(p solver.Player) string { return [2]string{"Player 1", "Player 2"}[p] }

func (game) Parse(text string, opts solver.ParseOptions) (solver.Position, error) {
	text = strings.TrimSpace(text)
	if err := solver.CheckLength(text, "a string of 0s and 1s", opts); err != nil {
		return nil, err
	}
	if k := solver.FirstNotBinary([]byte(text)); k >= 0 {
		return nil, solver.Inputf("position", "%s; the string uses only 0 and 1", solver.CharAt(text, k))
	}
	return &BinaryString{s: text}, nil
}

// Restore rebuilds a string in the middle of a game, with the 0s each
// player holds.
func (g game) Restore(text string, mover solver.Player, held [2]int) (solver.Position, error) {
	if held[0] < 0 || held[1] < 0 {
		return nil, solver.Inputf("state", "a player cannot hold fewer than no 0s")
	}
	pos, err := g.Parse(text, solver.ParseOptions{Long: true})
	if err != nil {
		return nil, err
	}
	p := pos.(*BinaryString)
	p.mover, p.held = mover, held
	return p, nil
}

// Random returns a string of 4 to 12 characters.
func (game) Random(r *rand.Rand) solver.Position {
	return &BinaryString{s: solver.RandomString(r, 4+r.IntN(9), "01")}
}

// RandomText is a string of n random bits.
func (game) RandomText(r *rand.Rand, n int) (string, string) {
	return solver.RandomString(r, max(1, n), "01"), ""
}

// BinaryString is a binstring position: the string that is left, how many
// 0s each player already holds, and the player to move.
type BinaryString struct {
	s     string
	held  [2]int
	mover solver.Player
}

// Text returns the string that is left.
func (p *BinaryString) Text() string { return p.s }

// Held returns how many 0s Player 1 and Player 2 have taken so far.
func (p *BinaryString) Held() [2]int { return p.held }

func (p *BinaryString) Game() solver.Game     { return Game }
func (p *BinaryString) ToMove() solver.Player { return p.mover }
func (p *BinaryString) String() string        { return p.s }

// lead returns how many more 0s the mover holds than the opponent.
func (p *BinaryString) lead() int { return p.held[p.mover] - p.held[p.mover.Other()] }

// Moves lists every substring, by start and then end. A long string has
// n(n+1)/2 of them; callers that need only a few use FirstMoves.
func (p *BinaryString) Moves() []solver.Move { return p.FirstMoves(math.MaxInt) }

// FirstMoves lists the first limit substrings in the order of Moves.
func (p *BinaryString) FirstMoves(limit int) []solver.Move {
	n := len(p.s)
	moves := make([]solver.Move, 0, min(limit, n*(n+1)/2))
	for i := 1; i <= n && len(moves) < limit; i++ {
		for j := i; j <= n && len(moves) < limit; j++ {
			moves = append(moves, Move{Start: i, End: j})
		}
	}
	return moves
}

func (p *BinaryString) Play(m solver.Move) (solver.Position, error) {
	rm, ok := m.(Move)
	if !ok {
		return nil, solver.Inputf("move", "%v is not a move of %s", m, Game.Name())
	}
	n := len(p.s)
	if n == 0 {
		return nil, solver.Inputf("move", "the string is empty; the game is over")
	}
	if rm.Start < 1 || rm.End > n || rm.Start > rm.End {
		return nil, solver.Inputf("move", "choose characters i to j with 1 ≤ i ≤ j ≤ %d", n)
	}
	taken := strings.Count(p.s[rm.Start-1:rm.End], "0")
	next := &BinaryString{s: p.s[:rm.Start-1] + p.s[rm.End:], held: p.held, mover: p.mover.Other()}
	next.held[p.mover] += taken
	return next, nil
}

// Terminal compares the 0s held once the string is empty.
func (p *BinaryString) Terminal() solver.Outcome { return leadOutcome(p.lead()) }

// leadOutcome is the result for a player who ends with lead more 0s than
// the opponent: fewer 0s win, so it is the sign of -lead.
func leadOutcome(lead int) solver.Outcome { return solver.Outcome(cmp.Compare(0, lead)) }
