package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"
)

// SigningSecret is the name of the key that signs the state carried in
// buttons, in the secrets table.
const SigningSecret = "signing"

// secretBytes is the length of a secret Secret creates.
const secretBytes = 32

// Secret returns the secret stored under name, creating it first with 32
// random bytes if there is none. Replicas that ask at the same instant
// get the same one: each tries INSERT … ON CONFLICT DO NOTHING, exactly
// one insert wins, and every replica then reads the winner's.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	defer s.observe("secret", time.Now())
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("store: making secret %s: %w", name, err)
	}
	var stored string
	// Start-up work: the caller's deadline, not the shared state's.
	ctx = withoutDeadlines(ctx)
	err := s.oneStatement(ctx, func(ctx context.Context, q querier) error {
		if _, err := q.ExecContext(ctx, `INSERT INTO secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
			name, hex.EncodeToString(b), s.now().UnixMilli()); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: creating secret %s: %w", name, err)
	}
	if err := s.db.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&stored); err != nil {
		return nil, fmt.Errorf("store: reading secret %s: %w", name, err)
	}
	v, err := hex.DecodeString(stored)
	if err != nil || len(v) == 0 {
		return nil, fmt.Errorf("store: secret %s is not stored as hex", name)
	}
	return v, nil
}
