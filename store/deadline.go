package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/nimtutor/nimtutor/fault"
)

// Every call into the database goes through this file: it gets a
// deadline of its own, derived from the caller's context (so it is never
// later than the caller's), and a failure of the database, as opposed to
// a row that is not there or a mistake in a query, comes back as an
// *fault.Error with code EStore whose message says what was not saved
// and what to do. A stalled database therefore costs a caller at most
// the deadline of one operation, and the person is told the truth.

// Deadlines bounds each kind of store operation. Each is measured from
// the operation's start; a caller's earlier deadline wins.
type Deadlines struct {
	// Shared bounds one statement of the state replicas share: claiming
	// an interaction id, a rate-limit window, a game state. These sit on
	// the path of every interaction, before Discord's three seconds.
	Shared time.Duration
	// Read bounds one read of practice records.
	Read time.Duration
	// Write bounds one write transaction of practice records, with its
	// retries.
	Write time.Duration
}

// DefaultDeadlines are the deadlines of a store opened without any.
var DefaultDeadlines = Deadlines{Shared: 500 * time.Millisecond, Read: time.Second, Write: 2 * time.Second}

// withDefaults fills d's zero fields from DefaultDeadlines.
func (d Deadlines) withDefaults() Deadlines {
	if d.Shared <= 0 {
		d.Shared = DefaultDeadlines.Shared
	}
	if d.Read <= 0 {
		d.Read = DefaultDeadlines.Read
	}
	if d.Write <= 0 {
		d.Write = DefaultDeadlines.Write
	}
	return d
}

// String writes d as ParseDeadlines reads it.
func (d Deadlines) String() string {
	return fmt.Sprintf("shared=%v,read=%v,write=%v", d.Shared, d.Read, d.Write)
}

// ParseDeadlines reads deadlines written as comma-separated name=duration
// pairs, for example "shared=300ms,write=3s"; the names are shared, read
// and write, and a name left out keeps its default.
func ParseDeadlines(s string) (Deadlines, error) {
	d := DefaultDeadlines
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return d, fmt.Errorf("%q: want name=duration, such as shared=300ms", part)
		}
		dur, err := time.ParseDuration(strings.TrimSpace(value))
		if err != nil || dur <= 0 {
			return d, fmt.Errorf("%q: %q is not a duration above zero, such as 300ms or 2s", part, value)
		}
		switch strings.TrimSpace(name) {
		case "shared":
			d.Shared = dur
		case "read":
			d.Read = dur
		case "write":
			d.Write = dur
		default:
			return d, fmt.Errorf("%q: no deadline is called %q; the names are shared, read and write", part, name)
		}
	}
	return d, nil
}

// opKind says which deadline an operation gets.
type opKind int

const (
	opShared opKind = iota
	opRead
	opWrite
)

// errDeadline is the cause of a context the store's own deadline ended.
var errDeadline = errors.New("store: the database did not answer within the operation's deadline")

// noDeadlineKey marks a context whose operations take no deadline of the
// store's: migrations at start-up, which have the caller's own.
type noDeadlineKey struct{}

// withoutDeadlines returns ctx marked so that the store adds no deadline.
func withoutDeadlines(ctx context.Context) context.Context {
	return context.WithValue(ctx, noDeadlineKey{}, true)
}

// within returns ctx bounded by the deadline of kind, and its cancel.
func (s *Store) within(ctx context.Context, kind opKind) (context.Context, context.CancelFunc) {
	if ctx.Value(noDeadlineKey{}) != nil {
		return context.WithCancel(ctx)
	}
	d := s.deadlines.Write
	switch kind {
	case opShared:
		d = s.deadlines.Shared
	case opRead:
		d = s.deadlines.Read
	}
	return context.WithTimeoutCause(ctx, d, errDeadline)
}

// The messages of EStore errors.
const (
	msgNotAvailable = "the practice database is not available right now; try again in a minute"
	msgNotRecorded  = "the practice database is not available right now; %s was not recorded; try again in a minute"
)

// fault returns err, from an operation of kind run under ctx (the
// context with the store's deadline), as a person should see it: nil,
// a row not found, a conflict and an error that already has a code stay
// as they are; a failure of the database (unreachable, stalled past the
// deadline, read-only, full, its file gone) becomes an EStore error that
// wraps err. Other errors (a mistake in a query: a bug) stay as they are.
func (s *Store) fault(ctx context.Context, kind opKind, err error) error {
	if err == nil || errors.Is(err, ErrNotFound) || errors.Is(err, sql.ErrNoRows) || errors.Is(err, ErrDuplicate) {
		return err
	}
	if _, ok := errors.AsType[*fault.Error](err); ok {
		return err
	}
	// The store's own deadline ending is the database not answering in
	// time; the caller's context ending is not the database's fault.
	ours := errors.Is(err, errDeadline) || context.Cause(ctx) == errDeadline
	if !ours && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || !isFault(err)) {
		return err
	}
	s.faults[kind].Add(1)
	msg := msgNotAvailable
	if kind == opWrite {
		msg = fmt.Sprintf(msgNotRecorded, "this")
	}
	return &dbFault{&fault.Error{Code: fault.EStore, Msg: msg, Err: err}}
}

