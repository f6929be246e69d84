package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nimtutor/nimtutor/glicko2"
)

// Learner is one learner's practice record in one game.
type Learner struct {
	User string `json:"-"`
	Game string `json:"game"`
	glicko2.Rating
	Solved     int       `json:"solved"`
	Failed     int       `json:"failed"`
	Streak     int       `json:"streak"`
	BestStreak int       `json:"best_streak"`
	Hints      int       `json:"hints"`
	Updated    time.Time `json:"updated"`
}

// Puzzle is a puzzle's rating and its record.
type Puzzle struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	glicko2.Rating
	Attempts int `json:"attempts"`
	Solved   int `json:"solved"`
}

// Pending is a puzzle shown to a learner and not yet answered.
type Pending struct {
	User     string    `json:"-"`
	PuzzleID string    `json:"puzzle"`
	Game     string    `json:"game"`
	Guild    string    `json:"guild,omitempty"`
	Daily    string    `json:"daily,omitempty"`
	Hints    int       `json:"hints"`
	Opened   time.Time `json:"opened"`
}

// Attempt is one answered puzzle.
type Attempt struct {
	ID       int64  `json:"id"`
	User     string `json:"-"`
	Guild    string `json:"guild,omitempty"`
	Game     string `json:"game"`
	PuzzleID string `json:"puzzle"`
	// Daily is the day (YYYY-MM-DD) of a server's daily puzzle, or "".
	Daily   string `json:"daily,omitempty"`
	Move    string `json:"move"`
	Correct bool   `json:"correct"`
	Hints   int    `json:"hints"`
	// Themes lists the puzzle's themes.
	Themes      []string  `json:"themes"`
	Before      float64   `json:"rating_before"`
	After       float64   `json:"rating_after"`
	PuzzleAfter float64   `json:"puzzle_rating_after"`
	At          time.Time `json:"at"`
}

// ErrNotFound reports a row that does not exist.
var ErrNotFound = errors.New("store: not found")

// ErrDuplicate reports a second answer to a server's daily puzzle.
var ErrDuplicate = errors.New("store: already answered")

const learnerCols = `user_id, game, rating, rd, vol, solved, failed, streak, best_streak, hints, updated_at`

func scanLearner(row scanner) (Learner, error) {
	var l Learner
	var upd int64
	err := row.Scan(&l.User, &l.Game, &l.Rating.Rating, &l.RD, &l.Vol, &l.Solved, &l.Failed, &l.Streak, &l.BestStreak, &l.Hints, &upd)
	l.Updated = fromMillis(upd)
	return l, err
}

// lock returns the row scan reads, creating it with upsert if absent, and
// locks it until the transaction ends. On SQLite the transaction holds the
// database's write lock already: a plain read (query with args), and the
// upsert the first time only. PostgreSQL always takes the upsert: one
// statement that inserts or touches the row, which locks it, and returns it.
func lock[T any](t *Tx, what string, scan func(scanner) (T, error), query string, args []any, upsert string, upsertArgs ...any) (T, error) {
	var v T
	err := sql.ErrNoRows
	if t.s.kind == SQLite {
		v, err = scan(t.queryRow(query, args...))
	}
	if errors.Is(err, sql.ErrNoRows) {
		v, err = scan(t.queryRow(upsert, upsertArgs...))
	}
	if err != nil {
		return *new(T), fmt.Errorf("store: reading %s: %w", what, err)
	}
	return v, nil
}

// LockLearner returns the learner's record in game, creating it with the
// rating init if absent, and locks it until the transaction ends.
func (t *Tx) LockLearner(user, game string, init glicko2.Rating) (Learner, error) {
	if err := t.touchUser(user); err != nil {
		return Learner{}, err
	}
	return lock(t, "learner", scanLearner, `SELECT `+learnerCols+` FROM learners WHERE user_id = $1 AND game = $2`, []any{user, game},
		`INSERT INTO learners (user_id, game, rating, rd, vol, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (user_id, game) DO UPDATE SET user_id = excluded.user_id RETURNING `+learnerCols, user, game, init.Rating, init.RD, init.Vol, t.s.now().UnixMilli())
}

