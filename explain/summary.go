package explain

import (
	"context"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// Summary returns the short reply: why this position is won, lost or
// tied in two or three facts of its own, how the move is found, a line of
// play, and the rule as it applies here in one line. Explain gives the
// full reasoning and Lesson the general rule behind it. Its text depends
// only on Key(r.Position) and opts; MoveStep adds the move in the
// student's numbering.
func Summary(ctx context.Context, r solver.Result, opts Options) []Step {
	e, c, pl := taught(r)
	steps := e.Summary(c, pl, opts)
	claimFinding(steps, "Finding it", c, pl)
	if !solver.HasMoves(c.Position) {
		return overSummary(c.Position, steps)
	}
	if line := lineOfPlay(ctx, e, c, opts); line != "" {
		// The line goes just before the rule, which closes the summary.
		last := steps[len(steps)-1]
		steps = append(steps[:len(steps)-1], Step{Title: "Best play", Body: line}, last)
	}
	return steps
}

// overSummary is the short reply for pos, where the player to move has
// no legal move: why the game is over and what that gives them (the
// game's GameOver, a claim), then the game's finding step, which says
// there is no move to find. The general rule of the game's strategy,
// which the game's own summary ends with, has nothing to apply to.
func overSummary(pos solver.Position, steps []Step) []Step {
	over := OverClaim(pos)
	why := ClaimStep("Why", over)
	var out []Step
	for _, s := range steps {
		switch {
		case s.Title == "Why" && s.Body != over.Text:
			// The game's numbers, then why the game is over.
			why.Body = s.Body + " " + over.Text
			why.Claims = append(s.Claims, over)
		case s.Title == "Finding it":
			out = append(out, s)
		}
	}
	return append([]Step{why}, out...)
}

// numberClaims are the number claims among claims: what a step that
// quotes another carries over of its worked numbers.
func numberClaims(claims []Claim) []Claim {
	var out []Claim
	for _, c := range claims {
		if c.Kind == ClaimNumber {
			out = append(out, c)
		}
	}
	return out
}

// ruleOf picks the steps of steps, r's explanation, that teach the rule:
// the steps of Explain that teach the reduction, without the opening and
// the verdict, which a "Why?" button shows (Lesson.Rule).
func ruleOf(r solver.Result, steps []Step) []Step {
	lessons := teacherOf(r.Position.Game()).Shared().Lessons
	var out []Step
	for _, s := range steps {
		if slices.Contains(lessons, s.Title) {
			out = append(out, s)
		}
	}
	return out
}

// maxLinePlies is how many moves a line of play shows.
const maxLinePlies = 4

// lineOfPlay plays the position out for a few moves and writes them the
// way the game names them: "Ada 5→4, Ada's opponent 3→2, …". The first is
// the move the reply teaches (or the slowest loss). After it, where the
// search reaches, each side plays perfectly counting moves (the quickest
// win or tie, the slowest loss), so that the line lasts as many moves as
// the reply's count says; elsewhere each side plays as the tutor
// recommends. It is "" when the mover has no move, or the position is
// too large to search for the losing side's moves.
func lineOfPlay(ctx context.Context, e Teacher, c solver.Result, o Options) string {
	pos := c.Position
	if !solver.HasMoves(pos) || len(pos.String()) > maxSearchLen {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	defer cancel()
	oracle := solver.NewOracle(ctx, pos.Game(), solver.ReachBudget)
	_, counted := oracle.Value(pos)
	var moves []string
	for len(moves) < maxLinePlies && solver.HasMoves(pos) {
		var m solver.Move
		if counted && len(moves) > 0 {
			m, _, _ = oracle.BestMove(pos)
		}
		if m == nil {
			m = LocalMove(solver.Solve(pos))
		}
		if m == nil {
			m = holdOut(ctx, pos).m
		}
		if m == nil {
			break
		}
		moves = append(moves, e.LineMove(pos, m, o))
		next, err := pos.Play(m)
		if err != nil {
			break
		}
		pos = next
	}
	if !solver.HasMoves(pos) {
		return strings.Join(moves, ", ") + "; " + e.Stuck(pos)
	}
	return strings.Join(moves, ", ") + ", …"
}

// Short returns the short reply for a position: summary, from Summary,
// with move, from MoveStep, right after "Finding it" (or last).
func Short(summary []Step, move Step) []Step {
	i := slices.IndexFunc(summary, func(s Step) bool { return s.Title == "Finding it" })
	if i < 0 {
		return append(slices.Clone(summary), move)
	}
	return slices.Insert(slices.Clone(summary), i+1, move)
}
