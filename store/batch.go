package store

import (
	"context"
	"fmt"
)

// On SQLite every writer of the file takes its turn, so the store commits
// its writers in groups: a writer queues its transaction, and whoever
// holds the write turn runs every queued transaction inside one SQLite
// transaction, each in a savepoint of its own, and commits once. A
// transaction whose function fails is rolled back to its savepoint and
// leaves no trace; the others commit. Under load this saves a BEGIN, a
// COMMIT and a write of the WAL per transaction; alone, a writer runs
// exactly as before.

// maxBatch bounds the transactions committed together.
const maxBatch = 64

// write is one queued transaction and where its result goes.
type write struct {
	ctx  context.Context
	fn   func(tx *Tx) error
	err  error
	done chan error
}

// panicked carries a panic from a transaction's function back to the
// goroutine that queued it, which Update panics again with.
type panicked struct{ value any }

func (p *panicked) Error() string { return fmt.Sprintf("store: panic in a transaction: %v", p.value) }

// updateSQLite queues fn and waits for its result, running the queue
// itself when it gets the write turn first.
func (s *Store) updateSQLite(ctx context.Context, fn func(tx *Tx) error) error {
	w := &write{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case s.queue <- w:
	case <-ctx.Done():
		return ctx.Err()
	}
	for {
		select {
		case err := <-w.done:
			return err
		case s.writer <- struct{}{}:
			s.runQueue()
			<-s.writer
		}
	}
}

// runQueue commits the queued transactions in one SQLite transaction.
func (s *Store) runQueue() {
	var batch []*write
drain:
	for len(batch) < maxBatch {
		select {
		case w := <-s.queue:
			batch = append(batch, w)
		default:
			break drain
		}
	}
	if len(batch) == 0 {
		return
	}
	// modernc's driver watches a cancellable context with a goroutine per
	// statement; these statements take microseconds under the write lock,
	// so a transaction runs to its end once begun.
	bg := context.WithoutCancel(batch[0].ctx)
	sqlTx, err := s.db.BeginTx(bg, nil)
	if err != nil {
		for _, w := range batch {
			w.done <- fmt.Errorf("store: begin: %w", err)
		}
		return
	}
	savepoints := len(batch) > 1
	ran := 0
	for _, w := range batch {
		if err := w.ctx.Err(); err != nil {
			w.err = err // given up on before it ran
			continue
		}
		if savepoints {
			if _, err := sqlTx.ExecContext(bg, `SAVEPOINT w`); err != nil {
				w.err = fmt.Errorf("store: savepoint: %w", err)
				continue
			}
		}
		w.err = call(w.fn, &Tx{tx: sqlTx, s: s, ctx: context.WithoutCancel(w.ctx)})
		switch {
		case w.err != nil && savepoints:
			if _, err := sqlTx.ExecContext(bg, `ROLLBACK TO w`); err != nil {
				w.err = fmt.Errorf("store: rolling back after %w: %v", w.err, err)
			}
			fallthrough
		case savepoints:
			if _, err := sqlTx.ExecContext(bg, `RELEASE w`); err != nil && w.err == nil {
				w.err = fmt.Errorf("store: release: %w", err)
			}
		}
		if w.err == nil {
			ran++
		}
	}
	var commitErr error
	if ran == 0 {
		sqlTx.Rollback()
	} else if err := sqlTx.Commit(); err != nil {
		commitErr = fmt.Errorf("store: commit: %w", err)
	}
	for _, w := range batch {
		if w.err == nil {
			w.err = commitErr
		}
		w.done <- w.err
	}
}

// call runs fn, turning a panic into a *panicked error for Update to
// panic again with.
func call(fn func(tx *Tx) error, tx *Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicked{value: p}
		}
	}()
	return fn(tx)
}
