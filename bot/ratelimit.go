package bot

import (
	"context"
	"fmt"
	"github.com/nimtutor/nimtutor/discordx"
	"maps"
	"math"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/outcome"
)

// Defaults for RateLimitConfig's zero fields.
const (
	// DefaultRateBurst is how many interactions a user may send at once.
	DefaultRateBurst = 5
	// DefaultRatePer is how long a user's whole burst takes to refill.
	DefaultRatePer = 10 * time.Second
	// DefaultRateMaxUsers bounds how many users the limiter remembers.
	DefaultRateMaxUsers = 10000
)

// RateLimitConfig configures a RateLimiter. Zero fields take the defaults.
type RateLimitConfig struct {
	// Burst is the bucket size: how many interactions a user may send at once.
	Burst int
	// Per is how long an empty bucket takes to refill completely, so a user
	// may keep up Burst interactions per Per.
	Per time.Duration
	// MaxUsers bounds memory: when this many users are remembered, idle
	// ones (whose bucket has refilled) are forgotten, and if none is idle
	// the one seen longest ago is.
	MaxUsers int
	// Now is the clock; time.Now when nil. Tests inject a fake one.
	Now func() time.Time
}

// RateLimiter is a Handler that passes each user's interactions on to
// another Handler through a token bucket per user id. A user over the limit
// gets an ephemeral reply saying when to try again, and the wrapped Handler
// is not called. Interactions without a user are not limited.
type RateLimiter struct {
	next     Handler
	burst    float64
	rate     float64 // tokens per second
	maxUsers int
	now      func() time.Time

	mu    sync.Mutex
	users map[string]*bucket
}

var _ Handler = (*RateLimiter)(nil)

// bucket is one user's token bucket, as of last.
type bucket struct {
	tokens float64
	last   time.Time
}

// withDefaults returns cfg with its Burst and Per defaulted.
func (cfg RateLimitConfig) withDefaults() RateLimitConfig {
	if cfg.Burst <= 0 {
		cfg.Burst = DefaultRateBurst
	}
	if cfg.Per <= 0 {
		cfg.Per = DefaultRatePer
	}
	return cfg
}

// NewRateLimiter returns a RateLimiter in front of next.
func NewRateLimiter(next Handler, cfg RateLimitConfig) *RateLimiter {
	cfg = cfg.withDefaults()
	if cfg.MaxUsers <= 0 {
		cfg.MaxUsers = DefaultRateMaxUsers
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &RateLimiter{
		next:     next,
		burst:    float64(cfg.Burst),
		rate:     float64(cfg.Burst) / cfg.Per.Seconds(),
		maxUsers: cfg.MaxUsers,
		now:      cfg.Now,
		users:    make(map[string]*bucket),
	}
}

// Handle answers i with the wrapped Handler if the user has a token left,
// and with an ephemeral "slow down" otherwise.
//
// Autocomplete is not limited: Discord sends one per keystroke while a
// position is typed, each costs microseconds (parsing one option's text),
// and spending tokens on them would refuse the command being typed.
func (l *RateLimiter) Handle(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return l.next.Handle(ctx, i)
	}
	if wait, ok := l.take(userID(i)); !ok {
		outcome.Set(ctx, outcome.RateLimited)
		return discordx.Ephemeral(slowDown(wait))
	}
	return l.next.Handle(ctx, i)
}

// Private reports what the wrapped Handler reports.
func (l *RateLimiter) Private(i *discordgo.Interaction) bool {
	return l.next.Private(i)
}

// Slow reports what the wrapped Handler reports, if it is a Pacer.
func (l *RateLimiter) Slow(i *discordgo.Interaction) bool {
	p, ok := l.next.(Pacer)
	return ok && p.Slow(i)
}

var _ Pacer = (*RateLimiter)(nil)

// take spends one of user's tokens. When none is left it reports false and
// how long until one is.
func (l *RateLimiter) take(user string) (time.Duration, bool) {
	if user == "" {
		return 0, true
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.users[user]
	if !ok {
		if len(l.users) >= l.maxUsers {
			l.evict(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.users[user] = b
	}
	if elapsed := now.Sub(b.last).Seconds(); elapsed > 0 {
		b.tokens = min(l.burst, b.tokens+elapsed*l.rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return 0, true
	}
	wait := time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	return wait, false
}

// evict forgets every user whose bucket has refilled by now; if there is
// none, it forgets the user seen longest ago. l.mu must be held.
func (l *RateLimiter) evict(now time.Time) {
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	n := len(l.users)
	maps.DeleteFunc(l.users, func(_ string, b *bucket) bool { return now.Sub(b.last) >= full })
	if len(l.users) < n || n == 0 {
		return
	}
	// None has refilled: forget the user seen longest ago, in one pass
	// that allocates nothing (the map can hold many thousands).
	oldest, first := "", true
	for user, b := range l.users {
		if first || b.last.Before(l.users[oldest].last) {
			oldest, first = user, false
		}
	}
	delete(l.users, oldest)
}

// slowDown is the reply for a user over the limit who may try again after
// wait, rounded up to whole seconds.
func slowDown(wait time.Duration) string {
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	unit := "seconds"
	if secs == 1 {
		unit = "second"
	}
	return fmt.Sprintf("Slow down — you're sending commands faster than I can teach. Try again in %d %s.", secs, unit)
}