// PutLearner writes a learner's record.
func (t *Tx) PutLearner(l Learner) error {
	return t.exec(`UPDATE learners SET rating = $3, rd = $4, vol = $5, solved = $6, failed = $7, streak = $8, best_streak = $9, hints = $10, updated_at = $11
		WHERE user_id = $1 AND game = $2`,
		l.User, l.Game, l.Rating.Rating, l.RD, l.Vol, l.Solved, l.Failed, l.Streak, l.BestStreak, l.Hints, t.s.now().UnixMilli())
}

const puzzleCols = `puzzle_id, game, rating, rd, vol, attempts, solved`

func scanPuzzle(row scanner) (Puzzle, error) {
	var p Puzzle
	err := row.Scan(&p.ID, &p.Game, &p.Rating.Rating, &p.RD, &p.Vol, &p.Attempts, &p.Solved)
	return p, err
}

// LockPuzzle returns a puzzle's record, creating it with the rating init
// if absent, and locks it until the transaction ends, as LockLearner does.
func (t *Tx) LockPuzzle(id, game string, init glicko2.Rating) (Puzzle, error) {
	return lock(t, "puzzle", scanPuzzle, `SELECT `+puzzleCols+` FROM puzzles WHERE puzzle_id = $1`, []any{id},
		`INSERT INTO puzzles (puzzle_id, game, rating, rd, vol) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (puzzle_id) DO UPDATE SET puzzle_id = excluded.puzzle_id RETURNING `+puzzleCols, id, game, init.Rating, init.RD, init.Vol)
}

// PutPuzzle writes a puzzle's record.
func (t *Tx) PutPuzzle(p Puzzle) error {
	return t.exec(`UPDATE puzzles SET rating = $2, rd = $3, vol = $4, attempts = $5, solved = $6 WHERE puzzle_id = $1`,
		p.ID, p.Rating.Rating, p.RD, p.Vol, p.Attempts, p.Solved)
}

// TakePending removes the learner's open puzzle and returns it, or
// ErrNotFound when it is not open (never shown, or already answered: a
// second delivery of the same answer finds nothing to take).
func (t *Tx) TakePending(user, puzzleID string) (Pending, error) {
	// The learner's row is locked first, as every write of theirs does,
	// so that a concurrent /forget waits instead of deadlocking.
	if err := t.touchUser(user); err != nil {
		return Pending{}, err
	}
	o, err := scanPending(t.queryRow(`DELETE FROM open_puzzles WHERE user_id = $1 AND puzzle_id = $2 RETURNING `+pendingCols, user, puzzleID))
	return one(o, err, "open puzzle")
}

const pendingCols = `user_id, puzzle_id, game, guild_id, daily, hints, opened_at`

func scanPending(row scanner) (Pending, error) {
	var o Pending
	var opened int64
	err := row.Scan(&o.User, &o.PuzzleID, &o.Game, &o.Guild, &o.Daily, &o.Hints, &opened)
	o.Opened = fromMillis(opened)
	return o, err
}

// AddAttempt records an answered puzzle and returns its id. A second
// answer by the same learner to the same server's daily puzzle is
// ErrDuplicate.
func (t *Tx) AddAttempt(a Attempt) (int64, error) {
	if err := t.touchUser(a.User); err != nil {
		return 0, err
	}
	themes, err := jsonList(a.Themes)
	if err != nil {
		return 0, err
	}
	var id int64
	err = t.queryRow(`INSERT INTO attempts (user_id, guild_id, game, puzzle_id, daily, move, correct, hints, themes, rating_before, rating_after, puzzle_after, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING attempt_id`,
		a.User, a.Guild, a.Game, a.PuzzleID, a.Daily, a.Move, a.Correct, a.Hints, themes, a.Before, a.After, a.PuzzleAfter, a.At.UnixMilli()).Scan(&id)
	if err != nil {
		if isUniqueViolation(err) {
			return 0, ErrDuplicate
		}
		return 0, fmt.Errorf("store: adding attempt: %w", err)
	}
	return id, nil
}

