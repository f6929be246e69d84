package main

import (
	"context"
	"io"
	"log/slog"
	"runtime"
	"time"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/tutor"
)

// Cache bounds: entries (each at most one Discord message or one
// 6000-character position) and how long they live.
const (
	cacheEntries = 2000
	cacheTTL     = time.Hour
	// cacheLogEvery is how often a running bot logs the cache counters.
	cacheLogEvery = 10 * time.Minute
)

// newRouter wires the handlers with a fresh bounded cache, the logger and
// the secret that signs button state: NIMTUTOR_SECRET, else cfg.Secret
// (with DATABASE_URL, the key kept in the database for every replica),
// else a random key, which is fine for one process. cfg carries the
// rest (command ids, the attachment downloader); its Log, Cache, Secret
// and Practice are set here. The store (practice, stored games) opens on
// first use; the returned lazyPractice closes it.
func newRouter(log *slog.Logger, cfg commands.Config) (*commands.Router, *bot.Cache, *lazyPractice) {
	cache := bot.NewCache(cacheEntries, cacheTTL)
	secret := []byte(rawSetting("NIMTUTOR_SECRET"))
	switch {
	case len(secret) > 0:
	case len(cfg.Secret) > 0:
		secret = cfg.Secret // the key replicas share in the database (signingSecret)
	default:
		log.Debug("NIMTUTOR_SECRET is not set: button state is signed with a random per-process key")
	}
	prac := newLazyPractice(log)
	cfg.Log, cfg.Cache, cfg.Secret, cfg.Practice = log, cache, secret, prac.open
	defaultGates(&cfg)
	return commands.New(cfg), cache, prac
}

// defaultGates sets the gates cfg lacks: searches on half the cores,
// pictures on every core, and every other answer two per core with a
// queue of 64 per core.
func defaultGates(cfg *commands.Config) {
	if cfg.Searches == nil {
		cfg.Searches = tutor.NewGate(searchWorkers(), -1)
	}
	if cfg.Pictures == nil {
		cfg.Pictures = tutor.NewGate(0, -1)
	}
	if cfg.Work == nil {
		cfg.Work = tutor.NewGate(2*runtime.GOMAXPROCS(0), 64*runtime.GOMAXPROCS(0))
	}
}

// searchWorkers is how many exhaustive searches run at once: half the
// cores, at least one, so that searches never take the whole machine from
// the quick answers.
func searchWorkers() int {
	return max(1, runtime.GOMAXPROCS(0)/2)
}

// newHandlerWith returns the handler a Discord transport serves in one
// process: the router behind the per-user rate limiter with the limits
// given, instrumented as a replica's is. The returned function closes the
// store; call it once the transport has stopped.
func newHandlerWith(ctx context.Context, log *slog.Logger, cfg commands.Config, limits bot.RateLimitConfig) (bot.Handler, func()) {
	h, _, closeStore := newSharedHandler(ctx, log, cfg, limits, nil, bot.NewMetrics(), nil)
	return h, closeStore
}

func logCache(log *slog.Logger, c *bot.Cache) {
	s := c.Stats()
	log.Info("cache", "hits", s.Hits, "misses", s.Misses, "entries", s.Entries)
}

// quietLogger is the console's logger: internal errors still show, on
// stderr; warnings, which the replies already tell the learner of (such
// as a game not saved), do not.
func quietLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelError}))
}
