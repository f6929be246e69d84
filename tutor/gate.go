package tutor

import (
	"context"
	"math"
	"runtime"
	"sync"
	"time"

	"github.com/nimtutor/nimtutor/fault"
)

// Gate bounds heavy work (searches, large pictures): at most Workers jobs
// run at once and at most Queue wait for a turn. A job that finds the
// queue full is refused at once with a busy error that says when to try
// again, so an overloaded bot answers "busy" instead of hanging. Gate is
// safe for concurrent use.
type Gate struct {
	slots chan struct{}
	queue int

	mu      sync.Mutex
	waiting int
	// avg is a moving average of how long a job holds a slot.
	avg time.Duration
}

// NewGate returns a gate with the given number of workers and queue
// places; workers <= 0 means one per core (GOMAXPROCS), queue < 0 means
// four places per worker.
func NewGate(workers, queue int) *Gate {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if queue < 0 {
		queue = 4 * workers
	}
	return &Gate{slots: make(chan struct{}, workers), queue: queue, avg: 50 * time.Millisecond}
}

// busy refuses a job because the gate's queue is full, saying when to
// try again: a solver.Error with the code EBusy.
func busy(wait time.Duration) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return fault.New(fault.EBusy, "", "⏳ nimtutor is busy with other students' positions right now. Try again in %s.", fault.Count(secs, "second", "seconds"))
}

// Do runs job once a worker is free and returns its error. It returns a
// busy error (code EBusy) at once when the queue is full, and the context's error when
// ctx ends while waiting (the job does not run then). The job gets ctx
// and must stop when it is cancelled. A nil gate runs job at once.
func (g *Gate) Do(ctx context.Context, job func(ctx context.Context) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if g == nil {
		return job(ctx)
	}
	select {
	case g.slots <- struct{}{}:
	default:
		g.mu.Lock()
		if g.waiting >= g.queue {
			// The queue drains by one place in about this long.
			wait := time.Duration(g.waiting+1) * g.avg / time.Duration(cap(g.slots))
			g.mu.Unlock()
			return busy(wait)
		}
		g.waiting++
		g.mu.Unlock()
		select {
		case g.slots <- struct{}{}:
			g.mu.Lock()
			g.waiting--
			g.mu.Unlock()
		case <-ctx.Done():
			g.mu.Lock()
			g.waiting--
			g.mu.Unlock()
			return ctx.Err()
		}
	}
	start := time.Now()
	defer func() {
		took := time.Since(start)
		g.mu.Lock()
		g.avg = (7*g.avg + took) / 8
		g.mu.Unlock()
		<-g.slots
	}()
	return job(ctx)
}

// Load reports how many jobs run and wait now.
func (g *Gate) Load() (running, waiting int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.slots), g.waiting
}