// dbFault is an EStore error as the store returns it: the person reads
// its *fault.Error's message (fault.Message finds it), and the
// log, which prints the error itself, reads the cause.
type dbFault struct{ e *fault.Error }

// Error returns the cause, for the log.
func (f *dbFault) Error() string { return "the database failed: " + f.e.Err.Error() }

// Unwrap returns the *fault.Error with the person's message.
func (f *dbFault) Unwrap() error { return f.e }

// NotRecorded returns err with a message that names what was not
// recorded ("your answer") when err is an EStore error of a write, and
// err as it is otherwise.
func NotRecorded(err error, what string) error {
	e, ok := errors.AsType[*fault.Error](err)
	if !ok || e.Code != fault.EStore {
		return err
	}
	return &dbFault{&fault.Error{Code: fault.EStore, Msg: fmt.Sprintf(msgNotRecorded, what), Err: e.Err}}
}

// isFault reports whether err is the database failing, rather than a
// statement being wrong.
func isFault(err error) bool {
	if errors.Is(err, errGone) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || pgconn.Timeout(err) {
		return true
	}
	if pg, ok := errors.AsType[*pgconn.PgError](err); ok {
		switch pg.Code[:2] {
		case "08", // connection exception
			"25", // invalid transaction state: a read-only transaction
			"40", // a conflict still lost after the retries
			"53", // insufficient resources: disk full, out of memory, too many connections
			"57", // operator intervention: shutdown, cannot connect now
			"58": // system error: I/O
			return true
		}
		return false
	}
	if se, ok := errors.AsType[*sqlite.Error](err); ok {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR,
			sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB,
			sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_PERM:
			return true
		}
		return false
	}
	if _, ok := errors.AsType[*pgconn.ConnectError](err); ok {
		return true
	}
	if _, ok := errors.AsType[net.Error](err); ok {
		return true
	}
	_, ok := errors.AsType[*os.PathError](err)
	return ok
}

// Faults returns how many operations of each kind (shared, read,
// write) the database failed, since the store was opened: the EStore
// errors the store returned, for metrics.
func (s *Store) Faults() (shared, read, write uint64) {
	return s.faults[opShared].Load(), s.faults[opRead].Load(), s.faults[opWrite].Load()
}

// errGone is the cause of every operation once the SQLite file this
// process opened was deleted or replaced: its writes would go to a file
// nobody will read again, so the store refuses them until a restart.
var errGone = errors.New("store: the SQLite file was deleted or replaced while open; restart nimtutor")

// checkFile reports errGone, for good, once the SQLite file at the path
// is not the file the store opened. It costs one stat.
func (s *Store) checkFile() error {
	if s.opened == nil {
		return nil
	}
	if s.gone.Load() {
		return errGone
	}
	fi, err := os.Stat(s.path)
	if err == nil && os.SameFile(fi, s.opened) {
		return nil
	}
	s.gone.Store(true)
	return errGone
}

// begin starts an operation of kind: it refuses when the SQLite file is
// gone, and otherwise returns ctx with the operation's deadline.
func (s *Store) begin(ctx context.Context, kind opKind) (context.Context, context.CancelFunc, error) {
	if err := s.checkFile(); err != nil {
		return ctx, func() {}, s.fault(ctx, kind, err)
	}
	ctx, cancel := s.within(ctx, kind)
	return ctx, cancel, nil
}

// row is a single-row read that runs when it is scanned, under the read
// deadline: what the store's reads use instead of *sql.Row.
type row struct {
	s     *Store
	ctx   context.Context
	query string
	args  []any
}

// queryRow returns the single-row read of query, run by Scan.
func (s *Store) queryRow(ctx context.Context, query string, args ...any) *row {
	return &row{s: s, ctx: ctx, query: query, args: args}
}

// Scan runs the read and scans its row into dest, as sql.Row.Scan does.
func (r *row) Scan(dest ...any) error {
	ctx, cancel, err := r.s.begin(r.ctx, opRead)
	if err != nil {
		return err
	}
	defer cancel()
	err = r.s.db.QueryRowContext(ctx, r.query, r.args...).Scan(dest...)
	return r.s.fault(ctx, opRead, err)
}
