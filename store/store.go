package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// DefaultPath is the SQLite file used when no other is configured.
const DefaultPath = "nimtutor.db"

// Config says which database to open.
type Config struct {
	// DatabaseURL, when set, is a PostgreSQL connection string
	// (postgres://user@host:port/db?sslmode=disable) and wins over Path.
	DatabaseURL string
	// Path is the SQLite file; "" means DefaultPath.
	Path string
	// Deadlines bound each operation; zero fields take DefaultDeadlines.
	Deadlines Deadlines
}

// Kind names a database engine.
type Kind string

// The engines a Store runs on.
const (
	SQLite   Kind = "sqlite"
	Postgres Kind = "postgres"
)

// Store is the database. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	kind Kind
	// writer is the write turn of this process's writers on SQLite,
	// which allows one writer at a time anyway: waiting here is cheaper
	// and fairer than SQLite's busy-sleep. Other processes are kept out by
	// SQLite's own lock (busy_timeout). queue holds the transactions
	// waiting for it (see batch.go).
	writer chan struct{}
	queue  chan *write
	// now is the clock; tests replace it.
	now func() time.Time
	// stopCheckpoints ends the SQLite checkpointer; nil on PostgreSQL.
	stopCheckpoints chan struct{}
	checkpointDone  chan struct{}
	// observer receives operation durations; nil when unset.
	observer Observer
	// file is this process's hold on the SQLite file; nil on PostgreSQL.
	file *sqliteFile
	// deadlines bound each operation (see deadline.go).
	deadlines Deadlines
	// path and opened are the SQLite file as opened, nil on PostgreSQL:
	// gone is set for good once the path names another file or none.
	path   string
	opened os.FileInfo
	gone   atomic.Bool
	// faults counts the EStore errors returned, by opKind.
	faults [3]atomic.Uint64
	// health caches Ready's write probe (see health.go).
	health health
}

// Open opens the database the config names, creating the SQLite file if
// needed, and applies every migration it has not seen yet. An SQLite file
// that another process holds is refused with ErrFileInUse.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	return openUpTo(ctx, cfg, 0)
}

// openUpTo is Open migrating up to version target (0: every version).
func openUpTo(ctx context.Context, cfg Config, target int64) (*Store, error) {
	s := &Store{now: time.Now, writer: make(chan struct{}, 1), queue: make(chan *write, 4*maxBatch), deadlines: cfg.Deadlines.withDefaults()}
	var err error
	if cfg.DatabaseURL != "" {
		s.kind = Postgres
		s.db, err = sql.Open("pgx", cfg.DatabaseURL)
		if err != nil {
			return nil, fmt.Errorf("store: DATABASE_URL: %w", err)
		}
		s.db.SetMaxOpenConns(16)
		s.db.SetMaxIdleConns(16)
		s.db.SetConnMaxIdleTime(5 * time.Minute)
	} else {
		s.kind = SQLite
		path := cmp.Or(cfg.Path, DefaultPath)
		s.path = path
		if s.file, err = holdFile(path); err != nil {
			return nil, err
		}
		s.db, err = sql.Open("sqlite", sqliteDSN(path))
		if err != nil {
			s.file.release()
			return nil, fmt.Errorf("store: %s: %w", path, err)
		}
		s.db.SetMaxOpenConns(8)
		s.db.SetMaxIdleConns(8)
	}
	if err := s.ping(ctx); err != nil {
		s.closeDB()
		return nil, s.fault(ctx, opRead, fmt.Errorf("store: connecting to %s: %w", s.kind, err))
	}
	if s.kind == SQLite {
		// The first connection has created the file: remember which it
		// is, to notice it being deleted or replaced (checkFile).
		s.opened, _ = os.Stat(s.path)
	}
	if err := s.migrate(withoutDeadlines(ctx), target); err != nil {
		s.closeDB()
		return nil, s.fault(ctx, opWrite, err)
	}
	if s.kind == SQLite {
		s.stopCheckpoints, s.checkpointDone = make(chan struct{}), make(chan struct{})
		go s.checkpoints()
	}
	return s, nil
}

