package store

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// healthEvery is how long Ready's verdict is kept: probes may come every
// second from several load balancers, and each check is a real write.
const healthEvery = 5 * time.Second

// healthKey is the row of the states table Ready writes: one for every
// process on the database, each writing it in turn.
const healthKey = "nimtutor:readyz"

// health is Ready's cached verdict.
type health struct {
	mu  sync.Mutex
	at  time.Time
	err error
}

// Ready reports whether the store can serve: the database answers, holds
// every migration this binary knows, and takes a write (a row of the
// states table, under the write deadline), so that a read-only or full
// database, or a stopped or stalled server, is not ready. The verdict is
// kept for healthEvery; a SQLite file deleted or replaced while open is
// not ready, for good. Its errors are for the log: they may name the
// database's host or file.
func (s *Store) Ready(ctx context.Context) error {
	if err := s.checkFile(); err != nil {
		return err
	}
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if !s.health.at.IsZero() && time.Since(s.health.at) < healthEvery {
		return s.health.err
	}
	err := s.probe(ctx)
	if ctx.Err() != nil && err != nil {
		return err // the probe's caller gave up: keep no verdict
	}
	s.health.at, s.health.err = time.Now(), err
	return err
}

// probe checks the schema's version and writes the health row.
func (s *Store) probe(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	rctx, cancel := s.within(ctx, opRead)
	defer cancel()
	v, err := s.Version(rctx)
	if err = s.fault(rctx, opRead, err); err != nil {
		return fmt.Errorf("store: not reachable: %w", err)
	}
	if v < len(ms) {
		return fmt.Errorf("store: schema version %d, this binary needs %d", v, len(ms))
	}
	if err := s.PutState(ctx, healthKey, s.now().UTC().Format(time.RFC3339), time.Hour); err != nil {
		return fmt.Errorf("store: cannot write: %w", err)
	}
	return nil
}
