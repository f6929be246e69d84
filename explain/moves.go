package explain

import (
	"context"

	"github.com/nimtutor/nimtutor/solver"
)

// MoveRow is one legal move in a table of move values, Gamesman-style:
// what the move is worth to the player making it.
type MoveRow struct {
	Move solver.Move
	// Outcome is the mover's outcome after the move under best play, by
	// the formula: always known.
	Outcome solver.Outcome
	// Remoteness counts the moves to the end after this one, this one
	// included, under perfect play (the winner hurrying, the loser
	// stalling); -1 when the position is out of the search's reach.
	Remoteness int
	// Recommended marks the move the tutor recommends (Recommend): the
	// taught move, or where every move loses the slowest loss.
	Recommended bool
	// Kind names the move in the strategy's words when it keeps the best
	// outcome, for example "a Nim move"; "" otherwise.
	Kind string
}

// MoveTable returns the value of the first max legal moves of r.Position
// (all of them when max is 0), in the order of Moves, and how many more
// there are (counted up to MaxCounted). Outcomes come from the formula;
// remoteness from one search within solver.ReachBudget states and
// solver.ReachTime, where it reaches.
func MoveTable(ctx context.Context, r solver.Result, max int) ([]MoveRow, int) {
	pos := r.Position
	var moves []solver.Move
	more := 0
	if max <= 0 {
		moves = pos.Moves()
	} else if moves = solver.FirstMoves(pos, max+1); len(moves) > max {
		moves = moves[:max]
		more = len(solver.FirstMoves(pos, MaxCounted)) - max
	}
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	defer cancel()
	oracle := solver.NewOracle(ctx, pos.Game(), solver.ReachBudget)
	rec, _, _ := Recommend(ctx, r)
	e := teacherOf(pos.Game())
	rows := make([]MoveRow, 0, len(moves))
	reach := true
	for _, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			continue
		}
		o := solver.OutcomeOf(next)
		row := MoveRow{Move: m, Outcome: -o, Remoteness: -1, Recommended: sameMove(m, rec)}
		if row.Outcome == r.Outcome && r.Outcome != solver.Loss {
			row.Kind = e.Kind(pos, m)
		}
		if reach {
			if v, ok := oracle.After(pos, m); ok {
				row.Remoteness = v.Remoteness
			} else {
				reach = false
			}
		}
		rows = append(rows, row)
	}
	if !reach {
		for i := range rows {
			rows[i].Remoteness = -1
		}
	}
	return rows, more
}

// MaxCounted is how far MoveTable counts the moves it does not show.
const MaxCounted = 100_000

// RowText says a row's value: "win in 3 moves", or "win" out of reach.
func RowText(row MoveRow) string {
	if row.Remoteness < 0 {
		return row.Outcome.String()
	}
	return ValueText(solver.Value{Outcome: row.Outcome, Remoteness: row.Remoteness})
}
