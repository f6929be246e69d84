package adapwns

import (
	"bufio"

	"github.com/nimtutor/nimtutor/solver"
)

// Analysis holds the numbers that decide an adapwns position: the
// "analysis" object of the JSON contract.
type Analysis struct {
	// Gaps holds the empty cells before each pawn, left to right; the first
	// pawn's gap runs to the left edge.
	Gaps []int `json:"gaps"`
	// Significant holds the 1-based indices into Gaps of the counted gaps:
	// every other gap, starting from the rightmost.
	Significant []int `json:"significant"`
	// Grundy holds g mod 3 for each counted gap, in the same order.
	Grundy []int `json:"grundy"`
	// Xor is the XOR of Grundy.
	Xor int `json:"xor"`
	// Pawns holds the 0-based cell of each pawn, left to right.
	Pawns []int `json:"-"`
}

// gapFold is the formula of adapwns, fed one gap at a time from left to
// right: the XOR of g mod 3 over every other gap, counted from the
// rightmost. A single pass from the left cannot know which gaps count, so
// it keeps the XOR of both classes and swaps them at every pawn: last
// always holds the class of the pawn seen last.
type gapFold struct{ cur, last int }

func (f *gapFold) add(gap int) { f.cur ^= gap % 3; f.cur, f.last = f.last, f.cur }

// xor returns the XOR of the counted gaps' grundy values.
func (f gapFold) xor() int { return f.last }

// counted reports whether gap k of n counts: every other one from the right.
func counted(k, n int) bool { return (n-1-k)%2 == 0 }

// winningShift returns the first move, pawn by pawn from the left and 1
// cell before 2, that leaves the counted gaps with XOR 0: pawn k (0-based)
// moves d cells. Moving pawn k takes d from gap k and adds it to gap k+1.
// x is the XOR of the counted gaps; ok is false when no move reaches 0.
func winningShift(gaps []int, x int) (k, d int, ok bool) {
	n := len(gaps)
	for k := range n {
		for d := 1; d <= 2 && d <= gaps[k]; d++ {
			y := x
			if counted(k, n) {
				y ^= gaps[k]%3 ^ (gaps[k]-d)%3
			} else {
				y ^= gaps[k+1]%3 ^ (gaps[k+1]+d)%3
			}
			if y == 0 {
				return k, d, true
			}
		}
	}
	return 0, 0, false
}

// scanPawns walks a valid board once and returns the XOR of g mod 3 over
// the counted gaps. visit, if not nil, sees each pawn's cell and gap.
func scanPawns(b []byte, visit func(cell, gap int)) int {
	var f gapFold
	gap := 0
	for i, c := range b {
		if c == '.' {
			gap++
			continue
		}
		if visit != nil {
			visit(i, gap)
		}
		f.add(gap)
		gap = 0
	}
	return f.xor()
}

func (p *Board) Analyze() (solver.Outcome, solver.Analysis) {
	a := Analysis{Gaps: []int{}, Significant: []int{}, Grundy: []int{}}
	a.Xor = scanPawns([]byte(p.cells), func(cell, gap int) {
		a.Pawns = append(a.Pawns, cell)
		a.Gaps = append(a.Gaps, gap)
	})
	n := len(a.Gaps)
	for i := (n + 1) % 2; i < n; i += 2 { // n-1, n-3, ... counted from the left
		a.Significant = append(a.Significant, i+1)
		a.Grundy = append(a.Grundy, a.Gaps[i]%3)
	}
	return xorRule(a.Xor), a
}

// Outcome is Analyze's outcome without the analysis (solver.Outcomer).
func (p *Board) Outcome() solver.Outcome { return xorRule(scanPawns([]byte(p.cells), nil)) }

// BestMove finds the first move that leaves the counted gaps with XOR 0.
func (p *Board) BestMove(o solver.Outcome, an solver.Analysis) solver.Move {
	a := an.(Analysis)
	if o != solver.Win {
		return nil
	}
	k, d, ok := winningShift(a.Gaps, a.Xor)
	if !ok {
		return nil
	}
	return Move{From: a.Pawns[k] + 1, To: a.Pawns[k] + 1 - d}
}

// xorRule decides an impartial sum: the mover wins exactly when the XOR of
// the grundy values is not 0.
func xorRule(x int) solver.Outcome { return solver.WinIf(x != 0) }

// Answer is the judge's line: Yes when Ada, the first player, wins.
func (game) Answer(winner solver.Player, _ bool) string { return [2]string{"Yes", "No"}[winner] }

// Judge reads the ADAPWNS format: T, then one board a line.
func (game) Judge(j *solver.JudgeReader, w *bufio.Writer) error {
	return solver.JudgeLines(j, w, adaMaxTests, "the board is empty; a board has 1 or more cells", func(b []byte) (string, error) {
		if err := checkBoard(b, j.Strict); err != nil {
			return "", err
		}
		return solver.AnswerFor(Game, 0, xorRule(scanPawns(b, nil))), nil
	})
}
