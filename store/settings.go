package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Settings are the choices a learner made about what others see.
type Settings struct {
	// HideProgress keeps the learner's progress from other members:
	// `/progress user:` shows it to nobody else and leaderboards leave
	// the learner out.
	HideProgress bool      `json:"hide_progress"`
	Updated      time.Time `json:"updated"`
}

// SetProgressHidden records whether user hides their progress from
// other members.
func (s *Store) SetProgressHidden(ctx context.Context, user string, hidden bool) error {
	return s.Update(ctx, func(tx *Tx) error {
		if err := tx.touchUser(user); err != nil {
			return err
		}
		return tx.exec(`INSERT INTO user_settings (user_id, hide_progress, updated_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO UPDATE SET hide_progress = excluded.hide_progress, updated_at = excluded.updated_at`,
			user, hidden, s.now().UnixMilli())
	})
}

// UserSettings returns user's settings, the defaults (nothing hidden)
// when they chose none.
func (s *Store) UserSettings(ctx context.Context, user string) (Settings, error) {
	var st Settings
	var at int64
	err := s.queryRow(ctx, `SELECT hide_progress, updated_at FROM user_settings WHERE user_id = $1`, user).Scan(&st.HideProgress, &at)
	if _, err = one(st, err, "settings"); errors.Is(err, ErrNotFound) {
		return Settings{}, nil
	} else if err != nil {
		return Settings{}, err
	}
	st.Updated = fromMillis(at)
	return st, nil
}

// exportSettings puts user's settings, if they chose any, in e.
func exportSettings(ctx context.Context, s *Store, user string, e *Export) error {
	st, err := s.UserSettings(ctx, user)
	if err != nil {
		return fmt.Errorf("store: reading settings: %w", err)
	}
	if !st.Updated.IsZero() {
		e.Settings = &st
	}
	return nil
}

// AttemptsIn returns user's answers in one server (guild, never ""),
// in game or ("") every game, oldest first: what other members of the
// server may see of the learner's practice, never an answer given in a
// direct message or in another server.
func (s *Store) AttemptsIn(ctx context.Context, user, guild, game string) ([]Attempt, error) {
	if guild == "" {
		return nil, errors.New("store: AttemptsIn needs a server")
	}
	return queryAll(ctx, s, "attempts", scanAttempt, `SELECT `+attemptCols+` FROM attempts
		WHERE user_id = $1 AND guild_id = $2 AND ($3 = '' OR game = $3) ORDER BY created_at, attempt_id`, user, guild, game)
}

// notHidden is the SQL condition that the learner in table alias a has
// not hidden their progress.
func notHidden(a string) string {
	return `NOT EXISTS (SELECT 1 FROM user_settings h WHERE h.user_id = ` + a + `.user_id AND h.hide_progress)`
}
