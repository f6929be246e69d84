package main

import (
	"crypto/ed25519"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store/storetest"
)

// This file stalls the database under a running `nimtutor http` while
// interactions arrive, as a failover, a full disk on the server or a
// migration holding a lock does: a private PostgreSQL cluster paused
// with SIGSTOP, and an SQLite file whose write lock another connection
// holds. Every interaction must get its first response while the
// database is still stalled (commands that need no database never wait
// for it; those that do give up at their deadline), and every deferred
// answer must be delivered afterwards: a real answer, or the message
// that says what was not recorded, never the apology for a bug.

// stallFor is how long the database stays stalled.
const stallFor = 10 * time.Second

// stallInteractions is how many interactions arrive during the stall.
const stallInteractions = 100

func TestStalledDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes and a PostgreSQL cluster")
	}
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("postgres paused", func(t *testing.T) {
		pg := startPrivatePostgres(t)
		discord := newFakeDiscord(t)
		// Shorter than the ledger's and the rate limit's own waits, so that the
		// store gives up first and counts the fault.
		srv := startServer(t, priv, discord, []string{"DATABASE_URL=" + pg.url, "LOG_LEVEL=error", "NIMTUTOR_STORE_DEADLINES=shared=250ms"})
		runStall(t, srv, discord, pg.pause, false)
		metrics := scrapeMetrics(t, srv)
		for _, want := range []string{`nimtutor_store_faults_total{kind="shared"}`, `nimtutor_store_faults_total{kind="write"}`, "nimtutor_rate_limit_fallbacks_total"} {
			if n := metricValue(metrics, want); n <= 0 {
				t.Errorf("%s = %v, want the stall counted", want, n)
			}
		}
	})

	t.Run("sqlite write lock held", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "nimtutor.db")
		discord := newFakeDiscord(t)
		srv := startServer(t, priv, discord, []string{"NIMTUTOR_DB=" + path, "LOG_LEVEL=error"})
		hold := func(tb testing.TB) func() {
			db, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate&_pragma=busy_timeout(5000)")
			if err != nil {
				tb.Fatal(err)
			}
			tx, err := db.Begin()
			if err != nil {
				tb.Fatal(err)
			}
			// BEGIN IMMEDIATE takes the write lock; a write makes it real.
			if _, err := tx.Exec(`INSERT INTO states (state_key, value, expires_at) VALUES ('stall-test', '', 0)`); err != nil {
				tb.Fatal(err)
			}
			return func() {
				tx.Rollback()
				db.Close()
			}
		}
		runStall(t, srv, discord, hold, true)
		metrics := scrapeMetrics(t, srv)
		if n := metricValue(metrics, `nimtutor_store_faults_total{kind="write"}`); n <= 0 {
			t.Errorf("store write faults = %v, want the stall counted", n)
		}
	})
}

// stalled is one interaction sent during the stall and what came of it.
type stalled struct {
	kind  string // "game", "answer", "progress", "practice"
	token string
	sent  time.Time
	at    time.Time // when the first response arrived
	reply *reply
	err   error
	final *reply // the answer: the reply itself, or the delivered edit
}

