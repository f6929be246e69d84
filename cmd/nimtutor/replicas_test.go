package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// This file runs nimtutor as replicas behind a load balancer, all on
// loopback: three `nimtutor http` processes on one fresh PostgreSQL
// schema, and a round-robin reverse proxy (net/http/httputil) in front.
// It drives a mixed load and the practice flow through the proxy,
// SIGKILLs one replica mid-run, and checks what replicas must agree on.

// Replica settings of the test: a per-user limit small enough to test,
// large enough for a learner's practice session.
const (
	replicaBurst = 20
	replicaPer   = 10 * time.Second
)

// roundRobin is a reverse proxy over backends in turn. Like nginx's
// proxy_next_upstream error, it tries the next backend when one cannot
// be connected to (a dead replica), never after a request was sent.
type roundRobin struct {
	transport *http.Transport
	backends  []*url.URL
	next      atomic.Uint64
	proxy     *httputil.ReverseProxy
}

func newRoundRobin(urls []string) *roundRobin {
	rr := &roundRobin{transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second}}
	for _, u := range urls {
		p, _ := url.Parse(u)
		rr.backends = append(rr.backends, p)
	}
	rr.proxy = &httputil.ReverseProxy{
		Rewrite:   func(r *httputil.ProxyRequest) {},
		Transport: rr,
		ErrorLog:  nil,
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, err error) {
			http.Error(w, "proxy: "+err.Error(), http.StatusBadGateway)
		},
	}
	return rr
}

// RoundTrip sends r to the next backend, and on to the others while the
// connection is refused.
func (rr *roundRobin) RoundTrip(r *http.Request) (*http.Response, error) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	start := rr.next.Add(1)
	var lastErr error
	for k := range len(rr.backends) {
		b := rr.backends[(int(start)+k)%len(rr.backends)]
		out := r.Clone(r.Context())
		out.URL.Scheme, out.URL.Host, out.Host = b.Scheme, b.Host, b.Host
		out.Body = io.NopCloser(bytes.NewReader(body))
		out.ContentLength = int64(len(body))
		resp, err := rr.transport.RoundTrip(out)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		if !isRefused(err) {
			return nil, err
		}
	}
	return nil, lastErr
}

func isRefused(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "connection refused") || errorsIsRefused(err))
}

func errorsIsRefused(err error) bool {
	var errno syscall.Errno
	for e := err; e != nil; {
		if x, ok := e.(syscall.Errno); ok {
			errno = x
			break
		}
		u, ok := e.(interface{ Unwrap() error })
		if !ok {
			break
		}
		e = u.Unwrap()
	}
	return errno == syscall.ECONNREFUSED
}

// client sends signed interactions to one URL (a replica or the proxy).
type client struct {
	url  string
	priv ed25519.PrivateKey
	http *http.Client
}

// body builds an interaction by user in guild with data.
func (c *client) body(id string, typ int, user string, data any) []byte {
	b, _ := json.Marshal(map[string]any{
		"id": id, "application_id": "1000000000000000001", "type": typ, "token": "token-" + id, "version": 1,
		"guild_id": "444444444444444444", "member": map[string]any{"user": map[string]any{"id": user, "username": "u"}},
		"data": data, "message": map[string]any{"id": "2", "channel_id": "3", "timestamp": time.Now().Format(time.RFC3339)},
	})
	return b
}

func (c *client) newID() string {
	return newSnowflake()
}

// post sends a signed body and returns the status and the reply (nil
// unless 200).
func (c *client) post(tb testing.TB, body []byte) (int, *reply, error) {
	s := &server{url: c.url, priv: c.priv}
	resp, err := c.http.Do(s.request(tb, body))
	if err != nil {
		return 0, nil, err
	}
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, nil, nil
	}
	return 200, readReplyErr(resp), nil
}

// readReplyErr is readReply for goroutines: a reply that does not decode
// comes back empty, and the caller's checks fail on it.
func readReplyErr(resp *http.Response) *reply {
	var r *reply
	func() {
		defer func() { recover() }()
		r = readReply(panicTB{}, resp)
	}()
	if r == nil {
		r = &reply{}
	}
	return r
}

