package store

import (
	"context"
	"database/sql"
	"errors"
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

// Lessons returns user's progress in every lesson they started, by lesson.
func (s *Store) Lessons(ctx context.Context, user string) ([]LessonProgress, error) {
	return queryAll(ctx, s, "lessons", func(row scanner) (LessonProgress, error) {
		var p LessonProgress
		var at int64
		err := row.Scan(&p.Lesson, &p.StepsDone, &p.Mistakes, &p.Done, &at)
		p.Updated = fromMillis(at)
		return p, err
	}, `SELECT lesson, steps_done, mistakes, done, updated_at FROM lesson_progress WHERE user_id = $1 ORDER BY lesson`, user)
}

// RecordLesson stores an answer to step (counting from 0) of a lesson of
// steps steps: a right answer marks the steps up to it done (progress
// never goes back), a wrong one counts a mistake. It returns the progress
// after the answer.
func (s *Store) RecordLesson(ctx context.Context, user, lesson string, step, steps int, right bool) (LessonProgress, error) {
	var p LessonProgress
	err := s.Update(ctx, func(tx *Tx) error {
		p = LessonProgress{Lesson: lesson}
		var at int64
		err := tx.queryRow(`SELECT steps_done, mistakes, done, updated_at FROM lesson_progress WHERE user_id = $1 AND lesson = $2`+s.forUpdate(), user, lesson).
			Scan(&p.StepsDone, &p.Mistakes, &p.Done, &at)
		fresh := errors.Is(err, sql.ErrNoRows)
		if err != nil && !fresh {
			return err
		}
		if right {
			p.StepsDone = max(p.StepsDone, step+1)
			p.Done = p.Done || p.StepsDone >= steps
		} else {
			p.Mistakes++
		}
		p.Updated = s.now().UTC()
		if fresh {
			return tx.exec(`INSERT INTO lesson_progress (user_id, lesson, steps_done, mistakes, done, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`,
				user, lesson, p.StepsDone, p.Mistakes, p.Done, millis(p.Updated))
		}
		return tx.exec(`UPDATE lesson_progress SET steps_done = $3, mistakes = $4, done = $5, updated_at = $6 WHERE user_id = $1 AND lesson = $2`,
			user, lesson, p.StepsDone, p.Mistakes, p.Done, millis(p.Updated))
	})
	p.Updated = p.Updated.Truncate(time.Millisecond)
	return p, err
}