// runStall opens a puzzle for each of 20 learners, stalls the database
// with stall, sends stallInteractions interactions over half the stall,
// and checks what each got. readsWork says whether reads still work
// during the stall (SQLite's readers do not wait for a writer).
func runStall(t *testing.T, srv *server, discord *fakeDiscord, stall func(testing.TB) func(), readsWork bool) {
	const learners = 20
	var ls []*learner
	var menus []control
	for k := range learners {
		l := &learner{tb: t, srv: srv, discord: discord, user: strconv.Itoa(500000000000000000 + k), guild: "444444444444444444"}
		r := l.command("practice", "game", "adapwns")
		mustContain(t, "/practice before the stall", r, "Find a move")
		ls, menus = append(ls, l), append(menus, r.find(t, "menu"))
	}

	httpc := &http.Client{Timeout: 30 * time.Second}
	results := make([]*stalled, stallInteractions)
	var wg sync.WaitGroup
	resume := stall(t)
	resumed := false
	defer func() {
		if !resumed {
			resume()
		}
	}()
	start := time.Now()
	positions := []struct{ game, pos string }{{"adapwns", "..P...P."}, {"adapwns", ".P..P..P"}, {"binim2", "0110 0"}, {"binim2", "10 1"}}
	subs := []string{"solve", "hint", "moves", "verify"}
	for k := range stallInteractions {
		s := &stalled{}
		results[k] = s
		id := newSnowflake()
		s.token = "tok" + id
		user := strconv.Itoa(600000000000000000 + k)
		var typ int
		var data any
		switch k % 10 {
		case 0, 1:
			l := (k/10)*2 + k%10
			s.kind, user, typ = "answer", ls[l].user, 3
			data = map[string]any{"custom_id": menus[l].CustomID, "component_type": 3, "values": []string{menus[l].Options[0].Value}}
		case 2:
			s.kind, typ = "progress", 2
			data = map[string]any{"id": "9", "name": "progress", "type": 1}
		case 3:
			s.kind, typ = "practice", 2
			data = map[string]any{"id": "9", "name": "practice", "type": 1, "options": []any{map[string]any{"name": "game", "type": 3, "value": "adapwns"}}}
		default:
			p := positions[k%len(positions)]
			s.kind, typ = "game", 2
			data = gameCommand(p.game, subs[k%len(subs)], p.pos)
		}
		body, err := json.Marshal(map[string]any{
			"id": id, "application_id": "1000000000000000001", "type": typ, "token": s.token, "version": 1,
			"guild_id": "444444444444444444", "member": map[string]any{"user": map[string]any{"id": user, "username": "u"}},
			"data": data, "message": map[string]any{"id": "2", "channel_id": "3", "flags": 64, "timestamp": time.Now().Format(time.RFC3339)},
		})
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sent = time.Now()
			resp, err := httpc.Do(srv.request(t, body))
			if err != nil {
				s.err = err
				return
			}
			s.at = time.Now()
			if resp.StatusCode != http.StatusOK {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				s.err = fmt.Errorf("status %d: %s", resp.StatusCode, b)
				return
			}
			s.reply = readReplyErr(resp)
		}()
		time.Sleep(stallFor / 2 / stallInteractions)
	}
	// The stall lasts stallFor, and at least Discord's three seconds
	// after the last interaction was sent (a slow machine, or the race
	// detector, may take longer to send them than planned): an answer
	// that waited for the database would still be missing then.
	resumeAt := start.Add(stallFor)
	if last := time.Now().Add(3 * time.Second); last.After(resumeAt) {
		resumeAt = last
	}
	all := make(chan struct{})
	go func() { wg.Wait(); close(all) }()
	select {
	case <-all:
	case <-time.After(time.Until(resumeAt)):
	}
	time.Sleep(time.Until(resumeAt))
	resumedAt := time.Now()
	resume()
	resumed = true
	<-all

	// Every interaction had its first response while the database was
	// still stalled.
	var late []string
	var worst time.Duration
	over3 := 0
	for k, s := range results {
		if s.err != nil || s.reply == nil || s.reply.Type == 0 {
			t.Errorf("interaction %d (%s): no response: %v", k, s.kind, s.err)
			continue
		}
		if s.at.After(resumedAt) {
			late = append(late, fmt.Sprintf("%d (%s)", k, s.kind))
		}
		took := s.at.Sub(s.sent)
		worst = max(worst, took)
		if took > 3*time.Second {
			over3++
		}
		if !slices.Contains([]int{4, 5, 6, 7}, s.reply.Type) {
			t.Errorf("interaction %d (%s): response type %d, want a message or a deferral", k, s.kind, s.reply.Type)
		}
	}
	if len(late) > 0 {
		t.Errorf("%d interactions were first answered only after the database came back: %v", len(late), late)
	}
	t.Logf("%d interactions during a %v stall: slowest first response %v, %d over Discord's 3 s", stallInteractions, resumedAt.Sub(start).Round(100*time.Millisecond), worst.Round(time.Millisecond), over3)

	// Every deferred answer is delivered: the answer or an honest
	// message, never the apology for a bug.
	deferred := 0
	for _, s := range results {
		if s.reply == nil {
			continue
		}
		s.final = s.reply
		if s.reply.Type == 5 || s.reply.Type == 6 {
			deferred++
			s.final = delivered(t, discord, s.token)
			if s.final == nil {
				t.Errorf("a deferred %s answer was not delivered within 60 s", s.kind)
				continue
			}
		}
		text := s.final.text()
		if strings.Contains(text, "Something went wrong") || strings.TrimSpace(text) == "" {
			t.Errorf("%s: %q", s.kind, text)
			continue
		}
		switch s.kind {
		case "answer":
			if text != notRecorded {
				t.Errorf("an answer during the stall: %q, want %q", text, notRecorded)
			}
		case "practice":
			if !strings.HasPrefix(text, "⚠️ The practice database is not available right now") {
				t.Errorf("/practice during the stall: %q", text)
			}
		case "progress":
			if honest := strings.HasPrefix(text, "⚠️ The practice database is not available right now"); honest == readsWork {
				t.Errorf("/progress during the stall (reads work: %v): %q", readsWork, text)
			}
		case "game":
			if strings.Contains(text, "database") {
				t.Errorf("a game command, which needs no database, during the stall: %q", text)
			}
		}
	}
	t.Logf("%d of %d deferred, each delivered", deferred, stallInteractions)

	// After the stall the practice flow works again.
	r := ls[0].click(menus[0], menus[0].Options[0].Value)
	if strings.Contains(r.text(), "not available") || strings.Contains(r.text(), "Something went wrong") {
		t.Errorf("an answer after the stall: %q", r.text())
	}
}

