package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The state that replicas behind one endpoint share lives in three small
// tables (migration 0003): the interaction ids already received, the
// per-user rate-limit windows, and game states too large for a custom_id.
// Each operation is one statement, atomic on its own: on PostgreSQL it
// runs outside any explicit transaction (one round trip); on SQLite it
// runs through Update, which serialises this process's writers.

// oneStatement runs fn, a single statement, atomically: directly on
// PostgreSQL, inside Update (one writer at a time) on SQLite; under the
// deadline of the shared state (Deadlines.Shared), which fn must use.
func (s *Store) oneStatement(ctx context.Context, fn func(ctx context.Context, q querier) error) error {
	ctx, cancel, err := s.begin(ctx, opShared)
	if err != nil {
		return err
	}
	defer cancel()
	if s.kind == Postgres {
		return s.fault(ctx, opShared, fn(ctx, s.db))
	}
	return s.updateAs(ctx, opShared, func(tx *Tx) error { return fn(tx.ctx, tx.tx) })
}

// querier is what oneStatement's fn may use: the pool or a transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// execOne runs one statement as oneStatement does and returns how many
// rows it changed.
func (s *Store) execOne(ctx context.Context, query string, args ...any) (int64, error) {
	var n int64
	err := s.oneStatement(ctx, func(ctx context.Context, q querier) error {
		res, err := q.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}

// Claim records an interaction id and reports true if no replica had
// recorded it before: the id is the primary key of the interactions
// table, and INSERT … ON CONFLICT DO NOTHING inserts it at most once.
// Claim implements bot.Ledger.
func (s *Store) Claim(ctx context.Context, id string) (bool, error) {
	defer s.observe("claim", time.Now())
	n, err := s.execOne(ctx, `INSERT INTO interactions (interaction_id, seen_at) VALUES ($1, $2) ON CONFLICT (interaction_id) DO NOTHING`, id, s.now().UnixMilli())
	if err != nil {
		return false, fmt.Errorf("store: claiming interaction %s: %w", id, err)
	}
	return n == 1, nil
}

// Take spends one of user's per-window allowance: at most limit per
// window of length per, counted in a row per user that one statement
// updates (a fixed window, so a user may send up to 2×limit across a
// window boundary). It reports whether the user may go on and, when not,
// how long until the window ends.
func (s *Store) Take(ctx context.Context, user string, limit int, per time.Duration) (time.Duration, bool, error) {
	defer s.observe("rate_limit", time.Now())
	now := s.now().UnixMilli()
	window := now - now%per.Milliseconds()
	var used int
	// The row references the user's row in users (so /forget takes it
	// too). On PostgreSQL one statement creates that row or marks it seen
	// (a CTE) and counts, so that a concurrent sweep of users never takes
	// a user being counted. On SQLite, where this process's writers take
	// turns and the sweep is one of them, an existing window is counted
	// by one UPDATE, and only a user's first window creates their row.
	const upsertUser = `INSERT INTO users (user_id, seen_at) VALUES ($1, $3) ON CONFLICT (user_id) DO UPDATE SET seen_at = excluded.seen_at`
	const upsertWindow = `INSERT INTO rate_limits (user_id, window_start, used) VALUES ($1, $2, 1)
			ON CONFLICT (user_id) DO UPDATE SET
				used = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.used + 1 ELSE 1 END,
				window_start = excluded.window_start
			RETURNING used`
	err := s.oneStatement(ctx, func(ctx context.Context, q querier) error {
		if s.kind == Postgres {
			return q.QueryRowContext(ctx, `WITH u AS (`+upsertUser+`) `+upsertWindow, user, window, now).Scan(&used)
		}
		err := q.QueryRowContext(ctx, `UPDATE rate_limits SET
				used = CASE WHEN window_start = $2 THEN used + 1 ELSE 1 END,
				window_start = $2
			WHERE user_id = $1 RETURNING used`, user, window).Scan(&used)
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := q.ExecContext(ctx, upsertUser, user, window, now); err != nil {
			return err
		}
		return q.QueryRowContext(ctx, upsertWindow, user, window).Scan(&used)
	})
	if err != nil {
		return 0, false, fmt.Errorf("store: rate limit of %s: %w", user, err)
	}
	if used <= limit {
		return 0, true, nil
	}
	return time.Duration(window+per.Milliseconds()-now) * time.Millisecond, false, nil
}

// PutState stores value under key until ttl from now, replacing any
// value the key had.
func (s *Store) PutState(ctx context.Context, key, value string, ttl time.Duration) error {
	defer s.observe("put_state", time.Now())
	_, err := s.execOne(ctx, `INSERT INTO states (state_key, value, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT (state_key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
		key, value, s.now().Add(ttl).UnixMilli())
	if err != nil {
		return fmt.Errorf("store: saving state %s: %w", key, err)
	}
	return nil
}

// GetState returns the value stored under key, and false if there is
// none or it has expired.
func (s *Store) GetState(ctx context.Context, key string) (string, bool, error) {
	defer s.observe("get_state", time.Now())
	ctx, cancel := s.within(ctx, opShared)
	defer cancel()
	var v string
	err := s.queryRow(ctx, `SELECT value FROM states WHERE state_key = $1 AND expires_at > $2`, key, s.now().UnixMilli()).Scan(&v)
	if _, err = one(v, err, "state "+key); errors.Is(err, ErrNotFound) {
		return "", false, nil
	}
	return v, err == nil, err
}

// Sweep deletes what has expired by now: interaction ids older than
// claimTTL, rate-limit windows older than rateTTL, expired states, and
// users with no other row who wrote nothing for rateTTL.
// It returns how many rows it deleted.
func (s *Store) Sweep(ctx context.Context, claimTTL, rateTTL time.Duration) (int64, error) {
	now := s.now()
	stmts := []struct {
		q   string
		arg int64
	}{
		{`DELETE FROM interactions WHERE seen_at < $1`, now.Add(-claimTTL).UnixMilli()},
		{`DELETE FROM rate_limits WHERE window_start < $1`, now.Add(-rateTTL).UnixMilli()},
		{`DELETE FROM states WHERE expires_at <= $1`, now.UnixMilli()},
		{sweepUsers(), now.Add(-rateTTL).UnixMilli()},
	}
	var total int64
	for _, st := range stmts {
		n, err := s.execOne(ctx, st.q, st.arg)
		total += n
		if err != nil {
			return total, fmt.Errorf("store: sweeping: %s: %w", firstWords(st.q), err)
		}
	}
	return total, nil
}

// Observer receives the duration of each store operation, by name; see
// SetObserver.
type Observer func(op string, d time.Duration)

// SetObserver makes the store report the duration of its operations
// (transactions and the shared-state statements) to o, for metrics. Call
// it before the store is used concurrently.
func (s *Store) SetObserver(o Observer) { s.observer = o }

func (s *Store) observe(op string, start time.Time) {
	if s.observer != nil {
		s.observer(op, time.Since(start))
	}
}
