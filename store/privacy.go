package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Owned lists every table that holds a user id, with its column: the one
// place that /export (ExportUser) and /forget (Forget) read, and that the
// sweep of users without rows reads. A test reads the live schema of both
// engines and fails while a column that looks like a user id is missing
// here, or while a table here does not reference users ON DELETE CASCADE.
var owned = []ownedTable{
	{table: "users", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) error {
		var seen int64
		err := s.queryRow(ctx, `SELECT seen_at FROM users WHERE user_id = $1`, user).Scan(&seen)
		if _, err = one(seen, err, "user"); errors.Is(err, ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		t := fromMillis(seen)
		e.Seen = &t
		return nil
	}},
	{table: "learners", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.Ratings, err = s.Learners(ctx, user)
		return err
	}},
	{table: "open_puzzles", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.Open, err = queryAll(ctx, s, "open puzzles", scanPending, `SELECT `+pendingCols+` FROM open_puzzles WHERE user_id = $1 ORDER BY opened_at`, user)
		return err
	}},
	{table: "attempts", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.Attempts, err = s.Attempts(ctx, user, "", 0)
		return err
	}},
	{table: "guild_members", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.Guilds, err = queryAll(ctx, s, "guilds", func(row scanner) (string, error) {
			var g string
			err := row.Scan(&g)
			return g, err
		}, `SELECT guild_id FROM guild_members WHERE user_id = $1 ORDER BY guild_id`, user)
		return err
	}},
	{table: "games", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.Games, err = s.Games(ctx, user, 1<<30)
		return err
	}},
	{table: "lesson_progress", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.Lessons, err = s.Lessons(ctx, user)
		return err
	}},
	{table: "review_cards", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.Reviews, err = s.ReviewCards(ctx, user, "")
		return err
	}},
	{table: "user_settings", column: "user_id", export: exportSettings},
	// A duel names both players; the first entry exports it whichever
	// seat the user had, so the second has nothing more to add.
	{table: "duels", column: "first_user", export: exportDuels},
	{table: "duels", column: "second_user", export: func(context.Context, *Store, string, *Export) error { return nil }},
	{table: "duel_ratings", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) (err error) {
		e.DuelRatings, err = s.DuelRatings(ctx, user)
		return err
	}},
	{table: "study_sessions", column: "starter_user", export: exportSessions},
	{table: "session_members", column: "user_id", export: exportSessionMembers},
	{table: "session_answers", column: "user_id", export: exportSessionAnswers},
	{table: "rate_limits", column: "user_id", export: func(ctx context.Context, s *Store, user string, e *Export) error {
		var w RateWindow
		var start int64
		err := s.queryRow(ctx, `SELECT window_start, used FROM rate_limits WHERE user_id = $1`, user).Scan(&start, &w.Used)
		if _, err = one(w, err, "rate limit"); errors.Is(err, ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		w.Start = fromMillis(start)
		e.RateLimit = &w
		return nil
	}},
}

// ownedTable is a table that holds user ids in column, and how its rows
// of one user go into an export.
type ownedTable struct {
	table, column string
	export        func(ctx context.Context, s *Store, user string, e *Export) error
}

// Forget deletes everything stored about user: one DELETE of their row
// in users, which every row of theirs references ON DELETE CASCADE. In
// the same transaction it then counts, in every table of owned, the rows
// still holding the id, and rolls back unless there are none. Puzzle
// ratings keep what the learner's answers taught them about the puzzles;
// they name nobody.
func (s *Store) Forget(ctx context.Context, user string) error {
	return s.Update(ctx, func(tx *Tx) error {
		if err := tx.exec(`DELETE FROM users WHERE user_id = $1`, user); err != nil {
			return err
		}
		for _, t := range owned {
			var n int
			if err := tx.queryRow(`SELECT COUNT(*) FROM `+t.table+` WHERE `+t.column+` = $1`, user).Scan(&n); err != nil {
				return fmt.Errorf("store: checking %s after forgetting: %w", t.table, err)
			}
			if n > 0 {
				return fmt.Errorf("store: forgetting a learner left %d rows in %s, which does not reference users ON DELETE CASCADE", n, t.table)
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
	// Reviews are the ideas scheduled to come back (spaced repetition).
	Reviews []ReviewCard `json:"reviews"`
	// Seen is when the learner last wrote anything (their row in users).
	Seen *time.Time `json:"last_seen,omitempty"`
	// RateLimit is the learner's current rate-limit window, if any.
	RateLimit *RateWindow `json:"rate_limit,omitempty"`
	// Duels are the duels the learner played or was challenged to.
	Duels []Duel `json:"duels"`
	// DuelRatings are the learner's duel ratings, one per game.
	DuelRatings []DuelRating `json:"duel_ratings"`
	// Sessions are the study sessions the learner started (/session).
	Sessions []StudySession `json:"study_sessions"`
	// SessionsJoined are the ids of the study sessions the learner joined.
	SessionsJoined []string `json:"sessions_joined"`
	// SessionAnswers are the learner's answers in study sessions.
	SessionAnswers []SessionAnswer `json:"session_answers"`
	// Settings are what the learner chose others see, if they chose.
	Settings *Settings `json:"settings,omitempty"`
}

// RateWindow is one user's rate-limit window: when it started and how
// many interactions it has counted.
type RateWindow struct {
	Start time.Time `json:"start"`
	Used  int       `json:"used"`
}

// ExportUser gathers everything stored about user, from every table of owned.
func (s *Store) ExportUser(ctx context.Context, user string) (Export, error) {
	e := Export{User: user, Exported: s.now().UTC()}
	for _, t := range owned {
		if err := t.export(ctx, s, user, &e); err != nil {
			return e, err
		}
	}
	return e, nil
}

// sweepUsers is the statement that deletes the users who have no row in
// any table of owned and wrote nothing since $1: people who only passed
// the rate limiter, once their window is swept. A writer marks its user
// seen (touchUser) before it adds a row, so the sweep never takes a user
// whose row is being written.
func sweepUsers() string {
	var b strings.Builder
	b.WriteString(`DELETE FROM users WHERE seen_at < $1`)
	for _, t := range owned {
		if t.table == "users" {
			continue
		}
		fmt.Fprintf(&b, ` AND NOT EXISTS (SELECT 1 FROM %s o WHERE o.%s = users.user_id)`, t.table, t.column)
	}
	return b.String()
}
