package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"runtime"
	"time"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
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
// the secret that signs button state (NIMTUTOR_SECRET; random if unset,
// which is fine for one process but not for replicas). cfg carries the
// rest (command ids, the attachment downloader); its Log, Cache, Secret
// and Practice are set here. The store (practice, stored games) is prac,
// which opens on first use; its owner closes it.
func newRouter(log *slog.Logger, cfg commands.Config, prac *lazyPractice) (*commands.Router, *bot.Cache) {
	cache := bot.NewCache(cacheEntries, cacheTTL)
	secret := []byte(os.Getenv("NIMTUTOR_SECRET"))
	if len(secret) == 0 {
		log.Debug("NIMTUTOR_SECRET is not set: button state is signed with a random per-process key")
	}
	cfg.Log, cfg.Cache, cfg.Secret, cfg.Practice = log, cache, secret, prac.open
	cfg.Searches = commands.NewGate(searchWorkers(), -1)
	cfg.Pictures = commands.NewGate(0, -1)
	return commands.New(cfg), cache
}

// searchWorkers is how many exhaustive searches run at once: half the
// cores, at least one, so that searches never take the whole machine from
// the quick answers.
func searchWorkers() int {
	return max(1, runtime.GOMAXPROCS(0)/2)
}

// newHandler returns the handler a Discord transport serves: the router
// behind the per-user rate limiter. Until ctx ends it logs the cache's
// hit and miss counters every few minutes, and once more at the end.
// prac is the store, which its owner closes once the transport has
// stopped.
func newHandler(ctx context.Context, log *slog.Logger, cfg commands.Config, prac *lazyPractice) bot.Handler {
	return newHandlerWith(ctx, log, cfg, prac, bot.RateLimitConfig{})
}

// newHandlerWith is newHandler with the rate limits given.
func newHandlerWith(ctx context.Context, log *slog.Logger, cfg commands.Config, prac *lazyPractice, limits bot.RateLimitConfig) bot.Handler {
	r, cache := newRouter(log, cfg, prac)
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
	return bot.NewRateLimiter(r, limits)
}

func logCache(log *slog.Logger, c *bot.Cache) {
	s := c.Stats()
	log.Info("cache", "hits", s.Hits, "misses", s.Misses, "entries", s.Entries)
}

// quietLogger is the console's logger: internal errors still show, on stderr.
func quietLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
