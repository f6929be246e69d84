package explain

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// Step is one step of an explanation.
type Step struct {
	// Title names the idea of the step in a few words.
	Title string `json:"title"`
	// Body applies the idea to the position: plain text with **bold**,
	// `code` and lines starting with "- ", ending with a full sentence.
	Body string `json:"body"`
	// Claims are the facts about positions the body states, each
	// rendered into it (Claim.Text): what a test checks against search.
	Claims []Claim `json:"-"`
}

// Options controls how much detail goes into lists.
type Options struct {
	// MaxItems caps how many stacks/pairs/gaps/runs a list shows before
	// "… and N more"; 0 means show everything (the CLI).
	MaxItems int
}

// Teacher is a game's explanation: the capability a game package adds to
// its solver.Game. It works on the canonical form of a position (for
// example binim's stacks sorted), so that positions with one key share
// one text, and maps the moves it teaches back to the position as given.
type Teacher interface {
	// ExplainKey identifies pos for the explanation, within its game: two
	// positions with the same key get identical Explain and Hints text.
	// It names the player to move.
	ExplainKey(pos solver.Position) string
	// Canonical returns the result for the canonical position of r's key.
	Canonical(r solver.Result) solver.Result
	// Plan finds the move the strategy teaches in c and every move that
	// keeps c's outcome, by kind.
	Plan(c solver.Result) Plan
	// Kind names, in the strategy's words, the kind of move m of pos, a
	// move that keeps the best outcome.
	Kind(pos solver.Position, m solver.Move) string
	// Explain returns the steps of the solution applied to c, which
	// Verdict (the verdict and the move) follows; c.Move is the plan's
	// move. The methods below that take c take it the same way.
	Explain(c solver.Result, pl Plan, o Options) []Step
	// The levels of the hint ladder (see ladder.go) after the Course's
	// two: the reduced numbers; the rule; where to look for the move;
	// the verdict.
	Numbers(c solver.Result, o Options) Step
	Rule(c solver.Result, o Options) Step
	Pointer(c solver.Result, pl Plan, o Options) Step
	Verdict(c solver.Result, o Options) Step
	// Finding shows the method of finding the move on c's numbers: the
	// target, which part of the position reaches it, and every winning
	// move by kind.
	Finding(c solver.Result, pl Plan, o Options) Step
	// Ties reports whether the game can end in a tie.
	Ties() bool
	// Summary is the short reply without its line of play: why (the
	// facts of c that decide it), finding the move ("Finding it"), the
	// rule here, which comes last.
	Summary(c solver.Result, pl Plan, o Options) []Step
	// LineMove says move m of the player to move in pos, for a line of
	// play: "Ada 5→4".
	LineMove(pos solver.Position, m solver.Move, o Options) string
	// Stuck says, as a short sentence, that the game is over in pos.
	Stuck(pos solver.Position) string
	// Compact names move m of pos in the game's short notation, numbered
	// as in pos: "5→4", "remove 2–3", "take 1 from stack 2".
	Compact(pos solver.Position, m solver.Move) string
	// LocalMove states m, a move of the canonical position c, in the
	// numbering of r.Position.
	LocalMove(r, c solver.Result, m solver.Move) solver.Move
	// KeyNumbers names, as one clause, the numbers that decide pos, for
	// example "the XOR of the counted gaps mod 3 is 0".
	KeyNumbers(pos solver.Position) string
	// GameOver says why the player to move in pos, who has no legal move,
	// has won, lost or tied, as a sentence.
	GameOver(pos solver.Position) string
	// Status says what a position in play carries besides its text (the
	// 0s each player holds in binstring), as a sentence, or "".
	Status(pos solver.Position) string
	// PositionThemes lists the ideas of the game's solution (the
	// Course's Ideas) that pos exercises.
	PositionThemes(pos solver.Position) []string
	// Shared is what the explanation says alike for every position: a
	// game embeds its *Course, which gives it.
	Shared() *Course
}

// Course is the part of a Teacher that is the same for every position of
// its game: the texts below, and the Teacher methods most games share,
// which a game writes itself where it differs. A game embeds a pointer to
// its own Course.
type Course struct {
	// Ask and Reduce are the bodies of the hint ladder's first two
	// levels: a question on a sub-case, and how to reduce a position.
	Ask, Reduce string
	// Lessons names the steps of Explain that teach the general rule.
	Lessons []string
	// Ideas lists the ideas of the game's solution a puzzle can need.
	Ideas []string
	// CannotMove ends the sentence Stuck says, with what being unable to
	// move does to the player (" and loses"), or is "".
	CannotMove string
}

// Shared is the course itself: what the explanation says alike for
// every position of its game.
func (k *Course) Shared() *Course { return k }

// ExplainKey is the player to move and the position's text.
func (*Course) ExplainKey(pos solver.Position) string {
	return pos.Game().PlayerName(pos.ToMove()) + ":" + pos.String()
}

