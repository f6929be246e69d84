package binstring

import (
	"bufio"
	"bytes"
	"slices"

	"github.com/nimtutor/nimtutor/solver"
)

// Analysis holds the numbers that decide a binstring position: the
// "analysis" object of the JSON contract.
type Analysis struct {
	Zeros  int   `json:"zeros"`
	Runs   []int `json:"runs"`
	NimSum int   `json:"nim_sum"`
}

// binStringRule decides a binstring position from the 0s left, the Nim sum
// of the runs of 1s, and the mover's lead in 0s already held. With an even
// number of 0s left, the two players can each make sure they take exactly
// half. With an odd number, someone takes the extra 0: the player who is
// forced to start on the 0s, which is the loser of Nim on the runs of 1s.
// So the mover's final lead is their current lead plus finalShift.
func binStringRule(zeros, nim, lead int) solver.Outcome {
	return leadOutcome(lead + finalShift(zeros, nim))
}

// finalShift is how the 0s still in the string change the mover's lead:
// 0 for an even number, -1 for an odd number with a Nim sum not 0, and +1
// for an odd number with a Nim sum of 0.
func finalShift(zeros, nim int) int {
	switch {
	case zeros%2 == 0:
		return 0
	case nim != 0:
		return -1
	}
	return 1
}

// scanBinary walks a valid binary string once and returns the number of 0s
// and the XOR of the lengths of its runs of 1s. visit, if not nil, sees
// each run's length.
func scanBinary(b []byte, visit func(run int)) (zeros, nim int) {
	run := 0
	for i, c := range b {
		if c == '0' {
			zeros++
			run = 0
			continue
		}
		if run++; i+1 == len(b) || b[i+1] == '0' { // the run ends here
			nim ^= run
			if visit != nil {
				visit(run)
			}
		}
	}
	return zeros, nim
}

func (p *BinaryString) Analyze() (solver.Outcome, solver.Analysis) {
	a := Analysis{Runs: []int{}}
	a.Zeros, a.NimSum = scanBinary([]byte(p.s), func(run int) { a.Runs = append(a.Runs, run) })
	return binStringRule(a.Zeros, a.NimSum, p.lead()), a
}

// BestMove finds the first substring, by start and then end, whose
// removal keeps the outcome o.
func (p *BinaryString) BestMove(o solver.Outcome, _ solver.Analysis) solver.Move {
	var t binTables
	i, j, ok := t.bestMove([]byte(p.s), p.lead(), o)
	if !ok {
		return nil
	}
	return Move{Start: i + 1, End: j + 1}
}

// binTables are the prefix tables of a binary string that let bestMove
// judge a removal in constant time. Their slices may start with spare
// capacity, so that short strings need no allocation.
type binTables struct {
	runStart, runEnd []int // the runs of 1s, 0-based and inclusive
	runAt            []int // the run holding character i, or -1
	runAfter         []int // the first run starting at or after i, for i in 0..n
	nextZero         []int // the first 0 at or after i, or n, for i in 0..n
	xpre             []int // XOR of the first k runs' lengths
}

// fill builds the tables of s.
func (t *binTables) fill(s []byte) {
	n := len(s)
	t.runStart, t.runEnd, t.runAt, t.xpre = t.runStart[:0], t.runEnd[:0], t.runAt[:0], append(t.xpre[:0], 0)
	for i, c := range s {
		if c == '0' {
			t.runAt = append(t.runAt, -1)
			continue
		}
		if i == 0 || s[i-1] == '0' {
			t.runStart = append(t.runStart, i)
			t.runEnd = append(t.runEnd, i)
		}
		k := len(t.runStart) - 1
		t.runEnd[k] = i
		t.runAt = append(t.runAt, k)
	}
	for k := range t.runStart {
		t.xpre = append(t.xpre, t.xpre[k]^(t.runEnd[k]-t.runStart[k]+1))
	}
	t.runAfter, t.nextZero = slices.Grow(t.runAfter[:0], n+1)[:n+1], slices.Grow(t.nextZero[:0], n+1)[:n+1]
	t.runAfter[n], t.nextZero[n] = len(t.runStart), n
	for i := n - 1; i >= 0; i-- {
		t.runAfter[i], t.nextZero[i] = t.runAfter[i+1], t.nextZero[i+1]
		if k := t.runAt[i]; k >= 0 && t.runStart[k] == i {
			t.runAfter[i] = k
		}
		if s[i] == '0' {
			t.nextZero[i] = i
		}
	}
}

