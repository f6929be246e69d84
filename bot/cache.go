package bot

import (
	"sync"
	"sync/atomic"
	"time"

	gocache "github.com/patrickmn/go-cache"
)

// Cache is the bounded, expiring cache the handlers keep explanations,
// hint ladders and oversized game states in. It wraps go-cache, which
// expires entries but has no size limit of its own: Cache enforces one by
// remembering keys in insertion order and deleting the oldest when a new
// key would exceed MaxEntries. Every value the handlers store is itself
// bounded (an explanation fits one Discord message, a state is at most one
// 20000-character position uploaded as a file), so the entry bound is a
// memory bound.
//
// Cache is safe for concurrent use and implements commands.Cache.
type Cache struct {
	c          *gocache.Cache
	maxEntries int

	mu    sync.Mutex
	order []string // keys in insertion order, oldest first; may hold expired keys

	hits, misses atomic.Int64
}

// NewCache returns a cache holding at most maxEntries entries, each for ttl.
func NewCache(maxEntries int, ttl time.Duration) *Cache {
	return &Cache{c: gocache.New(ttl, ttl), maxEntries: max(maxEntries, 1)}
}

// Get returns the value stored under key and counts a hit or a miss.
func (c *Cache) Get(key string) (any, bool) {
	v, ok := c.c.Get(key)
	if ok {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
	return v, ok
}

// Set stores value under key, evicting the oldest entries if the cache is full.
func (c *Cache) Set(key string, value any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, exists := c.c.Get(key); exists {
		c.c.SetDefault(key, value)
		return
	}
	for c.c.ItemCount() >= c.maxEntries && len(c.order) > 0 {
		c.c.Delete(c.order[0])
		c.order = c.order[1:]
	}
	if len(c.order) >= 2*c.maxEntries {
		// Drop keys of entries that expired on their own.
		live := c.order[:0]
		for _, k := range c.order {
			if _, ok := c.c.Get(k); ok {
				live = append(live, k)
			}
		}
		c.order = append([]string(nil), live...)
	}
	c.c.SetDefault(key, value)
	c.order = append(c.order, key)
}

// CacheStats are the counters the bot logs.
type CacheStats struct {
	Hits, Misses int64
	Entries      int
}

// Stats returns the hit and miss counts and the number of entries held.
func (c *Cache) Stats() CacheStats {
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Entries: c.c.ItemCount()}
}
