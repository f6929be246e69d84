package main

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store"
)

// Replicas: when DATABASE_URL names a PostgreSQL database, a Discord
// transport opens it at start-up and keeps there everything replicas
// must agree on: the interaction ids already received (bot.Ledger), the
// per-user rate limits (bot.SharedRateLimiter), game states too large for
// a custom_id (commands.StateStore) and, as always, practice records.
// Explanations stay in each replica's own cache. Without DATABASE_URL
// all of these stay in the process, as suits one process on SQLite.

// sweepEvery is how often a replica deletes expired shared rows.
const sweepEvery = time.Minute

// rateRowTTL is how long an idle rate-limit row is kept.
const rateRowTTL = time.Hour

// shared is the state a replica shares with the others.
type shared struct {
	st *store.Store
}

// openShared opens the PostgreSQL store when DATABASE_URL is set, and
// sweeps its expired rows until ctx ends; it returns nil without one.
func openShared(ctx context.Context, log *slog.Logger) (*shared, error) {
	cfg := storeConfig()
	if cfg.DatabaseURL == "" {
		return nil, nil
	}
	octx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
	defer cancel()
	st, err := store.Open(octx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", describeStore(cfg), err)
	}
	log.Info("shared state in the store", "store", describeStore(cfg))
	go func() {
		t := time.NewTicker(sweepEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				if n, err := st.Sweep(sctx, bot.DefaultLedgerTTL, rateRowTTL); err != nil {
					log.Warn("sweeping expired shared state", "err", err)
				} else if n > 0 {
					log.Debug("swept expired shared state", "rows", n)
				}
				cancel()
			}
		}
	}()
	return &shared{st: st}, nil
}

// ledger returns the shared ledger, or nil (the transport's own) without one.
func (sh *shared) ledger() bot.Ledger {
	if sh == nil {
		return nil
	}
	return sh.st
}

// httpOptions returns the HTTP transport's options for shared state.
func (sh *shared) httpOptions() []bot.HTTPOption {
	if sh == nil {
		return nil
	}
	return []bot.HTTPOption{bot.WithLedger(sh.st)}
}

// adopt makes the lazy practice service use a store already open.
func (l *lazyPractice) adopt(st *store.Store) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.st, l.svc = st, practice.New(st, l.now)
}

// newSharedHandler is newHandlerWith for a replica: with sh set, game
// states, practice and the rate limits go through sh's store, which the
// returned function closes.
func newSharedHandler(ctx context.Context, log *slog.Logger, cfg commands.Config, limits bot.RateLimitConfig, sh *shared) (bot.Handler, func()) {
	if sh != nil {
		cfg.States = sh.st
	}
	r, cache, prac := newRouter(log, cfg)
	if sh != nil {
		prac.adopt(sh.st)
	}
	go func() {
		t := time.NewTicker(cacheLogEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				logCache(log, cache)
				return
			case <-t.C:
				logCache(log, cache)
			}
		}
	}()
	closeStore := func() {
		if err := prac.close(); err != nil {
			log.Error("closing the store", "err", err)
		}
	}
	if sh != nil {
		return bot.NewSharedRateLimiter(r, sh.st, limits, log), closeStore
	}
	return bot.NewRateLimiter(r, limits), closeStore
}

// rateLimits reads the per-user limit: RATE_BURST interactions per
// RATE_PER (a Go duration); the bot's defaults when unset.
func rateLimits() (bot.RateLimitConfig, error) {
	var c bot.RateLimitConfig
	if s := strings.TrimSpace(env("RATE_BURST")); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return c, fmt.Errorf("RATE_BURST is %q: want a whole number of interactions above 0", s)
		}
		c.Burst = n
	}
	if s := strings.TrimSpace(env("RATE_PER")); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("RATE_PER is %q: want a duration such as 10s", s)
		}
		c.Per = d
	}
	return c, nil
}

// replica opens what a Discord transport shares with other replicas and
// builds its handler: the one call runHTTP and runGateway make.
func replica(ctx context.Context, log *slog.Logger, cfg commands.Config) (bot.Handler, *shared, func(), error) {
	limits, err := rateLimits()
	if err != nil {
		return nil, nil, nil, err
	}
	sh, err := openShared(ctx, log)
	if err != nil {
		return nil, nil, nil, err
	}
	h, closeStore := newSharedHandler(ctx, log, cfg, limits, sh)
	return h, sh, closeStore, nil
}
