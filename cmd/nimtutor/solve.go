package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// runSolve implements `nimtutor solve`.
func runSolve(ctx context.Context, args []string, out io.Writer) error {
	pf := newPositionFlags("solve")
	asJSON := pf.fs.Bool("json", false, "print the JSON object of the solve contract")
	full := pf.fs.Bool("full", false, "print the full reasoning, every step, instead of the short answer")
	pos, _, err := pf.parse(args)
	if err != nil {
		return err
	}
	r := explain.Solve(ctx, pos)
	if *asJSON {
		return writeJSON(out, newSolveJSON(ctx, r))
	}
	if *full {
		return writeSolveText(ctx, out, r)
	}
	return writeShortText(ctx, out, r)
}

// writeJSON prints v as indented JSON, with <, > and & as they are.
func writeJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// writeShortText prints the short answer: the verdict, then each step of
// the short reply as one paragraph led by its title.
func writeShortText(ctx context.Context, out io.Writer, r solver.Result) error {
	fmt.Fprintf(out, "%s %s: %s.\n", r.Position.Game().Name(), r.Position, verdictLine(r))
	for _, s := range explain.Short(explain.Summary(ctx, r, explain.Options{}), explain.MoveStep(ctx, r)) {
		fmt.Fprintf(out, "\n%s: %s\n", s.Title, explain.Plain(s.Body))
	}
	return nil
}

// verdictLine says who wins and the judge's answer.
func verdictLine(r solver.Result) string {
	if r.Outcome == solver.Tie {
		return fmt.Sprintf("a tie (judge: %s)", r.Answer())
	}
	return fmt.Sprintf("%s wins (judge: %s)", r.WinnerName(), r.Answer())
}

// solveJSON is the object `solve --json` prints, as GAMES.md defines it.
type solveJSON struct {
	Game     string      `json:"game"`
	Position string      `json:"position"`
	First    string      `json:"first,omitempty"`
	Answer   string      `json:"answer"`
	Winner   string      `json:"winner"`
	Move     solver.Move `json:"move"`
	// Remoteness is how many moves the game lasts under perfect play,
	// both players' counted; null when the search does not reach.
	Remoteness *int            `json:"remoteness"`
	Analysis   solver.Analysis `json:"analysis"`
	Steps      []explain.Step  `json:"steps"`
}

func newSolveJSON(ctx context.Context, r solver.Result) solveJSON {
	g := r.Position.Game()
	v := solveJSON{
		Game:     g.Name(),
		Position: r.Position.String(),
		Answer:   r.Answer(),
		Winner:   r.WinnerName(),
		Move:     r.Move,
		Analysis: r.Analysis,
		Steps:    steps(ctx, r),
	}
	if r.Remoteness >= 0 {
		v.Remoteness = &r.Remoteness
	}
	if g.NeedsFirst() {
		v.First = g.PlayerName(r.Position.ToMove())
	}
	return v
}

// steps returns the full explanation, then the move in the numbering of
// the student's position: `solve --full` and the JSON contract's steps.
func steps(ctx context.Context, r solver.Result) []explain.Step {
	return append(explain.Explain(r, explain.Options{}), explain.MoveStep(ctx, r))
}

func writeSolveText(ctx context.Context, out io.Writer, r solver.Result) error {
	g := r.Position.Game()
	fmt.Fprintf(out, "%s: %s\n", g.Title(), r.Position)
	if r.Outcome == solver.Tie {
		fmt.Fprintf(out, "Tie%s: nobody wins (judge answer: %s).\n", explain.InMoves(r), r.Answer())
	} else {
		fmt.Fprintf(out, "%s wins%s (judge answer: %s).\n", r.WinnerName(), explain.InMoves(r), r.Answer())
	}
	for i, s := range steps(ctx, r) {
		fmt.Fprintf(out, "\n%d. %s\n%s\n", i+1, s.Title, explain.Plain(s.Body))
	}
	return nil
}
