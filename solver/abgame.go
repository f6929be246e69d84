package solver

import (
	"bufio"
	"fmt"
	"strings"
)

// ABGame is the A-B game (CodeChef ABGAME): letters on a row alternate in
// direction (the 1st, 3rd, ... move right, the 2nd, 4th, ... left); A moves
// an A, B moves a B, any number of empty cells in its direction. A moves
// first; a player who cannot move loses.
var ABGame Game = abGame{}

type abGame struct{}

// Contest limits, enforced only in strict mode.
const (
	abMaxTests = 100000
	abMaxLen   = 100000
	abMaxTotal = 1000000
)

func (abGame) Name() string      { return "abgame" }
func (abGame) Title() string     { return "The A-B game (CodeChef ABGAME)" }
func (abGame) NeedsFirst() bool  { return false }
func (abGame) VerifySize() int   { return 10 }
func (abGame) SizeLabel() string { return "cells" }
func (abGame) Format() string {
	return "a row of '.', 'A' and 'B'; odd-numbered letters move right, even-numbered left"
}

func (abGame) PlayerName(p Player) string {
	if p == 0 {
		return "A"
	}
	return "B"
}

func (g abGame) Parse(text string, opts ParseOptions) (Position, error) {
	text = upperLetters(strings.TrimSpace(text), "AB")
	if err := checkLength(text, "a row of '.', 'A' and 'B'"); err != nil {
		return nil, err
	}
	if err := checkABRow([]byte(text)); err != nil {
		return nil, err
	}
	if opts.Strict && len(text) > abMaxLen {
		return nil, inputErr("position", "%d cells; the contest allows at most %d", len(text), abMaxLen)
	}
	return &ABRow{row: text}, nil
}

func checkABRow(row []byte) error {
	for i, c := range row {
		if c != '.' && c != 'A' && c != 'B' {
			return inputErr("position", "character %d is %s; a row uses '.', 'A' and 'B'", i+1, quoteChar(c))
		}
	}
	return nil
}

// ABRow is an abgame position: the row and the player to move.
type ABRow struct {
	row   string
	mover Player
}

// Row returns the row of '.', 'A' and 'B'.
func (p *ABRow) Row() string { return p.row }

func (p *ABRow) Game() Game     { return ABGame }
func (p *ABRow) ToMove() Player { return p.mover }
func (p *ABRow) String() string { return p.row }
func (p *ABRow) Key() string    { return string('0'+byte(p.mover)) + p.row }

// letterOf returns the letter a player moves.
func letterOf(p Player) byte { return 'A' + byte(p) }

// Moves lists, for each letter of the mover from left to right, every cell
// it can reach in its direction, nearest first.
func (p *ABRow) Moves() []Move {
	var moves []Move
	own := letterOf(p.mover)
	k := 0 // letters seen so far
	for i := 0; i < len(p.row); i++ {
		c := p.row[i]
		if c == '.' {
			continue
		}
		right := k%2 == 0
		k++
		if c != own {
			continue
		}
		if right {
			for j := i + 1; j < len(p.row) && p.row[j] == '.'; j++ {
				moves = append(moves, CellMove{From: i + 1, To: j + 1})
			}
		} else {
			for j := i - 1; j >= 0 && p.row[j] == '.'; j-- {
				moves = append(moves, CellMove{From: i + 1, To: j + 1})
			}
		}
	}
	return moves
}

func (p *ABRow) Play(m Move) (Position, error) {
	cm, ok := m.(CellMove)
	if !ok {
		return nil, fmt.Errorf("move: %v is not a cell move", m)
	}
	n := len(p.row)
	if cm.From < 1 || cm.From > n || cm.To < 1 || cm.To > n {
		return nil, inputErr("move", "cells are numbered 1 to %d", n)
	}
	from, to := cm.From-1, cm.To-1
	own := letterOf(p.mover)
	if p.row[from] != own {
		return nil, inputErr("move", "cell %d holds %s, not %s's letter %c", cm.From, quoteChar(p.row[from]), ABGame.PlayerName(p.mover), own)
	}
	k := strings.Count(p.row[:from], "A") + strings.Count(p.row[:from], "B")
	right := k%2 == 0
	if right && to <= from || !right && to >= from {
		dir := "right"
		if !right {
			dir = "left"
		}
		return nil, inputErr("move", "the letter on cell %d is letter %d, which moves %s", cm.From, k+1, dir)
	}
	lo, hi := min(from, to), max(from, to)
	for j := lo; j <= hi; j++ {
		if j != from && p.row[j] != '.' {
			return nil, inputErr("move", "cell %d is taken; a letter cannot jump over or land on another", j+1)
		}
	}
	b := []byte(p.row)
	b[from], b[to] = '.', own
	return &ABRow{row: string(b), mover: p.mover.Other()}, nil
}