// JoinGuild records that the learner practises in guild ("" does nothing).
func (t *Tx) JoinGuild(guild, user string) error {
	if guild == "" {
		return nil
	}
	if err := t.touchUser(user); err != nil {
		return err
	}
	return t.exec(`INSERT INTO guild_members (guild_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, guild, user)
}

// touchUser creates the learner's row in users, which every row of
// theirs references, or marks it seen now; either way it locks the row
// until the transaction ends. Once per transaction.
func (t *Tx) touchUser(user string) error {
	if t.touched[user] {
		return nil
	}
	if err := t.exec(`INSERT INTO users (user_id, seen_at) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET seen_at = excluded.seen_at`, user, t.s.now().UnixMilli()); err != nil {
		return err
	}
	if t.touched == nil {
		t.touched = map[string]bool{}
	}
	t.touched[user] = true
	return nil
}

// jsonList is the stored form of a list: a JSON array, [] for none.
func jsonList(items []string) (string, error) {
	if items == nil {
		items = []string{}
	}
	b, err := json.Marshal(items)
	if err != nil {
		return "", fmt.Errorf("store: encoding a list: %w", err)
	}
	return string(b), nil
}

// parseList reads a stored list; [] (not nil) for none, as an export
// shows it.
func parseList(stored, what string) ([]string, error) {
	items := []string{}
	if err := json.Unmarshal([]byte(stored), &items); err != nil {
		return nil, fmt.Errorf("store: reading %s: %w", what, err)
	}
	return items, nil
}

func isUniqueViolation(err error) bool {
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// PendingLife is how long a puzzle shown and never answered stays open;
// OpenPuzzle drops the learner's older ones.
const PendingLife = 7 * 24 * time.Hour

// OpenPuzzle records that a puzzle was shown to a learner. Showing it
// again keeps the hints already used, so asking again does not wipe them.
// The learner's puzzles left unanswered for PendingLife are dropped.
func (s *Store) OpenPuzzle(ctx context.Context, o Pending) error {
	return s.Update(ctx, func(tx *Tx) error { return tx.openPuzzle(o) })
}

// openPuzzle is OpenPuzzle in a transaction.
func (t *Tx) openPuzzle(o Pending) error {
	if err := t.touchUser(o.User); err != nil {
		return err
	}
	if err := t.JoinGuild(o.Guild, o.User); err != nil {
		return err
	}
	now := t.s.now()
	if err := t.exec(`DELETE FROM open_puzzles WHERE user_id = $1 AND opened_at < $2`, o.User, now.Add(-PendingLife).UnixMilli()); err != nil {
		return err
	}
	return t.exec(`INSERT INTO open_puzzles (user_id, puzzle_id, game, guild_id, daily, hints, opened_at) VALUES ($1, $2, $3, $4, $5, 0, $6)
		ON CONFLICT (user_id, puzzle_id) DO NOTHING`, o.User, o.PuzzleID, o.Game, o.Guild, o.Daily, now.UnixMilli())
}

// Pending returns the learner's open puzzle, or ErrNotFound.
func (s *Store) Pending(ctx context.Context, user, puzzleID string) (Pending, error) {
	o, err := scanPending(s.queryRow(ctx, `SELECT `+pendingCols+` FROM open_puzzles WHERE user_id = $1 AND puzzle_id = $2`, user, puzzleID))
	return one(o, err, "open puzzle")
}

// UseHint counts one more hint on an open puzzle, up to max, and returns
// the count. ErrNotFound means the puzzle is not open.
func (s *Store) UseHint(ctx context.Context, user, puzzleID string, max int) (int, error) {
	var n int
	err := s.Update(ctx, func(tx *Tx) error {
		err := tx.queryRow(`UPDATE open_puzzles SET hints = CASE WHEN hints < $3 THEN hints + 1 ELSE hints END
			WHERE user_id = $1 AND puzzle_id = $2 RETURNING hints`, user, puzzleID, max).Scan(&n)
		_, err = one(n, err, "open puzzle")
		return err
	})
	return n, err
}

// Learner returns the learner's record in game, or ErrNotFound.
func (s *Store) Learner(ctx context.Context, user, game string) (Learner, error) {
	l, err := scanLearner(s.queryRow(ctx, `SELECT `+learnerCols+` FROM learners WHERE user_id = $1 AND game = $2`, user, game))
	return one(l, err, "learner")
}

// Learners returns the learner's records in every game practised, by game name.
func (s *Store) Learners(ctx context.Context, user string) ([]Learner, error) {
	return queryAll(ctx, s, "learners", scanLearner, `SELECT `+learnerCols+` FROM learners WHERE user_id = $1 ORDER BY game`, user)
}

// GetPuzzle returns a puzzle's record, or ErrNotFound if nobody has
// answered it yet.
func (s *Store) GetPuzzle(ctx context.Context, id string) (Puzzle, error) {
	p, err := scanPuzzle(s.queryRow(ctx, `SELECT `+puzzleCols+` FROM puzzles WHERE puzzle_id = $1`, id))
	return one(p, err, "puzzle")
}

const attemptCols = `attempt_id, user_id, guild_id, game, puzzle_id, daily, move, correct, hints, themes, rating_before, rating_after, puzzle_after, created_at`

func scanAttempt(row scanner) (Attempt, error) {
	var a Attempt
	var themes string
	var at int64
	if err := row.Scan(&a.ID, &a.User, &a.Guild, &a.Game, &a.PuzzleID, &a.Daily, &a.Move, &a.Correct, &a.Hints, &themes, &a.Before, &a.After, &a.PuzzleAfter, &at); err != nil {
		return a, err
	}
	a.At = fromMillis(at)
	var err error
	a.Themes, err = parseList(themes, "an attempt's themes")
	return a, err
}

// Attempts returns the learner's attempts in game ("" for every game),
// oldest first, at most limit of the newest (0 for all).
func (s *Store) Attempts(ctx context.Context, user, game string, limit int) ([]Attempt, error) {
	if limit <= 0 {
		limit = 1 << 30
	}
	return queryAll(ctx, s, "attempts", scanAttempt, `SELECT `+attemptCols+` FROM (
		SELECT `+attemptCols+` FROM attempts WHERE user_id = $1 AND ($2 = '' OR game = $2) ORDER BY created_at DESC, attempt_id DESC LIMIT $3
	) AS recent ORDER BY created_at, attempt_id`, user, game, limit)
}

// DailyAttempt returns the learner's answer to a server's daily puzzle, or ErrNotFound.
func (s *Store) DailyAttempt(ctx context.Context, guild, day, user string) (Attempt, error) {
	a, err := scanAttempt(s.queryRow(ctx, `SELECT `+attemptCols+` FROM attempts WHERE guild_id = $1 AND daily = $2 AND user_id = $3`, guild, day, user))
	return one(a, err, "daily attempt")
}

// DailyTally counts a server's solved and failed answers to one day's puzzle.
func (s *Store) DailyTally(ctx context.Context, guild, day string) (solved, failed int, err error) {
	err = s.queryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN correct THEN 1 ELSE 0 END), 0), COUNT(*) FROM attempts WHERE guild_id = $1 AND daily = $2 AND daily <> ''`, guild, day).Scan(&solved, &failed)
	return solved, failed - solved, err
}

