package explain

import (
	"context"
	"fmt"

	"github.com/nimtutor/nimtutor/solver"
)

// Step is one step of an explanation.
type Step struct {
	// Title names the idea of the step in a few words.
	Title string `json:"title"`
	// Body applies the idea to the position: plain text with **bold**,
	// `code` and lines starting with "- ", ending with a full sentence.
	Body string `json:"body"`
}

// Options controls how much detail goes into lists.
type Options struct {
	// MaxItems caps how many stacks/pairs/gaps/runs a list shows before
	// "… and N more"; 0 means show everything (the CLI).
	MaxItems int
}

// explainer is one game's explanation: its canonical key, the canonical
// form of a result, the steps and hints built on that form, and the
// mapping of the explained move back to the position as given.
type explainer interface {
	// fits reports whether pos is a position type this explainer knows.
	fits(pos solver.Position) bool
	key(pos solver.Position) string
	// canonical returns the result for the canonical position of r's key.
	canonical(r solver.Result) solver.Result
	// plan finds the move the strategy teaches in c and every move that
	// keeps c's outcome, by kind.
	plan(c solver.Result) plan
	// kind names, in the strategy's words, the kind of move m of pos, a
	// move that keeps the best outcome.
	kind(pos solver.Position, m solver.Move) string
	// explain and hints take c with c.Move set to the taught move, and
	// its plan.
	explain(c solver.Result, pl plan, o Options) []Step
	// The levels of the hint ladder (see ladder.go): a question on a
	// sub-case and how to reduce, the same for every position; the
	// reduced numbers; the rule; where to look for the move; the verdict.
	question(c solver.Result) Step
	reduction(c solver.Result) Step
	numbers(c solver.Result, o Options) Step
	rule(c solver.Result, o Options) Step
	pointer(c solver.Result, pl plan, o Options) Step
	verdict(c solver.Result, o Options) Step
	// ties reports whether the game can end in a tie.
	ties() bool
	// finding shows the method of finding the move on c's numbers: the
	// target, which part of the position reaches it, and every winning
	// move by kind.
	finding(c solver.Result, pl plan, o Options) Step
	// summary is the short reply without its line of play: why (the
	// facts of c that decide it), finding the move, the rule here.
	summary(c solver.Result, pl plan, o Options) []Step
	// lessonTitles names the steps of explain that teach the general rule.
	lessonTitles(c solver.Result) []string
	// lineMove says move m of the player to move in pos, for a line of
	// play: "Ada 5→4".
	lineMove(pos solver.Position, m solver.Move, o Options) string
	// stuck says, as a short sentence, that the game is over in pos.
	stuck(pos solver.Position) string
	// compact names move m of pos in the game's short notation, numbered
	// as in pos: "5→4", "remove 2–3", "take 1 from stack 2".
	compact(pos solver.Position, m solver.Move) string
	// localMove states m, a move of the canonical position c, in the
	// numbering of r.Position.
	localMove(r, c solver.Result, m solver.Move) solver.Move
	// keyNumbers names the numbers that decide pos, as one clause.
	keyNumbers(pos solver.Position) string
	// gameOver says why the player to move in pos, who has no legal
	// move, has won, lost or tied, as a sentence.
	gameOver(pos solver.Position) string
	// status says what a position in play carries besides its text (the
	// 0s each player holds in binstring), as a sentence, or "".
	status(pos solver.Position) string
}

// registry maps a game's name to its explainer: one line per game.
var registry = map[string]explainer{
	"binim2":    stackExplainer{},
	"binim":     stackExplainer{},
	"abgame":    abExplainer{},
	"adapwns":   pawnExplainer{},
	"binstring": stringExplainer{},
}

// lookup returns the explainer for pos, or false for a game without one.
func lookup(pos solver.Position) (explainer, bool) {
	if pos == nil {
		return nil, false
	}
	e, ok := registry[pos.Game().Name()]
	if !ok || !e.fits(pos) {
		return nil, false
	}
	return e, true
}

// Explain returns the explanation of a solved position: the reductions of
// the solution applied to this position, then the verdict and the move.
// Its text depends only on Key(r.Position) and opts.
func Explain(r solver.Result, opts Options) []Step {
	e, ok := lookup(r.Position)
	if !ok {
		return []Step{fallbackVerdict(r)}
	}
	c, pl := taught(e, r)
	return e.explain(c, pl, opts)
}

