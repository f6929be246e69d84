package commands

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strconv"
	"strings"

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
// inlined when the whole id fits in 100 characters, and otherwise a key
// under which keepLong has stored the state before the reply was built.
// It only computes: it never writes.
func (r *Router) customID(head string, pos solver.Position) string {
	enc := encodeState(pos)
	id := r.signer.sign(head + ":" + string(inlineState) + enc)
	if len(id) <= maxCustomIDLen {
		return id
	}
	return r.signer.sign(head + ":" + string(cachedState) + stateKey(enc))
}

// encodeState is pos's state as customID carries it.
func encodeState(pos solver.Position) string {
	return positionState{text: pos.String(), mover: pos.ToMove(), held: pos.Held()}.encode()
}

// stateKey is the key a state too long for a custom_id is kept under:
// 12 URL-safe characters of its SHA-256, so the same state always gets
// the same key and keeping it twice costs nothing more.
func stateKey(enc string) string {
	sum := sha256.Sum256([]byte(enc))
	return b64.EncodeToString(sum[:9])
}

// maxHeadLen bounds the head of every custom_id that carries a position
// (the longest is a game's, "play:GAME:OWNER:RECORD:PLY:SIDE:KEPT:MOVES:A").
func maxHeadLen(game, owner string) int {
	return len(playPrefix+":"+game+":"+owner+":"+":00000:1:00000:00000:x") + recordIDLen
}

// keepLong stores, under the request's context and before the reply is
// built, the state of every position in ps that a custom_id of owner's
// might not hold inline, so that customID, which only computes, finds
// it kept.
func (r *Router) keepLong(ctx context.Context, owner string, ps ...solver.Position) {
	for _, pos := range ps {
		if pos == nil {
			continue
		}
		enc := encodeState(pos)
		if len(r.signer.sign(":"+string(inlineState)+enc))+maxHeadLen(pos.Game().Name(), owner) > maxCustomIDLen {
			r.t.Keep(ctx, stateKey(enc), enc)
		}
	}
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
	gameID  = idShape{[]int{9, 7}, 1, errGameExpired} // play:game:owner:record:ply:side:kept:moves:action, or without record:ply from before records
)

// openPosition checks a custom_id's signature and that its head has the
// shape's fields, and rebuilds the position its state carries.
func (r *Router) openPosition(ctx context.Context, id string, shape idShape) ([]string, solver.Position, error) {
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
		v, ok := r.t.Recall(ctx, enc[1:])
		if !ok {
			return nil, nil, shape.expired
		}
		if st, err = decodeState(v); err != nil {
			return nil, nil, err
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
