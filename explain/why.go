package explain

import (
	"context"
	"fmt"

	"github.com/nimtutor/nimtutor/solver"
)

// Why explains what move m does in r.Position compared with another move:
// the position after m with the numbers that decide it (for binstring,
// the 0s each player holds); the opponent's best reply and why it works;
// the other move and why it is better (other, or when nil the move the
// tutor recommends); and what each move is worth, win or lose in so many
// moves where the search reaches. Errors are the position's own, for an
// illegal move (*solver.InputError). It is per position and not cached.
func Why(ctx context.Context, r solver.Result, m, other solver.Move) ([]Step, error) {
	pos := r.Position
	e := teacherOf(pos.Game())
	next, err := pos.Play(m)
	if err != nil {
		return nil, err
	}
	// The recommended move's value when Recommend found it by search: the
	// card's own search below shares one budget between both moves.
	var otherValue solver.Value
	otherExact := false
	if other == nil {
		other, otherValue, otherExact = Recommend(ctx, r)
	}
	var otherNext solver.Position
	if other != nil {
		if otherNext, err = pos.Play(other); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	defer cancel()
	oracle := solver.NewOracle(ctx, pos.Game(), solver.ReachBudget)
	mover, opponent := Players(pos)

	rn := solver.Solve(next)
	steps := []Step{{Title: "After your move", Body: afterText(e, m, rn, o0)}}

	if solver.HasMoves(next) {
		reply, _, _ := Recommend(ctx, rn)
		title, body := "Their best reply", ""
		if rn.Outcome == solver.Win {
			title = "Their refutation"
		}
		if reply != nil {
			body = fmt.Sprintf("%s answers **%s**.", opponent, reply)
			if f := summaryStep(rn, "Finding it"); f != "" && rn.Outcome != solver.Loss {
				body += " " + f
			}
			if after, err := next.Play(reply); err == nil && rn.Outcome == solver.Win {
				body += fmt.Sprintf(" That leaves %s to move in a lost position: %s.", mover, KeyNumbers(after))
			}
		}
		steps = append(steps, Step{Title: title, Body: body})
	}

	mv, mOK := oracle.After(pos, m)
	values := solverValues(m, mv, mOK, rn) + " It is as good as any move here."
	if other != nil && !sameMove(other, m) {
		ro := solver.Solve(otherNext)
		ov, oOK := oracle.After(pos, other)
		if !oOK && otherExact {
			ov, oOK = otherValue, true
		}
		body := fmt.Sprintf("**%s** instead leaves %s to move: %s.", Capitalise(other.String()), opponent, KeyNumbers(otherNext))
		if f := summaryStep(r, "Finding it"); f != "" && r.Outcome != solver.Loss && sameMove(other, LocalMove(r)) {
			body += " " + f
		}
		switch {
		case -ro.Outcome > -rn.Outcome:
			body += fmt.Sprintf(" It is better: a %s for you instead of a %s.", -ro.Outcome, -rn.Outcome)
		case -ro.Outcome < -rn.Outcome:
			body += fmt.Sprintf(" It is worse than your move: a %s for you instead of a %s.", -ro.Outcome, -rn.Outcome)
		case mOK && oOK && ov.Better(mv):
			body += " Both keep the same outcome; it gets there " + map[bool]string{true: "sooner.", false: "later, which is what a losing side wants."}[ov.Outcome != solver.Loss]
		case mOK && oOK && mv.Better(ov):
			body += " Both keep the same outcome, and your move does at least as well."
		default:
			body += " Both keep the same outcome."
		}
		steps = append(steps, Step{Title: "The better move", Body: body})
		values = solverValues(m, mv, mOK, rn) + " " + solverValues(other, ov, oOK, ro)
	}
	return append(steps, Step{Title: "Win or lose", Body: values}), nil
}

// o0 is the detail of a why report: every item, as the command line
// shows them; Discord's limits are met by its short steps.
var o0 = Options{MaxItems: 6}

// afterText says what position m leaves and who wins it, with the facts
// that decide it.
func afterText(e Teacher, m solver.Move, rn solver.Result, o Options) string {
	next := rn.Position
	player, _ := Players(next)
	if next.String() == "" {
		return fmt.Sprintf("**%s** leaves nothing. %s", Capitalise(m.String()), e.GameOver(next))
	}
	body := fmt.Sprintf("**%s** leaves %s, %s to move.", Capitalise(m.String()), Code(next.String(), "characters", o), player)
	if !solver.HasMoves(next) {
		return body + " " + e.GameOver(next)
	}
	if st := e.Status(next); st != "" {
		body += " " + st
	}
	if f := summaryStep(rn, "Why"); f != "" {
		body += " " + f
	}
	switch rn.Outcome {
	case solver.Win:
		body += fmt.Sprintf(" So %s, to move, wins.", player)
	case solver.Loss:
		body += fmt.Sprintf(" So %s, to move, loses: you are still winning.", player)
	default:
		body += " So the game is still a tie with best play."
	}
	return body
}

// summaryStep returns the body of the summary step with the given title
// for r, or "".
func summaryStep(r solver.Result, title string) string {
	e, c, pl := taught(r)
	for _, s := range e.Summary(c, pl, o0) {
		if s.Title == title {
			return s.Body
		}
	}
	return ""
}

// solverValues says what a move is worth to its player: "5→4: win in 5
// moves." or, out of the search's reach, the outcome alone.
func solverValues(m solver.Move, v solver.Value, ok bool, after solver.Result) string {
	if ok {
		return fmt.Sprintf("%s: %s.", Capitalise(m.String()), ValueText(v))
	}
	return fmt.Sprintf("%s: a %s against best play (too large to count the moves).", Capitalise(m.String()), -after.Outcome)
}

// sameMove reports whether two moves are the same move.
func sameMove(a, b solver.Move) bool {
	return a != nil && b != nil && a.String() == b.String()
}
