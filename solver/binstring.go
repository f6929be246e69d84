package solver

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// BinString is the "fewest 0s" game: players alternately remove a
// non-empty substring, keeping what they remove; when the string is empty
// the player holding fewer 0s wins, and equal counts tie. Player 1 moves
// first.
var BinString Game = binStringGame{}

type binStringGame struct{}

func (binStringGame) Name() string      { return "binstring" }
func (binStringGame) Title() string     { return "Fewest 0s after emptying a binary string" }
func (binStringGame) NeedsFirst() bool  { return false }
func (binStringGame) VerifySize() int   { return 10 }
func (binStringGame) SizeLabel() string { return "characters" }
func (binStringGame) Format() string {
	return "a string of 0s and 1s; a move removes any substring, and fewer 0s at the end wins"
}

func (binStringGame) PlayerName(p Player) string {
	if p == 0 {
		return "Player 1"
	}
	return "Player 2"
}

func (binStringGame) Parse(text string, opts ParseOptions) (Position, error) {
	text = strings.TrimSpace(text)
	if err := checkLength(text, "a string of 0s and 1s", opts); err != nil {
		return nil, err
	}
	if k := firstNotBinary([]byte(text)); k >= 0 {
		return nil, inputErr("position", "character %d is %s; the string uses only 0 and 1", k+1, quoteChar(text[k]))
	}
	return &BinaryString{s: text}, nil
}

// BinaryString is a binstring position: the string that is left, how many
// 0s each player already holds, and the player to move.
type BinaryString struct {
	s     string
	held  [2]int
	mover Player
}

// Text returns the string that is left.
func (p *BinaryString) Text() string { return p.s }

// Held returns how many 0s Player 1 and Player 2 have taken so far.
func (p *BinaryString) Held() [2]int { return p.held }

func (p *BinaryString) Game() Game     { return BinString }
func (p *BinaryString) ToMove() Player { return p.mover }
func (p *BinaryString) String() string { return p.s }

// lead returns how many more 0s the mover holds than the opponent.
func (p *BinaryString) lead() int { return p.held[p.mover] - p.held[p.mover.Other()] }

// Key is the string and the mover's lead in 0s: who the mover is does not
// matter, only how far ahead or behind they are.
func (p *BinaryString) Key() string { return p.s + ":" + strconv.Itoa(p.lead()) }

// Moves lists every substring, by start and then end. A long string has
// n(n+1)/2 of them; callers that need only a few use FirstMoves.
func (p *BinaryString) Moves() []Move {
	n := len(p.s)
	return p.firstMoves(n * (n + 1) / 2)
}

// firstMoves lists the first limit substrings in the order of Moves.
func (p *BinaryString) firstMoves(limit int) []Move {
	n := len(p.s)
	moves := make([]Move, 0, min(limit, n*(n+1)/2))
	for i := 1; i <= n && len(moves) < limit; i++ {
		for j := i; j <= n && len(moves) < limit; j++ {
			moves = append(moves, RangeMove{Start: i, End: j})
		}
	}
	return moves
}

func (p *BinaryString) Play(m Move) (Position, error) {
	rm, ok := m.(RangeMove)
	if !ok {
		return nil, fmt.Errorf("move: %v is not a range move", m)
	}
	n := len(p.s)
	if n == 0 {
		return nil, inputErr("move", "the string is empty; the game is over")
	}
	if rm.Start < 1 || rm.End > n || rm.Start > rm.End {
		return nil, inputErr("move", "choose characters i to j with 1 ≤ i ≤ j ≤ %d", n)
	}
	taken := strings.Count(p.s[rm.Start-1:rm.End], "0")
	next := &BinaryString{s: p.s[:rm.Start-1] + p.s[rm.End:], held: p.held, mover: p.mover.Other()}
	next.held[p.mover] += taken
	return next, nil
}

// Terminal compares the 0s held once the string is empty.
func (p *BinaryString) Terminal() Outcome { return leadOutcome(p.lead()) }

// leadOutcome is the result for a player who ends with lead more 0s than
// the opponent: fewer 0s win.
func leadOutcome(lead int) Outcome {
	switch {
	case lead < 0:
		return Win
	case lead > 0:
		return Loss
	}
	return Tie
}

// BinStringAnalysis holds the numbers that decide a binstring position.
type BinStringAnalysis struct {
	Zeros  int   `json:"zeros"`
	Runs   []int `json:"runs"`
	NimSum int   `json:"nim_sum"`
	// Held is how many 0s Player 1 and Player 2 have taken so far in play.
	Held [2]int `json:"-"`
}

func (BinStringAnalysis) analysisOf() string { return "binstring" }

