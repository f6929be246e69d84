package solver

import (
	"fmt"
	"slices"
	"time"
)

// VerifyRow is one line of the verification table: every starting
// position of one size, solved by exhaustive search and compared with the
// formula.
type VerifyRow struct {
	Size int
	// Positions counts the starting positions of this size.
	Positions int
	// States counts the states the search solved for this size (states
	// shared with smaller sizes are counted once, where first solved).
	States int
	// Checked counts the states whose outcome was compared with the
	// formula: every state searched, not only the starting positions.
	Checked int
	// Disagreements counts states where the formula's outcome differs from
	// the search, plus starting positions whose formula move is not optimal.
	Disagreements int
	// Examples holds the first few disagreements, in words.
	Examples []string
	Elapsed  time.Duration
}

// maxExamples is how many disagreements a row keeps to show.
const maxExamples = 5

// Verify solves every starting position of g of sizes 1..maxSize by
// exhaustive search and compares the formula with it: the outcome of every
// state the search reaches, and Solve's move at every starting position.
// onRow, if not nil, sees each row as soon as it is done.
func Verify(g Game, maxSize int, onRow func(VerifyRow)) []VerifyRow {
	var rows []VerifyRow
	var row *VerifyRow
	disagree := func(format string, args ...any) {
		row.Disagreements++
		if len(row.Examples) < maxExamples {
			row.Examples = append(row.Examples, fmt.Sprintf(format, args...))
		}
	}
	search := NewSearch(0)
	search.OnState = func(pos Position, o Outcome) {
		row.Checked++
		if f, _ := pos.Analyze(); f != o {
			disagree("%s with %s to move: search says %v, formula says %v",
				describe(pos), g.PlayerName(pos.ToMove()), o, f)
		}
	}
	for size := 1; size <= maxSize; size++ {
		rows = append(rows, VerifyRow{Size: size})
		row = &rows[len(rows)-1]
		start, before := time.Now(), search.States()
		g.Enumerate(size, func(pos Position) bool {
			row.Positions++
			checkMove(search, pos, disagree)
			return true
		})
		row.States = search.States() - before
		row.Elapsed = time.Since(start)
		if onRow != nil {
			onRow(*row)
		}
	}
	return rows
}

// checkMove compares Solve's move at pos with the moves the search finds
// optimal.
func checkMove(search *Search, pos Position, disagree func(string, ...any)) {
	best, _, err := search.BestMoves(pos)
	if err != nil {
		disagree("%s: search failed: %v", describe(pos), err)
		return
	}
	m := Solve(pos).Move
	switch {
	case m == nil && len(best) > 0:
		disagree("%s: formula gives no move, search finds %v", describe(pos), best[0])
	case m != nil && !slices.Contains(best, m):
		disagree("%s: formula's move %v is not optimal", describe(pos), m)
	}
}

// describe names a position in a disagreement message.
func describe(pos Position) string {
	s := fmt.Sprintf("%q", pos.String())
	if b, ok := pos.(*BinaryString); ok && b.held != [2]int{} {
		s += fmt.Sprintf(" (0s held %d:%d)", b.held[0], b.held[1])
	}
	return s
}
