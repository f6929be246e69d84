package bot

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/store"
)

// stalledLedger is a Ledger that cannot answer until released, like a
// database whose server is paused. With obeyCtx unset it ignores its
// context too, as a driver stuck in a system call does.
type stalledLedger struct {
	release chan struct{}
	obeyCtx bool
	mu      sync.Mutex
	calls   int
}

func (l *stalledLedger) Claim(ctx context.Context, _ string) (bool, error) {
	l.mu.Lock()
	l.calls++
	l.mu.Unlock()
	if l.obeyCtx {
		select {
		case <-l.release:
		case <-ctx.Done():
			return false, ctx.Err()
		}
	} else {
		<-l.release
	}
	return true, nil
}

// stallCrowd sends 100 interactions, half answered at once and half
// slow, through the HTTP transport while ledger is stalled, and checks
// that each gets its answer or its deferral before the stall ends: the
// 100 requests return while the ledger is still held, so none of them
// waited for it. It returns the metrics.
func stallCrowd(t *testing.T, ledger Ledger, release func()) *Metrics {
	t.Helper()
	m := NewMetrics()
	pub, priv := newKey(t)
	never := make(chan struct{})
	defer close(never)
	h := newHTTPHandler(pub, &fakeHandler{
		handle: func(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
			if i.ApplicationCommandData().Name == "slow" {
				select { // deferred; its answer is not what this test is about
				case <-never:
				case <-ctx.Done():
				}
			}
			return message("answer")
		},
	}, WithClock(func() time.Time { return testNow }), WithLedger(ledger), WithClaimTimeout(50*time.Millisecond),
		WithDeferAfter(100*time.Millisecond), WithSender(m.Sender(&fakeSender{})))
	const n = 100
	bodies := make([]string, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := "quick"
			if k%2 == 1 {
				name = "slow"
			}
			i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: name})
			bodies[k] = serve(h, signed(t, priv, testNow, marshal(t, i))).Body.String()
		}()
	}
	wg.Wait() // all 100 answered while the ledger is still stalled
	release()
	for k, body := range bodies {
		// A quick answer may still be deferred on a loaded machine (the
		// race detector): either is an answer in time.
		quick := k%2 == 0 && strings.Contains(body, `"content":"answer"`)
		if !quick && body != `{"type":5}` {
			t.Errorf("interaction %d answered %q, want the answer or a deferral", k, body)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h.d.stop(errStopping)
	h.d.wait(ctx)
	return m
}

// TestStalledLedgerDoesNotHoldAnswers stalls a fake ledger (one that
// ignores its context, one that obeys it) while 100 interactions arrive:
// every one is answered or deferred before the ledger is released, and
// /metrics counts 100 late claims.
func TestStalledLedgerDoesNotHoldAnswers(t *testing.T) {
	for _, obey := range []bool{false, true} {
		t.Run(fmt.Sprintf("obeys its context: %v", obey), func(t *testing.T) {
			l := &stalledLedger{release: make(chan struct{}), obeyCtx: obey}
			m := stallCrowd(t, l, func() { close(l.release) })
			b := metricsText(t, m)
			if !strings.Contains(b, "nimtutor_ledger_claims_late_total 100\n") {
				t.Errorf("metrics do not count 100 late claims:\n%s", grepLines(b, "claims_late"))
			}
		})
	}
}

// TestSQLiteWriteLockDoesNotHoldAnswers holds SQLite's write lock from a
// second connection, as another process would, while 100 interactions
// arrive with the store as their ledger.
func TestSQLiteWriteLockDoesNotHoldAnswers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	ctx := context.Background()
	st, err := store.Open(ctx, store.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	other, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	locked := true
	unlock := func() {
		if locked {
			conn.ExecContext(ctx, "ROLLBACK")
			conn.Close()
			locked = false
		}
	}
	defer unlock()
	// The lock is really held: a claim does not finish while it is (the
	// driver waits out its busy timeout, whatever its context says).
	probe := make(chan error, 1)
	go func() {
		_, err := st.Claim(ctx, "1200000000000000777")
		probe <- err
	}()
	select {
	case err := <-probe:
		t.Fatalf("a claim finished (%v) through the held write lock: the test holds nothing", err)
	case <-time.After(200 * time.Millisecond):
	}
	m := stallCrowd(t, st, unlock)
	<-probe
	b := metricsText(t, m)
	if strings.Contains(b, "nimtutor_ledger_claims_late_total 0\n") {
		t.Errorf("no late claim counted while SQLite was locked:\n%s", grepLines(b, "claims_late"))
	}
}

// metricsText returns what /metrics shows.
func metricsText(tb testing.TB, m *Metrics) string {
	tb.Helper()
	w := httptest.NewRecorder()
	m.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	return w.Body.String()
}

// grepLines returns the lines of s that contain sub.
func grepLines(s, sub string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, sub) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
