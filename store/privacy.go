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
	e := Export{User: user, Exported: s.now().UTC(), Ratings: []Learner{}, Attempts: []Attempt{}, Open: []Pending{}, Games: []GameRecord{}, Guilds: []string{}}
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
	if e.Lessons == nil {
		e.Lessons = []LessonProgress{}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT puzzle_id, game, guild_id, daily, hints, opened_at FROM open_puzzles WHERE user_id = $1 ORDER BY opened_at`, user)
	if err != nil {
		return e, err
	}
	defer rows.Close()
	for rows.Next() {
		p := Pending{User: user}
		var at int64
		if err := rows.Scan(&p.PuzzleID, &p.Game, &p.Guild, &p.Daily, &p.Hints, &at); err != nil {
			return e, err
		}
		p.Opened = fromMillis(at)
		e.Open = append(e.Open, p)
	}
	if err := rows.Err(); err != nil {
		return e, err
	}
	grows, err := s.db.QueryContext(ctx, `SELECT guild_id FROM guild_members WHERE user_id = $1 ORDER BY guild_id`, user)
	if err != nil {
		return e, err
	}
	defer grows.Close()
	for grows.Next() {
		var g string
		if err := grows.Scan(&g); err != nil {
			return e, err
		}
		e.Guilds = append(e.Guilds, g)
	}
	// Empty lists marshal as [], not null.
	if e.Ratings == nil {
		e.Ratings = []Learner{}
	}
	if e.Attempts == nil {
		e.Attempts = []Attempt{}
	}
	if e.Games == nil {
		e.Games = []GameRecord{}
	}
	return e, grows.Err()
}