// bestMove finds the first substring i..j (0-based, inclusive), by start
// and then end, whose removal keeps the outcome o for a mover who is lead
// 0s ahead, in time linear in len(s).
//
// After removing t 0s, the mover's final lead is lead + t - s', where s'
// is the shift binStringRule gives the opponent: 0 with an even number of
// 0s left, +1 with an odd number and runs of 1s with XOR 0, -1 with an
// odd number and XOR not 0. So only t up to -lead+1 can keep a win or a
// tie. For a fixed start i, the ends j with t 0s removed are one 0 and
// the run of 1s after it (for t = 0, the rest of i's run), and along that
// stretch the XOR of the runs left changes only through the run the cut
// ends in: X' = C ^ (left + end - j). So each t is judged in constant
// time, and a start needs only a few of them.
func (t *binTables) bestMove(s []byte, lead int, o solver.Outcome) (int, int, bool) {
	if o == solver.Loss {
		return 0, 0, false
	}
	t.fill(s)
	n := len(s)
	zeros := bytes.Count(s, []byte{'0'})
	X := t.xpre[len(t.runStart)]
	target := -lead // the mover needs t - s' < target (win) or == target (tie)
	keeps := func(c int) bool {
		if o == solver.Win {
			return c < target
		}
		return c == target
	}
	for i := 0; i < n; i++ {
		a, left := t.runAfter[i], 0
		if i > 0 && s[i-1] == '1' {
			a = t.runAt[i-1]
			left = i - t.runStart[a]
		}
		// lo..hi: the ends j that remove exactly k 0s.
		lo, hi := i, t.nextZero[i]-1
		for k := 0; k <= target+1; k++ {
			if k > 0 { // the k-th 0 from i, and the 1s after it
				if lo = t.nextZero[hi+1]; lo >= n {
					break
				}
				hi = t.nextZero[lo+1] - 1
			}
			if lo > hi {
				continue
			}
			ok0, ok1 := keeps(k), keeps(k) // removals leaving XOR 0, and not 0, keep o
			if (zeros-k)%2 != 0 {
				ok0, ok1 = keeps(k-1), keeps(k+1)
			}
			switch {
			case ok0 && ok1:
				return i, lo, true
			case !ok0 && !ok1:
				continue
			}
			if s[hi] == '0' { // a single end: the 0, with no 1 after it
				b := t.runAfter[hi+1] - 1
				x := X
				if a <= b {
					x ^= t.xpre[b+1] ^ t.xpre[a] ^ left
				}
				if (x == 0) == ok0 {
					return i, lo, true
				}
				continue
			}
			// The cut ends in run r; removing up to j leaves end-j of it.
			r := t.runAt[hi]
			c := X ^ t.xpre[r+1] ^ t.xpre[a]
			zeroAt := left + t.runEnd[r] - c // the end that leaves XOR 0
			if ok0 {
				if zeroAt >= lo && zeroAt <= hi {
					return i, zeroAt, true
				}
				continue
			}
			if j := lo; j != zeroAt {
				return i, j, true
			} else if j+1 <= hi {
				return i, j + 1, true
			}
		}
	}
	return 0, 0, false
}

// Answer is the judge's line: the winner's name, or Tie.
func (game) Answer(winner solver.Player, tie bool) string {
	if tie {
		return "Tie"
	}
	return Game.PlayerName(winner)
}

// Judge reads the project's binstring format: T, then one string a line.
func (game) Judge(j *solver.JudgeReader, w *bufio.Writer) error {
	return solver.JudgeLines(j, w, 1<<30, "the string is empty; a test has 1 or more characters", func(b []byte) (string, error) {
		if k := solver.FirstNotBinary(b); k >= 0 {
			return "", solver.Inputf("position", "%s; the string uses only 0 and 1", solver.CharAt(string(b), k))
		}
		zeros, nim := scanBinary(b, nil)
		return solver.AnswerFor(Game, 0, binStringRule(zeros, nim, 0)), nil
	})
}
