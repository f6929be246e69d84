package bot

import (
	"container/list"
	"sync"
	"sync/atomic"
	"time"
)

// Cache is the bounded, expiring cache the handlers keep explanations,
// hint ladders and oversized game states in. It holds at most MaxEntries
// entries, each for a fixed time; when a new key would pass the bound,
// the least recently used entry is evicted. Every value the handlers store
// is itself bounded (an explanation fits one Discord message, a state is
// at most one 6000-character position), so the entry bound is a memory
// bound.
//
// Cache is safe for concurrent use and implements commands.Cache.
type Cache struct {
	maxEntries int
	ttl        time.Duration
	now        func() time.Time

	mu    sync.Mutex
	items map[string]*list.Element
	// lru holds *cacheEntry, most recently used first.
	lru *list.List

	hits, misses atomic.Int64
}

// cacheEntry is one key, its value and when it expires.
type cacheEntry struct {
	key     string
	value   any
	expires time.Time
}

// NewCache returns a cache holding at most maxEntries entries, each for ttl.
func NewCache(maxEntries int, ttl time.Duration) *Cache {
	return &Cache{
		maxEntries: max(maxEntries, 1),
		ttl:        ttl,
		now:        time.Now,
		items:      make(map[string]*list.Element),
		lru:        list.New(),
	}
}

// Get returns the value stored under key and counts a hit or a miss. An
// expired entry is removed and counts as a miss.
func (c *Cache) Get(key string) (any, bool) {
	now := c.now()
	c.mu.Lock()
	el, ok := c.items[key]
	if ok {
		e := el.Value.(*cacheEntry)
		if now.Before(e.expires) {
			c.lru.MoveToFront(el)
			c.mu.Unlock()
			c.hits.Add(1)
			return e.value, true
		}
		c.remove(el)
	}
	c.mu.Unlock()
	c.misses.Add(1)
	return nil, false
}

// Set stores value under key for the cache's time to live, replacing what
// was there (expired or not), and evicts the least recently used entries
// while the cache is over its bound. The key just set is never evicted.
func (c *Cache) Set(key string, value any) {
	expires := c.now().Add(c.ttl)
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		e := el.Value.(*cacheEntry)
		e.value, e.expires = value, expires
		c.lru.MoveToFront(el)
		return
	}
	c.items[key] = c.lru.PushFront(&cacheEntry{key: key, value: value, expires: expires})
	for c.lru.Len() > c.maxEntries {
		c.remove(c.lru.Back())
	}
}

// remove deletes an entry; c.mu is held.
func (c *Cache) remove(el *list.Element) {
	c.lru.Remove(el)
	delete(c.items, el.Value.(*cacheEntry).key)
}

// CacheStats are the counters the bot logs.
type CacheStats struct {
	Hits, Misses int64
	Entries      int
}

// Stats returns the hit and miss counts and the number of entries held.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	n := c.lru.Len()
	c.mu.Unlock()
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Entries: n}
}