// binStringRule decides a binstring position from the 0s left, the Nim sum
// of the runs of 1s, and the mover's lead in 0s already held. With an even
// number of 0s left, the two players can each make sure they take exactly
// half. With an odd number, someone takes the extra 0: the player who is
// forced to start on the 0s, which is the loser of Nim on the runs of 1s.
// So the mover's final lead is their current lead, plus 0 (even), -1 (odd,
// Nim sum not 0) or +1 (odd, Nim sum 0).
func binStringRule(zeros, nim, lead int) Outcome {
	if zeros%2 == 1 {
		if nim != 0 {
			lead--
		} else {
			lead++
		}
	}
	return leadOutcome(lead)
}

// scanBinary walks a valid binary string once and returns the number of 0s
// and the XOR of the lengths of its runs of 1s. visit, if not nil, sees
// each run's length.
func scanBinary(b []byte, visit func(run int)) (zeros, nim int) {
	run := 0
	for _, c := range b {
		if c == '1' {
			run++
			continue
		}
		zeros++
		if run > 0 {
			nim ^= run
			if visit != nil {
				visit(run)
			}
			run = 0
		}
	}
	if run > 0 {
		nim ^= run
		if visit != nil {
			visit(run)
		}
	}
	return zeros, nim
}

func (p *BinaryString) Analyze() (Outcome, Analysis) {
	a := BinStringAnalysis{Runs: []int{}, Held: p.held}
	a.Zeros, a.NimSum = scanBinary([]byte(p.s), func(run int) { a.Runs = append(a.Runs, run) })
	return binStringRule(a.Zeros, a.NimSum, p.lead()), a
}

// bestMove finds the first substring, by start and then end, whose removal
// keeps the outcome o. Each candidate is judged in constant time from
// prefix counts, so even a 6000-character string is quick.
func (p *BinaryString) bestMove(o Outcome) Move {
	s := p.s
	n := len(s)
	type run struct{ start, end int }
	var runs []run
	runAt := make([]int, n)      // run holding cell i, or -1
	runAfter := make([]int, n+1) // first run starting at or after i
	zpre := make([]int, n+1)
	for i := 0; i < n; i++ {
		zpre[i+1] = zpre[i]
		runAt[i] = -1
		if s[i] == '0' {
			zpre[i+1]++
			continue
		}
		if i == 0 || s[i-1] == '0' {
			runs = append(runs, run{start: i})
		}
		runs[len(runs)-1].end = i
		runAt[i] = len(runs) - 1
	}
	runAfter[n] = len(runs)
	for i := n - 1; i >= 0; i-- {
		runAfter[i] = runAfter[i+1]
		if runAt[i] >= 0 && runs[runAt[i]].start == i {
			runAfter[i] = runAt[i]
		}
	}
	xpre := make([]int, len(runs)+1)
	for k, r := range runs {
		xpre[k+1] = xpre[k] ^ (r.end - r.start + 1)
	}
	zeros, nim, lead := zpre[n], xpre[len(runs)], p.lead()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			// The runs touched by removing i..j, and what is left of them.
			a, left := runAfter[i], 0
			if i > 0 && s[i-1] == '1' {
				a, left = runAt[i-1], i-runs[runAt[i-1]].start
			}
			b, right := runAfter[j+1]-1, 0
			if j+1 < n && s[j+1] == '1' {
				b, right = runAt[j+1], runs[runAt[j+1]].end-j
			}
			x := nim
			if a <= b {
				x ^= xpre[b+1] ^ xpre[a] ^ (left + right)
			}
			taken := zpre[j+1] - zpre[i]
			if -binStringRule(zeros-taken, x, -(lead+taken)) == o {
				return RangeMove{Start: i + 1, End: j + 1}
			}
		}
	}
	return nil
}

func (binStringGame) Answer(pos Position, o Outcome) string {
	if o == Tie {
		return "Tie"
	}
	w := pos.ToMove()
	if o != Win {
		w = w.Other()
	}
	return BinString.PlayerName(w)
}

// Enumerate yields every string of exactly size characters, Player 1 to move.
func (binStringGame) Enumerate(size int, yield func(Position) bool) {
	enumerateStrings(size, "01", func(s string) bool {
		return yield(&BinaryString{s: s})
	})
}

// Judge reads the project's binstring format: T, then one string a line.
func (binStringGame) Judge(j *JudgeReader, w *bufio.Writer) error {
	return judgeLines(j, w, 1<<30, func(b []byte) (string, error) {
		if len(b) == 0 {
			return "", inputErr("position", "the string is empty; a test has 1 or more characters")
		}
		if k := firstNotBinary(b); k >= 0 {
			return "", inputErr("position", "character %d is %s; the string uses only 0 and 1", k+1, quoteChar(b[k]))
		}
		zeros, nim := scanBinary(b, nil)
		switch binStringRule(zeros, nim, 0) {
		case Win:
			return "Player 1", nil
		case Loss:
			return "Player 2", nil
		}
		return "Tie", nil
	})
}
