package store

import "time"

// SetClock replaces the store's clock (time.Now), for tests.
func (s *Store) SetClock(now func() time.Time) { s.now = now }
