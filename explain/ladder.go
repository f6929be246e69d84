package explain

import (
	"context"
	"fmt"

	"github.com/nimtutor/nimtutor/solver"
)

// The hint ladder climbs in six levels, each giving away no more than the
// next one needs:
//
//  1. a question on a small sub-case, the same for every position;
//  2. how to compute the reduction, without its numbers, and a verdict
//     for the student to submit (CheckLevel);
//  3. the reduced numbers of this position;
//  4. the rule that turns them into a verdict;
//  5. where to look for the move;
//  6. the move, found by the method on the student's numbers (the
//     "Finding the move" step: the target, which part reaches it, the
//     value after, every winning move by kind), or in a lost position how
//     to make the opponent's task hardest.
//
// ladderTitles names the levels in order.
var ladderTitles = [...]string{"A question", "Work it out", "The numbers", "The rule", "Where to look", "The move"}

// CheckLevel is the level of the ladder that asks the student to submit
// a verdict (CheckVerdict checks it): the reduction.
const CheckLevel = 2

// ladder builds the hint ladder of c from a game's parts.
func ladder(ctx context.Context, e Teacher, c solver.Result, pl Plan, o Options) []Step {
	steps := []Step{
		{Body: e.Shared().Ask},
		{Body: e.Shared().Reduce},
		e.Numbers(c, o),
		e.Rule(c, o),
		e.Pointer(c, pl, o),
		lastLevel(ctx, e, c, pl, o),
	}
	for i := range steps {
		steps[i].Title = ladderTitles[i]
	}
	if c.Move == nil && solver.HasMoves(c.Position) {
		steps[len(steps)-1].Title = "Making it hardest"
	}
	return steps
}

// lastLevel states the verdict and the move, then finds it by the method
// on the position's numbers; in a lost position, the move that makes the
// opponent's task hardest: the slowest loss, and how few winning replies
// it leaves.
func lastLevel(ctx context.Context, e Teacher, c solver.Result, pl Plan, o Options) Step {
	v := verdictStep(e, c, o)
	if c.Move != nil {
		v.Body += "\n" + e.Finding(c, pl, o).Body
		return v
	}
	h := holdOut(ctx, c.Position)
	if h.m == nil { // the mover has no move
		return v
	}
	hold := fmt.Sprintf("Make the opponent's task hardest: **%s**", e.LineMove(c.Position, h.m, o))
	if h.exact {
		b := BestClaim(c.Position, h.m, h.value)
		b.Text = fmt.Sprintf(" holds out longest (%s)", ValueText(h.value))
		hold += b.Text
		v.Claims = append(v.Claims, b)
		// Within the search's reach the position is small: count the
		// winning replies the move leaves.
		if next, err := c.Position.Play(h.m); err == nil {
			wins, all, complete := keepers(next, solver.Win, checkedMoves(next))
			h.wins, h.all, h.counted = len(wins), all, complete
		}
	}
	switch {
	case !h.counted:
		hold += "."
	case h.all == 0:
		hold += " and ends the game."
	default:
		rc := RepliesClaim(c.Position, h.m, h.wins, h.all)
		rc.Text = fmt.Sprintf(" and leaves %d winning %s out of %d.", h.wins, map[bool]string{true: "reply", false: "replies"}[h.wins == 1], h.all)
		if h.wins == 1 {
			rc.Text = fmt.Sprintf(" and leaves exactly one winning reply out of %d.", h.all)
		}
		hold += rc.Text
		v.Claims = append(v.Claims, rc)
	}
	v.Body += " " + hold
	return v
}

// VerdictChoices returns the verdicts a student may submit for pos at
// CheckLevel: each player's name, and "Tie" for a game that can end in
// one.
func VerdictChoices(pos solver.Position) []string {
	g := pos.Game()
	out := []string{g.PlayerName(0), g.PlayerName(1)}
	if teacherOf(g).Ties() {
		out = append(out, "Tie")
	}
	return out
}

// CheckVerdict checks a verdict the student submitted, one of
// VerdictChoices, against the solver's result, and answers in a
// sentence that does not give the right verdict away when the answer is
// wrong.
func CheckVerdict(r solver.Result, answer string) (right bool, reply string) {
	want := "Tie"
	if p, ok := r.Winner(); ok {
		want = r.Position.Game().PlayerName(p)
	}
	if answer == want {
		if want == "Tie" {
			return true, "Right: with best play it is a tie. The next hints show the numbers behind it and how to keep the tie."
		}
		return true, fmt.Sprintf("Right: %s wins with best play. The next hints show the numbers behind it and where to find the move.", want)
	}
	return false, "Not this time. Check the reduction again, or take the next hint: it gives the numbers."
}
