// Package outcome carries, in a context, what became of one interaction:
// the code that answers it records why it refused or failed (the user's
// mistake, an expired message, a full queue, a rate limit), and the
// metrics wrapped around the handler read it, so that they need not guess
// from the wording of the reply.
//
// The package knows nothing of Discord, games or metrics libraries; both
// the transports (bot/) and the command handlers (commands/) import it.
package outcome

import (
	"context"
	"sync/atomic"
)

// The outcomes an answer can record. OK is what a Slot reads when nobody
// recorded anything.
const (
	OK          = "ok"           // answered as asked
	UserError   = "user_error"   // the input was wrong: a bad position, option or move
	Expired     = "expired"      // a button or state too old to use
	Forbidden   = "forbidden"    // someone else's game, or a permission the bot lacks
	Busy        = "busy"         // a work queue was full
	Timeout     = "timeout"      // stopped at its deadline
	RateLimited = "rate_limited" // the user's rate limit refused it
	Store       = "store"        // the database failed: the message says what was not saved
	Error       = "error"        // our failure: the generic apology
)

// Slot holds the outcome of one interaction. It is safe for concurrent
// use: a handler may record from the goroutine of a work queue.
type Slot struct{ v atomic.Pointer[string] }

// Get returns the outcome last recorded, or OK.
func (s *Slot) Get() string {
	if p := s.v.Load(); p != nil {
		return *p
	}
	return OK
}

type key struct{}

// With returns ctx carrying a new, empty Slot, and the Slot.
func With(ctx context.Context) (context.Context, *Slot) {
	s := &Slot{}
	return context.WithValue(ctx, key{}, s), s
}

// Set records o in the Slot ctx carries; without one it does nothing.
// The last call wins.
func Set(ctx context.Context, o string) {
	if s, ok := ctx.Value(key{}).(*Slot); ok {
		s.v.Store(&o)
	}
}
