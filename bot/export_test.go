package bot

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Options and helpers only the tests use.

// WithDeferAfter sets how long a Handler may take before the request is
// answered with a deferral; the default is DefaultDeferAfter.
func WithDeferAfter(d time.Duration) HTTPOption {
	return func(c *httpConfig) { c.deferAfter = d }
}

// WithMaxBodyBytes sets the largest accepted request body; the default is
// DefaultMaxBodyBytes.
func WithMaxBodyBytes(n int64) HTTPOption {
	return func(c *httpConfig) { c.maxBody = n }
}

// WithClock sets the clock the signature timestamp is checked against; the
// default is time.Now.
func WithClock(now func() time.Time) HTTPOption {
	return func(c *httpConfig) { c.now = now }
}

// WithRESTClient sets the HTTP client that delivers deferred responses to
// Discord's REST API; the default has a 10-second timeout.
func WithRESTClient(client *http.Client) HTTPOption {
	return func(c *httpConfig) { c.client = client }
}

// WithShutdownGrace sets how long ServeHTTP lets work in flight finish
// on shutdown before cancelling it; the default is DefaultShutdownGrace.
func WithShutdownGrace(d time.Duration) HTTPOption {
	return func(c *httpConfig) { c.grace = d }
}

// wait blocks until no work is in flight or ctx is done, and reports
// ctx's error in the latter case.
func (d *deferrer) wait(ctx context.Context) error {
	select {
	case <-d.idle():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// ShardOf returns the shard that receives the events of guild when the
// bot runs shards shards; a DM (guild "") goes to shard 0.
func ShardOf(guild string, shards int) (int, error) {
	if shards <= 1 || guild == "" {
		return 0, nil
	}
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("guild id %q is not a snowflake: %w", guild, err)
	}
	return int((id >> 22) % uint64(shards)), nil
}

// Users reports how many users the limiter remembers now.
func (l *RateLimiter) Users() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.users)
}

// Remembers reports whether the limiter keeps a bucket for user.
func (l *RateLimiter) Remembers(user string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.users[user]
	return ok
}

// Len reports how many ids the ledger remembers.
func (l *MemoryLedger) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.seen)
}
