package store

import (
	"database/sql"
	"time"
)

// ReopenReadOnly replaces the SQLite store's connections with read-only
// ones, as a file the process may no longer write gives, for tests.
func (s *Store) ReopenReadOnly() error {
	db, err := sql.Open("sqlite", "file:"+s.path+"?mode=ro&_pragma=busy_timeout(200)")
	if err != nil {
		return err
	}
	s.db.Close()
	s.db = db
	return nil
}

// ForgetHealth drops Ready's cached verdict, for tests.
func (s *Store) ForgetHealth() {
	s.health.mu.Lock()
	s.health.at = time.Time{}
	s.health.mu.Unlock()
}
