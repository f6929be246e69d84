package tutor

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/glicko2"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// The values the practice use cases return, as package practice and the
// store define them.
type (
	// Puzzle is a generated puzzle: its position, winning moves, themes
	// and hint ladder.
	Puzzle = practice.Puzzle
	// Outcome is a judged answer.
	Outcome = practice.Outcome
	// Progress is a learner's practice record.
	Progress = practice.Progress
	// History is a learner's recent answers and games.
	History = practice.History
	// Attempt is one stored answer.
	Attempt = store.Attempt
	// Learner is a learner's record in one game.
	Learner = store.Learner
	// Ranked is a learner's place on a leaderboard.
	Ranked = store.Ranked
	// Export is everything stored about one learner.
	Export = store.Export
	// LessonProgress is a learner's progress in one lesson.
	LessonProgress = store.LessonProgress
	// Due is an idea scheduled to come back, and when.
	Due = practice.Due
	// Advice is what to do next about a learner's weakest theme.
	Advice = practice.Advice
)

// MoveText is a move as stored and as a menu's value: its two numbers.
func MoveText(m solver.Move) string { return practice.MoveText(m) }

// Score is the Glicko-2 score of an answer with hints of levels used.
func Score(correct bool, hints, levels int) float64 { return practice.Score(correct, hints, levels) }

// PuzzleView is an open puzzle as a reply shows it: the puzzle, the
// learner's and the puzzle's ratings, the hints used so far, and a note.
type PuzzleView struct {
	Puzzle *Puzzle
	// Rating is the learner's rating in the puzzle's game.
	Rating float64
	// PuzzleRating is the puzzle's stored rating, or its estimate before
	// anyone answered it.
	PuzzleRating float64
	// Hints is how many levels of the ladder the learner has used.
	Hints int
	// Reopened reports that the learner had this puzzle open already,
	// unanswered: asking for the next one brings it back.
	Reopened bool
	// Review is the idea the puzzle reviews (spaced repetition), nil for
	// a new puzzle; DueNow counts the learner's reviews due in its game
	// when it was picked.
	Review *Due
	DueNow int
	// Note is a line to show with it ("" for none): the daily tally.
	Note string
	// Picture is the puzzle's bare picture (PNG), nil when left out.
	Picture []byte
}

// PuzzleError turns what a learner did wrong with a puzzle's control
// (an id that does not parse, a record that is gone) into errBadID.
func puzzleError(err error) error {
	if errors.Is(err, practice.ErrBadID) || errors.Is(err, store.ErrNotFound) {
		return ErrBadID
	}
	return err
}

// ErrBadID answers a control whose data does not decode or names no
// puzzle or record.
var ErrBadID = fault.New(fault.EExpired, "", "the button's data is damaged; run the command again.")

// view gathers what the reply to puzzle p of user shows, under ctx.
func (t *Tutor) view(ctx context.Context, svc *practice.Service, p *Puzzle, user string, note string) (PuzzleView, error) {
	v := PuzzleView{Puzzle: p, Rating: glicko2.Default().Rating, PuzzleRating: p.Estimate, Note: note}
	Step(ctx, "store", "Pending")
	pend, err := svc.Store().Pending(ctx, user, p.ID)
	if err != nil {
		return v, puzzleError(err)
	}
	v.Hints = pend.Hints
	Step(ctx, "store", "GetPuzzle")
	if st, err := svc.Store().GetPuzzle(ctx, p.ID); err == nil {
		v.PuzzleRating = st.Rating.Rating // stored once answered
	}
	Step(ctx, "store", "Learner")
	if l, err := svc.Store().Learner(ctx, user, p.Game.Name()); err == nil {
		v.Rating = l.Rating.Rating
	}
	Step(ctx, "practice", "ReviewOf")
	if d, err := svc.ReviewOf(ctx, user, p.ID); err == nil {
		v.Review = d
	}
	v.Picture = t.picture(ctx, p.Position, false)
	return v, nil
}

