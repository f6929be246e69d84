package tutor

import (
	"bytes"
	"context"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Detail caps the lists of the explanations the use cases return: the
// first few stacks, pairs or gaps, then "… and N more". The command
// line, which prints everything, calls explain itself.
var Detail = explain.Options{MaxItems: 6}

// Card is the answer to "who wins here, and how": the solved position,
// its lesson, the short reply and the full reasoning.
type Card struct {
	Result solver.Result
	// Short is the short reply: why, finding the move, the move, a line of
	// play, the rule here.
	Short []explain.Step
	// Full is the full reasoning, ending with the move.
	Full []explain.Step
	// Picture is the annotated picture (PNG), nil when not drawn.
	Picture []byte
}

// lesson returns the cached lesson for pos, solving and explaining it
// only on a miss. solved is pos already solved, or nil.
func (t *Tutor) lesson(ctx context.Context, pos solver.Position, solved *solver.Result) explain.Lesson {
	return explain.LessonFor(ctx, t.cfg.Cache, pos, Detail, func() solver.Result {
		if solved != nil {
			return *solved
		}
		return explain.Solve(ctx, pos)
	})
}

// Solve solves pos and explains it; with draw it draws the annotated
// picture too.
func (t *Tutor) Solve(ctx context.Context, pos solver.Position, draw bool) Card {
	Step(ctx, "tutor", "Solve")
	res := explain.Solve(ctx, pos)
	l := t.lesson(ctx, pos, &res)
	move := explain.MoveStep(ctx, res)
	c := Card{Result: res, Short: explain.Short(l.Summary, move), Full: append(append([]explain.Step{}, l.Steps...), move)}
	if draw {
		c.Picture = t.picture(ctx, pos, true)
	}
	return c
}

// Rule returns the general rule behind pos's verdict, for "Why?".
func (t *Tutor) Rule(ctx context.Context, pos solver.Position) []explain.Step {
	Step(ctx, "tutor", "Rule")
	return t.lesson(ctx, pos, nil).Rule
}

// Hint is one level of a position's hint ladder.
type Hint struct {
	Position solver.Position
	// Level counts from 1 to Levels; the last level gives the answer.
	Level, Levels int
	// Title and Body are the level's step; the last level's Body ends
	// with how long the game lasts, where the search reaches.
	Title, Body string
	// Verdicts are the verdicts a learner may submit at this level
	// (explain.CheckLevel), nil at the others.
	Verdicts []string
	// Picture is the picture (annotated on the last level), nil when not
	// drawn.
	Picture []byte
}

// HintLevel returns level (at least 1, at most the ladder's length) of
// pos's hint ladder. The last level comes with its annotated picture;
// the others, which share one bare picture, with it only when draw.
func (t *Tutor) HintLevel(ctx context.Context, pos solver.Position, level int, draw bool) Hint {
	Step(ctx, "tutor", "HintLevel")
	l := t.lesson(ctx, pos, nil)
	level = min(max(level, 1), len(l.Hints))
	s := l.Hints[level-1]
	h := Hint{Position: pos, Level: level, Levels: len(l.Hints), Title: s.Title, Body: s.Body}
	if level == h.Levels && l.Distance != "" {
		h.Body += "\n" + l.Distance
	}
	if level == explain.CheckLevel && level < h.Levels {
		h.Verdicts = explain.VerdictChoices(pos)
	}
	if draw || level == h.Levels {
		h.Picture = t.picture(ctx, pos, level == h.Levels)
	}
	return h
}

// Verdict is a learner's verdict checked: right or not, what they said
// and the reply.
type Verdict struct {
	Right bool
	Said  string // the verdict, as explain.VerdictChoices names it
	Reply string
}

// CheckVerdict checks verdict k of explain.VerdictChoices(pos).
func (t *Tutor) CheckVerdict(ctx context.Context, pos solver.Position, k int) (Verdict, error) {
	Step(ctx, "tutor", "CheckVerdict")
	choices := explain.VerdictChoices(pos)
	if k < 0 || k >= len(choices) {
		return Verdict{}, ErrBadID
	}
	right, reply := explain.CheckVerdict(explain.Solve(ctx, pos), choices[k])
	return Verdict{Right: right, Said: choices[k], Reply: reply}, nil
}

// MoveTable is every legal move of a position with its value.
type MoveTable struct {
	Result solver.Result
	Rows   []explain.MoveRow
	// More is how many moves beyond Rows there are.
	More int
}

// Moves values the moves of pos, at most max rows.
func (t *Tutor) Moves(ctx context.Context, pos solver.Position, max int) MoveTable {
	Step(ctx, "tutor", "Moves")
	res := explain.Solve(ctx, pos)
	rows, more := explain.MoveTable(ctx, res, max)
	return MoveTable{Result: res, Rows: rows, More: more}
}

// Why explains move m of pos against other (nil: the recommended move).
func (t *Tutor) Why(ctx context.Context, pos solver.Position, m, other solver.Move) ([]explain.Step, error) {
	Step(ctx, "tutor", "Why")
	return explain.Why(ctx, explain.Solve(ctx, pos), m, other)
}

// Verify searches pos exhaustively and compares the formula with the
// search. A position within the search's reach is searched in the
// search gate, so at most a few searches run at once and the rest wait
// or are told to come back; the others are answered at once.
func (t *Tutor) Verify(ctx context.Context, pos solver.Position) (solver.VerifyReport, error) {
	Step(ctx, "tutor", "Verify")
	gate := t.cfg.Searches
	if !t.InReach(pos) {
		gate = nil
	}
	var rep solver.VerifyReport
	err := gate.Do(ctx, func(ctx context.Context) error {
		var err error
		rep, err = solver.ReportPosition(ctx, pos, t.cfg.VerifyBudget)
		return err
	})
	return rep, err
}

// largePicture is the position length (characters) from which drawing
// counts as heavy work and goes through the picture gate.
const largePicture = 1000

// picture draws pos as a PNG; annotate adds the analysis, which names the
// winner. A large position is drawn in the picture gate; when the gate is
// full, or the picture cannot be drawn (which is logged), it returns nil:
// the text still answers.
//
// Positions longer than a slash command's option (uploaded as files) get
// no picture: drawn within the pixel limit their cells would be specks,
// and drawing them costs hundreds of megabytes.
func (t *Tutor) picture(ctx context.Context, pos solver.Position, annotate bool) []byte {
	if len(pos.String()) > solver.MaxPositionLen {
		return nil
	}
	var buf bytes.Buffer
	draw := func(ctx context.Context) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return t.cfg.Draw(&buf, pos, render.Options{Annotate: annotate, MaxPixels: render.ReplyPixels})
	}
	gate := t.cfg.Pictures
	if len(pos.String()) < largePicture {
		gate = nil
	}
	if err := gate.Do(ctx, draw); err != nil {
		if fault.Code(err) != fault.EBusy && ctx.Err() == nil {
			t.cfg.Log.Error("drawing a position", "game", pos.Game().Name(), "err", err)
		}
		return nil
	}
	return buf.Bytes()
}

// Picture draws pos (annotated or bare) for a reply; nil when it is left
// out (see picture).
func (t *Tutor) Picture(ctx context.Context, pos solver.Position, annotate bool) []byte {
	Step(ctx, "tutor", "Picture")
	return t.picture(ctx, pos, annotate)
}