// panicTB turns readReply's fatal errors into panics that readReplyErr
// recovers.
type panicTB struct{ testing.TB }

func (panicTB) Helper()                   {}
func (panicTB) Fatal(args ...any)         { panic(fmt.Sprint(args...)) }
func (panicTB) Fatalf(f string, a ...any) { panic(fmt.Sprintf(f, a...)) }

// command is /GAME SUB position:pos as data.
func gameCommand(game, sub, pos string) map[string]any {
	return map[string]any{"id": "9", "name": game, "type": 1, "options": []any{
		map[string]any{"name": sub, "type": 1, "options": []any{map[string]any{"name": "position", "type": 3, "value": pos}}},
	}}
}

// menuOf returns the reply's move menu, if any.
func menuOf(r *reply) (control, bool) {
	for _, raw := range r.Data.Components {
		var row control
		if json.Unmarshal(raw, &row) != nil {
			continue
		}
		for _, c := range row.Components {
			if c.Type == 3 && len(c.Options) > 0 {
				return c, true
			}
		}
	}
	return control{}, false
}

// loadResult counts one load run.
type loadResult struct {
	requests, ok, failed, limited int64
	elapsed                       time.Duration
}

func (l loadResult) rate() float64 { return float64(l.requests) / l.elapsed.Seconds() }

// replicaPosition is an adapwns position of 3 to 600 cells, with pawns
// on about one cell in eight (boards above ~300 cells do not fit in a
// custom_id, so their games live in the shared store), or a binim2
// position of up to 40 digits.
func replicaPosition(rng *rand.Rand, light bool) (string, string) {
	n := 3 + rng.IntN(598)
	if light {
		n = 3 + rng.IntN(18)
	}
	var b strings.Builder
	if rng.IntN(2) == 0 {
		for range n {
			if rng.IntN(8) == 0 {
				b.WriteByte('P')
			} else {
				b.WriteByte('.')
			}
		}
		if !strings.Contains(b.String(), "P") {
			return "adapwns", b.String() + "P"
		}
		return "adapwns", b.String()
	}
	for range min(n, 40) {
		b.WriteByte("01"[rng.IntN(2)])
	}
	return "binim2", b.String() + " 0"
}

// session is one user's burst of work: a solve, or a game of up to four
// moves by menu. It reports the requests it made.
func session(tb testing.TB, c *client, rng *rand.Rand, user string, light bool, res *loadResult, mu *sync.Mutex) {
	count := func(status int, r *reply, err error) {
		mu.Lock()
		defer mu.Unlock()
		res.requests++
		switch {
		case err != nil || status != 200:
			res.failed++
		case strings.HasPrefix(r.Data.Content, "Slow down"):
			res.limited++
		case strings.Contains(r.text(), genericApology):
			res.failed++
		default:
			res.ok++
		}
	}
	game, pos := replicaPosition(rng, light)
	if rng.IntN(3) == 0 {
		st, r, err := c.post(tb, c.body(c.newID(), 2, user, gameCommand(game, "solve", pos)))
		count(st, r, err)
		return
	}
	st, r, err := c.post(tb, c.body(c.newID(), 2, user, gameCommand(game, "play", pos)))
	count(st, r, err)
	for range 4 {
		if err != nil || st != 200 {
			return
		}
		m, ok := menuOf(r)
		if !ok {
			return
		}
		v := m.Options[rng.IntN(len(m.Options))].Value
		st, r, err = c.post(tb, c.body(c.newID(), 3, user, map[string]any{"custom_id": m.CustomID, "component_type": 3, "values": []string{v}}))
		count(st, r, err)
	}
}

