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

// moveFinder is implemented by positions that find an optimal move faster
// than trying every move against the formula.
type moveFinder interface {
	bestMove(o Outcome) Move
}

// Solve applies the formula to pos and finds one optimal move: a move that
// keeps the best outcome the mover can force. Move is nil when the mover
// has no legal move or every move loses.
func Solve(pos Position) Result {
	o, a := pos.Analyze()
	r := Result{Position: pos, Outcome: o, Analysis: a}
	if o == Loss {
		return r
	}
	if f, ok := pos.(moveFinder); ok {
		r.Move = f.bestMove(o)
		return r
	}
	r.Move = firstMoveReaching(pos, o)
	return r
}

// firstMoveReaching returns the first legal move after which the mover's
// outcome is still want, judged by the formula, or nil.
func firstMoveReaching(pos Position, want Outcome) Move {
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			continue
		}
		if o, _ := next.Analyze(); -o == want {
			return m
		}
	}
	return nil
}
