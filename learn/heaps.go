package learn

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// heapRule says how a heap game is played.
type heapRule int

const (
	// nimRule: a move shrinks one heap to any smaller size; the last
	// mover wins. A heap written "5/2" is a take-1-or-2 pile instead.
	nimRule heapRule = iota
	// stairRule is staircase Nim: heap i is the coins on step i (from 1),
	// and a move carries coins from one step down to the step below
	// (from step 1 they leave the game); the last mover wins.
	stairRule
)

// heapNames are the two players of the heap games: Alice moves first.
var heapNames = [2]string{"Alice", "Bob"}

// heapBoard is a position of a heap game: its heaps, which of them take
// only 1 or 2 at a time, and the player to move.
type heapBoard struct {
	rule  heapRule
	heaps []int
	// take12 marks the heaps a move takes only 1 or 2 from.
	take12 []bool
	mover  int
}

// maxHeapTotal bounds the heap games' positions to what the search
// solves at once.
const maxHeapTotal = 40

// parseHeaps reads "3 4 5" or, with take-1-or-2 piles, "5/2 3".
func parseHeaps(rule heapRule, text string) (Board, error) {
	b := &heapBoard{rule: rule}
	total := 0
	for k, f := range strings.Fields(text) {
		n, small := strings.CutSuffix(f, "/2")
		if small && rule != nimRule {
			return nil, &solver.InputError{Field: "position", Msg: fmt.Sprintf("heap %d: take-1-or-2 piles are only for Nim sums", k+1)}
		}
		v, err := strconv.Atoi(n)
		if err != nil || v < 0 || v > maxHeapTotal {
			return nil, &solver.InputError{Field: "position", Msg: fmt.Sprintf("heap %d is %q; a heap is a number from 0 to %d", k+1, f, maxHeapTotal)}
		}
		total += v
		b.heaps = append(b.heaps, v)
		b.take12 = append(b.take12, small)
	}
	if len(b.heaps) == 0 || total > maxHeapTotal {
		return nil, &solver.InputError{Field: "position", Msg: fmt.Sprintf("give 1 or more heaps with at most %d objects in all", maxHeapTotal)}
	}
	return b, nil
}

// String writes the heaps as parseHeaps reads them.
func (b *heapBoard) String() string {
	parts := make([]string, len(b.heaps))
	for k, h := range b.heaps {
		parts[k] = strconv.Itoa(h)
		if b.take12[k] {
			parts[k] += "/2"
		}
	}
	return strings.Join(parts, " ")
}

// moves lists the legal moves as (heap or step, how many), from 1.
func (b *heapBoard) moves() [][2]int {
	var out [][2]int
	for k, h := range b.heaps {
		most := h
		if b.take12[k] {
			most = min(h, 2)
		}
		for take := 1; take <= most; take++ {
			out = append(out, [2]int{k + 1, take})
		}
	}
	return out
}

// play returns the position after taking take from heap (or step) i.
func (b *heapBoard) play(i, take int) (*heapBoard, error) {
	if !slices.Contains(b.moves(), [2]int{i, take}) {
		return nil, &solver.InputError{Field: "move", Msg: fmt.Sprintf("%s is not a legal move here", b.MoveText(i, take))}
	}
	n := &heapBoard{rule: b.rule, heaps: slices.Clone(b.heaps), take12: b.take12, mover: 1 - b.mover}
	n.heaps[i-1] -= take
	if b.rule == stairRule && i > 1 {
		n.heaps[i-2] += take
	}
	return n, nil
}

// MoveText says a move: "take 2 from heap 1" or "move 2 coins from step 3 to step 2".
func (b *heapBoard) MoveText(i, take int) string {
	switch {
	case b.rule == stairRule && i == 1:
		return fmt.Sprintf("move %s from step 1 off the stairs", solver.Count(take, "coin", "coins"))
	case b.rule == stairRule:
		return fmt.Sprintf("move %s from step %d to step %d", solver.Count(take, "coin", "coins"), i, i-1)
	}
	return fmt.Sprintf("take %d from heap %d", take, i)
}

