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
	// for Lost, the quickest for Taught), for moves that are neither
	// Best nor Forced. For a
	// Mistake it is the move the tutor teaches, which the reply's why
	// panel compares the move with too.
	Better solver.Move
	// Pos is the position the move was played in, and Move the move.
	Pos  solver.Position
	Move solver.Move
}

// Judge judges m, a legal move in pos: by every move's value when the
// oracle reaches pos, by the formula's outcomes otherwise.
func Judge(o *solver.Oracle, pos solver.Position, m solver.Move) (Judgement, error) {
	j := Judgement{Dist: -1, BestDist: -1, Pos: pos, Move: m}
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
				// The move the tutor teaches keeps the outcome too: the
				// feedback and the why panel name the same one.
				j.Class, j.Better = Mistake, explain.LocalMove(solver.Solve(pos))
			case mine.Remoteness == bv.Remoteness || bv.Outcome == solver.Tie:
				j.Class = Best
			case bv.Outcome == solver.Loss:
				j.Class, j.Better = Lost, best
			case sameMove(m, explain.LocalMove(solver.Solve(pos))):
				j.Class, j.Better = Taught, best
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
// "You take 1 from heap 3. Still winning, but slower: your move wins in
// 5 moves; take 2 from heap 1 wins in 3 moves." Its facts are Claims.
func (j Judgement) Sentence(m solver.Move) string {
	s := fmt.Sprintf("You %s.", m)
	if cs := j.Claims(); len(cs) > 0 {
		return s + " " + explain.Join(cs...)
	}
	if j.Had == solver.Win {
		return s + " Good: you keep a winning position."
	}
	return s + " You were already losing against perfect play; nothing wins here."
}

// Claims are the facts Sentence states about the move, each a claim an
// exhaustive search can check.
func (j Judgement) Claims() []explain.Claim {
	pos, m := j.Pos, j.Move
	if pos == nil || m == nil {
		return nil
	}
	mine := solver.Value{Outcome: j.Kept, Remoteness: j.Dist}
	best := solver.Value{Outcome: j.Had, Remoteness: j.BestDist}
	switch {
	case j.Class == Forced:
		return []explain.Claim{explain.ForcedClaim(pos, m)}
	case j.Class == Mistake:
		return []explain.Claim{explain.ThrowsClaim(pos, m, j.Better, j.Had)}
	case j.Class == Slower, j.Class == Lost:
		c := explain.CompareClaim(pos, m, j.Better, mine, best, true)
		lead := "Still winning, but slower: "
		if j.Class == Lost {
			lead = "You were already losing against perfect play, and this loses sooner: "
		}
		c.Text = fmt.Sprintf("%syour move %s; %s %s.", lead, explain.Does(j.Kept, j.Dist), explain.MoveName(pos, j.Better), explain.Does(j.Had, j.BestDist))
		return []explain.Claim{c}
	case j.Class == Taught:
		c := explain.MoveValueClaim(pos, m, mine)
		c.Text = fmt.Sprintf("Good: the move the strategy teaches, winning in %s.", explain.Plural(j.Dist, "move", "moves"))
		v := explain.BestClaim(pos, j.Better, best)
		v.Text = fmt.Sprintf("The quickest: %s, in %s.", explain.MoveName(pos, j.Better), explain.Plural(j.BestDist, "move", "moves"))
		return []explain.Claim{c, v}
	case j.Exact && j.Had == solver.Win:
		c := explain.BestClaim(pos, m, mine)
		c.Text = fmt.Sprintf("Good: the quickest win, %s to the end.", explain.Plural(j.Dist, "move", "moves"))
		return []explain.Claim{c}
	case j.Had == solver.Tie:
		c := explain.MoveValueClaim(pos, m, solver.Value{Outcome: solver.Tie, Remoteness: -1})
		c.Text = "You keep the tie."
		return []explain.Claim{c}
	case j.Had == solver.Win:
		c := explain.MoveValueClaim(pos, m, solver.Value{Outcome: solver.Win, Remoteness: -1})
		c.Text = "Good: you keep a winning position."
		return []explain.Claim{c}
	case j.Exact:
		c := explain.BestClaim(pos, m, mine)
		c.Text = fmt.Sprintf("You were already losing against perfect play; nothing wins here, and this holds out longest (%s).", explain.ValueText(mine))
		return []explain.Claim{c}
	}
	c := explain.MoveValueClaim(pos, m, solver.Value{Outcome: solver.Loss, Remoteness: -1})
	c.Text = "You were already losing against perfect play; nothing wins here."
	return []explain.Claim{c}
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

// Note is the review card's remark on the move, in brackets, or "" for
// a move that needs none; its facts are the claims NoteClaims returns.
func (j Judgement) Note() string {
	cs := j.NoteClaims()
	if len(cs) == 0 {
		return ""
	}
	return " (" + explain.Join(cs...) + ")"
}

// NoteClaims are the facts of the review card's remark on the move: for
// a slower move, the quicker one with both counts; for a mistake, the
// move that kept the outcome.
func (j Judgement) NoteClaims() []explain.Claim {
	switch j.Class {
	case Slower:
		mine := solver.Value{Outcome: j.Kept, Remoteness: j.Dist}
		best := solver.Value{Outcome: j.Had, Remoteness: j.BestDist}
		c := explain.CompareClaim(j.Pos, j.Move, j.Better, mine, best, true)
		c.Text = fmt.Sprintf("%s %s; %s %s", explain.MoveName(j.Pos, j.Better), explain.Does(j.Had, j.BestDist), explain.MoveName(j.Pos, j.Move), explain.Does(j.Kept, j.Dist))
		return []explain.Claim{c}
	case Mistake:
		c := explain.ThrowsClaim(j.Pos, j.Move, j.Better, j.Had)
		c.Text = fmt.Sprintf("%s would have kept the %s", explain.MoveName(j.Pos, j.Better), j.Had)
		return []explain.Claim{c}
	}
	return nil
}
