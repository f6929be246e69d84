package store_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// TestParallelWriters answers for one learner from many goroutines over
// two stores on one database (two replicas): every answer is counted,
// none is lost to a read-modify-write race. There are more writers than
// connections in a store's pool, so a transaction that took a second
// connection would deadlock here.
func TestParallelWriters(t *testing.T) {
	const writers, each = 40, 5
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		cfg.Deadlines = contention
		stores := []*store.Store{storetest.Open(t, cfg), storetest.Open(t, cfg)}
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				for k := range each {
					answer(t, stores[w%2], "same", "g", fmt.Sprintf("p%d", k%3), w%4 != 0)
				}
			})
		}
		wg.Wait()
		l, err := stores[0].Learner(context.Background(), "same", "adapwns")
		if err != nil {
			t.Fatal(err)
		}
		wantSolved, wantFailed := writers*each*3/4, writers*each/4 // every fourth writer fails its answers
		if l.Solved != wantSolved || l.Failed != wantFailed {
			t.Errorf("solved %d, failed %d; want %d and %d", l.Solved, l.Failed, wantSolved, wantFailed)
		}
		if want := 1500 + 10*float64(wantSolved-wantFailed); l.Rating.Rating != want {
			t.Errorf("rating %v, want %v", l.Rating.Rating, want)
		}
		as, _ := stores[1].Attempts(context.Background(), "same", "", 0)
		if len(as) != writers*each {
			t.Errorf("%d attempts stored, want %d", len(as), writers*each)
		}
		t.Logf("%d answers by %d writers on two stores: none lost", writers*each, writers)
	})
}

// contention are the deadlines of the tests that pile many writers on
// one row to count lost updates: on a loaded machine (or under -race)
// those serialised commits outlast the default deadlines, which are
// tested on their own (fault_test.go).
var contention = store.Deadlines{Shared: 30 * time.Second, Read: 30 * time.Second, Write: 30 * time.Second}

// Environment of the child process of TestKilledMidAnswer.
const (
	envChild  = "NIMTUTOR_STORE_KILL_CHILD"
	envCfg    = "NIMTUTOR_STORE_KILL_CFG"
	envKillAt = "NIMTUTOR_STORE_KILL_AT"
)

// TestMain runs the child's loop when re-executed by TestKilledMidAnswer.
func TestMain(m *testing.M) {
	if os.Getenv(envChild) == "1" {
		killChild()
		return
	}
	if path := os.Getenv(envOpenChild); path != "" {
		openChild(path)
		return
	}
	os.Exit(m.Run())
}

// killChild answers forever, announcing each answer from inside its
// transaction after the first writes and pausing there, so that a kill
// lands between the writes of one answer. At the answer the parent will
// kill it during (envKillAt) it waits there for the kill, however slowly
// a busy machine schedules the parent.
func killChild() {
	killAt, _ := strconv.Atoi(os.Getenv(envKillAt))
	cfg := store.Config{Path: os.Getenv(envCfg)}
	if strings.HasPrefix(cfg.Path, "postgres") {
		cfg = store.Config{DatabaseURL: cfg.Path}
	}
	s, err := store.Open(context.Background(), cfg)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	for n := 1; ; n++ {
		err := s.Update(context.Background(), func(tx *store.Tx) error {
			l, err := tx.LockLearner("killed", "adapwns", init1500)
			if err != nil {
				return err
			}
			l.Solved++
			l.Rating.Rating += 10
			if err := tx.PutLearner(l); err != nil {
				return err
			}
			fmt.Printf("mid %d\n", n)
			if n == killAt {
				time.Sleep(time.Minute) // the parent kills it here
			}
			time.Sleep(20 * time.Millisecond)
			p, err := tx.LockPuzzle("p", "adapwns", init1500)
			if err != nil {
				return err
			}
			p.Attempts++
			if err := tx.PutPuzzle(p); err != nil {
				return err
			}
			_, err = tx.AddAttempt(store.Attempt{User: "killed", Game: "adapwns", PuzzleID: "p", Move: "1 2", Correct: true, After: l.Rating.Rating, At: time.Now()})
			return err
		})
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Printf("done %d\n", n)
	}
}