// NextPuzzle picks user's next puzzle of g at their level (with theme,
// when not ""), opens it for them in guild and returns it. When the
// puzzle it picks is one the learner has open already, unanswered, the
// view says so.
func (t *Tutor) NextPuzzle(ctx context.Context, user, guild string, g solver.Game, theme string) (PuzzleView, error) {
	Step(ctx, "tutor", "NextPuzzle")
	svc, err := t.practice(ctx)
	if err != nil {
		return PuzzleView{}, err
	}
	Step(ctx, "practice", "Pick")
	pk, err := svc.Pick(ctx, user, guild, g, theme)
	if err != nil {
		return PuzzleView{}, err
	}
	v, err := t.view(ctx, svc, pk.Puzzle, user, "")
	v.Reopened, v.DueNow = pk.Reopened, pk.DueNow
	return v, err
}

// ThemeAt returns the theme of g at index k, as a control carries it.
func ThemeAt(g solver.Game, k string) (string, bool) {
	n, err := strconv.Atoi(k)
	ts := explain.Themes(g)
	if err != nil || n < 0 || n >= len(ts) {
		return "", false
	}
	return ts[n], true
}

// PuzzleHint counts one more hint on user's open puzzle id and returns
// the puzzle with the hints used.
func (t *Tutor) PuzzleHint(ctx context.Context, user, id string) (PuzzleView, error) {
	Step(ctx, "tutor", "PuzzleHint")
	svc, err := t.practice(ctx)
	if err != nil {
		return PuzzleView{}, err
	}
	p, err := svc.Puzzle(id)
	if err != nil {
		return PuzzleView{}, puzzleError(err)
	}
	Step(ctx, "practice", "Hint")
	if _, _, _, err := svc.Hint(ctx, user, id); err != nil {
		return PuzzleView{}, puzzleError(err)
	}
	return t.view(ctx, svc, p, user, "")
}

// OpenPuzzle returns puzzle id, for a control that only needs its
// position (the form to type a move).
func (t *Tutor) OpenPuzzle(ctx context.Context, id string) (*Puzzle, error) {
	Step(ctx, "tutor", "OpenPuzzle")
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, err
	}
	p, err := svc.Puzzle(id)
	return p, puzzleError(err)
}

// Judged is a judged answer with what its reply shows: the server's
// tally for a daily puzzle, and the picture of the position the reply
// explains (after the move, or after the refutation).
type Judged struct {
	*Outcome
	// Tally is the server's solved and failed answers to the day's puzzle
	// (Outcome.Daily), when it is one.
	Tally *Tally
	// Picture is the picture of the position shown (annotated when the
	// answer was wrong), nil when left out.
	Picture []byte
}

// Tally is how a server did on its daily puzzle.
type Tally struct{ Solved, Failed int }

// Answer judges user's move on their open puzzle id and records it
// (ratings, streak, the attempt) in one transaction under ctx. read
// reads the move in the puzzle's position (from a menu or a form); its
// error, a mistake of the learner's, is returned as it is and records
// nothing.
func (t *Tutor) Answer(ctx context.Context, user, id string, read func(solver.Position) (solver.Move, error)) (Judged, error) {
	Step(ctx, "tutor", "Answer")
	svc, err := t.practice(ctx)
	if err != nil {
		return Judged{}, err
	}
	p, err := svc.Puzzle(id)
	if err != nil {
		return Judged{}, puzzleError(err)
	}
	m, err := read(p.Position)
	if err != nil {
		return Judged{}, err
	}
	Step(ctx, "practice", "Answer")
	out, err := svc.Answer(ctx, user, id, m)
	if err != nil {
		return Judged{}, puzzleError(err)
	}
	j := Judged{Outcome: out}
	if out.Daily != "" {
		Step(ctx, "store", "DailyTally")
		if s, f, err := svc.Store().DailyTally(ctx, out.Guild, out.Daily); err == nil {
			j.Tally = &Tally{Solved: s, Failed: f}
		}
	}
	shown := out.Played
	if !out.Correct && out.Refutation != nil {
		shown = out.Refuted
	}
	j.Picture = t.picture(ctx, shown, !out.Correct)
	return j, nil
}

// Daily is a server's puzzle of the day for one learner: answered (with
// their answer), or open (with the puzzle's view).
type Daily struct {
	Day   string
	Tally Tally
	// Answer is the learner's answer, when they have given it, and
	// PuzzleID the puzzle's id.
	Answer   *Attempt
	PuzzleID string
	// View is the open puzzle, when not answered.
	View *PuzzleView
}

