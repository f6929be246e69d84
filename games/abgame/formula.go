package abgame

import (
	"bufio"

	"github.com/nimtutor/nimtutor/solver"
)

// PairKind says what a facing pair (or the last letter) is worth.
type PairKind int

// The kinds of facing pair.
const (
	// Reserve is a pair of the same owner: d moves only its owner can make.
	Reserve PairKind = iota
	// NimPair is a pair of different owners: a Nim heap of size d.
	NimPair
	// Edge is an unpaired last letter: d reserve moves to the right edge.
	Edge
)

// Pair is a facing pair of letters, or the unpaired last letter.
type Pair struct {
	Kind PairKind
	// Left and Right are the 0-based cells of the two letters; for Edge,
	// Right is the row's length (the edge).
	Left, Right int
	// Owner is the player who owns the reserve (Reserve, Edge).
	Owner solver.Player
	// Gap is the number of empty cells between them.
	Gap int
}

// Analysis holds the numbers that decide an abgame position: the
// "analysis" object of the JSON contract.
type Analysis struct {
	ReserveA int   `json:"reserve_a"`
	ReserveB int   `json:"reserve_b"`
	NimHeaps []int `json:"nim_heaps"`
	NimSum   int   `json:"nim_sum"`
	// Pairs lists the facing pairs and the unpaired last letter, left to right.
	Pairs []Pair `json:"-"`
}

// scanAB walks a valid row once, pairing the letters, and returns the
// reserve moves of A and B and the XOR of the Nim heaps. visit, if not
// nil, sees every pair, and the walk stops when it returns false. The
// judge, Analyze and the move finder share this one walk.
func scanAB(row []byte, visit func(Pair) bool) (reserve [2]int, nim int) {
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
		pr := Pair{Left: open, Right: i, Gap: d}
		if row[open] == c {
			pr.Kind, pr.Owner = Reserve, solver.Player(c-'A')
			reserve[pr.Owner] += d
		} else {
			pr.Kind = NimPair
			nim ^= d
		}
		if visit != nil && !visit(pr) {
			return reserve, nim
		}
		open = -1
	}
	if open >= 0 {
		d := len(row) - open - 1
		pr := Pair{Kind: Edge, Left: open, Right: len(row), Owner: solver.Player(row[open] - 'A'), Gap: d}
		reserve[pr.Owner] += d
		if visit != nil {
			visit(pr)
		}
	}
	return reserve, nim
}

// abRule decides abgame for the mover: more reserve moves win; with equal
// reserves, whoever faces a non-zero Nim sum wins.
func abRule(reserve [2]int, nim int, mover solver.Player) solver.Outcome {
	mine, theirs := reserve[mover], reserve[mover.Other()]
	return solver.WinIf(mine > theirs || mine == theirs && nim != 0)
}

func (p *ABRow) Analyze() (solver.Outcome, solver.Analysis) {
	a := Analysis{NimHeaps: []int{}}
	reserve, nim := scanAB([]byte(p.row), func(pr Pair) bool {
		a.Pairs = append(a.Pairs, pr)
		if pr.Kind == NimPair {
			a.NimHeaps = append(a.NimHeaps, pr.Gap)
		}
		return true
	})
	a.ReserveA, a.ReserveB, a.NimSum = reserve[0], reserve[1], nim
	return abRule(reserve, nim, p.mover), a
}

// Outcome is Analyze's outcome without the analysis, in one branch-free
// pass (solver.Outcomer).
func (p *ABRow) Outcome() solver.Outcome {
	reserve, nim, _ := scanABFast([]byte(p.row))
	return abRule(reserve, nim, p.mover)
}

// BestMove finds the first move, in the order Moves lists them, that
// keeps the outcome o.
func (p *ABRow) BestMove(o solver.Outcome, _ solver.Analysis) solver.Move {
	from, to, ok := abBestMove([]byte(p.row), p.mover, o)
	if !ok {
		return nil
	}
	return Move{From: from + 1, To: to + 1}
}

// abBestMove finds, in the order Moves lists them, the first move of
// mover that keeps the outcome o: the letter on cell from (0-based) moves
// to cell to. Letters never pass each other, so a move only shrinks the
// gap of its own pair (or of the last letter to the edge) by k cells, and
// each candidate is judged in constant time from the totals: two walks
// over the row in all.
func abBestMove(row []byte, mover solver.Player, o solver.Outcome) (from, to int, ok bool) {
	if o == solver.Loss {
		return 0, 0, false
	}
	reserve, nim := scanAB(row, nil)
	own := letterOf(mover)
	try := func(pr Pair, cell, dir int) bool {
		for k := 1; k <= pr.Gap; k++ {
			r, x := reserve, nim
			if pr.Kind == NimPair {
				x ^= pr.Gap ^ (pr.Gap - k)
			} else {
				r[pr.Owner] -= k
			}
			if -abRule(r, x, mover.Other()) == o {
				from, to, ok = cell, cell+dir*k, true
				return true
			}
		}
		return false
	}
	scanAB(row, func(pr Pair) bool {
		if row[pr.Left] == own && try(pr, pr.Left, 1) {
			return false
		}
		return pr.Kind == Edge || row[pr.Right] != own || !try(pr, pr.Right, -1)
	})
	return from, to, ok
}

// Answer is the judge's line: the winner's letter.
func (game) Answer(winner solver.Player, _ bool) string { return Game.PlayerName(winner) }

// Judge reads the ABGAME format: T, then one row a line.
func (game) Judge(j *solver.JudgeReader, w *bufio.Writer) error {
	total := 0
	return solver.JudgeLines(j, w, abMaxTests, "the row is empty; a row has 1 or more cells", func(row []byte) (string, error) {
		reserve, nim, ok := scanABFast(row)
		if !ok {
			return "", checkABRow(row)
		}
		if j.Strict {
			total += len(row)
			if len(row) > abMaxLen {
				return "", solver.Inputf("position", "%d cells; the contest allows at most %d", len(row), abMaxLen)
			}
			if total > abMaxTotal {
				return "", solver.Inputf("position", "the rows so far have %d cells; the contest allows %d in all", total, abMaxTotal)
			}
		}
		return solver.AnswerFor(Game, 0, abRule(reserve, nim, 0)), nil
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
