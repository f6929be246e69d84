package explain

import (
	"context"
	"fmt"

	"github.com/nimtutor/nimtutor/solver"
)

// Why explains what move m does in r.Position compared with another move:
// the position after m with the numbers that decide it (for binstring,
// the 0s each player holds); the opponent's best reply and why it works;
// another move and how it compares, by outcome and then by how many moves
// the game lasts (other, or when nil the move the tutor recommends, or
// where that is no better than m and a better move exists, the quickest
// win or slowest loss); and what each move is worth, win or lose in so
// many moves where the search reaches. The panel comparing the moves is
// titled "The better move" only when the other move is strictly better.
// Every fact is a Claim in its step. Errors are the position's own, for
// an illegal move (*solver.InputError). It is per position and not cached.
func Why(ctx context.Context, r solver.Result, m, other solver.Move) ([]Step, error) {
	pos := r.Position
	e := teacherOf(pos.Game())
	next, err := pos.Play(m)
	if err != nil {
		return nil, err
	}
	if other != nil {
		if _, err := pos.Play(other); err != nil {
			return nil, err
		}
	}
	// The recommended move's value when Recommend found it by search: the
	// report's own search below shares one budget between both moves.
	rec, recValue, recExact := Recommend(ctx, r)
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	defer cancel()
	oracle := solver.NewOracle(ctx, pos.Game(), solver.ReachBudget)
	mover, opponent := Players(pos)

	rn := solver.Solve(next)
	steps := []Step{afterStep(e, m, rn, o0)}

	if solver.HasMoves(next) {
		reply, _, _ := Recommend(ctx, rn)
		st := Step{Title: "Their best reply"}
		if rn.Outcome == solver.Win {
			st.Title = "Their refutation"
		}
		if reply != nil {
			st.Body = fmt.Sprintf("%s answers **%s**.", opponent, reply)
			if f, fc := summaryStep(rn, "Finding it"); f != "" && rn.Outcome != solver.Loss {
				st.Body += " " + f
				st.Claims = append(st.Claims, fc...)
			}
			if after, err := next.Play(reply); err == nil && rn.Outcome == solver.Win {
				c := OutcomeClaim(after, solver.Loss)
				c.Text = fmt.Sprintf("That leaves %s to move in a lost position: %s.", mover, KeyNumbers(after))
				st.Body += " " + c.Text
				st.Claims = append(st.Claims, c)
				st.Claims = append(st.Claims, keyClaims(after, c.Text)...)
			}
		}
		steps = append(steps, st)
	}

	value := func(mv solver.Move, after solver.Result) (solver.Value, bool) {
		if v, ok := oracle.After(pos, mv); ok {
			return v, true
		}
		if recExact && sameMove(mv, rec) {
			return recValue, true
		}
		return solver.Value{Outcome: -after.Outcome, Remoteness: -1}, false
	}
	mv, mOK := value(m, rn)
	explicit := other != nil
	var best solver.Value
	bestOK := false
	if mOK {
		_, best, bestOK = oracle.BestMove(pos)
	}
	if !explicit {
		other = rec
		if bestOK && best.Better(mv) {
			// Some move is strictly better than m: show the recommended
			// move if it is one of them, else the best by search.
			if rec == nil || sameMove(rec, m) || !better(oracle, pos, rec, mv) {
				other, _, _ = oracle.BestMove(pos)
			}
		}
	}

	values := Step{Title: "Win or lose"}
	mc := MoveValueClaim(pos, m, mv)
	values.Claims = append(values.Claims, mc)
	if bestOK && !best.Better(mv) && (other == nil || sameMove(other, m)) {
		values.Claims = append(values.Claims, BestClaim(pos, m, mv))
	}
	if other != nil && !sameMove(other, m) {
		otherNext, _ := pos.Play(other)
		ro := solver.Solve(otherNext)
		ov, oOK := value(other, ro)
		cmp := CompareClaim(pos, m, other, mv, ov, mOK && oOK)
		title := map[Relation]string{Better: "The better move", Equal: "Also good", Worse: "The taught move"}[cmp.Relation]
		if explicit && cmp.Relation == Worse {
			title = "Your move is better"
		}
		leaves := fmt.Sprintf("**%s** instead leaves %s to move: %s.", Capitalise(other.String()), opponent, KeyNumbers(otherNext))
		body, claims := leaves, keyClaims(otherNext, leaves)
		if f, fc := summaryStep(r, "Finding it"); f != "" && r.Outcome != solver.Loss && sameMove(other, LocalMove(r)) {
			body += " " + f
			claims = append(claims, fc...)
		}
		steps = append(steps, Step{Title: title, Body: body + " " + cmp.Text, Claims: append(claims, cmp)})
		values.Claims = append(values.Claims, MoveValueClaim(pos, other, ov))
	}
	values.Body = Join(values.Claims...)
	return append(steps, values), nil
}

