package tutor

import (
	"context"
	"errors"
	"fmt"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
)

// Lessons is a learner's progress in every lesson, by lesson id, with a
// note for a reply when it could not be read ("" when it was).
type Lessons struct {
	Progress map[string]LessonProgress
	Note     string
}

// LessonsOf returns user's progress in the lessons of /learn. Without a
// store, or when it cannot be read, the progress is empty and the note
// says why: the lessons work without it.
func (t *Tutor) LessonsOf(ctx context.Context, user string) Lessons {
	Step(ctx, "tutor", "LessonsOf")
	svc, err := t.practice(ctx)
	if errors.Is(err, ErrNoStore) {
		return Lessons{Note: "Progress is not stored: this nimtutor has no database."}
	}
	var list []LessonProgress
	if err == nil {
		Step(ctx, "store", "Lessons")
		list, err = svc.Store().Lessons(ctx, user)
	}
	if err != nil {
		t.cfg.Log.Error("reading lesson progress", "err", err)
		return Lessons{Note: "Progress could not be read just now."}
	}
	out := Lessons{Progress: make(map[string]LessonProgress, len(list))}
	for _, p := range list {
		out.Progress[p.Lesson] = p
	}
	return out
}

// NextStep is the step of topic the learner goes on with: the first one
// not done, or the first step again once the lesson is done.
func (l Lessons) NextStep(topic *learn.Topic) int {
	if p, ok := l.Progress[topic.ID]; ok && !p.Done {
		return min(p.StepsDone, len(topic.Steps)-1)
	}
	return 0
}

// LessonStep is step K of a lesson as a reply shows it: its board and
// picture, and after an answer the verdict and whether the progress was
// saved.
type LessonStep struct {
	Topic *learn.Topic
	K     int
	Board learn.Board
	// Verdict is the answer's verdict, nil before an answer; Saved says
	// whether the progress was stored, or why not.
	Verdict *learn.Verdict
	Saved   string
	// Picture is the board's picture, nil when it has none or it was
	// left out.
	Picture []byte
}

// Lesson returns step k of topic to show, before any answer: the step
// the learner goes on with when k < 0.
func (t *Tutor) Lesson(ctx context.Context, user string, topic *learn.Topic, k int) (LessonStep, error) {
	Step(ctx, "tutor", "Lesson")
	if k < 0 {
		k = t.LessonsOf(ctx, user).NextStep(topic)
	}
	return t.lessonStep(ctx, topic, k, nil, "")
}

// AnswerLesson checks choice on step k of topic, stores the answer under
// ctx and returns the step with its verdict.
func (t *Tutor) AnswerLesson(ctx context.Context, user string, topic *learn.Topic, k, choice int) (LessonStep, error) {
	Step(ctx, "tutor", "AnswerLesson")
	v, err := topic.Steps[k].Answer(ctx, choice)
	if err != nil {
		return LessonStep{}, err
	}
	return t.lessonStep(ctx, topic, k, &v, t.saveLesson(ctx, user, topic, k, v.Right))
}

func (t *Tutor) lessonStep(ctx context.Context, topic *learn.Topic, k int, v *learn.Verdict, saved string) (LessonStep, error) {
	b, err := topic.Steps[k].Board()
	if err != nil {
		return LessonStep{}, fmt.Errorf("lesson %s step %d: %w", topic.ID, k+1, err)
	}
	ls := LessonStep{Topic: topic, K: k, Board: b, Verdict: v, Saved: saved}
	if pos := b.Position(); pos != nil {
		ls.Picture = t.picture(ctx, pos, false)
	}
	return ls, nil
}

// saveLesson stores an answer and returns a note for the footer.
func (t *Tutor) saveLesson(ctx context.Context, user string, topic *learn.Topic, step int, right bool) string {
	svc, err := t.practice(ctx)
	if errors.Is(err, ErrNoStore) {
		return "Progress is not stored: this nimtutor has no database."
	}
	if err == nil {
		var p LessonProgress
		Step(ctx, "store", "RecordLesson")
		if p, err = svc.Store().RecordLesson(ctx, user, topic.ID, step, len(topic.Steps), right); err == nil {
			return fmt.Sprintf("Your progress: %d of %d steps, %s.", p.StepsDone, len(topic.Steps), explain.Plural(p.Mistakes, "mistake", "mistakes"))
		}
	}
	t.cfg.Log.Error("saving lesson progress", "err", err)
	return "Your progress could not be saved just now."
}
