package store

import "context"

// RecentAttempts returns the newest limit answers of every learner
// (0 for all), oldest first: what the difficulty model is refitted on.
func (s *Store) RecentAttempts(ctx context.Context, limit int) ([]Attempt, error) {
	if limit <= 0 {
		limit = 1 << 30
	}
	return queryAll(ctx, s, "attempts", scanAttempt, `SELECT `+attemptCols+` FROM (
		SELECT `+attemptCols+` FROM attempts ORDER BY created_at DESC, attempt_id DESC LIMIT $1
	) AS recent ORDER BY created_at, attempt_id`, limit)
}
