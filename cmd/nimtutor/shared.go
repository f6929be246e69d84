package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/tutor"
)

// Replicas: when DATABASE_URL names a PostgreSQL database, a Discord
// transport opens it at start-up and keeps there everything replicas
// must agree on: the interaction ids already received (bot.Ledger), the
// per-user rate limits (bot.SharedRateLimiter), game states too large for
// a custom_id (tutor.StateStore) and, as always, practice records.
// Explanations stay in each replica's own cache. Without DATABASE_URL
// all of these stay in the process, as suits one process on SQLite.

// sweepEvery is how often a replica deletes expired shared rows.
const sweepEvery = time.Minute

// rateRowTTL is how long an idle rate-limit row is kept.
const rateRowTTL = time.Hour

// openShared opens the PostgreSQL store replicas share when DATABASE_URL
// is set, and sweeps its expired rows until ctx ends; it returns nil
// without one.
func openShared(ctx context.Context, log *slog.Logger) (*store.Store, error) {
	cfg, err := storeConfig()
	if err != nil {
		return nil, err
	}
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
	go every(ctx, sweepEvery, func() {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if n, err := st.Sweep(sctx, bot.DefaultLedgerTTL, rateRowTTL); err != nil {
			log.Warn("sweeping expired shared state", "err", err)
		} else if n > 0 {
			log.Debug("swept expired shared state", "rows", n)
		}
	})
	return st, nil
}

// every calls f every d until ctx ends.
func every(ctx context.Context, d time.Duration, f func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			f()
		}
	}
}

// adopt makes the lazy practice service use a store already open.
func (l *lazyPractice) adopt(st *store.Store) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.observe != nil {
		st.SetObserver(l.observe)
	}
	l.st, l.svc = st, practice.New(st, l.now)
}

// newSharedHandler is newHandlerWith for a replica: with sh set, game
// states, practice and the rate limits go through the store sh, which the
// returned function closes. The handler is instrumented by m, which also
// reports the gates' queues, the cache and the store's latency.
//
// When poster is not nil, a ticker runs until ctx ends: it closes the
// study-session puzzles whose time ran out and posts their solutions
// with poster (bot.RunTicker).
func newSharedHandler(ctx context.Context, log *slog.Logger, cfg commands.Config, limits bot.RateLimitConfig, sh *store.Store, m *bot.Metrics, poster bot.Poster) (bot.Handler, *lazyPractice, func()) {
	if sh != nil {
		cfg.States = sh
	}
	defaultGates(&cfg)
	for name, g := range map[string]*tutor.Gate{"search": cfg.Searches, "picture": cfg.Pictures, "work": cfg.Work} {
		gate := map[string]string{"gate": name}
		m.Gauge("nimtutor_queue_running", "Heavy jobs running, by gate.", gate, func() float64 { r, _ := g.Load(); return float64(r) })
		m.Gauge("nimtutor_queue_waiting", "Heavy jobs waiting for a worker, by gate.", gate, func() float64 { _, w := g.Load(); return float64(w) })
	}
	r, cache, prac := newRouter(log, cfg)
	if poster != nil {
		go bot.RunTicker(ctx, r, poster, bot.DefaultTickEvery, log)
	}
	var h bot.Handler = bot.NewRateLimiter(r, limits)
	// The store reports its latency on either database: the shared
	// PostgreSQL store now, the SQLite file when it opens on first use.
	prac.observe = m.ObserveStore
	if sh != nil {
		prac.adopt(sh)
		shared := bot.NewSharedRateLimiter(r, sh, limits, log)
		h = shared
		m.CounterFunc("nimtutor_rate_limit_fallbacks_total", "Interactions the shared rate limit could not count in time, limited by this replica alone.", nil, func() float64 { return float64(shared.Fallbacks()) })
	}
	storeFaults(m, prac)
	const cacheHelp = "Explanation and state cache lookups, by result."
	m.CounterFunc("nimtutor_cache_requests_total", cacheHelp, map[string]string{"result": "hit"}, func() float64 { return float64(cache.Stats().Hits) })
	m.CounterFunc("nimtutor_cache_requests_total", cacheHelp, map[string]string{"result": "miss"}, func() float64 { return float64(cache.Stats().Misses) })
	m.Gauge("nimtutor_cache_entries", "Entries in this replica's cache.", nil, func() float64 { return float64(cache.Stats().Entries) })
	go func() {
		every(ctx, cacheLogEvery, func() { logCache(log, cache) })
		logCache(log, cache)
	}()
	closeStore := func() {
		if err := prac.close(); err != nil {
			log.Error("closing the store", "err", err)
		}
	}
	return m.Instrument(h), prac, closeStore
}

// rateLimits reads the per-user limit: RATE_BURST interactions per
// RATE_PER (a Go duration); the bot's defaults when unset.
func rateLimits() (bot.RateLimitConfig, error) {
	var c bot.RateLimitConfig
	if s := setting("RATE_BURST"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return c, fmt.Errorf("RATE_BURST is %q: want a whole number of interactions above 0", s)
		}
		c.Burst = n
	}
	if s := setting("RATE_PER"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("RATE_PER is %q: want a duration such as 10s", s)
		}
		c.Per = d
	}
	return c, nil
}

