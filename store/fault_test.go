package store_test

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// storeFault fails tb unless err is an EStore error whose message says
// the database is not available, names what was not recorded when want
// is not "", and tells no internals.
func storeFault(tb testing.TB, what string, err error, wantNotRecorded bool) {
	tb.Helper()
	if got := fault.Code(err); got != fault.EStore {
		tb.Fatalf("%s: error %v has code %q, want %q", what, err, got, fault.EStore)
	}
	msg := fault.Message(err)
	if !strings.HasPrefix(msg, "the practice database is not available right now") || !strings.HasSuffix(msg, "try again in a minute") {
		tb.Errorf("%s: message %q", what, msg)
	}
	if got := strings.Contains(msg, "was not recorded"); got != wantNotRecorded {
		tb.Errorf("%s: message %q says it was not recorded: %v, want %v", what, msg, got, wantNotRecorded)
	}
	for _, internal := range []string{"sqlite", "postgres", "127.0.0.1", ".db", "store:"} {
		if strings.Contains(msg, internal) {
			tb.Errorf("%s: message %q shows %q", what, msg, internal)
		}
	}
}

// write is a practice write: a learner's record.
func write(ctx context.Context, s *store.Store, user string) error {
	return s.Update(ctx, func(tx *store.Tx) error {
		l, err := tx.LockLearner(user, "adapwns", init1500)
		if err != nil {
			return err
		}
		l.Solved++
		return tx.PutLearner(l)
	})
}

func TestReadOnlySQLiteIsAStoreFault(t *testing.T) {
	ctx := context.Background()
	s := storetest.Open(t, storetest.SQLiteConfig(t))
	if err := write(ctx, s, "u1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(ctx); err != nil {
		t.Fatalf("ready before: %v", err)
	}
	if err := s.ReopenReadOnly(); err != nil {
		t.Fatal(err)
	}
	storeFault(t, "write", write(ctx, s, "u1"), true)
	_, err := s.Claim(ctx, "123")
	storeFault(t, "claim", err, false)
	if l, err := s.Learner(ctx, "u1", "adapwns"); err != nil || l.Solved != 1 {
		t.Errorf("a read of a read-only file = %+v, %v; want the record", l, err)
	}
	s.ForgetHealth()
	if err := s.Ready(ctx); err == nil {
		t.Errorf("Ready on a read-only file = nil, want an error")
	}
}