// delivered waits for the message that delivers a deferred answer (an
// edit or a follow-up; the deletion of a public "thinking…" before a
// private follow-up has no body and is skipped), or nil after 60 s.
func delivered(tb testing.TB, discord *fakeDiscord, token string) *reply {
	tb.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case ed := <-discord.channel(token):
			if len(ed.js) == 0 {
				continue
			}
			r := &reply{Type: 4}
			if err := json.Unmarshal(ed.js, &r.Data); err != nil {
				tb.Fatalf("a delivered answer does not decode: %v: %s", err, ed.js)
			}
			return r
		case <-timeout:
			return nil
		}
	}
}

// scrapeMetrics returns a server's /metrics.
func scrapeMetrics(tb testing.TB, s *server) string {
	tb.Helper()
	resp, err := http.Get(strings.TrimSuffix(s.url, "/interactions") + "/metrics")
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// metricValue returns the value of the sample named series in a scrape,
// or -1 when there is none.
func metricValue(scrape, series string) float64 {
	for _, line := range strings.Split(scrape, "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err == nil {
				return f
			}
		}
	}
	return -1
}

// privatePostgres is a PostgreSQL cluster of this test's own, so that
// pausing it stalls nobody else's tests.
type privatePostgres struct {
	dir, bin, url string
}

// startPrivatePostgres starts a throwaway cluster from Debian's
// PostgreSQL as the postgres user (what .ci/postgres.sh installs), and
// stops and removes it when the test ends. Without PostgreSQL or root it
// skips, unless NIMTUTOR_REQUIRE_PG=1.
func startPrivatePostgres(t *testing.T) *privatePostgres {
	t.Helper()
	skip := func(why string) {
		if os.Getenv(storetest.EnvRequire) == "1" {
			t.Fatalf("%s=1 but %s", storetest.EnvRequire, why)
		}
		t.Skip(why)
	}
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		skip("PostgreSQL is not installed (.ci/postgres.sh installs it)")
	}
	slices.Sort(bins)
	bin := filepath.Dir(bins[len(bins)-1])
	pgUser, err := user.Lookup("postgres")
	if err != nil || os.Geteuid() != 0 {
		skip("a private PostgreSQL cluster needs root and the postgres user")
	}
	dir, err := os.MkdirTemp("", "nimtutor-stall-pg")
	if err != nil {
		t.Fatal(err)
	}
	uid, _ := strconv.Atoi(pgUser.Uid)
	gid, _ := strconv.Atoi(pgUser.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	p := &privatePostgres{dir: dir, bin: bin, url: "postgres://postgres@127.0.0.1:" + port + "/postgres?sslmode=disable"}
	run := func(args ...string) {
		out, err := exec.Command("runuser", append([]string{"-u", "postgres", "--"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	t.Cleanup(func() {
		p.signal(syscall.SIGCONT)
		exec.Command("runuser", "-u", "postgres", "--", filepath.Join(bin, "pg_ctl"), "-D", filepath.Join(dir, "data"), "-m", "immediate", "stop").Run()
		os.RemoveAll(dir)
	})
	run(filepath.Join(bin, "initdb"), "-D", filepath.Join(dir, "data"), "--auth=trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
	run(filepath.Join(bin, "pg_ctl"), "-D", filepath.Join(dir, "data"), "-l", filepath.Join(dir, "log"), "-w",
		"-o", "-c listen_addresses=127.0.0.1 -p "+port+" -k "+dir+" -c fsync=off -c max_connections=200", "start")
	return p
}

// postmaster returns the pid of the cluster's postmaster.
func (p *privatePostgres) postmaster() int {
	b, err := os.ReadFile(filepath.Join(p.dir, "data", "postmaster.pid"))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	return pid
}

// children returns the pids whose parent is pid.
func children(pid int) []int {
	var out []int
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces: read after ')'.
		rest := string(b[strings.LastIndexByte(string(b), ')')+1:])
		fields := strings.Fields(rest)
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			n, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
			out = append(out, n)
		}
	}
	return out
}

// signal sends sig to the postmaster and every process it started.
func (p *privatePostgres) signal(sig syscall.Signal) {
	pm := p.postmaster()
	if pm <= 0 {
		return
	}
	syscall.Kill(pm, sig) // first, so that it starts no new backend
	for _, c := range children(pm) {
		syscall.Kill(c, sig)
	}
}

// pause stops every process of the cluster with SIGSTOP and returns the
// function that resumes them. A watchdog process resumes them anyway
// a minute later, should this test die before it does.
func (p *privatePostgres) pause(tb testing.TB) func() {
	pids := append([]int{p.postmaster()}, children(p.postmaster())...)
	var list []string
	for _, pid := range pids {
		list = append(list, strconv.Itoa(pid))
	}
	watchdog := exec.Command("sh", "-c", fmt.Sprintf("sleep %d; kill -CONT %s", int(6*stallFor/time.Second), strings.Join(list, " ")))
	if err := watchdog.Start(); err != nil {
		tb.Fatal(err)
	}
	p.signal(syscall.SIGSTOP)
	return func() {
		p.signal(syscall.SIGCONT)
		watchdog.Process.Kill()
		watchdog.Wait()
	}
}
