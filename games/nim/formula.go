package nim

import (
	"bufio"

	"github.com/nimtutor/nimtutor/solver"
)

// Analysis holds the numbers that decide a Nim position: the "analysis"
// object of the JSON contract.
type Analysis struct {
	// Heaps are the heap sizes, in the order given.
	Heaps []int `json:"heaps"`
	// NimSum is the XOR of the heaps.
	NimSum int `json:"nim_sum"`
}

// MisereAnalysis holds the numbers that decide a misère Nim position:
// those of Nim, and the heaps of 1 and of 2 or more.
type MisereAnalysis struct {
	Analysis
	// Big counts the heaps of 2 or more, and Ones the heaps of 1: with no
	// big heap, the ending decides.
	Big  int `json:"big_heaps"`
	Ones int `json:"ones"`
}

// tally is what the formula needs of the heaps: their XOR, and the
// heaps of 1 and of 2 or more.
type tally struct{ x, ones, big int }

// add counts a heap of h in (sign 1) or out (sign -1).
func (t *tally) add(h, sign int) {
	t.x ^= h
	switch {
	case h == 1:
		t.ones += sign
	case h > 1:
		t.big += sign
	}
}

// without returns the tally with a heap of h replaced by one of h2.
func (t tally) without(h, h2 int) tally {
	t.add(h, -1)
	t.add(h2, 1)
	return t
}

// rule decides Nim for the player to move. Normal play: a non-zero XOR
// wins. Misère play: the same while some heap has 2 or more; with only
// heaps of 0 and 1 left, the player to move wins when the heaps of 1 are
// even in number (the opponent takes the last).
func (t tally) rule(misere bool) solver.Outcome {
	win := t.x != 0
	if misere && t.big == 0 {
		win = t.ones%2 == 0
	}
	return solver.WinIf(win)
}

// tallyOf counts the heaps in.
func tallyOf(heaps []int) tally {
	var t tally
	for _, h := range heaps {
		t.add(h, 1)
	}
	return t
}

// bestMove finds the first move, heap by heap and fewest objects first,
// that keeps the outcome o: heap i (0-based) goes down to h2. On a heap
// of h only three sizes can keep a win: h xor X, which leaves a XOR of 0,
// and in misère play 1 and 0, which can leave an odd number of heaps of
// 1 when no big heap is left. So each heap is judged in constant time.
func bestMove(heaps []int, misere bool, o solver.Outcome) (i, h2 int, ok bool) {
	if o == solver.Loss {
		return 0, 0, false
	}
	t := tallyOf(heaps)
	for i, h := range heaps {
		best := -1
		for _, c := range [3]int{h ^ t.x, 1, 0} {
			if c < h && c > best && -t.without(h, c).rule(misere) == o {
				best = c
			}
		}
		if best >= 0 {
			return i, best, true
		}
	}
	return 0, 0, false
}

// Analyze applies the formula.
func (p *Heaps) Analyze() (solver.Outcome, solver.Analysis) {
	t := tallyOf(p.heaps)
	a := Analysis{Heaps: append([]int{}, p.heaps...), NimSum: t.x}
	if p.game.misere {
		return t.rule(true), MisereAnalysis{Analysis: a, Big: t.big, Ones: t.ones}
	}
	return t.rule(false), a
}

// BestMove finds the first move, heap by heap and fewest objects first,
// that keeps the outcome o.
func (p *Heaps) BestMove(o solver.Outcome, _ solver.Analysis) solver.Move {
	i, h2, ok := bestMove(p.heaps, p.game.misere, o)
	if !ok {
		return nil
	}
	return Move{Heap: i + 1, Take: p.heaps[i] - h2}
}

// Answer is the judge's line: First or Second.
func (g *game) Answer(winner solver.Player, _ bool) string { return g.PlayerName(winner) }

// Judge reads the project's Nim format: T, then one test a line, the heap
// sizes separated by spaces. It answers First or Second.
func (g *game) Judge(j *solver.JudgeReader, w *bufio.Writer) error {
	return solver.JudgeLines(j, w, strictMaxTests, "the test is empty; a test is one or more heap sizes", func(line []byte) (string, error) {
		var t tally
		heaps, h, digits := 0, 0, 0
		for i := 0; i <= len(line); i++ {
			if i < len(line) && line[i] >= '0' && line[i] <= '9' {
				h = h*10 + int(line[i]-'0')
				if digits++; h > MaxHeap {
					return "", solver.Inputf("position", "heap %d is over %d objects", heaps+1, MaxHeap)
				}
				continue
			}
			if i < len(line) && line[i] != ' ' && line[i] != '\t' {
				return "", solver.Inputf("position", "%s; a test is heap sizes separated by spaces", solver.CharAt(string(line), i))
			}
			if digits > 0 {
				t.add(h, 1)
				heaps++
			}
			h, digits = 0, 0
		}
		if j.Strict && heaps > strictMaxHeaps {
			return "", solver.Inputf("position", "%d heaps; the judge allows at most %d", heaps, strictMaxHeaps)
		}
		return solver.AnswerFor(g, 0, t.rule(g.misere)), nil
	})
}