func TestDeletedOrReplacedSQLiteRefusesUntilRestart(t *testing.T) {
	for _, how := range []string{"deleted", "replaced"} {
		t.Run(how, func(t *testing.T) {
			ctx := context.Background()
			cfg := storetest.SQLiteConfig(t)
			s := storetest.Open(t, cfg)
			if err := write(ctx, s, "u1"); err != nil {
				t.Fatal(err)
			}
			switch how {
			case "deleted":
				if err := os.Remove(cfg.Path); err != nil {
					t.Fatal(err)
				}
			case "replaced":
				other := filepath.Join(t.TempDir(), "other.db")
				if err := os.WriteFile(other, nil, 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(other, cfg.Path); err != nil {
					t.Fatal(err)
				}
			}
			storeFault(t, "write", write(ctx, s, "u2"), true)
			_, err := s.Learner(ctx, "u1", "adapwns")
			storeFault(t, "read", err, false)
			if err := s.Ready(ctx); err == nil {
				t.Errorf("Ready after the file was %s = nil, want an error", how)
			}
			// A new file at the path does not make this process ready:
			// only a restart does.
			fresh := storetest.Open(t, cfg)
			if err := write(ctx, fresh, "u3"); err != nil {
				t.Fatalf("a restarted store on the path: %v", err)
			}
			storeFault(t, "write after a new file appeared", write(ctx, s, "u2"), true)
			if err := s.Ready(ctx); err == nil {
				t.Errorf("Ready after a new file appeared = nil, want an error until restarted")
			}
		})
	}
}

// TestHeldWriteLockMeetsTheDeadline holds SQLite's write lock from
// another connection (BEGIN IMMEDIATE) and checks that writes give up at
// their deadline with a store fault, instead of SQLite's busy wait, and
// that reads go on.
func TestHeldWriteLockMeetsTheDeadline(t *testing.T) {
	ctx := context.Background()
	cfg := storetest.SQLiteConfig(t)
	cfg.Deadlines = store.Deadlines{Shared: 100 * time.Millisecond, Write: 300 * time.Millisecond}
	s := storetest.Open(t, cfg)
	if err := write(ctx, s, "u1"); err != nil {
		t.Fatal(err)
	}
	holder, err := sql.Open("sqlite", "file:"+cfg.Path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	tx, err := holder.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	storeFault(t, "write", write(ctx, s, "u1"), true)
	_, err = s.Claim(ctx, "1")
	storeFault(t, "claim", err, false)
	_, _, err = s.Take(ctx, "u1", 5, time.Second)
	storeFault(t, "rate limit", err, false)
	if _, err := s.Learner(ctx, "u1", "adapwns"); err != nil {
		t.Errorf("a read while another connection writes: %v", err)
	}
	tx.Rollback()
	if err := write(ctx, s, "u1"); err != nil {
		t.Errorf("a write after the lock was released: %v", err)
	}
}

// TestCallerDeadlineIsNotAStoreFault checks that a caller giving up is
// reported as such, not as the database failing.
func TestCallerDeadlineIsNotAStoreFault(t *testing.T) {
	s := storetest.Open(t, storetest.SQLiteConfig(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := write(ctx, s, "u1")
	if got := fault.Code(err); got != fault.ETimeout {
		t.Errorf("a write with a cancelled context: %v, code %q; want %q", err, got, fault.ETimeout)
	}
}

func TestStoppedPostgresIsAStoreFault(t *testing.T) {
	var pg *storetest.Backend
	for _, b := range storetest.Backends(t) {
		if b.Kind == store.Postgres {
			pg = &b
		}
	}
	if pg == nil {
		t.Skip("no PostgreSQL: set " + storetest.EnvURL)
	}
	ctx := context.Background()
	cfg := pg.Config(t)
	u, err := url.Parse(cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	p := storetest.NewProxy(t, u.Host)
	u.Host = p.Addr()
	cfg.DatabaseURL = u.String()
	s := storetest.Open(t, cfg)
	if err := write(ctx, s, "u1"); err != nil {
		t.Fatal(err)
	}
	p.Stop()
	storeFault(t, "write", write(ctx, s, "u1"), true)
	_, err = s.Claim(ctx, "1")
	storeFault(t, "claim", err, false)
	_, err = s.Learners(ctx, "u1")
	storeFault(t, "read", err, false)
	s.ForgetHealth()
	if err := s.Ready(ctx); err == nil {
		t.Errorf("Ready with the server stopped = nil, want an error")
	}
	if err := store.NotRecorded(write(ctx, s, "u1"), "your answer"); !strings.Contains(fault.Message(err), "your answer was not recorded") {
		t.Errorf("NotRecorded: %q", fault.Message(err))
	}
	if err := store.NotRecorded(errors.New("a bug"), "your answer"); fault.Code(err) != fault.EInternal {
		t.Errorf("NotRecorded changed a bug's code to %q", fault.Code(err))
	}
}

func TestParseDeadlines(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{"", store.DefaultDeadlines.String(), ""},
		{"shared=300ms", "shared=300ms,read=1s,write=2s", ""},
		{" write=3s , read=250ms ", "shared=500ms,read=250ms,write=3s", ""},
		{"shared", "", "want name=duration"},
		{"shared=fast", "", "is not a duration"},
		{"write=-1s", "", "is not a duration"},
		{"ledger=1s", "", "the names are shared, read and write"},
	}
	for _, tt := range tests {
		d, err := store.ParseDeadlines(tt.in)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseDeadlines(%q) = %v, want an error with %q", tt.in, err, tt.err)
		case tt.err == "" && (err != nil || d.String() != tt.want):
			t.Errorf("ParseDeadlines(%q) = %v, %v; want %s", tt.in, d, err, tt.want)
		}
	}
}
