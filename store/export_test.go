package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// SetClock replaces the store's clock (time.Now), for tests.
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// DB is the store's connection pool, for tests that read the schema.
func (s *Store) DB() *sql.DB { return s.db }

// OpenUpTo is Open migrating only up to version target.
func OpenUpTo(ctx context.Context, cfg Config, target int64) (*Store, error) {
	return openUpTo(ctx, cfg, target)
}

// Owned returns the tables and columns of owned, for tests.
func Owned() [][2]string {
	var out [][2]string
	for _, t := range owned {
		out = append(out, [2]string{t.table, t.column})
	}
	return out
}

// LegacySchema builds schema versions 1 to versions on db as the
// hand-written migrator of those versions did (before goose): a
// schema_migrations table, then each file in its own transaction with its
// row there.
func LegacySchema(ctx context.Context, db *sql.DB, kind Kind, versions int) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		return err
	}
	for _, m := range ms[:versions] {
		text, err := render(m, kind)
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, text); err != nil {
			tx.Rollback()
			return fmt.Errorf("%s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`, m.version, m.name, time.Now().UnixMilli()); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
