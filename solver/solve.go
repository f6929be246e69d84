package solver

// Result is a solved position: the formula's verdict, one optimal move and
// the numbers behind them.
type Result struct {
	Position Position
	// Outcome is the result for the player to move.
	Outcome  Outcome
	Move     Move // nil when the mover has no move or every move loses
	Analysis Analysis
}

// Winner returns the winning player and true, or false for a tie.
func (r Result) Winner() (Player, bool) {
	switch r.Outcome {
	case Win:
		return r.Position.ToMove(), true
	case Loss:
		return r.Position.ToMove().Other(), true
	}
	return 0, false
}

// WinnerName returns the winner's name as a person reads it, or "nobody"
// for a tie.
func (r Result) WinnerName() string {
	p, ok := r.Winner()
	if !ok {
		return "nobody"
	}
	return r.Position.Game().PlayerName(p)
}

// Answer returns the judge's output line for the position.
func (r Result) Answer() string { return r.Position.Game().Answer(r.Position, r.Outcome) }

// Solve applies the formula to pos and finds one optimal move: a move that
// keeps the best outcome the mover can force. Move is nil when the mover
// has no legal move or every move loses.
func Solve(pos Position) Result {
	o, a := pos.Analyze()
	return Result{Position: pos, Outcome: o, Analysis: a, Move: pos.BestMove(o, a)}
}
