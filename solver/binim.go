package solver

import (
	"fmt"
	"slices"
	"strings"
)

// Binary Nim (CodeChef BINIM) and its misère sibling BINIM2 share their
// positions, owners and moves: stacks of 0s and 1s written top first; Dee
// (player 0) takes from stacks with 0 on top, Dum (player 1) from stacks
// with 1 on top, any positive number of elements from the top. They differ
// only in who wins when a player cannot move.

// Binim2 is Binary Nim in misère play: a player who cannot move wins.
var Binim2 Game = &stackGame{name: "binim2", misere: true,
	title: "Binary Nim, misère (CodeChef BINIM2)"}

// Binim is Binary Nim in normal play: a player who cannot move loses.
var Binim Game = &stackGame{name: "binim",
	title: "Binary Nim (CodeChef BINIM)"}

type stackGame struct {
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
func (g *stackGame) VerifySize() int  { return 3 }
func (g *stackGame) SizeLabel() string {
	return fmt.Sprintf("stacks (of 1..%d symbols)", VerifyStackLen)
}
func (g *stackGame) Format() string {
	return "stacks of 0s and 1s, top first, separated by spaces; Dee owns 0, Dum owns 1"
}

func (g *stackGame) PlayerName(p Player) string {
	if p == 0 {
		return "Dee"
	}
	return "Dum"
}

// symbolOf returns the symbol a player may take from: Dee '0', Dum '1'.
func symbolOf(p Player) byte { return '0' + byte(p) }

// ownerOf returns the player who owns a symbol.
func ownerOf(b byte) Player { return Player(b - '0') }

// ParsePlayer reads "Dee" or "Dum" in any case.
func parseFirst(game, s string) (Player, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "dee":
		return 0, nil
	case "dum":
		return 1, nil
	case "":
		return 0, inputErr("first", "%s needs the player who moves first: Dee or Dum", game)
	}
	return 0, inputErr("first", "%q is not a player; use Dee or Dum", s)
}

func (g *stackGame) Parse(text string, opts ParseOptions) (Position, error) {
	text = strings.TrimSpace(text)
	if err := checkLength(text, "stacks of 0s and 1s, top first, separated by spaces"); err != nil {
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
		return nil, inputErr("position", "no stacks given; write stacks of 0s and 1s, top first, separated by spaces")
	}
	for i, s := range stacks {
		for j := 0; j < len(s); j++ {
			if s[j] != '0' && s[j] != '1' {
				return nil, inputErr("position", "stack %d, character %d is %s; a stack uses only 0 and 1", i+1, j+1, quoteChar(s[j]))
			}
		}
		if opts.Strict && len(s) > binimMaxStackLen {
			return nil, inputErr("position", "stack %d has %d symbols; the contest allows at most %d", i+1, len(s), binimMaxStackLen)
		}
	}
	if opts.Strict && len(stacks) > binimMaxStacks {
		return nil, inputErr("position", "%d stacks; the contest allows at most %d", len(stacks), binimMaxStacks)
	}
	return &Stacks{game: g, stacks: stacks, mover: first}, nil
}

// Stacks is a binim or binim2 position: the stacks (top first) and the
// player to move. Emptied stacks are removed, so stack numbers always
// count the stacks that are left.
type Stacks struct {
	game   *stackGame
	stacks []string
	mover  Player
}

// Stacks returns the stacks, top first. The slice must not be modified.
func (p *Stacks) Stacks() []string { return p.stacks }

// Misere reports whether the game is binim2, where a player who cannot move wins.
func (p *Stacks) Misere() bool { return p.game.misere }

func (p *Stacks) Game() Game     { return p.game }
func (p *Stacks) ToMove() Player { return p.mover }
func (p *Stacks) String() string { return strings.Join(p.stacks, " ") }

// Key ignores the order of the stacks: it does not change the game.
func (p *Stacks) Key() string {
	sorted := slices.Clone(p.stacks)
	slices.Sort(sorted)
	return string('0'+byte(p.mover)) + ":" + strings.Join(sorted, " ")
}

func (p *Stacks) Moves() []Move {
	var moves []Move
	own := symbolOf(p.mover)
	for i, s := range p.stacks {
		if s[0] != own {
			continue
		}
		for k := 1; k <= len(s); k++ {
			moves = append(moves, StackMove{Stack: i + 1, Take: k})
		}
	}
	return moves
}

func (p *Stacks) Play(m Move) (Position, error) {
	sm, ok := m.(StackMove)
	if !ok {
		return nil, fmt.Errorf("move: %v is not a stack move", m)
	}
	if sm.Stack < 1 || sm.Stack > len(p.stacks) {
		return nil, inputErr("move", "there is no stack %d; stacks are numbered 1 to %d", sm.Stack, len(p.stacks))
	}
	s := p.stacks[sm.Stack-1]
	if s[0] != symbolOf(p.mover) {
		return nil, inputErr("move", "stack %d has %c on top, which %s may not take", sm.Stack, s[0], p.game.PlayerName(p.mover))
	}
	if sm.Take < 1 || sm.Take > len(s) {
		return nil, inputErr("move", "stack %d has %s; take 1 to %d", sm.Stack, count(len(s), "symbol", "symbols"), len(s))
	}
	next := make([]string, 0, len(p.stacks))
	next = append(next, p.stacks[:sm.Stack-1]...)
	if rest := s[sm.Take:]; rest != "" {
		next = append(next, rest)
	}
	next = append(next, p.stacks[sm.Stack:]...)
	return &Stacks{game: p.game, stacks: next, mover: p.mover.Other()}, nil
}

