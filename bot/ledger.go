package bot

import (
	"context"
	"hash/fnv"
	"strconv"
	"sync"
	"time"
)

// Ledger records the interactions a transport has accepted, so that an
// interaction delivered twice is answered once. The in-process
// MemoryLedger serves one process; replicas behind one endpoint need a
// shared one (a database table with the id as primary key).
type Ledger interface {
	// Claim records id and reports true if it had not been claimed before.
	// An error means the ledger could not tell; the transport then answers
	// rather than risk answering nothing.
	Claim(ctx context.Context, id string) (bool, error)
}

// Defaults for NewMemoryLedger's zero arguments.
const (
	// DefaultLedgerSize bounds how many interaction ids are remembered.
	DefaultLedgerSize = 100_000
	// DefaultLedgerTTL is how long an id is remembered: an interaction's
	// token, and so any redelivery that matters, lives 15 minutes.
	DefaultLedgerTTL = tokenLife
)

// MemoryLedger is a bounded in-process Ledger: it remembers at most size
// ids, each for ttl, forgetting the oldest first.
type MemoryLedger struct {
	size int
	ttl  time.Duration
	now  func() time.Time

	mu   sync.Mutex
	seen map[uint64]time.Time
	// ring holds the ids in claim order, the oldest first.
	ring []uint64
}

// ledgerKey packs an interaction id, a snowflake, into 8 bytes; an id
// that is not a number (the console's, a test's) is hashed.
func ledgerKey(id string) uint64 {
	if n, err := strconv.ParseUint(id, 10, 64); err == nil {
		return n
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64() | 1<<63
}

var _ Ledger = (*MemoryLedger)(nil)

// NewMemoryLedger returns a ledger of at most size ids kept for ttl;
// zero values take the defaults.
func NewMemoryLedger(size int, ttl time.Duration) *MemoryLedger {
	if size <= 0 {
		size = DefaultLedgerSize
	}
	if ttl <= 0 {
		ttl = DefaultLedgerTTL
	}
	return &MemoryLedger{size: size, ttl: ttl, now: time.Now, seen: make(map[uint64]time.Time)}
}

// Claim implements Ledger.
func (l *MemoryLedger) Claim(_ context.Context, idText string) (bool, error) {
	id := ledgerKey(idText)
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if at, ok := l.seen[id]; ok && now.Sub(at) < l.ttl {
		return false, nil
	}
	// Forget expired ids from the old end, and the oldest when full.
	for len(l.ring) > 0 {
		oldest := l.ring[0]
		at, ok := l.seen[oldest]
		if ok && now.Sub(at) < l.ttl && len(l.seen) < l.size {
			break
		}
		if ok && (oldest != id) {
			delete(l.seen, oldest)
		}
		l.ring = l.ring[1:]
	}
	l.seen[id] = now
	l.ring = append(l.ring, id)
	return true, nil
}