// ping connects, retrying while SQLite is busy (another connection
// switching the file to WAL, say): the DSN's busy timeout is short, and
// opening has its caller's deadline.
func (s *Store) ping(ctx context.Context) error {
	for try := 1; ; try++ {
		err := s.db.PingContext(ctx)
		if err == nil || s.kind != SQLite || !retryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Duration(min(try, 20)) * 5 * time.Millisecond):
		}
	}
}

// sqliteDSN is the modernc.org/sqlite connection string for path: WAL, so
// readers never wait for the writer; a short busy timeout for writers of
// other processes (SQLite's busy wait does not heed a context, so Update
// retries a busy database until its deadline instead); immediate
// transactions, so a writer takes the lock before it
// reads what it will change; synchronous=NORMAL, which in WAL mode loses
// nothing when the process dies (only a power cut can drop the last
// commits); and no automatic checkpoints, which the store runs in the
// background instead.
func sqliteDSN(path string) string {
	q := url.Values{}
	for _, p := range []string{"busy_timeout(" + strconv.Itoa(int(busyTimeout/time.Millisecond)) + ")", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(1)", "wal_autocheckpoint(0)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// Kind returns the engine the store runs on.
func (s *Store) Kind() Kind { return s.kind }

// Close closes the database, after a last checkpoint on SQLite.
func (s *Store) Close() error {
	if s.stopCheckpoints != nil {
		close(s.stopCheckpoints)
		<-s.checkpointDone
		s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	}
	return s.closeDB()
}

// closeDB closes the connections and lets go of the SQLite file.
func (s *Store) closeDB() error {
	err := s.db.Close()
	if s.file != nil {
		s.file.release()
		s.file = nil
	}
	return err
}

// checkpointEvery is how often the SQLite checkpointer copies the WAL
// into the database file.
const checkpointEvery = time.Second

// checkpoints runs SQLite's checkpoints in the background, so that no
// answer pays for one: the DSN turns automatic checkpoints off.
func (s *Store) checkpoints() {
	defer close(s.checkpointDone)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stopCheckpoints:
			return
		case <-t.C:
			s.db.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

// busyTimeout is how long SQLite waits for another connection's write
// lock in one try.
const busyTimeout = 200 * time.Millisecond

// maxTries bounds the retries of a transaction that lost a conflict on
// PostgreSQL; on SQLite a busy database is retried until the deadline.
const maxTries = 10

// Update runs fn in one transaction and commits it. fn must only use tx
// and must be safe to run again: when the transaction loses a conflict
// with another writer (a serialisation failure or deadlock on
// PostgreSQL, a busy database on SQLite) it is rolled back and fn runs
// again, up to a bound. Any other error from fn rolls back and is returned.
// The whole runs under the store's write deadline (Deadlines.Write); a
// database that fails or does not answer in time gives an EStore error.
func (s *Store) Update(ctx context.Context, fn func(tx *Tx) error) error {
	return s.updateAs(ctx, opWrite, fn)
}

// updateAs is Update under the deadline of kind.
func (s *Store) updateAs(ctx context.Context, kind opKind, fn func(tx *Tx) error) error {
	ctx, cancel, err := s.begin(ctx, kind)
	if err != nil {
		return err
	}
	defer cancel()
	defer s.observe("update", time.Now())
	return s.fault(ctx, kind, s.update(ctx, fn))
}

// update is Update's loop of tries.
func (s *Store) update(ctx context.Context, fn func(tx *Tx) error) error {
	var err error
	for try := 0; ; try++ {
		err = s.updateOnce(ctx, fn)
		if p := (*panicked)(nil); errors.As(err, &p) {
			panic(p.value)
		}
		if err == nil || !retryable(err) {
			return err
		}
		if s.kind == Postgres && try+1 >= maxTries {
			return fmt.Errorf("store: still conflicting after %d tries: %w", maxTries, err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("store: %w (after %d tries: %w)", context.Cause(ctx), try+1, err)
		case <-time.After(time.Duration(min(try+1, 20)) * time.Millisecond):
		}
	}
}

// updateOnce runs fn in one transaction. A panic in fn rolls it back: on
// PostgreSQL it goes on as it is; on SQLite, where fn may run on the
// goroutine that holds the write turn, it comes back as a *panicked error
// for Update to panic again with.
func (s *Store) updateOnce(ctx context.Context, fn func(tx *Tx) error) error {
	if s.kind == SQLite {
		return s.updateSQLite(ctx, fn)
	}
	sqlTx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	// A panic in fn rolls back and goes on from this deferred call, so
	// the frames that panicked stay on the stack for whoever logs it.
	defer func() {
		if p := recover(); p != nil {
			sqlTx.Rollback()
			panic(p)
		}
	}()
	if err := fn(&Tx{tx: sqlTx, s: s, ctx: ctx}); err != nil {
		sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// retryable reports whether err is a conflict that a fresh try may win.
func retryable(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "40001" || pg.Code == "40P01" // serialization_failure, deadlock_detected
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == sqlite3.SQLITE_BUSY || c == sqlite3.SQLITE_LOCKED
	}
	return false
}

// Tx is one transaction of Update.
type Tx struct {
	tx  *sql.Tx
	s   *Store
	ctx context.Context
	// touched are the users whose row this transaction has locked.
	touched map[string]bool
}

// exec runs a statement in the transaction. Statements are not prepared
// by the store: pgx caches them per connection itself, and modernc's
// SQLite parses each call anyway. Nothing inside a transaction may take a
// second connection from the pool, or concurrent transactions could hold
// every connection and wait for one more forever.
func (t *Tx) exec(query string, args ...any) error {
	_, err := t.tx.ExecContext(t.ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: %s: %w", firstWords(query), err)
	}
	return nil
}

// queryRow runs a query returning one row in the transaction.
func (t *Tx) queryRow(query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(t.ctx, query, args...)
}

// scanner is a row or rows to scan.
type scanner interface{ Scan(dest ...any) error }

// queryAll runs a query outside any transaction and scans each row it
// returns with scan; what names the rows in an error. No rows is an empty
// list, not nil, which marshals as [] (an export lists nothing as []).
func queryAll[T any](ctx context.Context, s *Store, what string, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	ctx, cancel, err := s.begin(ctx, opRead)
	if err != nil {
		return nil, err
	}
	defer cancel()
	out, err := queryRows(ctx, s, what, scan, query, args...)
	return out, s.fault(ctx, opRead, err)
}

// queryRows is queryAll without the deadline.
func queryRows[T any](ctx context.Context, s *Store, what string, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: reading %s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("store: reading %s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: reading %s: %w", what, err)
	}
	return out, nil
}

// one finishes reading a single row v: no row is ErrNotFound, and another
// error names what was read.
func one[T any](v T, err error, what string) (T, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return v, ErrNotFound
	}
	if err != nil {
		return v, fmt.Errorf("store: reading %s: %w", what, err)
	}
	return v, nil
}

// firstWords names a statement in an error without its arguments.
func firstWords(q string) string {
	f := strings.Fields(q)
	return strings.Join(f[:min(len(f), 3)], " ")
}

// fromMillis reads a stored time: times are stored as Unix milliseconds.
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// tables lists the schema's tables, for Size.
var tables = []string{"users", "learners", "puzzles", "open_puzzles", "attempts", "guild_members", "games", "lesson_progress", "goose_db_version", "interactions", "rate_limits", "states", "secrets", "review_cards"}

// Size returns the bytes the store's tables and indexes take on disk: on
// SQLite the whole file after a checkpoint, on PostgreSQL the total
// relation size of each table.
func (s *Store) Size(ctx context.Context) (int64, error) {
	var n int64
	if s.kind == SQLite {
		if _, err := s.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			return 0, fmt.Errorf("store: checkpoint: %w", err)
		}
		err := s.db.QueryRowContext(ctx, `SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()`).Scan(&n)
		return n, err
	}
	for _, t := range tables {
		var size int64
		if err := s.db.QueryRowContext(ctx, `SELECT pg_total_relation_size($1::regclass)`, t).Scan(&size); err != nil {
			return 0, fmt.Errorf("store: size of %s: %w", t, err)
		}
		n += size
	}
	return n, nil
}
