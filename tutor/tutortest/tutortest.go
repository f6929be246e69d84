// Package tutortest gives the tests of the layers above tutor (commands,
// bot, the command line) what they need from below it without importing
// it: stores to run the use cases on, and the answers to puzzles.
package tutortest

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
	"github.com/nimtutor/nimtutor/tutor"
)

// DB is one throwaway database.
type DB struct {
	// Kind names the engine: "sqlite" or "postgres".
	Kind string
	cfg  store.Config
}

// Opener opens a new store on the database, closed when tb ends, and
// returns the tutor's opener of a practice service on it. Two openers of
// one DB share its data, as two processes (or a restart) do.
func (d DB) Opener(tb testing.TB) tutor.Opener {
	tb.Helper()
	svc := practice.New(storetest.Open(tb, d.cfg), nil)
	return func(context.Context) (*practice.Service, error) { return svc, nil }
}

// SQLite returns a new SQLite database in a temporary directory.
func SQLite(tb testing.TB) DB {
	tb.Helper()
	return DB{Kind: string(store.SQLite), cfg: storetest.SQLiteConfig(tb)}
}

// Each runs f as a subtest on a new database of every backend storetest
// offers: SQLite, and PostgreSQL when configured.
func Each(t *testing.T, f func(t *testing.T, db DB)) {
	t.Helper()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		f(t, DB{Kind: string(b.Kind), cfg: b.Config(t)})
	})
}

// puzzle rebuilds the puzzle id names.
func puzzle(tb testing.TB, id string) *practice.Puzzle {
	tb.Helper()
	g, seed, err := practice.ParseID(id)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := practice.Generate(g, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// WinningMove returns a winning move of puzzle id, as a menu's value.
func WinningMove(tb testing.TB, id string) string {
	tb.Helper()
	return practice.MoveText(puzzle(tb, id).Winning[0])
}

// FirstMove returns the first legal move of puzzle id, as a menu's value.
func FirstMove(tb testing.TB, id string) string {
	tb.Helper()
	return practice.MoveText(puzzle(tb, id).Position.Moves()[0])
}

// FillGate starts jobs in g that hold its workers and queue until release is
// closed; it returns once they all hold their place.
func FillGate(tb testing.TB, g *tutor.Gate, workers, queue int, release <-chan struct{}) *sync.WaitGroup {
	tb.Helper()
	var wg sync.WaitGroup
	for range workers + queue {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.Do(context.Background(), func(context.Context) error { <-release; return nil })
		}()
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		running, waiting := g.Load()
		if running == workers && waiting == queue {
			return &wg
		}
		if time.Now().After(deadline) {
			tb.Fatalf("gate holds %d running, %d waiting; want %d and %d", running, waiting, workers, queue)
		}
		time.Sleep(time.Millisecond)
	}
}

// LosingMove returns a legal move of puzzle id that does not win, as a
// menu's value.
func LosingMove(tb testing.TB, id string) string {
	tb.Helper()
	p := puzzle(tb, id)
	for _, m := range p.Position.Moves() {
		if !slices.ContainsFunc(p.Winning, func(w solver.Move) bool { return practice.MoveText(w) == practice.MoveText(m) }) {
			return practice.MoveText(m)
		}
	}
	tb.Fatalf("every move of puzzle %s wins", id)
	return ""
}

// Clock is a clock that moves only when told: tutor.Config.Now for the
// tests of the study sessions, which never sleep.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
