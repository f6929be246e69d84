package store

import (
	"context"
	"time"
)

// LessonProgress is one learner's progress in one lesson of /learn.
type LessonProgress struct {
	Lesson string `json:"lesson"`
	// StepsDone counts the steps whose exercise was answered right, in
	// order; Done is set once every step is.
	StepsDone int       `json:"steps_done"`
	Mistakes  int       `json:"mistakes"`
	Done      bool      `json:"done"`
	Updated   time.Time `json:"updated"`
}

const lessonCols = `lesson, steps_done, mistakes, done, updated_at`

func scanLesson(row scanner) (LessonProgress, error) {
	var p LessonProgress
	var at int64
	err := row.Scan(&p.Lesson, &p.StepsDone, &p.Mistakes, &p.Done, &at)
	p.Updated = fromMillis(at)
	return p, err
}

// Lessons returns user's progress in every lesson they started, by lesson.
func (s *Store) Lessons(ctx context.Context, user string) ([]LessonProgress, error) {
	return queryAll(ctx, s, "lessons", scanLesson, `SELECT `+lessonCols+` FROM lesson_progress WHERE user_id = $1 ORDER BY lesson`, user)
}

// RecordLesson stores an answer to step (counting from 0) of a lesson of
// steps steps: a right answer marks the steps up to it done (progress
// never goes back), a wrong one counts a mistake. It returns the progress
// after the answer.
func (s *Store) RecordLesson(ctx context.Context, user, lesson string, step, steps int, right bool) (LessonProgress, error) {
	var p LessonProgress
	err := s.Update(ctx, func(tx *Tx) error {
		if err := tx.touchUser(user); err != nil {
			return err
		}
		var err error
		p, err = lock(tx, "lesson progress", scanLesson, `SELECT `+lessonCols+` FROM lesson_progress WHERE user_id = $1 AND lesson = $2`, []any{user, lesson},
			`INSERT INTO lesson_progress (user_id, lesson, updated_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id, lesson) DO UPDATE SET user_id = excluded.user_id RETURNING `+lessonCols, user, lesson, s.now().UnixMilli())
		if err != nil {
			return err
		}
		if right {
			p.StepsDone = max(p.StepsDone, step+1)
			p.Done = p.Done || p.StepsDone >= steps
		} else {
			p.Mistakes++
		}
		p.Updated = s.now().UTC()
		return tx.exec(`UPDATE lesson_progress SET steps_done = $3, mistakes = $4, done = $5, updated_at = $6 WHERE user_id = $1 AND lesson = $2`,
			user, lesson, p.StepsDone, p.Mistakes, p.Done, p.Updated.UnixMilli())
	})
	p.Updated = p.Updated.Truncate(time.Millisecond)
	return p, err
}
