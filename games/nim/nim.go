package nim

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Nim is Nim in normal play: a player who cannot move loses.
var Nim solver.Game = &game{name: "nim", title: "Nim", Course: &normalCourse}

// Misere is Nim in misère play: a player who cannot move wins, so
// whoever takes the last object loses.
var Misere solver.Game = &game{name: "misere", title: "Misère Nim (the last to take loses)", misere: true, Course: &misereCourse}

// game implements solver.Game, explain.Teacher and render.Drawer for both
// variants.
type game struct {
	*explain.Course
	name, title string
	misere      bool
}

// Limits. MaxHeap bounds every heap; the strict ones are the project's
// judge's.
const (
	MaxHeap         = 1_000_000_000
	strictMaxTests  = 1000
	strictMaxHeaps  = 100
	verifyHeapLimit = 15 // the largest heap the verify table enumerates
)

func (g *game) Name() string     { return g.name }
func (g *game) Title() string    { return g.title }
func (g *game) NeedsFirst() bool { return false }
func (g *game) VerifySize() int  { return 6 }

// VerifyBound is the largest verify table that finishes in reasonable
// time (docs/VERIFY.md): 16 heaps, 15 in misère play.
func (g *game) VerifyBound() int {
	if g.misere {
		return 15
	}
	return 16
}

func (g *game) SizeLabel() string { return fmt.Sprintf("heaps (of 1..%d)", verifyHeapLimit) }
func (g *game) Format() string {
	return "heap sizes separated by spaces; a move takes any number from one heap"
}
func (g *game) MoveFormat() string { return "the heap and how many to take, e.g. 2 3" }

// Examples are small positions, the classic 3 4 5 first.
func (g *game) Examples() []string { return []string{"3 4 5", "1 2 3", "5 5", "1 1 1", "2 7 9 12"} }

// PlayerName names the players First and Second, as the judge does.
func (g *game) PlayerName(p solver.Player) string { return [2]string{"First", "Second"}[p] }

// MoveOf reads a move typed as the heap and how many to take.
func (g *game) MoveOf(heap, take int) solver.Move { return Move{Heap: heap, Take: take} }

// Move takes Take objects from heap Heap, counting heaps from 1.
type Move struct {
	Heap int `json:"heap"`
	Take int `json:"take"`
}

// String says the move as "take 2 from heap 3".
func (m Move) String() string { return fmt.Sprintf("take %d from heap %d", m.Take, m.Heap) }

// Numbers returns the heap and the count, as a person types them.
func (m Move) Numbers() (int, int) { return m.Heap, m.Take }

// parseHeaps reads heap sizes separated by spaces, commas or tabs.
func parseHeaps(text string, strict bool) ([]int, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
	if len(fields) == 0 {
		return nil, solver.Inputf("position", "no heaps given; write heap sizes separated by spaces, for example 3 4 5")
	}
	if strict && len(fields) > strictMaxHeaps {
		return nil, solver.Inputf("position", "%d heaps; the judge allows at most %d", len(fields), strictMaxHeaps)
	}
	heaps := make([]int, len(fields))
	for i, f := range fields {
		if k := solver.FirstNotIn([]byte(f), "0123456789"); k >= 0 {
			return nil, solver.Inputf("position", "heap %d, %s; a heap is a number of objects", i+1, solver.CharAt(f, k))
		}
		h, err := strconv.Atoi(f)
		if err != nil || h > MaxHeap {
			return nil, solver.Inputf("position", "heap %d is %s; a heap holds at most %d objects", i+1, solver.Clip([]byte(f)), MaxHeap)
		}
		heaps[i] = h
	}
	return heaps, nil
}

// Parse reads heap sizes; the first player moves first.
func (g *game) Parse(text string, opts solver.ParseOptions) (solver.Position, error) {
	text = strings.TrimSpace(text)
	if err := solver.CheckLength(text, "heap sizes separated by spaces", opts); err != nil {
		return nil, err
	}
	heaps, err := parseHeaps(text, opts.Strict)
	if err != nil {
		return nil, err
	}
	return &Heaps{game: g, heaps: heaps}, nil
}