// WhyNoMove is the why report for pos, where the player to move has no
// legal move: there is no move to look at, and its one step says why the
// game is over and what that gives the player to move, as a claim.
func WhyNoMove(pos solver.Position) []Step {
	return []Step{ClaimStep("No move to look at", OverClaim(pos))}
}

// better reports whether move a of pos is, by search, strictly better
// for its player than v.
func better(o *solver.Oracle, pos solver.Position, a solver.Move, v solver.Value) bool {
	av, ok := o.After(pos, a)
	return ok && av.Better(v)
}

// o0 is the detail of a why report: every item, as the command line
// shows them; Discord's limits are met by its short steps.
var o0 = Options{MaxItems: 6}

// afterStep says what position m leaves and who wins it, with the facts
// that decide it.
func afterStep(e Teacher, m solver.Move, rn solver.Result, o Options) Step {
	next := rn.Position
	player, _ := Players(next)
	st := Step{Title: "After your move"}
	if next.String() == "" {
		over := OverClaim(next)
		st.Body, st.Claims = fmt.Sprintf("**%s** leaves nothing. %s", Capitalise(m.String()), over.Text), []Claim{over}
		return st
	}
	st.Body = fmt.Sprintf("**%s** leaves %s, %s to move.", Capitalise(m.String()), Code(next.String(), "characters", o), player)
	if !solver.HasMoves(next) {
		over := OverClaim(next)
		st.Body += " " + over.Text
		st.Claims = append(st.Claims, over)
		return st
	}
	if s := e.Status(next); s != "" {
		st.Body += " " + s
	}
	if f, fc := summaryStep(rn, "Why"); f != "" {
		st.Body += " " + f
		st.Claims = append(st.Claims, fc...)
	}
	c := OutcomeClaim(next, rn.Outcome)
	if rn.Outcome == solver.Loss {
		c.Text = fmt.Sprintf("So %s, to move, loses: you are winning.", player)
	}
	st.Claims = append(st.Claims, c)
	st.Body += " " + c.Text
	return st
}

// summaryStep returns the body of the summary step with the given title
// for r, or "", and the claims the game made in it (its worked numbers).
func summaryStep(r solver.Result, title string) (string, []Claim) {
	e, c, pl := taught(r)
	for _, s := range e.Summary(c, pl, o0) {
		if s.Title == title {
			return s.Body, s.Claims
		}
	}
	return "", nil
}

// NumberClaimer is what a Teacher adds when the clause KeyNumbers says
// works a number out ("the XOR of the heaps is 0"): the number claims of
// pos, stated in text, a sentence that holds that clause.
type NumberClaimer interface {
	KeyClaims(pos solver.Position, text string) []Claim
}

// keyClaims are the number claims of the sentence text, which holds
// KeyNumbers(pos), or none where the game states no worked number there.
func keyClaims(pos solver.Position, text string) []Claim {
	if nc, ok := teacherOf(pos.Game()).(NumberClaimer); ok {
		return nc.KeyClaims(pos, text)
	}
	return nil
}

// sameMove reports whether two moves are the same move.
func sameMove(a, b solver.Move) bool {
	return a != nil && b != nil && a.String() == b.String()
}
