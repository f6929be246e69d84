package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/tutor"
)

// storeOpenTimeout bounds connecting to the database and migrating it.
const storeOpenTimeout = 30 * time.Second

// storeConfig reads where the store lives: DATABASE_URL (PostgreSQL)
// when set, else the SQLite file NIMTUTOR_DB, else ./nimtutor.db; and the
// deadlines of its operations, NIMTUTOR_STORE_DEADLINES.
func storeConfig() (store.Config, error) {
	cfg := store.Config{DatabaseURL: setting("DATABASE_URL"), Path: setting("NIMTUTOR_DB")}
	if u := cfg.DatabaseURL; u != "" {
		// A URL of PostgreSQL's, or its keyword=value form. The rest of
		// it, which holds the password, is never shown.
		scheme, _, found := strings.Cut(u, "://")
		if found && scheme != "postgres" && scheme != "postgresql" || !found && !strings.Contains(u, "=") {
			shown := "has no scheme"
			if found {
				shown = fmt.Sprintf("starts with %q", scheme+"://")
			}
			return cfg, fmt.Errorf("DATABASE_URL %s; nimtutor uses PostgreSQL: postgres://USER:PASSWORD@HOST:5432/DATABASE?sslmode=disable (unset it to use the SQLite file NIMTUTOR_DB)", shown)
		}
	}
	d, err := store.ParseDeadlines(setting("NIMTUTOR_STORE_DEADLINES"))
	if err != nil {
		return cfg, fmt.Errorf("NIMTUTOR_STORE_DEADLINES: %w", err)
	}
	cfg.Deadlines = d
	return cfg, nil
}

// describeStore names the store for people, without a password.
func describeStore(cfg store.Config) string {
	if cfg.DatabaseURL != "" {
		return "PostgreSQL (DATABASE_URL)"
	}
	return "SQLite " + cmp.Or(cfg.Path, store.DefaultPath)
}

// lazyPractice opens the store and the practice service the first time a
// command needs them, so commands that never touch the store (solve,
// hint, verify…) never create a database. close closes the store if it
// was opened.
type lazyPractice struct {
	cfg store.Config
	// cfgErr is what storeConfig said of the settings; open returns it.
	cfgErr error
	log    *slog.Logger
	now    func() time.Time
	// observe, when set before the store opens, receives the duration of
	// the store's operations, for the metrics.
	observe store.Observer

	mu  sync.Mutex
	st  *store.Store
	svc *practice.Service
}

func newLazyPractice(log *slog.Logger) *lazyPractice {
	cfg, err := storeConfig()
	return &lazyPractice{cfg: cfg, cfgErr: err, log: log}
}

// open implements tutor.Opener.
func (l *lazyPractice) open(ctx context.Context) (*practice.Service, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.svc != nil {
		return l.svc, nil
	}
	if l.cfgErr != nil {
		return nil, notOpened{l.cfgErr}
	}
	ctx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
	defer cancel()
	st, err := store.Open(ctx, l.cfg)
	if err != nil {
		err = fmt.Errorf("%s: %w", describeStore(l.cfg), err)
		if _, ok := errors.AsType[*fault.Error](err); !ok {
			err = notOpened{err}
		}
		return nil, err
	}
	l.log.Info("store open", "store", describeStore(l.cfg))
	if l.observe != nil {
		st.SetObserver(l.observe)
	}
	l.st, l.svc = st, practice.New(st, l.now)
	return l.svc, nil
}

var _ tutor.Opener = (*lazyPractice)(nil).open

// notOpened is a store that could not be opened, for a reason that has no
// message of its own for people (a setting that does not parse, a
// database that refused): its Error, for the log and the command line,
// is the reason; a person on Discord or in the console reads that the
// practice database is not available (an EStore error), not the apology
// kept for bugs.
type notOpened struct{ err error }

// Error returns the reason.
func (n notOpened) Error() string { return n.err.Error() }

// Unwrap returns the EStore error a person reads, whose cause is the reason.
func (n notOpened) Unwrap() error {
	return fault.New(fault.EStore, "", "the practice database could not be opened, so nothing was recorded; whoever runs nimtutor can find why in its log").Wrap(n.err)
}

// close closes the store if it was opened.
func (l *lazyPractice) close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.st == nil {
		return nil
	}
	err := l.st.Close()
	l.st, l.svc = nil, nil
	return err
}

// signingSecret returns the key that signs button state for replicas
// that share the database sh (DATABASE_URL): the one kept there, which
// the first replica to start creates. It returns nil when
// NIMTUTOR_SECRET is set (that key wins) or there is no shared database
// (one process, whose router makes a random key).
func signingSecret(ctx context.Context, log *slog.Logger, sh *store.Store) ([]byte, error) {
	if sh == nil || rawSetting("NIMTUTOR_SECRET") != "" {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
	defer cancel()
	secret, err := sh.Secret(ctx, store.SigningSecret)
	if err != nil {
		return nil, fmt.Errorf("reading the key that signs buttons from PostgreSQL (DATABASE_URL): %w; or set NIMTUTOR_SECRET to the same key on every replica", err)
	}
	log.Info("buttons are signed with the key kept in the database, the same on every replica (NIMTUTOR_SECRET is not set)")
	return secret, nil
}

// store returns the store if it was opened, nil otherwise (also while
// it is being opened: a scrape of the metrics must not wait for that).
func (l *lazyPractice) store() *store.Store {
	if !l.mu.TryLock() {
		return nil
	}
	defer l.mu.Unlock()
	return l.st
}