// Canonical is r: the explanation uses the student's own numbering.
func (*Course) Canonical(r solver.Result) solver.Result { return r }

// LocalMove is m, the canonical move being the student's.
func (*Course) LocalMove(_, _ solver.Result, m solver.Move) solver.Move { return m }

// Status is "": the position carries nothing besides its text.
func (*Course) Status(solver.Position) string { return "" }

// Ties is false: the game always has a winner.
func (*Course) Ties() bool { return false }

// Stuck says that the player to move cannot move, and with CannotMove
// what that does to them.
func (k *Course) Stuck(pos solver.Position) string {
	return pos.Game().PlayerName(pos.ToMove()) + " cannot move" + k.CannotMove + "."
}

// LineMove is the mover's name and the move in the game's short notation:
// "Ada 5→4".
func (*Course) LineMove(pos solver.Position, m solver.Move, _ Options) string {
	return pos.Game().PlayerName(pos.ToMove()) + " " + teacherOf(pos.Game()).Compact(pos, m)
}

// Players returns the names of the player to move in pos and of the
// opponent.
func Players(pos solver.Position) (mover, other string) {
	g := pos.Game()
	return g.PlayerName(pos.ToMove()), g.PlayerName(pos.ToMove().Other())
}

// AnalysisOf returns the analysis of pos as its game's own type A.
func AnalysisOf[A solver.Analysis](pos solver.Position) A {
	_, a := pos.Analyze()
	return a.(A)
}

// ThemeXORToZero is the theme every Nim-like game shares: leave the
// opponent an XOR of 0.
const ThemeXORToZero = "XOR to zero"

// teacherOf returns g's Teacher. Every registered game has one, which the
// completeness test in package games/all checks.
func teacherOf(g solver.Game) Teacher {
	t, ok := g.(Teacher)
	if !ok {
		panic(fmt.Sprintf("explain: game %s has no Teacher", g.Name()))
	}
	return t
}

// taught returns the teacher of r's game, the canonical result of r with
// its move replaced by the move the strategy teaches, and the plan behind
// it, which the plan cache keeps for the last few keys.
func taught(r solver.Result) (Teacher, solver.Result, Plan) {
	t := teacherOf(r.Position.Game())
	c := t.Canonical(r)
	key := Key(c.Position)
	pl, ok := plans.get(key)
	if !ok {
		pl = t.Plan(c)
		plans.put(key, pl)
	}
	c.Move = pl.Move
	return t, c, pl
}

// Explain returns the explanation of a solved position: the reductions of
// the solution applied to this position, then the verdict and the move.
// Its text depends only on Key(r.Position) and opts.
func Explain(r solver.Result, opts Options) []Step {
	t, c, pl := taught(r)
	steps := t.Explain(c, pl, opts)
	claimFinding(steps, "Finding the move", c, pl)
	return append(steps, verdictStep(t, c, opts))
}

// verdictStep is the game's verdict step with the claim of who wins,
// which its body states in bold ("**Ada wins**", "a **tie**").
func verdictStep(t Teacher, c solver.Result, opts Options) Step {
	v := t.Verdict(c, opts)
	w := WinnerClaim(c.Position, c.Outcome)
	if !solver.HasMoves(c.Position) {
		// The game is over: say why and what it gives the player to move.
		over := OverClaim(c.Position)
		v.Body, v.Claims = over.Text, []Claim{over}
		if c.Outcome != solver.Tie {
			v.Body += " So " + w.Text + "."
		} else {
			v.Body += " So the game is a " + w.Text + "."
		}
	}
	if strings.Contains(v.Body, w.Text) {
		v.Claims = append(v.Claims, w)
	}
	if c.Move == nil && solver.HasMoves(c.Position) && c.Outcome == solver.Loss {
		// The verdict of a lost position says why every move loses.
		v.Claims = append(v.Claims, LostClaim(c.Position, v.Body))
	}
	return v
}

// Hints returns the hint ladder for the position: level 1 first, the last
// level reveals the verdict and the move. Its text depends only on
// Key(r.Position) and opts.
func Hints(ctx context.Context, r solver.Result, opts Options) []Step {
	t, c, pl := taught(r)
	return ladder(ctx, t, c, pl, opts)
}

// Key returns a canonical key for pos: two positions with the same key get
// identical Explain and Hints text, so a cache may share one entry. The
// key starts with the game's name and names the player to move.
func Key(pos solver.Position) string {
	g := pos.Game()
	return g.Name() + ":" + teacherOf(g).ExplainKey(pos)
}

