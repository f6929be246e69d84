package store

import (
	"context"
	"time"
)

// Forget deletes everything stored about user, in one transaction.
// Puzzle ratings keep what the learner's answers taught them about the
// puzzles; they name nobody.
func (s *Store) Forget(ctx context.Context, user string) error {
	return s.Update(ctx, func(tx *Tx) error {
		for _, table := range []string{"learners", "open_puzzles", "attempts", "guild_members", "games", "lesson_progress"} {
			if err := tx.exec(`DELETE FROM `+table+` WHERE user_id = $1`, user); err != nil {
				return err
			}
		}
		return nil
	})
}

// Export is everything stored about one learner.
type Export struct {
	User     string       `json:"user"`
	Exported time.Time    `json:"exported"`
	Ratings  []Learner    `json:"ratings"`
	Attempts []Attempt    `json:"attempts"`
	Open     []Pending    `json:"open_puzzles"`
	Games    []GameRecord `json:"games"`
	Guilds   []string     `json:"guilds"`
	// Lessons is the learner's progress in /learn.
	Lessons []LessonProgress `json:"lessons"`
}

// ExportUser gathers everything stored about user.
func (s *Store) ExportUser(ctx context.Context, user string) (Export, error) {
	e := Export{User: user, Exported: s.now().UTC()}
	var err error
	if e.Ratings, err = s.Learners(ctx, user); err != nil {
		return e, err
	}
	if e.Attempts, err = s.Attempts(ctx, user, "", 0); err != nil {
		return e, err
	}
	if e.Games, err = s.Games(ctx, user, 1<<30); err != nil {
		return e, err
	}
	if e.Lessons, err = s.Lessons(ctx, user); err != nil {
		return e, err
	}
	if e.Open, err = queryAll(ctx, s, "open puzzles", scanPending, `SELECT `+pendingCols+` FROM open_puzzles WHERE user_id = $1 ORDER BY opened_at`, user); err != nil {
		return e, err
	}
	e.Guilds, err = queryAll(ctx, s, "guilds", func(row scanner) (string, error) {
		var g string
		err := row.Scan(&g)
		return g, err
	}, `SELECT guild_id FROM guild_members WHERE user_id = $1 ORDER BY guild_id`, user)
	return e, err
}
