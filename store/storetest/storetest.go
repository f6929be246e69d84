// Package storetest opens throwaway stores for tests: an SQLite file in a
// temporary directory always, and a fresh schema on the PostgreSQL server
// named by NIMTUTOR_TEST_DATABASE_URL when that is set. With
// NIMTUTOR_REQUIRE_PG=1 (as CI sets it) a missing server fails the test
// instead of skipping the PostgreSQL half.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"github.com/nimtutor/nimtutor/store"
)

// Environment keys read by this package.
const (
	EnvURL     = "NIMTUTOR_TEST_DATABASE_URL"
	EnvRequire = "NIMTUTOR_REQUIRE_PG"
)

// Deadlines are the store's deadlines in tests: generous, so that a
// test that hammers one row from forty goroutines on a busy machine is
// not cut short. A test of the deadlines sets its own.
var Deadlines = store.Deadlines{Shared: 10 * time.Second, Read: 10 * time.Second, Write: 20 * time.Second}

// Backend is one database a test runs on.
type Backend struct {
	Kind store.Kind
	// Config opens a new, empty database of this kind; every call to
	// Config gives a fresh one, and all stores opened with the same
	// Config share it.
	Config func(tb testing.TB) store.Config
}

// Backends returns SQLite and, when configured, PostgreSQL.
func Backends(tb testing.TB) []Backend {
	tb.Helper()
	out := []Backend{{Kind: store.SQLite, Config: SQLiteConfig}}
	if os.Getenv(EnvURL) != "" {
		out = append(out, Backend{Kind: store.Postgres, Config: PostgresConfig})
	} else if os.Getenv(EnvRequire) == "1" {
		tb.Fatalf("%s=1 but %s is not set: the PostgreSQL tests cannot run", EnvRequire, EnvURL)
	}
	return out
}

// Each runs f as a subtest once per backend.
func Each(t *testing.T, f func(t *testing.T, b Backend)) {
	t.Helper()
	for _, b := range Backends(t) {
		t.Run(string(b.Kind), func(t *testing.T) { f(t, b) })
	}
}

// SQLiteConfig returns a config for a new SQLite file in a temporary directory.
func SQLiteConfig(tb testing.TB) store.Config {
	tb.Helper()
	return store.Config{Path: filepath.Join(tb.TempDir(), "nimtutor.db"), Deadlines: Deadlines}
}

// PostgresConfig creates a new schema on the test server, dropped when the
// test ends, and returns a config whose connections use it.
func PostgresConfig(tb testing.TB) store.Config {
	tb.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		tb.Fatalf("%s is not set", EnvURL)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { admin.Close() })
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(context.Background(), "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("creating schema: %v", err)
	}
	tb.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("%s: %v", EnvURL, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return store.Config{DatabaseURL: u.String(), Deadlines: Deadlines}
}

// Open opens a store with cfg and closes it when the test ends.
func Open(tb testing.TB, cfg store.Config) *store.Store {
	tb.Helper()
	s, err := store.Open(context.Background(), cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}