// TestKilledMidAnswer SIGKILLs a process in the middle of an answer's
// transaction and checks that the database holds the old state or the
// new one, never half: the learner's count, the puzzle's count and the
// attempts agree.
func TestKilledMidAnswer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		target := cfg.Path
		if cfg.DatabaseURL != "" {
			target = cfg.DatabaseURL
		}
		// Migrate before the child starts, and let go of the file: on
		// SQLite one process holds it at a time.
		s, err := store.Open(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		complete := 0
		for round, killAt := range []int{1, 3, 5} {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), envChild+"=1", envCfg+"="+target, envKillAt+"="+strconv.Itoa(killAt))
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(out)
			mids := 0
			for sc.Scan() {
				line := sc.Text()
				if strings.HasPrefix(line, "error") {
					t.Fatalf("child: %s", line)
				}
				if strings.HasPrefix(line, "mid ") {
					if mids++; mids == killAt {
						break
					}
				}
			}
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			go func() {
				for sc.Scan() {
				}
			}()
			err = cmd.Wait()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
				t.Fatalf("child was not killed by a signal: %v", err)
			}
			// On PostgreSQL the server notices the dead connection and
			// rolls back; wait for its lock to go. On SQLite the kernel
			// released the child's hold on the file when it died.
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			s, err := store.Open(ctx, cfg)
			if err != nil {
				cancel()
				t.Fatalf("round %d: reopening after the kill: %v", round, err)
			}
			var l store.Learner
			err = s.Update(ctx, func(tx *store.Tx) error {
				var err error
				l, err = tx.LockLearner("killed", "adapwns", init1500)
				return err
			})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			p, _ := s.GetPuzzle(context.Background(), "p")
			as, _ := s.Attempts(context.Background(), "killed", "", 0)
			if l.Solved != len(as) || p.Attempts != len(as) || l.Rating.Rating != 1500+10*float64(len(as)) {
				t.Errorf("round %d: learner solved %d (rating %v), puzzle attempts %d, attempts %d: half an answer survived",
					round, l.Solved, l.Rating.Rating, p.Attempts, len(as))
			}
			// Every answer before the killed one committed.
			complete += killAt - 1
			if len(as) != complete {
				t.Errorf("round %d: %d attempts stored, want %d", round, len(as), complete)
			}
			s.Close()
			t.Logf("round %d: killed during answer %d; %d complete answers stored, the killed one left no trace", round, killAt, len(as))
		}
	})
}

// TestFailedWritesLeaveNoTrace runs writers at once, half of which write
// and then fail: on SQLite they share one transaction (one savepoint
// each), and only the others' writes may survive. A panic in a writer
// reaches its own goroutine.
func TestFailedWritesLeaveNoTrace(t *testing.T) {
	const writers = 32
	errFail := errors.New("fail after writing")
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				err := s.Update(context.Background(), func(tx *store.Tx) error {
					if _, err := tx.LockLearner(fmt.Sprintf("u%d", w), "adapwns", init1500); err != nil {
						return err
					}
					if w%2 == 1 {
						return errFail
					}
					return nil
				})
				switch {
				case w%2 == 1 && !errors.Is(err, errFail):
					t.Errorf("writer %d: %v, want its own error", w, err)
				case w%2 == 0 && err != nil:
					t.Errorf("writer %d: %v", w, err)
				}
			})
		}
		wg.Wait()
		for w := range writers {
			_, err := s.Learner(context.Background(), fmt.Sprintf("u%d", w), "adapwns")
			if (err == nil) != (w%2 == 0) {
				t.Errorf("writer %d (failing %v): learner read %v", w, w%2 == 1, err)
			}
		}
		func() {
			defer func() {
				if p := recover(); p != "boom" {
					t.Errorf("recovered %v, want the writer's panic", p)
				}
				// On PostgreSQL fn runs on the caller's goroutine, and the
				// frames that panicked are still there for a handler to log.
				if stack := string(debug.Stack()); b.Kind == store.Postgres && !strings.Contains(stack, "panicsHere") {
					t.Errorf("the panic's stack lost the function that panicked:\n%s", stack)
				}
			}()
			s.Update(context.Background(), panicsHere)
		}()
		if err := s.Update(context.Background(), func(*store.Tx) error { return nil }); err != nil {
			t.Errorf("after a panic the store does not write: %v", err)
		}
	})
}

// panicsHere is a transaction's function that panics, by a name its stack
// can be searched for.
func panicsHere(*store.Tx) error { panic("boom") }
