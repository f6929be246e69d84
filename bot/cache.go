package bot

import (
	"container/list"
	"sync"
	"sync/atomic"
	"time"

	gocache "github.com/patrickmn/go-cache"
)

// Cache is the bounded, expiring cache the handlers keep explanations,
// hint ladders and oversized game states in. go-cache holds the values and
// expires them; it has no size limit of its own, so Cache keeps the keys
// in order of use and, when a new key would pass MaxEntries, deletes the
// least recently used. Every value the handlers store is itself bounded
// (an explanation fits one Discord message, a state is at most one
// position uploaded as a file), so the entry bound is a memory bound.
//
// Cache is safe for concurrent use and implements tutor.Cache.
type Cache struct {
	c          *gocache.Cache
	maxEntries int

	mu    sync.Mutex
	items map[string]*list.Element
	// lru holds the keys (strings), most recently used first. A key whose
	// value expired stays until it is used again or evicted, so lru and
	// items never hold more than maxEntries keys.
	lru *list.List

	hits, misses atomic.Int64
}

// NewCache returns a cache holding at most maxEntries entries, each for ttl.
func NewCache(maxEntries int, ttl time.Duration) *Cache {
	return &Cache{
		c:          gocache.New(ttl, ttl),
		maxEntries: max(maxEntries, 1),
		items:      make(map[string]*list.Element),
		lru:        list.New(),
	}
}

// Get returns the value stored under key and counts a hit or a miss.
func (c *Cache) Get(key string) (any, bool) {
	v, ok := c.c.Get(key)
	c.mu.Lock()
	if el, known := c.items[key]; known {
		if ok {
			c.lru.MoveToFront(el)
		} else {
			c.remove(el) // expired
		}
	}
	c.mu.Unlock()
	if ok {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
	return v, ok
}

// Set stores value under key for the cache's time to live, replacing what
// was there (expired or not), and evicts the least recently used entries
// while the cache is over its bound. The key just set is never evicted.
func (c *Cache) Set(key string, value any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.lru.MoveToFront(el)
	} else {
		c.items[key] = c.lru.PushFront(key)
	}
	c.c.SetDefault(key, value)
	for c.lru.Len() > c.maxEntries {
		c.remove(c.lru.Back())
	}
}

// remove forgets a key and deletes its value; c.mu is held.
func (c *Cache) remove(el *list.Element) {
	key := el.Value.(string)
	c.lru.Remove(el)
	delete(c.items, key)
	c.c.Delete(key)
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