// Restore rebuilds heaps in the middle of a game.
func (g *game) Restore(text string, mover solver.Player, held [2]int) (solver.Position, error) {
	return solver.RestoreUnscored(g, text, mover, held, func(p *Heaps) { p.mover = mover })
}

// Random returns 2 to 4 heaps of 0 to 6: at most 24 moves, which fit in
// one menu.
func (g *game) Random(r *rand.Rand) solver.Position {
	heaps := make([]int, 2+r.IntN(3))
	for i := range heaps {
		heaps[i] = r.IntN(7)
	}
	return &Heaps{game: g, heaps: heaps}
}

// RandomText is heaps of 0 to 999 objects, about n characters in all.
func (g *game) RandomText(r *rand.Rand, n int) (string, string) {
	var b strings.Builder
	b.WriteString(strconv.Itoa(r.IntN(1000)))
	for b.Len() < n {
		b.WriteString(" " + strconv.Itoa(r.IntN(1000)))
	}
	return b.String(), ""
}

// Heaps is a Nim position: the heap sizes, in the order given (empty
// heaps stay, so heap numbers never shift), and the player to move.
type Heaps struct {
	game  *game
	heaps []int
	mover solver.Player
}

func (p *Heaps) Game() solver.Game     { return p.game }
func (p *Heaps) ToMove() solver.Player { return p.mover }
func (p *Heaps) Held() [2]int          { return [2]int{} }

// String writes the heaps separated by single spaces.
func (p *Heaps) String() string {
	parts := make([]string, len(p.heaps))
	for i, h := range p.heaps {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, " ")
}

// Moves lists, heap by heap, taking 1, 2, … up to the whole heap. A heap
// of a billion has a billion moves: callers that need only a few use
// FirstMoves.
func (p *Heaps) Moves() []solver.Move { return p.FirstMoves(int(^uint(0) >> 1)) }

// FirstMoves lists the first limit moves in the order of Moves.
func (p *Heaps) FirstMoves(limit int) []solver.Move {
	var moves []solver.Move
	for i, h := range p.heaps {
		for k := 1; k <= h && len(moves) < limit; k++ {
			moves = append(moves, Move{Heap: i + 1, Take: k})
		}
	}
	return moves
}

// Play takes from one heap; the heap stays, perhaps empty.
func (p *Heaps) Play(m solver.Move) (solver.Position, error) {
	hm, ok := m.(Move)
	if !ok {
		return nil, solver.Inputf("move", "%v is not a move of %s", m, p.game.name)
	}
	if hm.Heap < 1 || hm.Heap > len(p.heaps) {
		if len(p.heaps) == 1 {
			return nil, solver.Inputf("move", "there is no heap %d; the only heap is heap 1", hm.Heap)
		}
		return nil, solver.Inputf("move", "there is no heap %d; heaps are numbered 1 to %d", hm.Heap, len(p.heaps))
	}
	h := p.heaps[hm.Heap-1]
	if h == 0 {
		return nil, solver.Inputf("move", "heap %d is empty", hm.Heap)
	}
	if hm.Take < 1 || hm.Take > h {
		if h == 1 {
			return nil, solver.Inputf("move", "heap %d has 1 object, so a move there takes 1", hm.Heap)
		}
		return nil, solver.Inputf("move", "heap %d has %d objects; take 1 to %d", hm.Heap, h, h)
	}
	next := &Heaps{game: p.game, heaps: append([]int(nil), p.heaps...), mover: p.mover.Other()}
	next.heaps[hm.Heap-1] -= hm.Take
	return next, nil
}

// Terminal: with every heap empty, the player to move loses in normal
// play and wins in misère play.
func (p *Heaps) Terminal() solver.Outcome { return p.game.Terminal(0) }
