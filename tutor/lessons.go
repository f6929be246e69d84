package tutor

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/store"
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

// LessonNeed is how many right answers in a row, each on a position
// other than the one before, pass a lesson step.
const LessonNeed = 2

// LessonStep is step K of a lesson as a reply shows it: the exercise to
// answer now, with its picture, and after an answer the exercise that was
// answered, the verdict on it and whether the progress was saved.
type LessonStep struct {
	Topic *learn.Topic
	K     int
	// Exercise is the exercise to show: a fresh one after every answer
	// until the step is passed.
	Exercise learn.Exercise
	// Answered is the exercise the verdict is about, and Verdict the
	// answer's verdict, both nil before an answer.
	Answered *learn.Exercise
	Verdict  *learn.Verdict
	// Streak counts the right answers in a row on this step, of
	// LessonNeed; Passed is set when this answer passed the step.
	Streak int
	Passed bool
	// Saved says whether the progress was stored, or why not.
	Saved string
	// Picture is the exercise's picture, nil when it has none or it was
	// left out.
	Picture []byte
}

// Lesson returns step k of topic to show, before any answer, with a
// fresh exercise: the step the learner goes on with when k < 0.
func (t *Tutor) Lesson(ctx context.Context, user string, topic *learn.Topic, k int) (LessonStep, error) {
	Step(ctx, "tutor", "Lesson")
	ls := t.LessonsOf(ctx, user)
	if k < 0 {
		k = ls.NextStep(topic)
	}
	// The first seed comes from the learner's progress, which every
	// answer changes: the same learner at the same point sees the same
	// exercise (a transcript can be replayed), the next time another.
	p := ls.Progress[topic.ID]
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\x00%d\x00%d\x00%s", user, topic.ID, k, p.StepsDone, p.Mistakes, p.Streak, p.StreakPosition)
	e, err := exercise(ctx, topic, k, h.Sum64(), "")
	if err != nil {
		return LessonStep{}, err
	}
	return t.lessonStep(ctx, LessonStep{Topic: topic, K: k, Exercise: e}), nil
}

// LessonAnswer is an answer to an exercise of a lesson: button Choice, or
// Text typed when Typed is set.
type LessonAnswer struct {
	Choice int
	Text   string
	Typed  bool
	// Streak is the streak the exercise was shown with, used when no
	// store keeps it.
	Streak int
}

// AnswerLesson checks an answer to the exercise of step k of topic made
// from seed, by search on that position, stores it under ctx and returns
// the verdict with a fresh exercise: the next one on the same step until
// LessonNeed right answers in a row pass it.
func (t *Tutor) AnswerLesson(ctx context.Context, user string, topic *learn.Topic, k int, seed uint64, a LessonAnswer) (LessonStep, error) {
	Step(ctx, "tutor", "AnswerLesson")
	s := topic.Steps[k]
	e, err := s.Exercise(ctx, seed)
	if err != nil {
		return LessonStep{}, fmt.Errorf("lesson %s step %d: %w", topic.ID, k+1, err)
	}
	var reply learn.Reply
	if a.Typed {
		reply, err = e.Parse(s, a.Text)
	} else {
		reply, err = e.Choice(s, a.Choice)
	}
	if err != nil {
		return LessonStep{}, err
	}
	v, err := e.Judge(ctx, s, reply)
	if err != nil {
		return LessonStep{}, err
	}
	streak := 0
	if v.Right {
		streak = a.Streak + 1
	}
	saved, stored := t.saveLesson(ctx, user, topic, k, e.Board.Text(), v.Right)
	if stored != nil {
		streak = stored.Streak
	}
	ls := LessonStep{Topic: topic, K: k, Answered: &e, Verdict: &v, Streak: streak, Passed: v.Right && streak >= LessonNeed, Saved: saved}
	if ls.Passed {
		ls.Exercise = e
		return t.lessonStep(ctx, ls), nil
	}
	if ls.Exercise, err = exercise(ctx, topic, k, next(seed), e.Board.Text()); err != nil {
		return LessonStep{}, err
	}
	return t.lessonStep(ctx, ls), nil
}

// exerciseTries bounds the seeds tried for an exercise on a position
// other than the one just answered.
const exerciseTries = 8

// exercise makes step k's exercise from seed, on a position other than
// not when one of the next few seeds gives one.
func exercise(ctx context.Context, topic *learn.Topic, k int, seed uint64, not string) (learn.Exercise, error) {
	var e learn.Exercise
	var err error
	for range exerciseTries {
		if e, err = topic.Steps[k].Exercise(ctx, seed); err != nil {
			return learn.Exercise{}, fmt.Errorf("lesson %s step %d: %w", topic.ID, k+1, err)
		}
		if e.Board.Text() != not {
			break
		}
		seed = next(seed)
	}
	return e, nil
}

// next is the seed after seed (SplitMix64's step and mix).
func next(seed uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (t *Tutor) lessonStep(ctx context.Context, ls LessonStep) LessonStep {
	if pos := ls.Exercise.Board.Position(); pos != nil {
		ls.Picture = t.picture(ctx, pos, false)
	}
	return ls
}

// saveLesson stores an answer and returns a note for the footer, and the
// progress after it when it was stored.
func (t *Tutor) saveLesson(ctx context.Context, user string, topic *learn.Topic, step int, position string, right bool) (string, *LessonProgress) {
	svc, err := t.practice(ctx)
	if errors.Is(err, ErrNoStore) {
		return "Progress is not stored: this nimtutor has no database.", nil
	}
	if err == nil {
		var p LessonProgress
		Step(ctx, "store", "RecordLesson")
		a := store.LessonAnswer{Step: step, Steps: len(topic.Steps), Need: LessonNeed, Position: position, Right: right}
		if p, err = svc.Store().RecordLesson(ctx, user, topic.ID, a); err == nil {
			return fmt.Sprintf("Your progress: %d of %d steps, %s.", p.StepsDone, len(topic.Steps), explain.Plural(p.Mistakes, "mistake", "mistakes")), &p
		}
	}
	t.cfg.Log.Error("saving lesson progress", "err", err)
	return "Your progress could not be saved just now.", nil
}