// taught returns the canonical result of r with its move replaced by the
// move the strategy teaches, and the plan behind it.
func taught(e explainer, r solver.Result) (solver.Result, plan) {
	c := e.canonical(r)
	key := e.key(c.Position)
	pl, ok := plans.get(key)
	if !ok {
		pl = e.plan(c)
		plans.put(key, pl)
	}
	c.Move = pl.move
	return c, pl
}

// Hints returns the hint ladder for the position: level 1 first, the last
// level reveals the verdict and the move.
// Its text depends only on Key(r.Position) and opts.
func Hints(r solver.Result, opts Options) []Step {
	e, ok := lookup(r.Position)
	if !ok {
		return []Step{
			{Title: "A nudge", Body: "Look for parts of the position that cancel out, and count what is left."},
			fallbackVerdict(r),
		}
	}
	c, pl := taught(e, r)
	return ladder(e, c, pl, opts)
}

// Key returns a canonical key for pos: two positions with the same key get
// identical Explain and Hints text, so a cache may share one entry. The
// key starts with the game's name and names the player to move.
func Key(pos solver.Position) string {
	if e, ok := lookup(pos); ok {
		return e.key(pos)
	}
	return fmt.Sprintf("%s:%d:%s", pos.Game().Name(), pos.ToMove(), pos.String())
}

// LocalMove returns the move that Explain and Hints teach, numbered as in
// r.Position (for binim and binim2 the explanation names stacks by
// content; this gives the student's own stack number). It follows the
// strategy the explanation teaches and keeps the best outcome. It is nil
// when the player to move has no move or every move loses.
func LocalMove(r solver.Result) solver.Move {
	e, ok := lookup(r.Position)
	if !ok {
		return r.Move
	}
	c, pl := taught(e, r)
	if pl.move == nil {
		return nil
	}
	return e.localMove(r, c, pl.move)
}

// Recommend returns the move the tutor recommends, and the bot plays, in
// r.Position, numbered as in it: the taught move, or where every move
// loses, the slowest loss (the most remote, when search reaches) or else
// the move that leaves the opponent the fewest winning replies. exact
// reports that value is the move's value found by search; it is only
// set for a lost position. The move is nil when there is no legal move.
func Recommend(r solver.Result) (m solver.Move, value solver.Value, exact bool) {
	if m := LocalMove(r); m != nil || r.Outcome != solver.Loss {
		return m, solver.Value{}, false
	}
	e, ok := lookup(r.Position)
	if !ok {
		return holdOut(r.Position)
	}
	c := e.canonical(r)
	m, value, exact = holdOut(c.Position)
	if m == nil {
		return nil, value, exact
	}
	return e.localMove(r, c, m), value, exact
}

// MoveStep returns a step stating the recommended move in the numbering of
// r.Position, with how long the game lasts with it when the search
// reached the position and the other moves that do as well. It is per
// position and must not be cached by Key.
func MoveStep(r solver.Result) Step {
	g := r.Position.Game()
	mover := g.PlayerName(r.Position.ToMove())
	m, v, exact := Recommend(r)
	switch {
	case m == nil:
		return Step{Title: "Your move", Body: fmt.Sprintf("%s has no legal move.", mover)}
	case r.Outcome != solver.Loss:
		body := fmt.Sprintf("**%s**.", capitalise(m.String()))
		if r.Move != nil && r.Move.String() == m.String() {
			body += moveDistance(r)
		}
		if alt := Alternatives(r, 2); alt != "" {
			body += " " + alt
		}
		return Step{Title: "Your move", Body: body}
	case exact:
		return Step{Title: "Your move", Body: fmt.Sprintf(
			"Every move loses; **%s** holds out longest (%s).", m, ValueText(v))}
	}
	return Step{Title: "Your move", Body: fmt.Sprintf(
		"Every move loses; too large to search to the end, **%s** leaves the opponent the fewest winning replies.", m)}
}

