package binim

import (
	"bufio"
	"bytes"
	"slices"
	"strconv"

	"github.com/nimtutor/nimtutor/solver"
)

// Compress merges each run of equal symbols into one: a player who takes
// from a run of their own symbols can always take the whole run.
func Compress(stack string) string { return string(slices.Compact([]byte(stack))) }

// Binim2Analysis holds the numbers that decide a binim2 position: the
// "analysis" object of the JSON contract.
type Binim2Analysis struct {
	// Compressed lists each stack with its runs merged, in input order.
	Compressed []string `json:"compressed"`
	// DeeExtra counts stacks with 0 on top and bottom: one forced move each for Dee.
	DeeExtra int `json:"dee_extra"`
	// DumExtra counts stacks with 1 on top and bottom: one forced move each for Dum.
	DumExtra int `json:"dum_extra"`
}

// BinimAnalysis holds the numbers that decide a binim position: the
// "analysis" object of the JSON contract.
type BinimAnalysis struct {
	// DeeMoves is the number of 0s in stacks with 0 on top.
	DeeMoves int `json:"dee_moves"`
	// DumMoves is the number of 1s in stacks with 1 on top.
	DumMoves int `json:"dum_moves"`
}

func (p *Stacks) Analyze() (solver.Outcome, solver.Analysis) {
	counts := p.counts()
	o := stacksRule(counts, p.mover, p.game.misere)
	if !p.game.misere {
		return o, BinimAnalysis{DeeMoves: counts[0], DumMoves: counts[1]}
	}
	a := Binim2Analysis{Compressed: make([]string, len(p.stacks)), DeeExtra: counts[0], DumExtra: counts[1]}
	for i, s := range p.stacks {
		a.Compressed[i] = Compress(s)
	}
	return o, a
}

// BestMove finds the first move, stack by stack and fewest symbols
// first, that keeps the outcome o.
func (p *Stacks) BestMove(o solver.Outcome, _ solver.Analysis) solver.Move {
	i, k, ok := stacksBestMove(p.stacks, p.mover, p.game.misere, o)
	if !ok {
		return nil
	}
	return Move{Stack: i + 1, Take: k}
}

// stack is a stack written top first, as text or bytes.
type stack interface{ ~string | ~[]byte }

// stackWorth returns what one stack counts for in the formula, and for
// whom. In binim2 (misère) a stack whose top and bottom are the same
// symbol is one extra move its owner is forced to make; other stacks
// cancel out. In binim a stack gives the owner of its top one move per
// symbol of theirs in it, and the other player none.
func stackWorth[S stack](s S, misere bool) (solver.Player, int) {
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

// counts returns the tally of p's stacks.
func (p *Stacks) counts() [2]int { return stacksTally(p.stacks, p.game.misere) }

// margin returns the tally of the player to move and of the opponent.
func (p *Stacks) margin() (mine, theirs int) {
	c := p.counts()
	return c[p.mover], c[p.mover.Other()]
}

// stacksRule decides both games from the tally. binim2: equal extra moves
// mean the mover wins, otherwise whoever has fewer wins. binim: the mover
// wins with strictly more moves.
func stacksRule(counts [2]int, mover solver.Player, misere bool) solver.Outcome {
	mine, theirs := counts[mover], counts[mover.Other()]
	return solver.WinIf(misere && mine <= theirs || !misere && mine > theirs)
}

// stacksBestMove finds the first move, stack by stack and fewest symbols
// first, that keeps the outcome o: take k from stack i (0-based). Taking k
// leaves s[k:], whose worth is known in constant time (for binim from the
// counts of each symbol in what is left), so the whole search is linear
// in the symbols.
func stacksBestMove[S stack](stacks []S, mover solver.Player, misere bool, o solver.Outcome) (int, int, bool) {
	if o == solver.Loss {
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

// Answer is the judge's line: the winner's name.
func (g *stackGame) Answer(winner solver.Player, _ bool) string { return g.PlayerName(winner) }

// Judge reads the BINIM/BINIM2 format: T, then per test "N S" and N
// stacks, one a line. Only the top and bottom symbols (binim2) or the count
// of the top symbol (binim) of each stack are needed, so no stack is kept.
func (g *stackGame) Judge(j *solver.JudgeReader, w *bufio.Writer) error {
	t, err := j.TestCount(binimMaxTests)
	if err != nil {
		return err
	}
	for test := 1; test <= t; test++ {
		head, err := j.Next(test, t, "the line \"N S\"")
		if err != nil {
			return err
		}
		n, first, err := parseBinimHead(j, head)
		if err != nil {
			return err
		}
		var count [2]int
		for i := 1; i <= n; i++ {
			s, err := j.NextNumbered(test, t, "stack", i)
			if err != nil {
				return err
			}
			if len(s) == 0 {
				return solver.Inputf(j.Where(), "stack %d of test %d is empty; a stack has 1 or more symbols", i, test)
			}
			if j.Strict && len(s) > binimMaxStackLen {
				return solver.Inputf(j.Where(), "stack %d has %d symbols; the contest allows at most %d", i, len(s), binimMaxStackLen)
			}
			if k := solver.FirstNotBinary(s); k >= 0 {
				return solver.Inputf(j.Where(), "%s; a stack uses only 0 and 1", solver.CharAt(string(s), k))
			}
			p, worth := stackWorth(s, g.misere)
			count[p] += worth
		}
		w.WriteString(solver.AnswerFor(g, first, stacksRule(count, first, g.misere)))
		w.WriteByte('\n')
	}
	return j.Finish(t)
}

// parseBinimHead reads "N S".
func parseBinimHead(j *solver.JudgeReader, head []byte) (int, solver.Player, error) {
	// The fields are separated by spaces and tabs; line endings before a
	// field do not count.
	var f [][]byte
	for _, w := range bytes.FieldsFunc(head, func(r rune) bool { return r == ' ' || r == '\t' }) {
		if w = bytes.TrimLeft(w, "\r\n"); len(w) > 0 {
			f = append(f, w)
		}
	}
	if len(f) != 2 {
		return 0, 0, solver.Inputf(j.Where(), "%q should be \"N S\": the number of stacks and Dee or Dum", solver.Clip(head))
	}
	n, err := strconv.Atoi(string(f[0]))
	if err != nil || n < 1 {
		return 0, 0, solver.Inputf(j.Where(), "%q is not a number of stacks (1 or more)", solver.Clip(f[0]))
	}
	if j.Strict && n > binimMaxStacks {
		return 0, 0, solver.Inputf(j.Where(), "N is %d; the contest allows at most %d stacks", n, binimMaxStacks)
	}
	first := slices.Index([]string{"Dee", "Dum"}, string(f[1]))
	if first < 0 {
		return 0, 0, solver.Inputf(j.Where(), "%q is not a player; the first player is Dee or Dum", solver.Clip(f[1]))
	}
	return n, solver.Player(first), nil
}
