package commands

import (
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nimtutor/nimtutor/solver"
)

// A custom_id is "prefix:field:…:state". The state is the position packed
// into the id itself when it fits in Discord's 100 characters, so any
// replica can answer the click with no session; a longer one is kept in
// the bounded cache under a random id, and expires with it.
const (
	inlineState = 'p' // the packed position follows
	cachedState = 'c' // a cache id follows
)

// positionState is a position's text, who moves, and the 0s each player
// holds (binstring in play; zero otherwise).
type positionState struct {
	text  string
	mover solver.Player
	held  [2]int
}

// encode packs the state: mover digit, held counts, packed text.
func (s positionState) encode() string {
	return fmt.Sprintf("%d.%d.%d.%s", s.mover, s.held[0], s.held[1], b64.EncodeToString(packText(s.text)))
}

func decodeState(enc string) (positionState, error) {
	var s positionState
	parts := strings.SplitN(enc, ".", 4)
	ns, ok := numbers(parts[:min(len(parts), 3)]...)
	if len(parts) != 4 || !ok || ns[0] < 0 || ns[0] > 1 {
		return s, errBadState
	}
	s.mover, s.held = solver.Player(ns[0]), [2]int{ns[1], ns[2]}
	raw, err := b64.DecodeString(parts[3])
	if err != nil {
		return s, errBadState
	}
	s.text, err = unpackText(raw)
	return s, err
}

// numbers reads every field as a whole decimal number, or reports false:
// what a signed custom_id carries is read strictly, all or nothing.
func numbers(fields ...string) ([]int, bool) {
	ns := make([]int, len(fields))
	for k, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, false
		}
		ns[k] = n
	}
	return ns, true
}

// customID builds "prefix:…:state", signed, with the state of pos:
// inlined when the whole id fits in 100 characters and cached otherwise.
func (r *Router) customID(head string, pos solver.Position) string {
	var s positionState
	s.text, s.mover, s.held = pos.String(), pos.ToMove(), pos.Held()
	id := r.signer.sign(head + ":" + string(inlineState) + s.encode())
	if len(id) <= maxCustomIDLen {
		return id
	}
	key := randomKey()
	r.cfg.Cache.Set("state:"+key, s)
	r.putShared("state:"+key, s)
	return r.signer.sign(head + ":" + string(cachedState) + key)
}

// idShape is the head of one kind of custom_id that carries a position:
// how many fields it may have, which one names the game, and the error
// for a state that has left the cache.
type idShape struct {
	lengths []int
	gameAt  int
	expired error
}

// The custom_ids that carry a position, by their heads' fields.
var (
	cardID  = idShape{[]int{4}, 2, errCardExpired}    // card:action:game:author
	checkID = idShape{[]int{3}, 2, errCardExpired}    // check:s:game
	hintID  = idShape{[]int{3, 4}, 1, errHintExpired} // hint:game:level[:verdict]
	gameID  = idShape{[]int{7}, 1, errGameExpired}    // play:game:owner:side:kept:moves:action
)

// openPosition checks a custom_id's signature and that its head has the
// shape's fields, and rebuilds the position its state carries.
func (r *Router) openPosition(id string, shape idShape) ([]string, solver.Position, error) {
	data, err := r.signer.open(id)
	if err != nil {
		return nil, nil, err
	}
	k := strings.LastIndexByte(data, ':')
	if k < 0 || k == len(data)-1 {
		return nil, nil, errBadState
	}
	head, enc := strings.Split(data[:k], ":"), data[k+1:]
	var st positionState
	switch enc[0] {
	case inlineState:
		if st, err = decodeState(enc[1:]); err != nil {
			return nil, nil, err
		}
	case cachedState:
		v, ok := r.cfg.Cache.Get("state:" + enc[1:])
		if !ok {
			if st, ok = r.getShared("state:" + enc[1:]); !ok {
				return nil, nil, shape.expired
			}
		} else if st, ok = v.(positionState); !ok {
			return nil, nil, errBadState
		}
	default:
		return nil, nil, errBadState
	}
	if !slices.Contains(shape.lengths, len(head)) {
		return nil, nil, errBadState
	}
	g, err := solver.Lookup(head[shape.gameAt])
	if err != nil {
		return nil, nil, errBadState
	}
	pos, err := solver.Restore(g, st.text, st.mover, st.held)
	if err != nil {
		return nil, nil, err
	}
	return head, pos, nil
}

// randomKey returns 12 random URL-safe characters.
func randomKey() string {
	b := make([]byte, 9)
	rand.Read(b)
	return b64.EncodeToString(b)
}

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
	if r.cfg.States == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), sharedStateTimeout)
	defer cancel()
	if err := r.cfg.States.PutState(ctx, key, s.encode(), sharedStateTTL); err != nil {
		r.cfg.Log.Error("sharing a game state", "err", err)
	}
}

// getShared reads a state from the shared store, and keeps it in this
// replica's cache for the next click.
func (r *Router) getShared(key string) (positionState, bool) {
	if r.cfg.States == nil {
		return positionState{}, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), sharedStateTimeout)
	defer cancel()
	v, ok, err := r.cfg.States.GetState(ctx, key)
	if err != nil {
		r.cfg.Log.Error("reading a shared game state", "err", err)
		return positionState{}, false
	}
	if !ok {
		return positionState{}, false
	}
	s, err := decodeState(v)
	if err != nil {
		r.cfg.Log.Error("a shared game state does not decode", "key", key, "err", err)
		return positionState{}, false
	}
	r.cfg.Cache.Set(key, s)
	return s, true
}