func (p *ABRow) Terminal() Outcome { return Loss }

// ABPairKind says what a facing pair (or the last letter) is worth.
type ABPairKind int

// The kinds of facing pair.
const (
	// ABReserve is a pair of the same owner: d moves only its owner can make.
	ABReserve ABPairKind = iota
	// ABNim is a pair of different owners: a Nim heap of size d.
	ABNim
	// ABEdge is an unpaired last letter: d reserve moves to the right edge.
	ABEdge
)

// ABPair is a facing pair of letters, or the unpaired last letter.
type ABPair struct {
	Kind ABPairKind
	// Left and Right are the 0-based cells of the two letters; for ABEdge,
	// Right is the row's length (the edge).
	Left, Right int
	// Owner is the player who owns the reserve (ABReserve, ABEdge).
	Owner Player
	// Gap is the number of empty cells between them.
	Gap int
}

// ABGameAnalysis holds the numbers that decide an abgame position.
type ABGameAnalysis struct {
	ReserveA int   `json:"reserve_a"`
	ReserveB int   `json:"reserve_b"`
	NimHeaps []int `json:"nim_heaps"`
	NimSum   int   `json:"nim_sum"`
	// Pairs lists the facing pairs and the unpaired last letter, left to right.
	Pairs []ABPair `json:"-"`
}

func (ABGameAnalysis) analysisOf() string { return "abgame" }

// scanAB walks a valid row once, pairing the letters, and returns the
// reserve moves of A and B and the XOR of the Nim heaps. visit, if not
// nil, sees every pair. The judge and Analyze share this one walk.
func scanAB(row []byte, visit func(ABPair)) (reserve [2]int, nim int) {
	open := -1 // cell of a right-moving letter waiting for its partner
	for i, c := range row {
		if c == '.' {
			continue
		}
		if open < 0 {
			open = i
			continue
		}
		d := i - open - 1
		pr := ABPair{Left: open, Right: i, Gap: d}
		if row[open] == c {
			pr.Kind, pr.Owner = ABReserve, Player(c-'A')
			reserve[pr.Owner] += d
		} else {
			pr.Kind = ABNim
			nim ^= d
		}
		if visit != nil {
			visit(pr)
		}
		open = -1
	}
	if open >= 0 {
		d := len(row) - open - 1
		pr := ABPair{Kind: ABEdge, Left: open, Right: len(row), Owner: Player(row[open] - 'A'), Gap: d}
		reserve[pr.Owner] += d
		if visit != nil {
			visit(pr)
		}
	}
	return reserve, nim
}

// abRule decides abgame for the mover: more reserve moves win; with equal
// reserves, whoever faces a non-zero Nim sum wins.
func abRule(reserve [2]int, nim int, mover Player) Outcome {
	mine, theirs := reserve[mover], reserve[mover.Other()]
	if mine > theirs || mine == theirs && nim != 0 {
		return Win
	}
	return Loss
}

func (p *ABRow) Analyze() (Outcome, Analysis) {
	a := ABGameAnalysis{NimHeaps: []int{}}
	reserve, nim := scanAB([]byte(p.row), func(pr ABPair) {
		a.Pairs = append(a.Pairs, pr)
		if pr.Kind == ABNim {
			a.NimHeaps = append(a.NimHeaps, pr.Gap)
		}
	})
	a.ReserveA, a.ReserveB, a.NimSum = reserve[0], reserve[1], nim
	return abRule(reserve, nim, p.mover), a
}

