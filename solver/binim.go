package solver

import (
	"fmt"
	"math/bits"
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
func (g *stackGame) VerifySize() int  { return 4 }
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
	if err := checkLength(text, "stacks of 0s and 1s, top first, separated by spaces", opts); err != nil {
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
	counts := stacksTally(p.stacks, p.game.misere)
	if p.game.misere {
		a := Binim2Analysis{Compressed: make([]string, len(p.stacks))}
		for i, s := range p.stacks {
			a.Compressed[i] = Compress(s)
		}
		a.DeeExtra, a.DumExtra = counts[0], counts[1]
		return stacksRule(counts, p.mover, true), a
	}
	a := BinimAnalysis{DeeMoves: counts[0], DumMoves: counts[1]}
	return stacksRule(counts, p.mover, false), a
}

// BestMove finds the first move, stack by stack and fewest symbols
// first, that keeps the outcome o.
func (p *Stacks) BestMove(o Outcome, _ Analysis) Move {
	i, k, ok := stacksBestMove(p.stacks, p.mover, p.game.misere, o)
	if !ok {
		return nil
	}
	return StackMove{Stack: i + 1, Take: k}
}

// stack is a stack written top first, as text or bytes.
type stack interface{ ~string | ~[]byte }

// stackWorth returns what one stack counts for in the formula, and for
// whom. In binim2 (misère) a stack whose top and bottom are the same
// symbol is one extra move its owner is forced to make; other stacks
// cancel out. In binim a stack gives the owner of its top one move per
// symbol of theirs in it, and the other player none.
func stackWorth[S stack](s S, misere bool) (Player, int) {
	if misere {
		if s[0] != s[len(s)-1] {
			return 0, 0
		}
		return ownerOf(s[0]), 1
	}
	n := 0
	for i := range len(s) {
		if s[i] == s[0] {
			n++
		}
	}
	return ownerOf(s[0]), n
}

// stacksTally adds up stackWorth over the stacks: extra moves (binim2)
// or moves (binim) of Dee and Dum.
func stacksTally[S stack](stacks []S, misere bool) [2]int {
	var counts [2]int
	for _, s := range stacks {
		p, n := stackWorth(s, misere)
		counts[p] += n
	}
	return counts
}

// stacksRule decides both games from the tally. binim2: equal extra moves
// mean the mover wins, otherwise whoever has fewer wins. binim: the mover
// wins with strictly more moves.
func stacksRule(counts [2]int, mover Player, misere bool) Outcome {
	mine, theirs := counts[mover], counts[mover.Other()]
	if misere && mine <= theirs || !misere && mine > theirs {
		return Win
	}
	return Loss
}

// stacksBestMove finds the first move, stack by stack and fewest symbols
// first, that keeps the outcome o: take k from stack i (0-based). Taking k
// leaves s[k:], whose worth is known in constant time (for binim from the
// counts of each symbol in what is left), so the whole search is linear
// in the symbols.
func stacksBestMove[S stack](stacks []S, mover Player, misere bool, o Outcome) (int, int, bool) {
	if o == Loss {
		return 0, 0, false
	}
	counts := stacksTally(stacks, misere)
	own := symbolOf(mover)
	for i, s := range stacks {
		if s[0] != own {
			continue
		}
		base := counts
		p, n := stackWorth(s, misere)
		base[p] -= n
		var left [2]int // the 0s and 1s in s[k:]
		for j := range len(s) {
			left[s[j]-'0']++
		}
		for k := 1; k <= len(s); k++ {
			left[s[k-1]-'0']--
			c := base
			if k < len(s) {
				top := s[k]
				switch {
				case !misere:
					c[ownerOf(top)] += left[top-'0']
				case top == s[len(s)-1]:
					c[ownerOf(top)]++
				}
			}
			if -stacksRule(c, mover.Other(), misere) == o {
				return i, k, true
			}
		}
	}
	return 0, 0, false
}

func (g *stackGame) Answer(pos Position, o Outcome) string {
	if o == Win {
		return g.PlayerName(pos.ToMove())
	}
	return g.PlayerName(pos.ToMove().Other())
}

// A binim state packs the stacks as codes, a code being 1<<len | bits
// with the top symbol in bit len-1. The codes are sorted, since the order
// of the stacks does not matter, and written at one width w (the longest
// stack plus 1) from bit 0; w is in bits 42 to 46 and the player to move
// in bit 47. Emptied stacks are gone, and no stack's code is 0.

const (
	stackBits     = 42 // the bits for the codes
	stackWidthBit = stackBits
	stackMoverBit = StateBits - 1
	maxStackCodes = stackBits / 2
)

// stackCode returns the code of a stack.
func stackCode[S stack](s S) uint64 {
	c := uint64(1)
	for i := range len(s) {
		c = c<<1 | uint64(s[i]-'0')
	}
	return c
}

// stacksPack packs sorted codes and the mover, or reports false.
func stacksPack(codes []uint64, mover Player) (State, bool) {
	w := 1
	for _, c := range codes {
		w = max(w, bits.Len64(c))
	}
	if w >= 1<<(stackMoverBit-stackWidthBit) || len(codes)*w > stackBits {
		return 0, false
	}
	s := uint64(w)<<stackWidthBit | uint64(mover)<<stackMoverBit
	for i, c := range codes {
		s |= c << (i * w)
	}
	return State(s), true
}

// stacksUnpack writes the sorted codes of s into buf and returns them and
// the mover.
func stacksUnpack(s State, buf []uint64) ([]uint64, Player) {
	w := int(s>>stackWidthBit) & (1<<(stackMoverBit-stackWidthBit) - 1)
	codes := buf[:0]
	for i := 0; (i+1)*w <= stackBits; i++ {
		c := uint64(s) >> (i * w) & (1<<w - 1)
		if c == 0 {
			break
		}
		codes = append(codes, c)
	}
	return codes, Player(s >> stackMoverBit)
}

// stackBytes writes the stack of a code into buf, top first.
func stackBytes(code uint64, buf []byte) []byte {
	n := bits.Len64(code) - 1
	buf = buf[:n]
	for i := range buf {
		buf[i] = '0' + byte(code>>(n-1-i)&1)
	}
	return buf
}

func (g *stackGame) Encode(pos Position) (State, bool) {
	p := pos.(*Stacks)
	if len(p.stacks) > maxStackCodes {
		return 0, false
	}
	var buf [maxStackCodes]uint64
	codes := buf[:0]
	for _, s := range p.stacks {
		if len(s) >= stackBits {
			return 0, false
		}
		codes = append(codes, stackCode(s))
	}
	slices.Sort(codes)
	return stacksPack(codes, p.mover)
}

func (g *stackGame) Decode(s State) Position {
	var buf [maxStackCodes]uint64
	var text [stackBits]byte
	codes, mover := stacksUnpack(s, buf[:])
	p := &Stacks{game: g, mover: mover, stacks: []string{}}
	for _, c := range codes {
		p.stacks = append(p.stacks, string(stackBytes(c, text[:])))
	}
	return p
}

// Children takes 1 to all symbols from each stack with the mover's symbol
// on top; equal stacks give the same states, so only the first is used.
func (g *stackGame) Children(s State, buf []State) []State {
	var arr, next [maxStackCodes]uint64
	codes, mover := stacksUnpack(s, arr[:])
	for i, c := range codes {
		n := bits.Len64(c) - 1
		if i > 0 && codes[i-1] == c || Player(c>>(n-1)&1) != mover {
			continue
		}
		for k := 1; k <= n; k++ {
			st, _ := stacksPack(replaceCode(next[:0], codes, i, c&(1<<(n-k)-1)|1<<(n-k), k < n), mover.Other())
			buf = append(buf, st)
		}
	}
	return buf
}

// replaceCode writes codes into out with codes[i] replaced by c (or
// removed when keep is false), still sorted.
func replaceCode(out, codes []uint64, i int, c uint64, keep bool) []uint64 {
	out = append(out, codes[:i]...)
	out = append(out, codes[i+1:]...)
	if !keep {
		return out
	}
	j, _ := slices.BinarySearch(out, c)
	return slices.Insert(out, j, c)
}

// Terminal: a player who cannot move loses in binim and wins in binim2.
func (g *stackGame) Terminal(State) Outcome {
	if g.misere {
		return Win
	}
	return Loss
}

// Formula unpacks the stacks and applies stacksTally, stacksRule and
// stacksBestMove, as Analyze and BestMove do.
func (g *stackGame) Formula(s State) (Outcome, State, bool) {
	var arr, next [maxStackCodes]uint64
	var text [stackBits * 2]byte
	var stacks [maxStackCodes][]byte
	codes, mover := stacksUnpack(s, arr[:])
	at := 0
	for i, c := range codes {
		stacks[i] = stackBytes(c, text[at:])
		at += len(stacks[i])
	}
	list := stacks[:len(codes)]
	o := stacksRule(stacksTally(list, g.misere), mover, g.misere)
	i, k, ok := stacksBestMove(list, mover, g.misere, o)
	if !ok {
		return o, 0, false
	}
	n := bits.Len64(codes[i]) - 1
	st, _ := stacksPack(replaceCode(next[:0], codes, i, codes[i]&(1<<(n-k)-1)|1<<(n-k), k < n), mover.Other())
	return o, st, true
}

// allStacks lists every stack of 1..maxLen symbols, shortest first.
func allStacks(maxLen int) []string {
	var out []string
	for n := 1; n <= maxLen; n++ {
		enumerateStrings(n, "01", func(s string) bool { out = append(out, s); return true })
	}
	return out
}

// Starts yields every multiset of exactly size stacks of 1..VerifyStackLen
// symbols, once with Dee and once with Dum moving first.
func (g *stackGame) Starts(size int, yield func(State) bool) {
	all := allStacks(VerifyStackLen)
	codes := make([]uint64, len(all))
	for i, s := range all {
		codes[i] = stackCode(s)
	}
	slices.Sort(codes)
	pick := make([]uint64, size)
	var rec func(k, from int) bool
	rec = func(k, from int) bool {
		if k == size {
			for _, first := range []Player{0, 1} {
				st, ok := stacksPack(pick, first)
				if ok && !yield(st) {
					return false
				}
			}
			return true
		}
		for j := from; j < len(codes); j++ {
			pick[k] = codes[j]
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
