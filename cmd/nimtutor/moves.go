package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// maxCLIMoves is how many moves `nimtutor moves` lists.
const maxCLIMoves = 1000

// runMoves implements `nimtutor moves GAME POSITION [--first X] [--json]`:
// every legal move with its value, Gamesman-style.
func runMoves(ctx context.Context, args []string, out io.Writer) error {
	pf := newPositionFlags("moves")
	asJSON := pf.fs.Bool("json", false, "print the moves as a JSON object")
	pos, _, err := pf.parse(args)
	if err != nil {
		return err
	}
	r := explain.Solve(ctx, pos)
	rows, more := explain.MoveTable(ctx, r, maxCLIMoves)
	if *asJSON {
		return writeJSON(out, newMovesJSON(r, rows, more))
	}
	// The table is a code block for Discord; a terminal needs no fences.
	table := strings.TrimRight(strings.ReplaceAll(commands.MoveTableText(rows, more), "```\n", ""), "\n")
	fmt.Fprintf(out, "%s %s: %s.\n%s\n", pos.Game().Name(), pos, verdictLine(r), strings.ReplaceAll(table, "```", ""))
	return nil
}

// movesJSON is the object `moves --json` prints.
type movesJSON struct {
	Game     string        `json:"game"`
	Position string        `json:"position"`
	First    string        `json:"first,omitempty"`
	Moves    []moveRowJSON `json:"moves"`
	// More counts the legal moves left out (up to explain.MaxCounted).
	More int `json:"more"`
}

// moveRowJSON is one move: its shape is the solve contract's move.
type moveRowJSON struct {
	Move solver.Move `json:"move"`
	// Value is "win", "loss" or "tie" for the player making the move.
	Value string `json:"value"`
	// Remoteness counts the moves to the end, this one included; null out
	// of the search's reach.
	Remoteness  *int   `json:"remoteness"`
	Recommended bool   `json:"recommended"`
	Kind        string `json:"kind,omitempty"`
}

func newMovesJSON(r solver.Result, rows []explain.MoveRow, more int) movesJSON {
	g := r.Position.Game()
	v := movesJSON{Game: g.Name(), Position: r.Position.String(), Moves: []moveRowJSON{}, More: more}
	if g.NeedsFirst() {
		v.First = g.PlayerName(r.Position.ToMove())
	}
	for _, row := range rows {
		j := moveRowJSON{Move: row.Move, Value: row.Outcome.String(), Recommended: row.Recommended, Kind: row.Kind}
		if row.Remoteness >= 0 {
			n := row.Remoteness
			j.Remoteness = &n
		}
		v.Moves = append(v.Moves, j)
	}
	return v
}