// runLoad runs workers sessions at once through c for d, each session a
// new user so that the per-user limit does not apply. A light load uses
// positions of 3 to 20 cells, where the answer costs little and the
// store's round trips show.
func runLoad(tb testing.TB, c *client, workers int, d time.Duration, light bool, onHalf func()) loadResult {
	var res loadResult
	var mu sync.Mutex
	var users atomic.Int64
	start := time.Now()
	deadline := start.Add(d)
	var half sync.Once
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), uint64(start.UnixNano())))
			for time.Now().Before(deadline) {
				if onHalf != nil && time.Since(start) > d/2 {
					half.Do(onHalf)
				}
				session(tb, c, rng, fmt.Sprintf("8%017d", users.Add(1)), light, &res, &mu)
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// TestMultiReplica is the multi-replica test of docs/SCALING.md. It
// needs PostgreSQL (NIMTUTOR_TEST_DATABASE_URL); CI provides it and sets
// NIMTUTOR_REQUIRE_PG=1, which turns a missing server into a failure.
func TestMultiReplica(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	if os.Getenv(storetest.EnvURL) == "" {
		if os.Getenv(storetest.EnvRequire) == "1" {
			t.Fatalf("%s=1 but %s is not set", storetest.EnvRequire, storetest.EnvURL)
		}
		t.Skipf("%s is not set: no PostgreSQL for the replicas", storetest.EnvURL)
	}
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	discord := newFakeDiscord(t) // deferred answers go there, never to Discord
	common := []string{"LOG_LEVEL=error",
		fmt.Sprintf("RATE_BURST=%d", replicaBurst), "RATE_PER=" + replicaPer.String()}
	httpc := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	const workers = 8
	loadFor := 2 * time.Second

	// Baseline: one replica on SQLite, as one process runs today.
	sqlite := startServer(t, priv, discord, append(common, "NIMTUTOR_DB="+filepath.Join(t.TempDir(), "one.db")))
	oneSQLite := runLoad(t, &client{url: sqlite.url, priv: priv, http: httpc}, workers, loadFor, false, nil)
	oneSQLiteLight := runLoad(t, &client{url: sqlite.url, priv: priv, http: httpc}, workers, loadFor, true, nil)
	sqlite.stop(t)

	cfg := storetest.PostgresConfig(t) // a fresh schema for this test
	pgEnv := append(common, "DATABASE_URL="+cfg.DatabaseURL)
	replicas := []*server{startServer(t, priv, discord, pgEnv), startServer(t, priv, discord, pgEnv), startServer(t, priv, discord, pgEnv)}
	for _, r := range replicas {
		checkReady(t, r)
	}
	onePG := runLoad(t, &client{url: replicas[0].url, priv: priv, http: httpc}, workers, loadFor, false, nil)
	onePGLight := runLoad(t, &client{url: replicas[0].url, priv: priv, http: httpc}, workers, loadFor, true, nil)

	rr := newRoundRobin([]string{replicas[0].url, replicas[1].url, replicas[2].url})
	proxy := httptest.NewServer(rr.proxy)
	defer proxy.Close()
	viaProxy := &client{url: proxy.URL + "/interactions", priv: priv, http: httpc}
	threePG := runLoad(t, viaProxy, workers, loadFor, false, nil)
	threePGLight := runLoad(t, viaProxy, workers, loadFor, true, nil)

	// One interaction id delivered to two replicas at once is processed
	// once: one answer, one refusal.
	t.Run("duplicate delivery", func(t *testing.T) {
		direct := []*client{{url: replicas[1].url, priv: priv, http: httpc}, {url: replicas[2].url, priv: priv, http: httpc}}
		for k := range 20 {
			id := direct[0].newID()
			body := direct[0].body(id, 2, fmt.Sprintf("9%017d", k), gameCommand("adapwns", "solve", "..P.P"))
			var statuses [2]int
			var wg sync.WaitGroup
			for j := range 2 {
				wg.Go(func() {
					st, _, err := direct[j].post(t, body)
					if err != nil {
						t.Error(err)
					}
					statuses[j] = st
				})
			}
			wg.Wait()
			sort.Ints(statuses[:])
			if statuses != [2]int{200, 400} {
				t.Errorf("interaction %s sent to two replicas: statuses %v, want one 200 and one 400", id, statuses)
			}
		}
	})

	// The per-user limit holds across replicas: through the round robin,
	// one user's requests reach every replica, and only the burst passes.
	t.Run("rate limit across replicas", func(t *testing.T) {
		// Start at the beginning of a window, so that the burst is not
		// split across two (a fixed window allows 2× at its edge).
		if into := time.Duration(time.Now().UnixNano()) % replicaPer; into > replicaPer/3 {
			time.Sleep(replicaPer - into + 50*time.Millisecond)
		}
		user := "555555555555555555"
		passed, limited := 0, 0
		for range 3 * replicaBurst {
			st, r, err := viaProxy.post(t, viaProxy.body(viaProxy.newID(), 2, user, gameCommand("adapwns", "solve", ".P")))
			if err != nil || st != 200 {
				t.Fatalf("status %d, %v", st, err)
			}
			if strings.HasPrefix(r.Data.Content, "Slow down") {
				limited++
			} else {
				passed++
			}
		}
		if passed != replicaBurst {
			t.Errorf("%d of %d requests passed across three replicas, want the burst of %d (per replica it would be %d)", passed, 3*replicaBurst, replicaBurst, 3*replicaBurst)
		}
	})

	// Games and practice through the proxy while one replica is killed.
	st, err := store.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games := startGames(t, viaProxy, 12)
	learners := make([]*practiceLearner, 6)
	for k := range learners {
		learners[k] = &practiceLearner{c: viaProxy, user: fmt.Sprintf("66666666666666666%d", k)}
	}
	var killed atomic.Bool
	kill := func() {
		replicas[0].cmd.Process.Signal(syscall.SIGKILL)
		replicas[0].cmd.Wait()
		killed.Store(true)
	}
	// The learners practise for as long as the load runs, so that the
	// kill lands in the middle of their answers.
	var wg sync.WaitGroup
	until := time.Now().Add(loadFor)
	for _, l := range learners {
		wg.Go(func() { l.practise(t, 0, until) })
	}
	mixed := runLoad(t, viaProxy, workers, loadFor, false, kill)
	wg.Wait()
	if !killed.Load() {
		t.Fatal("the replica was not killed")
	}

	t.Run("games continue on the surviving replicas", func(t *testing.T) {
		continued := 0
		for _, g := range games {
			if g.over {
				continue
			}
			if !g.move(t, viaProxy) {
				continue
			}
			continued++
		}
		if continued == 0 {
			t.Error("no game was left to continue")
		}
		db, err := sql.Open("pgx", cfg.DatabaseURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var states int
		if err := db.QueryRow(`SELECT COUNT(*) FROM states`).Scan(&states); err != nil {
			t.Fatal(err)
		}
		if states == 0 {
			t.Error("no game state was stored in PostgreSQL: the test did not exercise shared states")
		}
		t.Logf("%d games started before the kill went on after it; %d states too long for a custom_id are in PostgreSQL", continued, states)
	})

	t.Run("no practice result lost or counted twice", func(t *testing.T) {
		for _, l := range learners {
			as, err := st.Attempts(context.Background(), l.user, "", 0)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for _, a := range as {
				if seen[a.PuzzleID] {
					t.Errorf("%s: puzzle %s counted twice", l.user, a.PuzzleID)
				}
				seen[a.PuzzleID] = true
			}
			for _, id := range l.acked {
				if !seen[id] {
					t.Errorf("%s: answer to %s was acknowledged but is not stored", l.user, id)
				}
			}
			if len(as) > len(l.acked)+l.inDoubt {
				t.Errorf("%s: %d answers stored, more than the %d acknowledged and %d in doubt", l.user, len(as), len(l.acked), l.inDoubt)
			}
			lr, err := st.Learner(context.Background(), l.user, "adapwns")
			if err != nil {
				t.Fatal(err)
			}
			if lr.Solved+lr.Failed != len(as) {
				t.Errorf("%s: rating counts %d solved + %d failed, but %d answers stored", l.user, lr.Solved, lr.Failed, len(as))
			}
		}
	})

	// Store operations per practice answer (a /practice command and the
	// answer's click), read from the surviving replicas' /metrics.
	before := storeOps(t, replicas[1:])
	counter := &practiceLearner{c: viaProxy, user: "888888888888888888"}
	counter.practise(t, 10, time.Time{})
	after := storeOps(t, replicas[1:])
	if len(counter.acked) == 0 {
		t.Fatal("no practice answer was acknowledged in the writes phase")
	}
	var ops []string
	for op := range after {
		ops = append(ops, fmt.Sprintf("%s %.1f", op, float64(after[op]-before[op])/float64(len(counter.acked))))
	}
	sort.Strings(ops)
	t.Logf("store operations per practice answer (/practice + the answer's click), over %d answers: %s", len(counter.acked), strings.Join(ops, ", "))
	acked, doubt := 0, 0
	for _, l := range learners {
		acked, doubt = acked+len(l.acked), doubt+l.inDoubt
	}
	t.Logf("practice during the kill: %d answers acknowledged, %d in doubt (their request died with the replica, or its verdict was deferred); none lost or counted twice", acked, doubt)
	t.Logf("load: %d workers, each session a new user (solve 1/3, play + up to 4 moves 2/3; adapwns of 3-600 cells, binim2 of up to 40 digits)", workers)
	t.Logf("%-34s %8s %8s %8s %8s", "setup", "req/s", "ok", "failed", "limited")
	for _, row := range []struct {
		name string
		r    loadResult
	}{
		{"mixed: 1 replica, SQLite", oneSQLite}, {"mixed: 1 replica, PostgreSQL", onePG}, {"mixed: 3 replicas + proxy, PG", threePG},
		{"mixed: 3 replicas, one SIGKILLed", mixed},
		{"light: 1 replica, SQLite", oneSQLiteLight}, {"light: 1 replica, PostgreSQL", onePGLight}, {"light: 3 replicas + proxy, PG", threePGLight},
	} {
		t.Logf("%-34s %8.0f %8d %8d %8d", row.name, row.r.rate(), row.r.ok, row.r.failed, row.r.limited)
	}
	discord.mu.Lock()
	t.Logf("deferred answers delivered to the fake Discord: %d", len(discord.edits))
	discord.mu.Unlock()
	if oneSQLite.failed+onePG.failed+threePG.failed+oneSQLiteLight.failed+onePGLight.failed+threePGLight.failed > 0 {
		t.Errorf("requests failed without a kill: SQLite %d, one PG %d, three PG %d", oneSQLite.failed, onePG.failed, threePG.failed)
	}
}

// storeOps sums the replicas' nimtutor_store_seconds_count by operation.
func storeOps(tb testing.TB, servers []*server) map[string]int64 {
	tb.Helper()
	out := map[string]int64{}
	for _, s := range servers {
		resp, err := http.Get(strings.TrimSuffix(s.url, "/interactions") + "/metrics")
		if err != nil {
			tb.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for _, line := range strings.Split(string(b), "\n") {
			var op string
			var n int64
			if _, err := fmt.Sscanf(line, "nimtutor_store_seconds_count{op=%q} %d", &op, &n); err == nil {
				out[op] += n
			}
		}
	}
	return out
}

// checkReady fails tb unless a replica's /healthz and /readyz answer 200.
func checkReady(tb testing.TB, s *server) {
	tb.Helper()
	base := strings.TrimSuffix(s.url, "/interactions")
	for _, p := range []string{"/healthz", "/readyz", "/metrics"} {
		resp, err := http.Get(base + p)
		if err != nil {
			tb.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			tb.Errorf("GET %s = %d %s", p, resp.StatusCode, b)
		}
	}
}

// game is a game against the bot in progress through the proxy.
type game struct {
	user string
	menu control
	over bool
}

// startGames starts n games on long and short positions.
func startGames(tb testing.TB, c *client, n int) []*game {
	tb.Helper()
	var out []*game
	for k := range n {
		// Half the games are too long for a custom_id (about 300 cells
		// and more), so their state lives in PostgreSQL.
		pos := strings.Repeat(".", 20+k*60) + "P.P..P"
		g := &game{user: fmt.Sprintf("77777777777777777%d", k%10) + fmt.Sprint(k/10)}
		st, r, err := c.post(tb, c.body(c.newID(), 2, g.user, gameCommand("adapwns", "play", pos)))
		if err != nil || st != 200 {
			tb.Fatalf("starting a game: %d %v", st, err)
		}
		m, ok := menuOf(r)
		if !ok {
			tb.Fatalf("a new game has no move menu:\n%s", r.text())
		}
		g.menu = m
		out = append(out, g)
	}
	return out
}

// move plays the menu's first move and reports whether the game went on
// (a new board or the end), failing tb if the state was lost.
func (g *game) move(tb testing.TB, c *client) bool {
	tb.Helper()
	st, r, err := c.post(tb, c.body(c.newID(), 3, g.user, map[string]any{"custom_id": g.menu.CustomID, "component_type": 3, "values": []string{g.menu.Options[0].Value}}))
	if err != nil || st != 200 {
		tb.Errorf("a move after the kill: status %d, %v", st, err)
		return false
	}
	if strings.Contains(r.text(), "no longer stored") || strings.Contains(r.text(), genericApology) {
		tb.Errorf("a game did not continue after the kill:\n%s", r.text())
		return false
	}
	if m, ok := menuOf(r); ok {
		g.menu = m
	} else {
		g.over = true
	}
	return true
}

// practiceLearner answers practice puzzles through the proxy and keeps
// which answers were acknowledged and how many are in doubt (the request
// failed, so the answer may or may not have been stored).
type practiceLearner struct {
	c       *client
	user    string
	acked   []string
	inDoubt int
}

// practise answers at least n puzzles, and goes on until until,
// alternating right and wrong answers.
func (l *practiceLearner) practise(tb testing.TB, n int, until time.Time) {
	send := func(typ int, data any) (*reply, bool) {
		for {
			st, r, err := l.c.post(tb, l.c.body(l.c.newID(), typ, l.user, data))
			if err != nil || st != 200 {
				return nil, false
			}
			if strings.HasPrefix(r.Data.Content, "Slow down") {
				time.Sleep(time.Second)
				continue
			}
			return r, true
		}
	}
	cmd := map[string]any{"id": "9", "name": "practice", "type": 1, "options": []any{map[string]any{"name": "game", "type": 3, "value": "adapwns"}}}
	for k := 0; k < n || time.Now().Before(until); k++ {
		r, ok := send(2, cmd)
		if !ok || len(r.Data.Embeds) == 0 {
			continue // the replica died before showing a puzzle: nothing to answer
		}
		p := puzzleOfErr(r)
		m, okm := menuOf(r)
		if p == nil || !okm {
			tb.Errorf("%s: a puzzle without a menu:\n%s", l.user, r.text())
			return
		}
		choice := ""
		for _, o := range m.Options {
			a, b, _ := parseTwo(o.Value)
			if p.IsWinning(p.Position.Game().MoveOf(a, b)) == (k%2 == 0) {
				choice = o.Value
				break
			}
		}
		if choice == "" {
			choice = m.Options[0].Value
		}
		r, ok = send(3, map[string]any{"custom_id": m.CustomID, "component_type": 3, "values": []string{choice}})
		switch {
		case !ok:
			l.inDoubt++
		case r.Type == int(discordgo.InteractionResponseDeferredMessageUpdate):
			// The answer took longer than the deferral threshold (a loaded
			// machine, the kill): its verdict was to follow by webhook, and
			// the replica may have died first, so it may or may not be
			// stored.
			l.inDoubt++
		case strings.Contains(r.text(), "Rating:"):
			l.acked = append(l.acked, p.ID)
		default:
			tb.Errorf("%s: an answer to %s got neither a verdict nor a failure (response type %d):\n%s", l.user, p.ID, r.Type, r.text())
		}
	}
}

// puzzleOfErr is puzzleOf for goroutines: nil when the reply is not a puzzle.
func puzzleOfErr(r *reply) *practice.Puzzle {
	var p *practice.Puzzle
	func() {
		defer func() { recover() }()
		p = puzzleOf(panicTB{}, r)
	}()
	return p
}
