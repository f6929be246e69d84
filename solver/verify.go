package solver

import (
	"context"
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
	// Checked counts the states whose outcome and formula move were
	// compared with the search: every state solved, not only the
	// starting positions.
	Checked int
	// Disagreements counts states where the formula's outcome differs from
	// the search, or where its move is missing, illegal or not optimal.
	Disagreements int
	// Examples holds the first few disagreements, in words.
	Examples []string
	Elapsed  time.Duration
}

// maxExamples is how many disagreements a row keeps to show.
const maxExamples = 5

// Verify solves every starting position of g of sizes 1..maxSize by
// exhaustive search and compares the formula with it on every state the
// search solves: the outcome, and that the formula's move is legal and
// keeps that outcome (and exists whenever some move does). onRow, if not
// nil, sees each row as soon as it is done. It stops with ctx's error.
func Verify(ctx context.Context, g Game, maxSize int, onRow func(VerifyRow)) ([]VerifyRow, error) {
	var rows []VerifyRow
	var row *VerifyRow
	disagree := func(format string, args ...any) {
		row.Disagreements++
		if len(row.Examples) < maxExamples {
			row.Examples = append(row.Examples, fmt.Sprintf(format, args...))
		}
	}
	search := NewSearch(g, 0)
	search.OnState = func(s State, v Value, children []State) {
		row.Checked++
		f, next, ok := g.Formula(s)
		if f != v.Outcome {
			disagree("%s: search says %v, formula says %v", describe(g, s), v, f)
			return
		}
		switch {
		case v.Outcome != Loss && len(children) > 0 && !ok:
			disagree("%s: formula gives no move, search finds a %v", describe(g, s), v)
		case !ok:
		case !slices.Contains(children, next):
			disagree("%s: formula's move to %s is not a legal move", describe(g, s), describe(g, next))
		default:
			if c, _ := search.Known(next); -c.Outcome != v.Outcome {
				disagree("%s: formula's move to %s leaves the opponent a %v", describe(g, s), describe(g, next), c)
			}
		}
	}
	for size := 1; size <= maxSize; size++ {
		rows = append(rows, VerifyRow{Size: size})
		row = &rows[len(rows)-1]
		start, before := time.Now(), search.States()
		var err error
		g.Starts(size, func(s State) bool {
			row.Positions++
			_, err = search.Value(ctx, s)
			return err == nil
		})
		if err != nil {
			return rows, err
		}
		row.States = search.States() - before
		row.Elapsed = time.Since(start)
		if onRow != nil {
			onRow(*row)
		}
	}
	return rows, nil
}

// describe names a state in a disagreement message.
func describe(g Game, s State) string { return Describe(g.Decode(s)) }

// Describe names a position in a message: its text, the player to move
// and, in games that keep a score, what each player holds.
func Describe(pos Position) string {
	d := fmt.Sprintf("%q with %s to move", pos.String(), pos.Game().PlayerName(pos.ToMove()))
	if h := pos.Held(); h != [2]int{} {
		d += fmt.Sprintf(" (held %d:%d)", h[0], h[1])
	}
	return d
}
