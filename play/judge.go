package play

import (
	"fmt"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// Class is the verdict on one move.
type Class string

// The verdicts, as Lichess's game review gives them.
const (
	// Best keeps the best outcome, as fast as possible (or, when already
	// lost, holds out longest).
	Best Class = "best"
	// Slower keeps the win, but the win now takes longer.
	Slower Class = "still winning, slower"
	// Taught keeps the win the slower way, but is the move the strategy
	// teaches: not a fault.
	Taught Class = "the taught move"
	// Mistake throws away the win (or the tie).
	Mistake Class = "mistake"
	// Forced was the only legal move.
	Forced Class = "forced"
	// Lost was played in a lost position and loses sooner than the best
	// resistance.
	Lost Class = "already lost"
)

// Judgement is the verdict on one move and the numbers behind it.
type Judgement struct {
	Class Class
	// Had is the best outcome the mover could force before the move, and
	// Kept the one left after it.
	Had, Kept solver.Outcome
	// Dist is the remoteness after the move, the move counted, and
	// BestDist after the best move; both -1 when the search does not
	// reach the position, and Exact is false then.
	Dist, BestDist int
	Exact          bool
	// Better is a move that keeps Had (faster, for Slower, and longer,
	// for Lost), for moves that are neither Best nor Forced.
	Better solver.Move
}

// Judge judges m, a legal move in pos: by every move's value when the
// oracle reaches pos, by the formula's outcomes otherwise.
func Judge(o *solver.Oracle, pos solver.Position, m solver.Move) (Judgement, error) {
	j := Judgement{Dist: -1, BestDist: -1}
	next, err := pos.Play(m)
	if err != nil {
		return j, err
	}
	forced := len(solver.FirstMoves(pos, 2)) == 1
	if best, bv, ok := o.BestMove(pos); ok {
		if mine, ok := o.After(pos, m); ok {
			j.Exact = true
			j.Had, j.Kept, j.Dist, j.BestDist = bv.Outcome, mine.Outcome, mine.Remoteness, bv.Remoteness
			switch {
			case forced:
				j.Class = Forced
			case mine.Outcome < bv.Outcome:
				j.Class, j.Better = Mistake, best
			case mine.Remoteness == bv.Remoteness || bv.Outcome == solver.Tie:
				j.Class = Best
			case bv.Outcome == solver.Loss:
				j.Class, j.Better = Lost, best
			case sameMove(m, explain.LocalMove(solver.Solve(pos))):
				j.Class = Taught
			default:
				j.Class, j.Better = Slower, best
			}
			return j, nil
		}
	}
	res := solver.Solve(pos)
	after, _ := next.Analyze()
	j.Had, j.Kept = res.Outcome, -after
	switch {
	case forced:
		j.Class = Forced
	case j.Kept < j.Had:
		j.Class, j.Better = Mistake, explain.LocalMove(res)
	default: // out of the search's reach, a lost position has no better move known
		j.Class = Best
	}
	return j, nil
}

// Sentence says what m did, as feedback to the student who played it:
// "You move the piece on cell 5 to cell 4. Still winning, but slower: 5
// moves instead of 3."
func (j Judgement) Sentence(m solver.Move) string {
	s := fmt.Sprintf("You %s. ", m)
	switch {
	case j.Class == Forced:
		return s + "It was your only move."
	case j.Class == Mistake:
		what := "the win"
		if j.Had == solver.Tie {
			what = "the tie"
		}
		return s + fmt.Sprintf("That throws away %s: %s would have kept it.", what, j.Better)
	case j.Class == Slower:
		return s + fmt.Sprintf("Still winning, but slower: %d moves instead of %d.", j.Dist, j.BestDist)
	case j.Class == Taught:
		return s + fmt.Sprintf("Good: the move the strategy teaches, winning in %s (the quickest win takes %d).", explain.Plural(j.Dist, "move", "moves"), j.BestDist)
	case j.Had == solver.Win && j.Exact:
		return s + fmt.Sprintf("Good: the quickest win, %s to the end.", explain.Plural(j.Dist, "move", "moves"))
	case j.Had == solver.Win:
		return s + "Good: you keep a winning position."
	case j.Had == solver.Tie:
		return s + "You keep the tie."
	case j.Class == Lost:
		return s + fmt.Sprintf("You were already losing against perfect play, and this loses sooner: %d moves instead of %d.", j.Dist, j.BestDist)
	}
	return s + "You were already losing against perfect play; nothing wins here."
}

// Worse reports whether the move was worse than the best one: it threw
// the outcome away, or kept it the slow way without following the
// strategy, or lost sooner than it had to. The reply then shows why.
func (j Judgement) Worse() bool {
	return j.Class == Mistake || j.Class == Slower || j.Class == Lost
}

// sameMove reports whether two moves are the same move.
func sameMove(a, b solver.Move) bool {
	return a != nil && b != nil && a.String() == b.String()
}
