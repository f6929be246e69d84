package explain

import (
	"context"
	"fmt"

	"github.com/nimtutor/nimtutor/solver"
)

// The hint ladder climbs in five levels, each about this position and
// giving away no more than the next one needs:
//
//  1. a question on this position whose answer is the fact that decides
//     it (which gaps count here? how many extra moves has each player?),
//     from the game's Asker, or the course's question on a small case;
//  2. that fact worked out on this position (the game's Numbers), after
//     which the student may submit a verdict (CheckLevel);
//  3. the verdict: the rule applied to those numbers and who wins;
//  4. where to look for the move, without naming it, or in a lost
//     position what to look for instead;
//  5. the move, found by the method on the student's numbers (the
//     "Finding the move" step: the target, which part reaches it, the
//     value after, every winning move by kind), or in a lost position how
//     to make the opponent's task hardest.
//
// No level before the verdict names the winner or who is to move, and no
// level before the last names the move; games/gametest checks both, and
// that no two positions of a game get the same text at a level.
//
// ladderTitles names the levels in order.
var ladderTitles = [...]string{"A question", "Work it out", "The verdict", "Where to look", "The move"}

// CheckLevel is the level of the ladder after which the student may
// submit a verdict (CheckVerdict checks it): the fact worked out.
const CheckLevel = 2

// VerdictLevel is the level of the ladder that says who wins.
const VerdictLevel = 3

// Asker is what a Teacher adds to ask the ladder's first question on the
// position itself: a question whose answer is the fact of c that
// Numbers then works out, which does not give that answer away.
type Asker interface {
	Question(c solver.Result, o Options) string
}

// Standinger is what a Teacher adds when a position carries more than
// its text that the explanation's key keeps (binstring's lead in 0s):
// Standing says it as a clause, the same for every position of one key,
// or "".
type Standinger interface {
	Standing(pos solver.Position) string
}

// ladder builds the hint ladder of c from a game's parts.
func ladder(ctx context.Context, e Teacher, c solver.Result, pl Plan, o Options) []Step {
	q := Step{Body: e.Shared().Ask}
	if a, ok := e.(Asker); ok {
		q.Body = a.Question(c, o)
	}
	verdict := e.Rule(c, o)
	w := WinnerClaim(c.Position, c.Outcome)
	if c.Outcome == solver.Tie {
		verdict.Body += " So with best play the game is a " + w.Text + "."
	} else {
		verdict.Body += " So " + w.Text + " with best play."
	}
	verdict.Claims = append(verdict.Claims, w)
	pointer := e.Pointer(c, pl, o)
	// Each level names the position it works on: two positions can
	// reduce to the same numbers (a trailing empty cell, a run merged).
	mover, _ := Players(c.Position)
	at := Code(c.Position.String(), "characters", o)
	if sg, ok := e.(Standinger); ok {
		if st := sg.Standing(c.Position); st != "" {
			at += " (" + st + ")"
		}
	}
	work := e.Numbers(c, o)
	work.Body = "On " + at + ":\n" + work.Body
	withMover := fmt.Sprintf("On %s, %s to move:\n", at, mover)
	verdict.Body = withMover + verdict.Body
	pointer.Body = withMover + pointer.Body
	if c.Move == nil && solver.HasMoves(c.Position) {
		pointer = lostPointer(c, at)
	}
	last := lastLevel(ctx, e, c, pl, o)
	last.Body = withMover + last.Body
	steps := []Step{q, work, verdict, pointer, last}
	for i := range steps {
		steps[i].Title = ladderTitles[i]
	}
	if c.Move == nil && solver.HasMoves(c.Position) {
		steps[len(steps)-1].Title = "Making it hardest"
	}
	return steps
}

// lostPointer is the fourth level in a lost position: every move loses,
// so what to look for instead, with the number of moves to choose from.
func lostPointer(c solver.Result, at string) Step {
	mover, _ := Players(c.Position)
	n := len(solver.FirstMoves(c.Position, MaxCounted))
	moves := Plural(n, "move", "moves")
	if n >= MaxCounted {
		moves = fmt.Sprintf("%d or more moves", MaxCounted)
	}
	none := "none of them wins"
	if n == 1 {
		none = "it does not win"
	}
	return ClaimStep("", LostClaim(c.Position, fmt.Sprintf("On %s, %s has %s, and %s. Look for the one after which the opponent's win takes longest: the more moves they must find, the more chances they have to slip.", at, mover, moves, none)))
}

// lastLevel states the verdict and the move, then finds it by the method
// on the position's numbers; in a lost position, the move that makes the
// opponent's task hardest: the slowest loss, and how few winning replies
// it leaves.
func lastLevel(ctx context.Context, e Teacher, c solver.Result, pl Plan, o Options) Step {
	v := verdictStep(e, c, o)
	if c.Move != nil {
		fs := e.Finding(c, pl, o)
		f := fs.Body
		v.Body += "\n" + f
		v.Claims = append(v.Claims, findingClaim(c, pl, f))
		v.Claims = append(v.Claims, numberClaims(fs.Claims)...)
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
			return true, "Right: with best play it is a tie. The next hints give the rule behind it and how to keep the tie."
		}
		return true, fmt.Sprintf("Right: %s wins with best play. The next hints give the rule behind it and where to find the move.", want)
	}
	return false, "Not this time. Check the numbers again, or take the next hint: it applies the rule to them."
}