func (p *Stacks) Terminal() Outcome {
	if p.game.misere {
		return Win
	}
	return Loss
}

// Compress merges each run of equal symbols into one: a player who takes
// from a run of their own symbols can always take the whole run.
func Compress(stack string) string {
	var b strings.Builder
	for i := 0; i < len(stack); i++ {
		if i == 0 || stack[i] != stack[i-1] {
			b.WriteByte(stack[i])
		}
	}
	return b.String()
}

// Binim2Analysis holds the numbers that decide a binim2 position.
type Binim2Analysis struct {
	// Compressed lists each stack with its runs merged, in input order.
	Compressed []string `json:"compressed"`
	// DeeExtra counts stacks with 0 on top and bottom: one forced move each for Dee.
	DeeExtra int `json:"dee_extra"`
	// DumExtra counts stacks with 1 on top and bottom: one forced move each for Dum.
	DumExtra int `json:"dum_extra"`
}

// BinimAnalysis holds the numbers that decide a binim position.
type BinimAnalysis struct {
	// DeeMoves is the number of 0s in stacks with 0 on top.
	DeeMoves int `json:"dee_moves"`
	// DumMoves is the number of 1s in stacks with 1 on top.
	DumMoves int `json:"dum_moves"`
}

func (Binim2Analysis) analysisOf() string { return "binim2" }
func (BinimAnalysis) analysisOf() string  { return "binim" }

// Extras returns the extra-move counts of Dee and Dum in a binim2 position.
func (a Binim2Analysis) Extras() [2]int { return [2]int{a.DeeExtra, a.DumExtra} }

// Moves returns the move counts of Dee and Dum in a binim position.
func (a BinimAnalysis) Moves() [2]int { return [2]int{a.DeeMoves, a.DumMoves} }

func (p *Stacks) Analyze() (Outcome, Analysis) {
	if p.game.misere {
		a := Binim2Analysis{Compressed: make([]string, len(p.stacks))}
		for i, s := range p.stacks {
			a.Compressed[i] = Compress(s)
		}
		var extra [2]int
		for _, s := range p.stacks {
			if t, ok := stackExtra(s); ok {
				extra[t]++
			}
		}
		a.DeeExtra, a.DumExtra = extra[0], extra[1]
		return binim2Rule(extra, p.mover), a
	}
	var moves [2]int
	for _, s := range p.stacks {
		t, n := stackMoves(s)
		moves[t] += n
	}
	a := BinimAnalysis{DeeMoves: moves[0], DumMoves: moves[1]}
	return binimRule(moves, p.mover), a
}

// stackExtra reports whose extra move a binim2 stack holds: a stack whose
// top and bottom are the same symbol gives that symbol's owner one move
// they will be forced to make. Other stacks cancel out.
func stackExtra(s string) (Player, bool) {
	if s[0] != s[len(s)-1] {
		return 0, false
	}
	return ownerOf(s[0]), true
}

// stackMoves returns the owner of a binim stack's top symbol and how many
// moves it gives them: one for each of their symbols in it.
func stackMoves(s string) (Player, int) {
	return ownerOf(s[0]), strings.Count(s, s[:1])
}

// binim2Rule decides binim2: equal extra moves mean the mover wins,
// otherwise whoever has fewer wins.
func binim2Rule(extra [2]int, mover Player) Outcome {
	mine, theirs := extra[mover], extra[mover.Other()]
	if mine <= theirs {
		return Win
	}
	return Loss
}

// binimRule decides binim: the mover wins with strictly more moves.
func binimRule(moves [2]int, mover Player) Outcome {
	if moves[mover] > moves[mover.Other()] {
		return Win
	}
	return Loss
}

func (g *stackGame) Answer(pos Position, o Outcome) string {
	if o == Win {
		return g.PlayerName(pos.ToMove())
	}
	return g.PlayerName(pos.ToMove().Other())
}

// allStacks lists every stack of 1..maxLen symbols, shortest first.
func allStacks(maxLen int) []string {
	var out []string
	for n := 1; n <= maxLen; n++ {
		for bits := 0; bits < 1<<n; bits++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = '0' + byte(bits>>(n-1-i)&1)
			}
			out = append(out, string(b))
		}
	}
	return out
}

// Enumerate yields every multiset of exactly size stacks of 1..VerifyStackLen
// symbols, once with Dee and once with Dum moving first.
func (g *stackGame) Enumerate(size int, yield func(Position) bool) {
	all := allStacks(VerifyStackLen)
	idx := make([]int, size)
	var rec func(k, from int) bool
	rec = func(k, from int) bool {
		if k == size {
			stacks := make([]string, size)
			for i, j := range idx {
				stacks[i] = all[j]
			}
			for _, first := range []Player{0, 1} {
				if !yield(&Stacks{game: g, stacks: stacks, mover: first}) {
					return false
				}
			}
			return true
		}
		for j := from; j < len(all); j++ {
			idx[k] = j
			if !rec(k+1, j) {
				return false
			}
		}
		return true
	}
	if size > 0 {
		rec(0, 0)
	}
}
