package explain

import (
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

// Teacher is a game's explanation: the capability a game package adds to
// its solver.Game. It works on the canonical form of a position (for
// example binim's stacks sorted), so that positions with one key share
// one text, and maps the move it teaches back to the position as given.
type Teacher interface {
	// ExplainKey identifies pos for the explanation, within its game: two
	// positions with the same key get identical Explain and Hints text.
	// It names the player to move.
	ExplainKey(pos solver.Position) string
	// Canonical returns the result for the canonical position of r's key.
	Canonical(r solver.Result) solver.Result
	// Explain returns the steps of the solution applied to the canonical
	// result c, ending with the verdict and the move.
	Explain(c solver.Result, o Options) []Step
	// Hints returns the hint ladder for c; only its last level, the
	// verdict step, names the winner or the move.
	Hints(c solver.Result, o Options) []Step
	// LocalMove states c.Move, the canonical move, in the numbering of
	// r.Position.
	LocalMove(r, c solver.Result) solver.Move
	// KeyNumbers names, as one clause, the numbers that decide pos, for
	// example "the XOR of the counted gaps mod 3 is 0".
	KeyNumbers(pos solver.Position) string
	// Themes lists the ideas of the game's solution a puzzle can need,
	// for menus, and PositionThemes those that pos exercises.
	Themes() []string
	PositionThemes(pos solver.Position) []string
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

// canonical returns the teacher of r's game and r's canonical result.
func canonical(r solver.Result) (Teacher, solver.Result) {
	t := teacherOf(r.Position.Game())
	return t, t.Canonical(r)
}

// Explain returns the explanation of a solved position: the reductions of
// the solution applied to this position, then the verdict and the move.
// Its text depends only on Key(r.Position) and opts.
func Explain(r solver.Result, opts Options) []Step {
	t, c := canonical(r)
	return t.Explain(c, opts)
}

// Hints returns the hint ladder for the position: level 1 first, the last
// level reveals the verdict and the move. Its text depends only on
// Key(r.Position) and opts.
func Hints(r solver.Result, opts Options) []Step {
	t, c := canonical(r)
	return t.Hints(c, opts)
}

// Key returns a canonical key for pos: two positions with the same key get
// identical Explain and Hints text, so a cache may share one entry. The
// key starts with the game's name and names the player to move.
func Key(pos solver.Position) string {
	g := pos.Game()
	return g.Name() + ":" + teacherOf(g).ExplainKey(pos)
}

// LocalMove returns the move that Explain and Hints recommend, numbered as
// in r.Position (for binim and binim2 the explanation names stacks by
// content; this gives the student's own stack number). It is nil when the
// player to move has no move or every move loses.
func LocalMove(r solver.Result) solver.Move {
	t, c := canonical(r)
	return t.LocalMove(r, c)
}

// KeyNumbers names, as one clause, the numbers that decide pos, for
// example "the XOR of the counted gaps mod 3 is 0".
func KeyNumbers(pos solver.Position) string {
	return teacherOf(pos.Game()).KeyNumbers(pos)
}

// Themes lists the ideas of g's solution a puzzle can need.
func Themes(g solver.Game) []string { return teacherOf(g).Themes() }

// PositionThemes lists the ideas of its game's solution that pos needs.
func PositionThemes(pos solver.Position) []string {
	return teacherOf(pos.Game()).PositionThemes(pos)
}

// MoveStep returns a step stating the recommended move in the numbering of
// r.Position, and how long the game lasts with it when the search reached
// the position. It is per position and must not be cached by Key.
func MoveStep(r solver.Result) Step {
	g := r.Position.Game()
	mover := g.PlayerName(r.Position.ToMove())
	m := LocalMove(r)
	var body string
	switch {
	case m != nil:
		body = fmt.Sprintf("%s to move, numbered as in your position: **%s**.", mover, m)
		body += moveDistance(r)
	case !solver.HasMoves(r.Position):
		body = fmt.Sprintf("%s has no legal move.", mover)
	default:
		body = fmt.Sprintf("Every move of %s's loses against best play; any legal move will do.", mover)
		if r.Remoteness > 0 {
			body += fmt.Sprintf(" The longest %s can hold out is %s.", mover, Plural(r.Remoteness, "move", "moves"))
		}
	}
	return Step{Title: "Your move", Body: body}
}

// moveDistance says how long the game lasts after the recommended move,
// and whether a quicker way exists; "" when the search did not reach it.
func moveDistance(r solver.Result) string {
	if r.MoveRemoteness < 0 || r.Remoteness < 0 {
		return ""
	}
	what := "wins"
	if r.Outcome == solver.Tie {
		what = "keeps the tie, which ends"
	}
	s := fmt.Sprintf(" It %s in %s", what, Plural(r.MoveRemoteness, "move", "moves"))
	if r.MoveRemoteness > r.Remoteness {
		return s + fmt.Sprintf("; the quickest way takes %s.", Plural(r.Remoteness, "move", "moves"))
	}
	return s + ", the quickest way."
}

// Distance says in one sentence how long the game lasts with best play,
// counting both players' moves, or "" when the search did not reach the
// position or the game is over: "With best play Ada wins in 3 moves."
func Distance(r solver.Result) string {
	if r.Remoteness <= 0 {
		return ""
	}
	n := Plural(r.Remoteness, "move", "moves")
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
	return " in " + Plural(r.Remoteness, "move", "moves")
}

// VerdictSentence says who wins, or that it is a tie, in one sentence.
func VerdictSentence(r solver.Result) string {
	if r.Outcome == solver.Tie {
		return "With best play the game is a **tie**: nobody wins."
	}
	return fmt.Sprintf("**%s wins** with best play.", r.WinnerName())
}

// AfterMove plays a canonical result's move and returns the position
// after it. The move comes from the game's own formula, so it is legal.
func AfterMove(c solver.Result) solver.Position {
	next, err := c.Position.Play(c.Move)
	if err != nil {
		panic(fmt.Sprintf("explain: the solver's move %v is illegal: %v", c.Move, err))
	}
	return next
}
