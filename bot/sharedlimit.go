package bot

import (
	"context"
	"github.com/nimtutor/nimtutor/discordx"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/outcome"
)

// RateStore counts a user's interactions in a store that every replica
// shares, so that a limit holds however the load balancer spreads one
// user's requests. store.Store implements it.
type RateStore interface {
	// Take spends one of user's at most limit interactions per window of
	// length per; when none is left it reports false and how long until
	// the window ends.
	Take(ctx context.Context, user string, limit int, per time.Duration) (time.Duration, bool, error)
}

// sharedTakeTimeout bounds one shared rate-limit check: the answer is due
// within Discord's three seconds, so a slow store must not eat them.
const sharedTakeTimeout = 500 * time.Millisecond

// SharedRateLimiter is a Handler that limits each user's interactions
// across replicas: Burst interactions per Per window, counted in a
// RateStore. When the store cannot answer, the in-process RateLimiter
// with the same limits decides instead (and the error is logged), so a
// store outage degrades to per-replica limits rather than refusing or
// admitting everyone.
type SharedRateLimiter struct {
	local *RateLimiter
	store RateStore
	burst int
	per   time.Duration
	log   *slog.Logger
	// fallbacks counts the interactions the store could not count.
	fallbacks atomic.Uint64
}

var (
	_ Handler = (*SharedRateLimiter)(nil)
	_ Pacer   = (*SharedRateLimiter)(nil)
)

// NewSharedRateLimiter returns a SharedRateLimiter in front of next,
// counting in st with cfg's Burst and Per (zero fields take the defaults).
func NewSharedRateLimiter(next Handler, st RateStore, cfg RateLimitConfig, log *slog.Logger) *SharedRateLimiter {
	cfg = cfg.withDefaults()
	return &SharedRateLimiter{local: NewRateLimiter(next, cfg), store: st, burst: cfg.Burst, per: cfg.Per, log: orDiscard(log)}
}

// Handle answers i with the wrapped Handler if the user has an
// interaction left in the current window, and with an ephemeral "slow
// down" otherwise. Autocomplete is not limited (see RateLimiter.Handle).
func (l *SharedRateLimiter) Handle(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
	user := userID(i)
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete || user == "" {
		return l.local.next.Handle(ctx, i)
	}
	tctx, cancel := context.WithTimeout(ctx, sharedTakeTimeout)
	wait, ok, err := l.store.Take(tctx, user, l.burst, l.per)
	cancel()
	if err != nil {
		l.fallbacks.Add(1)
		l.log.Warn("shared rate limit unavailable; limiting this replica only", append(logAttrs(i), "err", err)...)
		return l.local.Handle(ctx, i)
	}
	if !ok {
		outcome.Set(ctx, outcome.RateLimited)
		return discordx.Ephemeral(slowDown(wait))
	}
	return l.local.next.Handle(ctx, i)
}

// Fallbacks returns how many interactions the shared store could not
// count in time, which this replica's own limiter decided instead.
func (l *SharedRateLimiter) Fallbacks() uint64 { return l.fallbacks.Load() }

// Private reports what the wrapped Handler reports.
func (l *SharedRateLimiter) Private(i *discordgo.Interaction) bool { return l.local.Private(i) }

// Slow reports what the wrapped Handler reports, if it is a Pacer.
func (l *SharedRateLimiter) Slow(i *discordgo.Interaction) bool { return l.local.Slow(i) }
