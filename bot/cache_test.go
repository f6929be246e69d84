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
	if got := len(c.order); got > 200 {
		t.Errorf("key order holds %d keys, want at most 200", got)
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
	c := NewCache(10, 20*time.Millisecond)
	c.Set("k", 1)
	time.Sleep(60 * time.Millisecond)
	if _, ok := c.Get("k"); ok {
		t.Errorf("entry still present after its expiry")
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
