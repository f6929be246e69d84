package explain

import (
	"context"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// TestMoveTableMatchesSearch checks the move-value table on every small
// position of every game against exhaustive search: each move's outcome
// and remoteness, exactly one recommended move (the tutor's), and in a
// lost position the recommended move is the slowest loss.
func TestMoveTableMatchesSearch(t *testing.T) {
	ctx := context.Background()
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			n := smallPositions(t, game, func(pos solver.Position) {
				r := Solve(ctx, pos)
				rows, more := MoveTable(ctx, r, 0)
				values, err := solver.MoveValues(ctx, pos, 0)
				if err != nil {
					t.Fatal(err)
				}
				if more != 0 || len(rows) != len(values) {
					t.Fatalf("%q: %d rows and %d more, want %d moves", pos, len(rows), more, len(values))
				}
				recommended := -1
				slowest := solver.Value{}
				for i, row := range rows {
					v := values[i]
					if row.Move != v.Move || row.Outcome != v.Value.Outcome || row.Remoteness != v.Value.Remoteness {
						t.Fatalf("%q: row %v %v in %d, search says %v %v", pos, row.Move, row.Outcome, row.Remoteness, v.Move, v.Value)
					}
					if (row.Kind != "") != (row.Outcome == r.Outcome && r.Outcome != solver.Loss) {
						t.Fatalf("%q: row %v (%v) has kind %q, the position's outcome is %v", pos, row.Move, row.Outcome, row.Kind, r.Outcome)
					}
					if row.Recommended {
						if recommended >= 0 {
							t.Fatalf("%q: two moves recommended", pos)
						}
						recommended = i
					}
					if i == 0 || solver.Better(v.Value, slowest) {
						slowest = v.Value
					}
				}
				if len(rows) > 0 && recommended < 0 {
					t.Fatalf("%q: no move recommended", pos)
				}
				if len(rows) > 0 {
					rec := rows[recommended]
					if rec.Outcome != r.Outcome {
						t.Fatalf("%q: the recommended move %v is a %v, the position a %v", pos, rec.Move, rec.Outcome, r.Outcome)
					}
					if r.Outcome == solver.Loss && rec.Remoteness != slowest.Remoteness {
						t.Fatalf("%q: the recommended losing move %v loses in %d; the slowest loss takes %d", pos, rec.Move, rec.Remoteness, slowest.Remoteness)
					}
				}
			})
			t.Logf("%s: %d positions", game, n)
		})
	}
}