// LocalMove returns the move that Explain and Hints teach, numbered as in
// r.Position (for binim and binim2 the explanation names stacks by
// content; this gives the student's own stack number). It follows the
// strategy the explanation teaches and keeps the best outcome. It is nil
// when the player to move has no move or every move loses.
func LocalMove(r solver.Result) solver.Move {
	t, c, pl := taught(r)
	if pl.Move == nil {
		return nil
	}
	return t.LocalMove(r, c, pl.Move)
}

// Recommend returns the move the tutor recommends, and the bot plays, in
// r.Position, numbered as in it: the taught move, or where every move
// loses, the slowest loss (the most remote, when search reaches) or else
// the move that leaves the opponent the smallest share of winning replies. exact
// reports that value is the move's value found by search; it is only
// set for a lost position. The move is nil when there is no legal move.
func Recommend(ctx context.Context, r solver.Result) (m solver.Move, value solver.Value, exact bool) {
	if m := LocalMove(r); m != nil || r.Outcome != solver.Loss {
		return m, solver.Value{}, false
	}
	t := teacherOf(r.Position.Game())
	c := t.Canonical(r)
	h := holdOut(ctx, c.Position)
	if h.m == nil {
		return nil, h.value, h.exact
	}
	return t.LocalMove(r, c, h.m), h.value, h.exact
}

// KeyNumbers names, as one clause, the numbers that decide pos, for
// example "the XOR of the counted gaps mod 3 is 0".
func KeyNumbers(pos solver.Position) string {
	return teacherOf(pos.Game()).KeyNumbers(pos)
}

// GameOver says, as a sentence, why the game is over in pos and who won:
// for example "Dum cannot move, and in misère play that wins." The
// player to move in pos has no legal move.
func GameOver(pos solver.Position) string { return teacherOf(pos.Game()).GameOver(pos) }

// Status says what a position in play carries besides its text, such as
// the 0s each player holds in binstring, as a sentence; "" when nothing.
func Status(pos solver.Position) string { return teacherOf(pos.Game()).Status(pos) }

// Themes lists the ideas of g's solution a puzzle can need.
func Themes(g solver.Game) []string { return teacherOf(g).Shared().Ideas }