// bestMove finds the first move, in the order Moves lists them, that keeps
// the outcome o. Letters never pass each other, so a move only shrinks the
// gap of its own pair (or of the last letter to the edge) by k cells, and
// each candidate is judged in constant time: the row's length at most,
// instead of one Play and Analyze per move.
func (p *ABRow) bestMove(o Outcome) Move {
	var pairs []ABPair
	reserve, nim := scanAB([]byte(p.row), func(pr ABPair) { pairs = append(pairs, pr) })
	own := letterOf(p.mover)
	try := func(pr ABPair, from, dir int) Move {
		for k := 1; k <= pr.Gap; k++ {
			r, x := reserve, nim
			if pr.Kind == ABNim {
				x ^= pr.Gap ^ (pr.Gap - k)
			} else {
				r[pr.Owner] -= k
			}
			if -abRule(r, x, p.mover.Other()) == o {
				return CellMove{From: from + 1, To: from + dir*k + 1}
			}
		}
		return nil
	}
	for _, pr := range pairs {
		if p.row[pr.Left] == own {
			if m := try(pr, pr.Left, 1); m != nil {
				return m
			}
		}
		if pr.Kind != ABEdge && p.row[pr.Right] == own {
			if m := try(pr, pr.Right, -1); m != nil {
				return m
			}
		}
	}
	return nil
}

func (abGame) Answer(pos Position, o Outcome) string {
	w := pos.ToMove()
	if o != Win {
		w = w.Other()
	}
	return ABGame.PlayerName(w)
}

// Enumerate yields every row of exactly size cells, A to move.
func (abGame) Enumerate(size int, yield func(Position) bool) {
	enumerateStrings(size, "AB.", func(s string) bool {
		return yield(&ABRow{row: s})
	})
}

// enumerateStrings calls yield for every string of length n over alphabet.
func enumerateStrings(n int, alphabet string, yield func(string) bool) {
	b := make([]byte, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == n {
			return yield(string(b))
		}
		for k := 0; k < len(alphabet); k++ {
			b[i] = alphabet[k]
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}

// Judge reads the ABGAME format: T, then one row a line.
func (abGame) Judge(j *JudgeReader, w *bufio.Writer) error {
	total := 0
	return judgeLines(j, w, abMaxTests, func(row []byte) (string, error) {
		if len(row) == 0 {
			return "", inputErr("position", "the row is empty; a row has 1 or more cells")
		}
		reserve, nim, ok := scanABFast(row)
		if !ok {
			return "", checkABRow(row)
		}
		if j.Strict {
			total += len(row)
			if len(row) > abMaxLen {
				return "", inputErr("position", "%d cells; the contest allows at most %d", len(row), abMaxLen)
			}
			if total > abMaxTotal {
				return "", inputErr("position", "the rows so far have %d cells; the contest allows %d in all", total, abMaxTotal)
			}
		}
		if abRule(reserve, nim, 0) == Win {
			return "A", nil
		}
		return "B", nil
	})
}

// abClass classifies a byte of a row: 0 for '.', 1 for 'A', 2 for 'B',
// and 4 for anything else.
var abClass = func() (t [256]uint8) {
	for i := range t {
		t[i] = 4
	}
	t['.'], t['A'], t['B'] = 0, 1, 2
	return t
}()

// scanABFast is scanAB for the judge: it validates the row in the same
// single pass and has no branch that depends on the data, because a
// random row makes every such branch a coin toss for the processor. ok
// is false if the row holds a byte other than '.', 'A' and 'B'; then
// checkABRow says where.
func scanABFast(row []byte) (reserve [2]int, nim int, ok bool) {
	var bad uint8
	open, openOwner, parity := 0, 0, 0 // parity 1: a letter waits for its partner
	for i, c := range row {
		cl := abClass[c]
		bad |= cl
		letter := int(cl|cl>>1) & 1 // 1 for 'A' and 'B' (and for no valid byte)
		owner := int(cl>>1) & 1     // 0 for 'A', 1 for 'B'
		closing := -(letter & parity)
		same := ^(owner ^ openOwner) & 1
		d := (i - open - 1) & closing
		reserve[owner] += d & -same
		nim ^= d &^ -same
		opening := -(letter &^ parity)
		open = open&^opening | i&opening
		openOwner = openOwner&^opening | owner&opening
		parity ^= letter
	}
	if bad&4 != 0 {
		return reserve, nim, false
	}
	if parity == 1 {
		reserve[openOwner] += len(row) - open - 1
	}
	return reserve, nim, true
}