// Ranked is a learner's place on a leaderboard.
type Ranked struct {
	Rank int
	Learner
}

// Leaderboard returns the top n learners in game among those who
// practise in guild, best first, and the rank of user (0 if unrated there).
func (s *Store) Leaderboard(ctx context.Context, guild, game, user string, n int) ([]Ranked, int, error) {
	// A learner who hides their progress is on nobody's board but their own.
	top, err := queryAll(ctx, s, "leaderboard", scanLearner, `SELECT l.`+strings.ReplaceAll(learnerCols, ", ", ", l.")+` FROM learners l
		JOIN guild_members m ON m.user_id = l.user_id AND m.guild_id = $1
		WHERE l.game = $2 AND l.solved + l.failed > 0 AND (l.user_id = $4 OR `+notHidden("l")+`)
		ORDER BY l.rating DESC, l.user_id LIMIT $3`, guild, game, n, user)
	if err != nil {
		return nil, 0, err
	}
	var out []Ranked
	for i, l := range top {
		out = append(out, Ranked{Rank: i + 1, Learner: l})
	}
	var rank int
	err = s.queryRow(ctx, `SELECT 1 + (SELECT COUNT(*) FROM learners o JOIN guild_members m ON m.user_id = o.user_id AND m.guild_id = $1
			WHERE o.game = $2 AND o.solved + o.failed > 0 AND (o.rating > l.rating OR o.rating = l.rating AND o.user_id < l.user_id)
			AND `+notHidden("o")+`)
		FROM learners l JOIN guild_members m ON m.user_id = l.user_id AND m.guild_id = $1
		WHERE l.game = $2 AND l.user_id = $3 AND l.solved + l.failed > 0`, guild, game, user).Scan(&rank)
	if errors.Is(err, sql.ErrNoRows) {
		return out, 0, nil
	}
	return out, rank, err
}