// Alternatives names the other moves that keep the best outcome, in the
// game's short notation and numbered as in r.Position, at most max of
// them, as a sentence: "Also winning: 3→1, 9→8." The full explanation's
// "Finding the move" step groups them by kind. It is "" when the mover
// has no move or every move loses.
func Alternatives(r solver.Result, max int) string {
	e, ok := lookup(r.Position)
	if !ok {
		return ""
	}
	c, pl := taught(e, r)
	if pl.move == nil {
		return ""
	}
	var names []string
	seen := map[string]bool{e.localMove(r, c, pl.move).String(): true}
	for _, g := range pl.groups {
		for _, m := range g.moves {
			// Moves on equal stacks are one move in the student's numbering.
			lm := e.localMove(r, c, m)
			if !seen[lm.String()] {
				seen[lm.String()] = true
				names = append(names, e.compact(r.Position, lm))
			}
		}
	}
	if len(names) == 0 {
		switch {
		case !pl.complete:
			return fmt.Sprintf("No other move among the first %d checked does as well.", checkedMoves(r.Position))
		case r.Outcome == solver.Tie:
			return "The only move that keeps the tie."
		}
		return "The only winning move."
	}
	head := "Also winning: "
	if r.Outcome == solver.Tie {
		head = "Also keeping the tie: "
	}
	if !pl.complete {
		head = fmt.Sprintf("Among the first %d moves, also %s: ", checkedMoves(r.Position), map[bool]string{true: "keeping the tie", false: "winning"}[r.Outcome == solver.Tie])
	}
	return head + inline(listOf(names), Options{MaxItems: max}) + "."
}

// moveDistance says how long the game lasts after the recommended move,
// and whether a quicker way exists; "" when the search did not reach it.
func moveDistance(r solver.Result) string {
	if r.MoveRemoteness < 0 || r.Remoteness < 0 {
		return ""
	}
	what := "Wins"
	if r.Outcome == solver.Tie {
		what = "Ties"
	}
	s := fmt.Sprintf(" %s in %s", what, plural(r.MoveRemoteness, "move", "moves"))
	if r.MoveRemoteness > r.Remoteness {
		return s + fmt.Sprintf(" (the quickest takes %d).", r.Remoteness)
	}
	return s + ", the quickest."
}

// Distance says in one sentence how long the game lasts with best play,
// counting both players' moves, or "" when the search did not reach the
// position or the game is over: "With best play Ada wins in 3 moves."
func Distance(r solver.Result) string {
	if r.Remoteness <= 0 {
		return ""
	}
	n := plural(r.Remoteness, "move", "moves")
	if r.Outcome == solver.Tie {
		return fmt.Sprintf("With best play the game ends in a tie after %s, both players' moves counted.", n)
	}
	return fmt.Sprintf("With best play %s wins in %s, both players' moves counted.", r.WinnerName(), n)
}

// InMoves is the verdict's count, " in 3 moves", or "" when the search
// did not reach the position.
func InMoves(r solver.Result) string {
	if r.Remoteness <= 0 {
		return ""
	}
	return " in " + plural(r.Remoteness, "move", "moves")
}

// fallbackVerdict states the verdict and move of a game without an explainer.
func fallbackVerdict(r solver.Result) Step {
	body := verdictSentence(r)
	if r.Move != nil {
		body += fmt.Sprintf(" A best move: **%s**.", r.Move)
	}
	return Step{Title: "Verdict", Body: body}
}

// verdictSentence says who wins, or that it is a tie, in one sentence.
func verdictSentence(r solver.Result) string {
	if r.Outcome == solver.Tie {
		return "With best play the game is a **tie**: nobody wins."
	}
	return fmt.Sprintf("**%s wins** with best play.", r.WinnerName())
}

// KeyNumbers names, as one clause, the numbers that decide pos, for
// example "the XOR of the counted gaps mod 3 is 0". It is "" for a game
// without an explainer.
func KeyNumbers(pos solver.Position) string {
	e, ok := lookup(pos)
	if !ok {
		return ""
	}
	return e.keyNumbers(pos)
}

// GameOver says, as a sentence, why the game is over in pos and who won:
// for example "Dum cannot move, and in misère play that wins." The
// player to move in pos has no legal move.
func GameOver(pos solver.Position) string {
	e, ok := lookup(pos)
	if !ok {
		return pos.Game().PlayerName(pos.ToMove()) + " cannot move, so the game is over."
	}
	return e.gameOver(pos)
}

// Status says what a position in play carries besides its text, such as
// the 0s each player holds in binstring, as a sentence; "" when nothing.
func Status(pos solver.Position) string {
	e, ok := lookup(pos)
	if !ok {
		return ""
	}
	return e.status(pos)
}

// Solve solves pos for a reply: the formula's verdict, the move the
// explanation teaches as the result's Move (numbered as in pos), and the
// remoteness of the position and of that move where the search reaches
// within solver.ReachBudget states and solver.ReachTime.
func Solve(ctx context.Context, pos solver.Position) solver.Result {
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	defer cancel()
	r := solver.Solve(pos)
	r.Move = LocalMove(r)
	r.Reach(solver.NewOracle(ctx, pos.Game(), solver.ReachBudget))
	return r
}