// DailyPuzzle returns the day's puzzle of guild ("" for direct messages)
// for user, opening it for them unless answered.
func (t *Tutor) DailyPuzzle(ctx context.Context, user, guild string) (Daily, error) {
	Step(ctx, "tutor", "DailyPuzzle")
	svc, err := t.practice(ctx)
	if err != nil {
		return Daily{}, err
	}
	Step(ctx, "practice", "DailyPuzzle")
	d, err := svc.DailyPuzzle(ctx, user, guild)
	if err != nil {
		return Daily{}, puzzleError(err)
	}
	out := Daily{Day: d.Day, Tally: Tally{d.Solved, d.Failed}, Answer: d.Answer, PuzzleID: d.Puzzle.ID}
	if d.Answer == nil {
		v, err := t.view(ctx, svc, d.Puzzle, user, "")
		if err != nil {
			return Daily{}, err
		}
		out.View = &v
	}
	return out, nil
}

// practiceIn opens the practice service for a question about game, a
// game's name or "" for all, after checking the name.
func (t *Tutor) practiceIn(ctx context.Context, game string) (*practice.Service, error) {
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, err
	}
	if game != "" {
		if _, err := solver.Lookup(game); err != nil {
			return nil, err
		}
	}
	return svc, nil
}

// Progress gathers user's practice record, in game or ("") all.
func (t *Tutor) Progress(ctx context.Context, user, game string) (*Progress, error) {
	Step(ctx, "tutor", "Progress")
	svc, err := t.practiceIn(ctx, game)
	if err != nil {
		return nil, err
	}
	Step(ctx, "practice", "Progress")
	return svc.Progress(ctx, user, game)
}

// History returns user's n most recent answers and games, newest first.
func (t *Tutor) History(ctx context.Context, user string, n int) (*History, error) {
	Step(ctx, "tutor", "History")
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, err
	}
	Step(ctx, "practice", "History")
	return svc.History(ctx, user, n)
}

// Leaderboard returns the top n learners of game in guild and user's rank
// there (0 when unrated).
func (t *Tutor) Leaderboard(ctx context.Context, guild, game, user string, n int) ([]Ranked, int, error) {
	Step(ctx, "tutor", "Leaderboard")
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, 0, err
	}
	Step(ctx, "store", "Leaderboard")
	return svc.Store().Leaderboard(ctx, guild, game, user, n)
}

// Export gathers everything stored about user.
func (t *Tutor) Export(ctx context.Context, user string) (Export, error) {
	Step(ctx, "tutor", "Export")
	svc, err := t.practice(ctx)
	if err != nil {
		return Export{}, err
	}
	Step(ctx, "store", "ExportUser")
	return svc.Store().ExportUser(ctx, user)
}

// Forget deletes everything stored about user.
func (t *Tutor) Forget(ctx context.Context, user string) error {
	Step(ctx, "tutor", "Forget")
	svc, err := t.practice(ctx)
	if err != nil {
		return err
	}
	Step(ctx, "store", "Forget")
	return svc.Store().Forget(ctx, user)
}

// themeIndex is k of theme among g's themes, as a control carries it.
func themeIndex(g solver.Game, theme string) string {
	for k, th := range explain.Themes(g) {
		if th == theme {
			return strconv.Itoa(k)
		}
	}
	return ""
}

// ThemeIndex returns "GAME.K" for theme of g, the argument of a control
// that asks for a puzzle of that theme; "GAME" when theme is not one of
// g's.
func ThemeIndex(g solver.Game, theme string) string {
	if k := themeIndex(g, theme); k != "" {
		return g.Name() + "." + k
	}
	return g.Name()
}

// ParseThemeArg reads what ThemeIndex wrote.
func ParseThemeArg(arg string) (solver.Game, string, bool) {
	game, k, _ := strings.Cut(arg, ".")
	g, err := solver.Lookup(game)
	if err != nil {
		return nil, "", false
	}
	if k == "" {
		return g, "", true
	}
	theme, ok := ThemeAt(g, k)
	return g, theme, ok
}
