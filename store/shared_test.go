package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// TestClaimOnceAcrossStores claims the same interaction ids from many
// goroutines over two stores on one database (two replicas): each id is
// claimed exactly once.
func TestClaimOnceAcrossStores(t *testing.T) {
	const ids, tries = 50, 8
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		stores := []*store.Store{storetest.Open(t, cfg), storetest.Open(t, cfg)}
		var won [ids]atomic.Int32
		var wg sync.WaitGroup
		for w := range tries {
			wg.Go(func() {
				for k := range ids {
					ok, err := stores[w%2].Claim(context.Background(), fmt.Sprintf("i%d", k))
					if err != nil {
						t.Error(err)
						return
					}
					if ok {
						won[k].Add(1)
					}
				}
			})
		}
		wg.Wait()
		for k := range won {
			if n := won[k].Load(); n != 1 {
				t.Errorf("interaction i%d claimed %d times, want once", k, n)
			}
		}
	})
}

// TestTakeAcrossStores spends one user's allowance from two stores at
// once: exactly limit interactions pass in one window.
func TestTakeAcrossStores(t *testing.T) {
	const limit, tries = 5, 40
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		cfg.Deadlines = contention
		stores := []*store.Store{storetest.Open(t, cfg), storetest.Open(t, cfg)}
		var passed atomic.Int32
		var wg sync.WaitGroup
		// An hour-long window: the test cannot straddle two windows
		// except at a whole hour, when it may pass 2×limit.
		for w := range tries {
			wg.Go(func() {
				wait, ok, err := stores[w%2].Take(context.Background(), "u1", limit, time.Hour)
				if err != nil {
					t.Error(err)
					return
				}
				if ok {
					passed.Add(1)
				} else if wait <= 0 || wait > time.Hour {
					t.Errorf("refused with wait %v, want within the hour's window", wait)
				}
			})
		}
		wg.Wait()
		if n := passed.Load(); n != limit && n != 2*limit {
			t.Errorf("%d of %d interactions passed, want %d", n, tries, limit)
		}
		// Another user has an allowance of their own.
		if _, ok, err := stores[0].Take(context.Background(), "u2", limit, time.Hour); err != nil || !ok {
			t.Errorf("a second user was refused: %v", err)
		}
	})
}

// TestStates stores, replaces, reads back and expires states, and sweeps.
func TestStates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		s1, s2 := storetest.Open(t, cfg), storetest.Open(t, cfg)
		ctx := context.Background()
		if _, ok, err := s1.GetState(ctx, "k"); ok || err != nil {
			t.Fatalf("missing key: ok %v, err %v", ok, err)
		}
		if err := s1.PutState(ctx, "k", "v1", time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := s1.PutState(ctx, "k", "v2", time.Hour); err != nil {
			t.Fatal(err)
		}
		if v, ok, err := s2.GetState(ctx, "k"); v != "v2" || !ok || err != nil {
			t.Errorf("GetState on the other store = %q, %v, %v; want v2", v, ok, err)
		}
		if err := s1.PutState(ctx, "old", "x", -time.Second); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s2.GetState(ctx, "old"); ok {
			t.Error("an expired state was returned")
		}
		if _, err := s1.Claim(ctx, "seen"); err != nil {
			t.Fatal(err)
		}
		n, err := s2.Sweep(ctx, -time.Second, -time.Second) // everything claimed is "old"
		if err != nil {
			t.Fatal(err)
		}
		if n != 2 { // the expired state and the claimed id
			t.Errorf("Sweep deleted %d rows, want 2", n)
		}
		if v, ok, _ := s2.GetState(ctx, "k"); !ok || v != "v2" {
			t.Error("Sweep deleted a live state")
		}
		if ok, _ := s1.Claim(ctx, "seen"); !ok {
			t.Error("a swept interaction id cannot be claimed again")
		}
		if err := s1.Ready(ctx); err != nil {
			t.Errorf("Ready: %v", err)
		}
	})
}