// key packs the position for the search's memo.
func (b *heapBoard) key() string { return fmt.Sprint(b.heaps) }

// search returns the outcome for the player to move, by exhaustive
// search of every line of play, memoised on the heaps. Every move removes
// an object or carries it one step closer to leaving, so it ends.
func (b *heapBoard) search(ctx context.Context, memo map[string]solver.Outcome) (solver.Outcome, error) {
	if o, ok := memo[b.key()]; ok {
		return o, nil
	}
	if len(memo)%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	ms := b.moves()
	o := solver.Loss
	for _, m := range ms {
		next, _ := b.play(m[0], m[1])
		v, err := next.search(ctx, memo)
		if err != nil {
			return 0, err
		}
		if v == solver.Loss {
			o = solver.Win
			break
		}
	}
	memo[b.key()] = o
	return o, nil
}

// value is a heap's grundy value: n for a Nim heap, n mod 3 for a
// take-1-or-2 pile.
func (b *heapBoard) value(k int) int {
	if b.take12[k] {
		return b.heaps[k] % 3
	}
	return b.heaps[k]
}

// formula applies the theory: the outcome for the player to move and
// the reason, in one sentence, on this position.
func (b *heapBoard) formula() (solver.Outcome, string) {
	x := 0
	switch b.rule {
	case stairRule:
		var odd []string
		for k := 0; k < len(b.heaps); k += 2 {
			x ^= b.heaps[k]
			odd = append(odd, fmt.Sprintf("step %d has %d", k+1, b.heaps[k]))
		}
		return xorOutcome(x), fmt.Sprintf("only the odd steps count (%s), and the XOR of their coins is %d", strings.Join(odd, ", "), x)
	}
	var parts []string
	mixed := slices.Contains(b.take12, true)
	for k := range b.heaps {
		x ^= b.value(k)
		if mixed {
			kind := "Nim heap"
			if b.take12[k] {
				kind = "take-1-or-2 pile"
			}
			parts = append(parts, fmt.Sprintf("a %s of %d, worth %d", kind, b.heaps[k], b.value(k)))
		} else {
			parts = append(parts, strconv.Itoa(b.heaps[k]))
		}
	}
	if mixed {
		return xorOutcome(x), fmt.Sprintf("the values are %s; their XOR is %d", strings.Join(parts, "; "), x)
	}
	if len(b.heaps) == 1 {
		return xorOutcome(x), fmt.Sprintf("a lone heap's XOR is its size, %d", x)
	}
	return xorOutcome(x), fmt.Sprintf("the XOR of the heaps %s is %d", strings.Join(parts, ", "), x)
}

// xorOutcome is the XOR rule: 0 loses for the player to move.
func xorOutcome(x int) solver.Outcome { return solver.WinIf(x != 0) }

// nimber is the position's grundy value by the theory: the XOR of its
// heaps' values (of the odd steps, on the staircase).
func (b *heapBoard) nimber() int {
	x := 0
	for k := range b.heaps {
		if b.rule == stairRule && k%2 == 1 {
			continue
		}
		x ^= b.value(k)
	}
	return x
}

// grundy returns the position's grundy value by exhaustive search: the
// mex of the values of the positions one move away, memoised on the
// heaps.
func (b *heapBoard) grundy(ctx context.Context, memo map[string]int) (int, error) {
	if g, ok := memo[b.key()]; ok {
		return g, nil
	}
	if len(memo)%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	seen := map[int]bool{}
	for _, m := range b.moves() {
		next, _ := b.play(m[0], m[1])
		g, err := next.grundy(ctx, memo)
		if err != nil {
			return 0, err
		}
		seen[g] = true
	}
	g := 0
	for seen[g] {
		g++
	}
	memo[b.key()] = g
	return g, nil
}
