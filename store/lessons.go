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
	// Streak counts the right answers in a row on step StreakStep (from
	// 0), each on a position other than the one before, the latest on
	// StreakPosition.
	StreakStep     int    `json:"streak_step"`
	Streak         int    `json:"streak"`
	StreakPosition string `json:"streak_position"`
}

const lessonCols = `lesson, steps_done, mistakes, done, updated_at, streak_step, streak, streak_position`

func scanLesson(row scanner) (LessonProgress, error) {
	var p LessonProgress
	var at int64
	err := row.Scan(&p.Lesson, &p.StepsDone, &p.Mistakes, &p.Done, &at, &p.StreakStep, &p.Streak, &p.StreakPosition)
	p.Updated = fromMillis(at)
	return p, err
}

// Lessons returns user's progress in every lesson they started, by lesson.
func (s *Store) Lessons(ctx context.Context, user string) ([]LessonProgress, error) {
	return queryAll(ctx, s, "lessons", scanLesson, `SELECT `+lessonCols+` FROM lesson_progress WHERE user_id = $1 ORDER BY lesson`, user)
}

// LessonAnswer is one answer to a lesson step's exercise.
type LessonAnswer struct {
	// Step counts from 0, of Steps in the lesson; Position is the
	// exercise's position; Need is how many right answers in a row, on
	// different positions, pass the step.
	Step, Steps, Need int
	Position          string
	Right             bool
}

// RecordLesson stores an answer to a lesson step: a right one on a
// position other than the last right one's adds to the step's streak, and
// once the streak reaches a.Need the steps up to this one are done
// (progress never goes back); a wrong one counts a mistake and ends the
// streak. It returns the progress after the answer.
func (s *Store) RecordLesson(ctx context.Context, user, lesson string, a LessonAnswer) (LessonProgress, error) {
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
		switch {
		case !a.Right:
			p.Mistakes++
			p.Streak = 0
		case p.StreakStep == a.Step && p.Streak > 0 && p.StreakPosition == a.Position:
			// The same position again counts once.
		case p.StreakStep == a.Step && p.Streak > 0:
			p.Streak++
		default:
			p.Streak = 1
		}
		p.StreakStep = a.Step
		if a.Right {
			p.StreakPosition = a.Position
		}
		if a.Right && p.Streak >= a.Need {
			p.StepsDone = max(p.StepsDone, a.Step+1)
			p.Done = p.Done || p.StepsDone >= a.Steps
		}
		p.Updated = s.now().UTC()
		return tx.exec(`UPDATE lesson_progress SET steps_done = $3, mistakes = $4, done = $5, updated_at = $6, streak_step = $7, streak = $8, streak_position = $9
			WHERE user_id = $1 AND lesson = $2`,
			user, lesson, p.StepsDone, p.Mistakes, p.Done, p.Updated.UnixMilli(), p.StreakStep, p.Streak, p.StreakPosition)
	})
	p.Updated = p.Updated.Truncate(time.Millisecond)
	return p, err
}
