package solver

// Result is a solved position: the formula's verdict, one optimal move and
// the numbers behind them.
type Result struct {
	Position Position
	// Outcome is the result for the player to move.
	Outcome  Outcome
	Move     Move // nil when the mover has no move or every move loses
	Analysis Analysis
	// Remoteness is how many moves, both players' counted, the game lasts
	// from here under perfect play (the winner hurrying, the loser
	// stalling), found by search: -1 when the position is out of the
	// search's reach.
	Remoteness int
	// MoveRemoteness is how long the game lasts if the mover plays Move
	// and both play perfectly afterwards, Move included: -1 when out of
	// reach or Move is nil. It is more than Remoteness when Move, which
	// the formula picks, is not the quickest win.
	MoveRemoteness int
}

// Winner returns the winning player and true, or false for a tie.
func (r Result) Winner() (Player, bool) { return WinnerOf(r.Position.ToMove(), r.Outcome) }

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
func (r Result) Answer() string { return AnswerFor(r.Position.Game(), r.Position.ToMove(), r.Outcome) }

// AnswerFor is the judge's output line of g for a position whose player
// to move, mover, has the outcome o.
func AnswerFor(g Game, mover Player, o Outcome) string {
	w, ok := WinnerOf(mover, o)
	return g.Answer(w, !ok)
}

// Solve applies the formula to pos and finds one optimal move: a move that
// keeps the best outcome the mover can force. Move is nil when the mover
// has no legal move or every move loses.
func Solve(pos Position) Result {
	o, a := pos.Analyze()
	return Result{Position: pos, Outcome: o, Analysis: a, Move: pos.BestMove(o, a), Remoteness: -1, MoveRemoteness: -1}
}

// Reach sets Remoteness, and MoveRemoteness for the current Move, from
// what o can reach.
func (r *Result) Reach(o *Oracle) {
	r.Remoteness, r.MoveRemoteness = -1, -1
	if v, ok := o.Value(r.Position); ok {
		r.Remoteness = v.Remoteness
	}
	if r.Move == nil || r.Remoteness < 0 {
		return
	}
	if v, ok := o.After(r.Position, r.Move); ok {
		r.MoveRemoteness = v.Remoteness
	}
}
