package commands

import (
	"context"
	"time"
)

// StateStore keeps game and hint states too large for a custom_id where
// every replica can read them (a database table); store.Store
// implements it. Without one, such states live only in the Router's
// Cache, and a click that reaches another replica finds them expired.
type StateStore interface {
	// PutState stores value under key until ttl from now.
	PutState(ctx context.Context, key, value string, ttl time.Duration) error
	// GetState returns the value under key, false if none or expired.
	GetState(ctx context.Context, key string) (string, bool, error)
}

// Shared states live this long: a game or hint ladder answers clicks for
// a day after its last move.
const (
	sharedStateTTL     = 24 * time.Hour
	sharedStateTimeout = time.Second
)

// putShared writes a state to the shared store, if there is one. A
// failure is logged: the state is still in this replica's cache.
func (r *Router) putShared(key string, s positionState) {
	if r.states == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), sharedStateTimeout)
	defer cancel()
	if err := r.states.PutState(ctx, key, s.encode(), sharedStateTTL); err != nil {
		r.log.Error("sharing a game state", "err", err)
	}
}

// getShared reads a state from the shared store, and keeps it in this
// replica's cache for the next click.
func (r *Router) getShared(key string) (positionState, bool) {
	if r.states == nil {
		return positionState{}, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), sharedStateTimeout)
	defer cancel()
	v, ok, err := r.states.GetState(ctx, key)
	if err != nil {
		r.log.Error("reading a shared game state", "err", err)
		return positionState{}, false
	}
	if !ok {
		return positionState{}, false
	}
	s, err := decodeState(v)
	if err != nil {
		r.log.Error("a shared game state does not decode", "key", key, "err", err)
		return positionState{}, false
	}
	r.cache.Set(key, s)
	return s, true
}