// PositionThemes lists the ideas of its game's solution that pos needs.
func PositionThemes(pos solver.Position) []string {
	return teacherOf(pos.Game()).PositionThemes(pos)
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

// MoveStep returns a step stating the recommended move in the numbering of
// r.Position, with how long the game lasts with it when the search
// reached the position, the quickest move when the recommended one is
// slower, and the other moves that do as well. Each fact is a Claim of
// the step. It is per position and must not be cached by Key.
func MoveStep(ctx context.Context, r solver.Result) Step {
	mover, _ := Players(r.Position)
	m, v, exact := Recommend(ctx, r)
	st := Step{Title: "Your move"}
	switch {
	case m == nil:
		st.Body = fmt.Sprintf("%s has no legal move.", mover)
	case r.Outcome != solver.Loss:
		st.Body = fmt.Sprintf("**%s**.", Capitalise(m.String()))
		if sameMove(r.Move, m) {
			st.Claims = append(st.Claims, moveDistance(ctx, r)...)
		}
		var quick solver.Move
		if n := len(st.Claims); n > 0 && st.Claims[n-1].Kind == ClaimBest {
			quick = st.Claims[n-1].Move
		}
		st.Claims = append(st.Claims, alternatives(r, quick, 2)...)
		if len(st.Claims) > 0 {
			st.Body += " " + Join(st.Claims...)
		}
	case exact:
		c := BestClaim(r.Position, m, v)
		c.Text = fmt.Sprintf("Every move loses; **%s** holds out longest (%s).", m, ValueText(v))
		st.Body, st.Claims = c.Text, []Claim{c}
	default:
		st.Body = fmt.Sprintf("Every move loses. The position is too large to search to the end; **%s** leaves the opponent the smallest share of winning replies.", m)
	}
	return st
}

// alternatives names the other moves that keep the best outcome, in the
// game's short notation and numbered as in r.Position, at most max of
// them, as a claim: "Also winning: 3→1, 9→8.", without quick, a move
// named already. The full explanation's
// "Finding the move" step groups them by kind. It is empty when the
// mover has no move or every move loses.
func alternatives(r solver.Result, quick solver.Move, max int) []Claim {
	t, c, pl := taught(r)
	if pl.Move == nil {
		return nil
	}
	var names []string
	var moves []solver.Move
	taughtMove := t.LocalMove(r, c, pl.Move)
	seen := map[string]bool{taughtMove.String(): true}
	if quick != nil { // named already, as the quickest
		seen[quick.String()] = true
	}
	for _, g := range pl.Groups {
		for _, m := range g.Moves {
			// Moves on equal stacks are one move in the student's numbering.
			lm := t.LocalMove(r, c, m)
			if !seen[lm.String()] {
				seen[lm.String()] = true
				names = append(names, t.Compact(r.Position, lm)) // a list on the short card: space is the point
				moves = append(moves, lm)
			}
		}
	}
	if len(names) == 0 {
		if quick != nil && !sameMove(quick, taughtMove) {
			return nil // the quickest, named already, also wins
		}
		if !pl.Complete {
			return []Claim{AlsoClaim(r.Position, nil, r.Outcome, fmt.Sprintf("No other move among the first %d checked does as well.", checkedMoves(r.Position)))}
		}
		return []Claim{OnlyClaim(r.Position, taughtMove, r.Outcome)}
	}
	keeping := "winning"
	if r.Outcome == solver.Tie {
		keeping = "keeping the tie"
	}
	head := "Also " + keeping
	if !pl.Complete {
		head = fmt.Sprintf("Among the first %d moves, also %s", checkedMoves(r.Position), keeping)
	}
	shown := names
	if len(shown) > max {
		moves = moves[:max]
	}
	return []Claim{AlsoClaim(r.Position, moves, r.Outcome, head+": "+Inline(ListOf(shown), Options{MaxItems: max})+".")}
}

// moveDistance says how long the game lasts after the recommended move,
// and when a quicker way exists, names the quickest move with its count;
// nothing when the search did not reach it.
func moveDistance(ctx context.Context, r solver.Result) []Claim {
	if r.MoveRemoteness < 0 || r.Remoteness < 0 {
		return nil
	}
	what := "Wins"
	if r.Outcome == solver.Tie {
		what = "Ties"
	}
	mv := solver.Value{Outcome: r.Outcome, Remoteness: r.MoveRemoteness}
	c := MoveValueClaim(r.Position, r.Move, mv)
	c.Text = fmt.Sprintf("%s in %s", what, Plural(r.MoveRemoteness, "move", "moves"))
	if r.MoveRemoteness <= r.Remoteness {
		b := BestClaim(r.Position, r.Move, mv)
		b.Text = ", the quickest."
		return []Claim{c, b}
	}
	c.Text += "."
	ctx, cancel := context.WithTimeout(ctx, solver.ReachTime)
	defer cancel()
	quick, qv, ok := solver.NewOracle(ctx, r.Position.Game(), solver.ReachBudget).BestMove(r.Position)
	if !ok {
		return []Claim{c}
	}
	b := BestClaim(r.Position, quick, qv)
	b.Text = fmt.Sprintf("The quickest: %s, in %s.", moveName(r.Position, quick), Plural(qv.Remoteness, "move", "moves"))
	return []Claim{c, b}
}

// Distance says in one sentence how long the game lasts with best play,
// counting both players' moves, or "" when the search did not reach the
// position or the game is over: "With best play Ada wins in 3 moves."
// Its facts are DistanceClaims.
func Distance(r solver.Result) string { return Join(DistanceClaims(r)...) }

// DistanceClaims are the facts Distance states: the position's value,
// and when the taught move is slower than the quickest, its own value.
func DistanceClaims(r solver.Result) []Claim {
	if r.Remoteness <= 0 {
		return nil
	}
	cs := []Claim{ValueClaim(r.Position, solver.Value{Outcome: r.Outcome, Remoteness: r.Remoteness})}
	// The last hint names the taught move: when it is slower than the
	// quickest, say its count too, as the solve reply does.
	if r.Move != nil && r.MoveRemoteness > r.Remoteness {
		keeps := "wins"
		if r.Outcome == solver.Tie {
			keeps = "keeps the tie"
		}
		c := MoveValueClaim(r.Position, r.Move, solver.Value{Outcome: r.Outcome, Remoteness: r.MoveRemoteness})
		c.Text = fmt.Sprintf("The move taught above %s too, in %s.", keeps, Plural(r.MoveRemoteness, "move", "moves"))
		cs = append(cs, c)
	}
	return cs
}

// InMoves is the verdict's count, " in 3 moves", or "" when the search
// did not reach the position.
func InMoves(r solver.Result) string {
	if r.Remoteness <= 0 {
		return ""
	}
	return " in " + Plural(r.Remoteness, "move", "moves")
}

// VerdictSentence says who wins, or that it is a tie, in one sentence.
func VerdictSentence(r solver.Result) string {
	if r.Outcome == solver.Tie {
		return "With best play the game is a **tie**: nobody wins."
	}
	return fmt.Sprintf("**%s wins** with best play.", r.WinnerName())
}

// FindingStep is the step "Finding the move" with the given body.
func FindingStep(body string) Step { return Step{Title: "Finding the move", Body: body} }

// AfterMove plays a canonical result's move and returns the position
// after it. The move comes from the game's own formula, so it is legal.
func AfterMove(c solver.Result) solver.Position {
	next, err := c.Position.Play(c.Move)
	if err != nil {
		panic(fmt.Sprintf("explain: the solver's move %v is illegal: %v", c.Move, err))
	}
	return next
}
