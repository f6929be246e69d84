package bot

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestCacheBound(t *testing.T) {
	c := NewCache(100, time.Hour)
	for i := range 1000 {
		c.Set(fmt.Sprint(i), i)
		if n := c.Stats().Entries; n > 100 {
			t.Fatalf("after %d sets the cache holds %d entries, want at most 100", i+1, n)
		}
	}
	if _, ok := c.Get("0"); ok {
		t.Errorf("oldest entry still present after 1000 sets into a 100-entry cache")
	}
	if v, ok := c.Get("999"); !ok || v != 999 {
		t.Errorf("newest entry: got %v %v, want 999 true", v, ok)
	}
	if got := c.lru.Len(); got != len(c.items) || got > 100 {
		t.Errorf("recency list holds %d keys and the map %d, want the same, at most 100", got, len(c.items))
	}
}

// TestCacheSetExpiredKeyKeepsNewest is the regression test for an
// eviction bug: setting again a key whose entry had expired left its old
// place in the eviction order behind, so the next eviction removed the
// newest entry instead of the oldest.
func TestCacheSetExpiredKeyKeepsNewest(t *testing.T) {
	c := NewCache(2, time.Hour)
	c.Set("a", 1)
	c.c.Set("a", 1, time.Nanosecond) // a expires in go-cache
	time.Sleep(time.Millisecond)
	c.Set("b", 2)
	c.Set("a", 3) // a again: now the newest
	c.Set("c", 4) // over the bound: b, the oldest, must go
	if v, ok := c.Get("a"); !ok || v != 3 {
		t.Errorf("a (set last but one) = %v %v, want 3 true", v, ok)
	}
	if v, ok := c.Get("c"); !ok || v != 4 {
		t.Errorf("c (set last) = %v %v, want 4 true", v, ok)
	}
	if _, ok := c.Get("b"); ok {
		t.Error("b (the oldest) is still present")
	}
}

// TestCacheEvictsLeastRecentlyUsed reads an old entry, which keeps it.
func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := NewCache(2, time.Hour)
	c.Set("a", 1)
	c.Set("b", 2)
	c.Get("a")
	c.Set("c", 3)
	if _, ok := c.Get("a"); !ok {
		t.Error("a, read recently, was evicted")
	}
	if _, ok := c.Get("b"); ok {
		t.Error("b, the least recently used, is still present")
	}
}

func TestCacheHitsMissesAndOverwrite(t *testing.T) {
	c := NewCache(2, time.Hour)
	c.Set("a", 1)
	c.Set("a", 2)
	c.Set("b", 3)
	if v, _ := c.Get("a"); v != 2 {
		t.Errorf("overwritten value: got %v, want 2", v)
	}
	c.Get("missing")
	if got, want := c.Stats(), (CacheStats{Hits: 1, Misses: 1, Entries: 2}); got != want {
		t.Errorf("stats: got %+v, want %+v", got, want)
	}
}

func TestCacheExpires(t *testing.T) {
	c := NewCache(10, time.Hour)
	c.Set("k", 1)
	if _, ok := c.Get("k"); !ok {
		t.Errorf("entry gone before its expiry")
	}
	c.c.Set("k", 1, time.Nanosecond)
	time.Sleep(time.Millisecond)
	if _, ok := c.Get("k"); ok {
		t.Errorf("entry still present after its expiry")
	}
	if n := c.Stats().Entries; n != 0 {
		t.Errorf("expired entry still counted: %d entries", n)
	}
}

func TestCacheConcurrent(t *testing.T) {
	c := NewCache(50, time.Hour)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				k := fmt.Sprint(g, i%70)
				c.Set(k, i)
				c.Get(k)
			}
		}()
	}
	wg.Wait()
	if n := c.Stats().Entries; n > 50 {
		t.Errorf("holds %d entries, want at most 50", n)
	}
}