// replica is what a Discord transport serves with: its handler, the
// ledger it shares with other replicas (nil, the transport's own, without
// DATABASE_URL), its metrics and its readiness check, the counted sender
// of answers to Discord's API and the logger.
type replica struct {
	handler bot.Handler
	ledger  bot.Ledger
	metrics *bot.Metrics
	ready   func(ctx context.Context) error
	close   func()
	sender  bot.Sender
	log     *slog.Logger
}

// newReplica reads the settings every Discord transport needs
// (DISCORD_API_URL, Discord's own API when unset; LOG_LEVEL; the memory
// limit; the command ids and attachment hosts; the rate limits), opens
// the store (what the transport shares with other replicas, or its own
// SQLite file), builds its handler and prints banner on stdout: the one
// call runHTTP and runGateway make.
func newReplica(ctx context.Context, stdout, stderr io.Writer, tok, banner string) (*replica, error) {
	api := cmp.Or(setting("DISCORD_API_URL"), bot.DefaultAPIURL)
	if err := bot.CheckAPIURL(api); err != nil {
		return nil, fmt.Errorf("DISCORD_API_URL: %w", err)
	}
	log, err := newLogger(stderr)
	if err != nil {
		return nil, err
	}
	if _, err := setMemoryLimit(log); err != nil {
		return nil, err
	}
	cfg, err := discordConfig(ctx, log, tok)
	if err != nil {
		return nil, err
	}
	limits, err := rateLimits()
	if err != nil {
		return nil, err
	}
	sh, err := openShared(ctx, log)
	if err != nil {
		return nil, err
	}
	if cfg.Secret, err = signingSecret(ctx, log, sh); err != nil {
		sh.Close()
		return nil, err
	}
	m := bot.NewMetrics()
	// The study sessions' clock posts as the bot user when a token is
	// set, else through the starter's interaction (bot.REST.Post).
	rest := bot.NewREST(api, nil, log).WithBotToken(tok)
	cfg.ChannelPosts = tok != ""
	h, prac, closeStore := newSharedHandler(ctx, log, cfg, limits, sh, m, rest)
	if sh == nil {
		// One process per SQLite file: take the file now, so that a
		// second process on it is refused at start, not at its first answer.
		if _, err := prac.open(ctx); err != nil {
			closeStore()
			return nil, err
		}
	}
	rep := &replica{handler: h, metrics: m, close: closeStore, sender: m.Sender(bot.NewREST(api, nil, log)), log: log}
	if sh != nil {
		rep.ledger = sh
	}
	rep.ready = bot.Readiness(log, bot.Check{Component: "store", Ready: func(ctx context.Context) error {
		if sh != nil {
			return sh.Ready(ctx)
		}
		// One process: the SQLite store, opened at start.
		svc, err := prac.open(ctx)
		if err != nil {
			return err
		}
		return svc.Store().Ready(ctx)
	}})
	// Only now: a process refused its store has served nothing.
	fmt.Fprintln(stdout, banner)
	return rep, nil
}

// httpOptions returns the HTTP transport's options: shared state, and
// /healthz, /readyz and /metrics beside the interactions endpoint.
func (rep *replica) httpOptions() []bot.HTTPOption {
	return []bot.HTTPOption{bot.WithLedger(rep.ledger), bot.WithSender(rep.sender),
		bot.WithWrap(func(h http.Handler) http.Handler { return bot.Ops(h, rep.ready, rep.metrics) })}
}

// runGateway runs the plan's shards on token with the replica's handler, shared
// ledger and counting sender and, when metricsAddr (or METRICS_ADDR) is
// set, the health and metrics endpoints on a listener of their own.
func (rep *replica) runGateway(ctx context.Context, token string, plan bot.ShardPlan, metricsAddr string) error {
	cfg := bot.GatewayConfig{Token: token, Ledger: rep.ledger, Sender: rep.sender}
	metricsAddr = cmp.Or(metricsAddr, setting("METRICS_ADDR"))
	if metricsAddr != "" {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			if err := bot.ServeOps(ctx, metricsAddr, rep.ready, rep.metrics, rep.log); err != nil {
				rep.log.Error("health and metrics endpoint stopped", "err", err)
			}
		}()
	}
	return bot.RunShards(ctx, cfg, plan, rep.handler, rep.log)
}

// storeFaults registers nimtutor_store_faults_total{kind}: the store
// operations the database failed (unreachable, stalled past the
// deadline, read-only, full), by kind of deadline.
func storeFaults(m *bot.Metrics, prac *lazyPractice) {
	const help = "Store operations the database failed or did not answer in time, by kind: shared state, practice reads, practice writes."
	for k, kind := range []string{"shared", "read", "write"} {
		m.CounterFunc("nimtutor_store_faults_total", help, map[string]string{"kind": kind}, func() float64 {
			st := prac.store()
			if st == nil {
				return 0
			}
			f := [3]uint64{}
			f[0], f[1], f[2] = st.Faults()
			return float64(f[k])
		})
	}
}
