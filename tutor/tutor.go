package tutor

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Cache keeps computed values (explanations, hint ladders, game states
// too large for a custom_id), keyed by canonical position or state key.
// It must be safe for concurrent use and bounded; package bot provides
// one.
type Cache = explain.Cache

// Opener opens the practice service, with its store, the first time a
// use case needs it; use cases that never touch the store never call it.
type Opener func(ctx context.Context) (*practice.Service, error)

// StateStore keeps states too large for a custom_id where every replica
// can read them (a database table); store.Store implements it. Without
// one, such states live only in the Cache, and a click that reaches
// another replica finds them expired.
type StateStore interface {
	// PutState stores value under key until ttl from now.
	PutState(ctx context.Context, key, value string, ttl time.Duration) error
	// GetState returns the value under key, false if none or expired.
	GetState(ctx context.Context, key string) (string, bool, error)
}

// Config is what a Tutor needs from the outside world.
type Config struct {
	// Log receives internal errors. Nil discards them.
	Log *slog.Logger
	// Cache keeps explanations, hint ladders and states. It is required.
	Cache Cache
	// Practice opens the practice service and its store on first use;
	// nil means the use cases that need a store answer that none is
	// configured.
	Practice Opener
	// States, when set, shares states too large for a custom_id between
	// replicas; nil keeps them in Cache only.
	States StateStore
	// Searches bounds the exhaustive searches of verify running and
	// waiting at once; nil runs them without a bound.
	Searches *Gate
	// Pictures bounds the drawing of large positions; nil draws without a
	// bound. A picture that finds its gate full is left out.
	Pictures *Gate
	// Work, if not nil, runs every answer but the searches (which have
	// their own gate) a few at a time, first come first served.
	Work *Gate
	// Draw writes a position's picture as a PNG; nil means render.PNG.
	Draw func(w io.Writer, pos solver.Position, opts render.Options) error
	// VerifyBudget bounds the states of each exhaustive search; 0 takes
	// VerifyBudget.
	VerifyBudget int
	// Now is the clock of the study sessions (when a puzzle's time runs
	// out); nil means time.Now. Tests and the console move it.
	Now func() time.Time
}

// VerifyBudget bounds verify: the states one search may enter. Every
// position of the sizes the verify table covers fits, and a search that
// reaches it costs well under a second of one core.
const VerifyBudget = 400_000

// Tutor runs the use cases. It is safe for concurrent use.
type Tutor struct {
	cfg Config // with its defaults filled in

	pracMu sync.Mutex
	prac   *practice.Service // once opened
}

// New returns a Tutor. cfg.Cache is required.
func New(cfg Config) *Tutor {
	if cfg.Cache == nil {
		panic("tutor.New: Config.Cache is required")
	}
	if cfg.Draw == nil {
		cfg.Draw = render.PNG
	}
	if cfg.VerifyBudget <= 0 {
		cfg.VerifyBudget = VerifyBudget
	}
	cfg.Log = cmp.Or(cfg.Log, slog.New(slog.DiscardHandler))
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Tutor{cfg: cfg}
}

// Log returns the tutor's logger.
func (t *Tutor) Log() *slog.Logger { return t.cfg.Log }

// ErrNoStore answers a use case that needs a store on a tutor without one.
var ErrNoStore = fault.New(fault.EInvalid, "practice", "practice needs a database, and this nimtutor has none configured")

// HasStore reports whether a store is configured (it may not be open yet).
func (t *Tutor) HasStore() bool { return t.cfg.Practice != nil }

// practice returns the practice service, opening it on first use.
func (t *Tutor) practice(ctx context.Context) (*practice.Service, error) {
	t.pracMu.Lock()
	defer t.pracMu.Unlock()
	if t.prac != nil {
		return t.prac, nil
	}
	if t.cfg.Practice == nil {
		return nil, ErrNoStore
	}
	svc, err := t.cfg.Practice(ctx)
	if err != nil {
		return nil, fmt.Errorf("opening the practice store: %w", err)
	}
	t.prac = svc
	return svc, nil
}

// Work runs job in the work gate, or at once when slow (a search, which
// has a gate of its own) or when there is no work gate. It returns the
// gate's refusal (busy) or ctx's error when job never ran.
func (t *Tutor) Work(ctx context.Context, slow bool, job func(ctx context.Context) error) error {
	gate := t.cfg.Work
	if slow {
		gate = nil
	}
	return gate.Do(ctx, job)
}

// InReach reports whether verify would search pos, which then counts as
// slow work.
func (t *Tutor) InReach(pos solver.Position) bool {
	return solver.InReach(pos, t.cfg.VerifyBudget)
}
