package tutor

import (
	"context"
	"time"
)

// States too large for a custom_id are kept under a key: in the Cache
// and, when the tutor has a StateStore, where every replica reads them.
// They live this long: a game or hint ladder answers clicks for a day
// after its last move. One read or write of the shared store waits at
// most sharedStateTimeout.
const (
	sharedStateTTL     = 24 * time.Hour
	sharedStateTimeout = time.Second
)

// Keep stores value under key, under the request's context: in the cache,
// and in the shared store when there is one. A failure of the shared store
// is logged, not returned: the state is still in this replica's cache.
func (t *Tutor) Keep(ctx context.Context, key, value string) {
	Step(ctx, "tutor", "Keep")
	t.cfg.Cache.Set("state:"+key, value)
	if t.cfg.States == nil {
		return
	}
	Step(ctx, "store", "PutState")
	ctx, cancel := context.WithTimeout(ctx, sharedStateTimeout)
	defer cancel()
	if err := t.cfg.States.PutState(ctx, "state:"+key, value, sharedStateTTL); err != nil {
		t.cfg.Log.Error("sharing a state", "err", err)
	}
}

// Recall returns the value Keep stored under key: from the cache, else
// from the shared store (keeping it in the cache for the next click).
func (t *Tutor) Recall(ctx context.Context, key string) (string, bool) {
	Step(ctx, "tutor", "Recall")
	if v, ok := t.cfg.Cache.Get("state:" + key); ok {
		s, ok := v.(string)
		return s, ok
	}
	if t.cfg.States == nil {
		return "", false
	}
	Step(ctx, "store", "GetState")
	ctx, cancel := context.WithTimeout(ctx, sharedStateTimeout)
	defer cancel()
	v, ok, err := t.cfg.States.GetState(ctx, "state:"+key)
	if err != nil {
		t.cfg.Log.Error("reading a shared state", "err", err)
		return "", false
	}
	if ok {
		t.cfg.Cache.Set("state:"+key, v)
	}
	return v, ok
}

// CheckSeed remembers the seed of the test file last handed to user for
// game, for a /check that comes without one.
func (t *Tutor) rememberSeed(user, game string, seed uint64) {
	t.cfg.Cache.Set("check-seed:"+user+":"+game, seed)
}

// lastSeed returns the seed rememberSeed kept.
func (t *Tutor) lastSeed(user, game string) (uint64, bool) {
	v, ok := t.cfg.Cache.Get("check-seed:" + user + ":" + game)
	if !ok {
		return 0, false
	}
	s, ok := v.(uint64)
	return s, ok
}
