package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/bot/spectest"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// envE2EChild makes the test binary run `nimtutor http` instead of
// tests.
const envE2EChild = "NIMTUTOR_E2E_CHILD"

// e2eChild is the server process: the real command line's `http`, with
// its configuration from the environment the test gave it, including
// DISCORD_API_URL: the edits that deliver deferred answers on a slow
// machine go to the test's fake Discord instead of the internet.
func e2eChild() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(NewMain().Exec(ctx, []string{"http"}))
}

// fakeDiscord receives the edits that deliver deferred answers, by
// interaction token. Like Discord, it refuses a body that Discord's
// OpenAPI document refuses (400, and the test fails naming the JSON path
// and the rule), closes every third connection after answering and
// keeps the others alive.
type fakeDiscord struct {
	srv   *httptest.Server
	mu    sync.Mutex
	edits map[string]chan edit
}

// edit is one delivered answer: its JSON and the names of its files.
type edit struct {
	js    []byte
	files []string
}

func newFakeDiscord(tb testing.TB) *fakeDiscord {
	f := &fakeDiscord{edits: map[string]chan edit{}}
	var calls atomic.Int64
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// PATCH /api/v9/webhooks/APP/TOKEN/messages/@original
		parts := strings.Split(r.URL.Path, "/")
		if len(parts) < 6 || parts[3] != "webhooks" {
			http.NotFound(w, r)
			return
		}
		if calls.Add(1)%3 == 0 {
			w.Header().Set("Connection", "close")
		}
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if err := spectest.Check(r.Method, r.URL.Path, r.Header.Get("Content-Type"), raw); err != nil {
			tb.Errorf("Discord's schema refuses a body: %v\n%.2000s", err, raw)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"message":%q,"code":50035}`, "Invalid Form Body: "+err.Error())
			return
		}
		js, files, err := payloadAndFiles(r.Header.Get("Content-Type"), bytes.NewReader(raw))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f.channel(parts[5]) <- edit{js, files}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"1100000000000000005","channel_id":"1400000000000000003","content":""}`)
	}))
	tb.Cleanup(f.srv.Close)
	return f
}

func (f *fakeDiscord) channel(token string) chan edit {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.edits[token]
	if !ok {
		c = make(chan edit, 4)
		f.edits[token] = c
	}
	return c
}

// payloadAndFiles returns the JSON of a request or response body, reading
// payload_json out of multipart/form-data, and the names of its files.
func payloadAndFiles(contentType string, body io.Reader) ([]byte, []string, error) {
	mt, params, _ := mime.ParseMediaType(contentType)
	if mt != "multipart/form-data" {
		b, err := io.ReadAll(body)
		return b, nil, err
	}
	mr := multipart.NewReader(body, params["boundary"])
	var js []byte
	var files []string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return js, files, nil
		}
		if err != nil {
			return nil, nil, err
		}
		b, _ := io.ReadAll(p)
		if p.FormName() == "payload_json" {
			js = b
		} else {
			files = append(files, p.FileName())
		}
	}
}

// snowflakes numbers the ids newSnowflake makes.
var snowflakes atomic.Uint64

// newSnowflake returns a fresh id shaped as Discord's: milliseconds since
// 2015 above 22 bits of sequence. The transports refuse ids that are not
// decimal uint64s, and the ledger of a shared database remembers every id
// the run sent, so each must be new.
func newSnowflake() string {
	ms := uint64(time.Now().UnixMilli() - 1420070400000)
	return strconv.FormatUint(ms<<22|snowflakes.Add(1)&(1<<22-1), 10)
}

// server is one `nimtutor http` process on loopback.
type server struct {
	cmd  *exec.Cmd
	url  string
	priv ed25519.PrivateKey
}

// startServer starts a server process on the given store and waits until
// it answers a signed PING.
func startServer(tb testing.TB, priv ed25519.PrivateKey, discord *fakeDiscord, storeEnv []string) *server {
	tb.Helper()
	s := spawnServer(tb, priv, discord, storeEnv)
	if err := s.waitPing(20 * time.Second); err != nil {
		tb.Fatal(err)
	}
	return s
}

// spawnServer starts a server process on the given store without waiting
// for it.
func spawnServer(tb testing.TB, priv ed25519.PrivateKey, discord *fakeDiscord, storeEnv []string) *server {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envE2EChild+"=1", "DISCORD_PUBLIC_KEY="+hex.EncodeToString(priv.Public().(ed25519.PublicKey)),
		"HTTP_ADDR="+addr, "NIMTUTOR_SECRET=e2e secret", "LOG_LEVEL=warn", "DATABASE_URL=", "NIMTUTOR_DB=", "DISCORD_API_URL="+discord.srv.URL+"/api/v10")
	cmd.Env = append(cmd.Env, storeEnv...)
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	s := &server{cmd: cmd, url: "http://" + addr + bot.InteractionsPath, priv: priv}
	tb.Cleanup(func() { s.stop(tb) })
	return s
}

// waitPing waits until the server answers a signed PING, for at most
// limit, or until it exits.
func (s *server) waitPing(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		if exited(s.cmd.Process.Pid) {
			return fmt.Errorf("the server exited before it answered a PING")
		}
		req := s.request(panicTB{}, []byte(`{"id":"1","application_id":"1","type":1,"token":"t","version":1}`))
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server did not answer a PING within %v: %v", limit, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// exited reports whether the child pid has ended and waits to be reaped
// (a zombie in /proc; Linux only, elsewhere false).
func exited(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state …: the state follows the last ')'.
	i := bytes.LastIndexByte(b, ')')
	return i > 0 && i+2 < len(b) && b[i+2] == 'Z'
}

// stop ends the process with SIGTERM, as a service manager would.
func (s *server) stop(tb testing.TB) {
	if s.cmd.ProcessState != nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-done
		tb.Errorf("the server did not stop within 15 s of SIGTERM")
	}
}

// request signs body as Discord does.
func (s *server) request(tb testing.TB, body []byte) *http.Request {
	tb.Helper()
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	sig := ed25519.Sign(s.priv, append([]byte(stamp), body...))
	req, err := http.NewRequest(http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	req.Header.Set("X-Signature-Timestamp", stamp)
	return req
}

// reply is a response as the test reads it.
type reply struct {
	Type int `json:"type"`
	Data struct {
		Content  string `json:"content"`
		Flags    int    `json:"flags"`
		CustomID string `json:"custom_id"`
		Embeds   []struct {
			Title       string `json:"title"`
			Description string `json:"description"`
			Fields      []struct {
				Name  string `json:"name"`
				Value string `json:"value"`
			} `json:"fields"`
		} `json:"embeds"`
		Components []json.RawMessage `json:"components"`
	} `json:"data"`
	files []string
}

// text is the reply's content and embeds as one string.
func (r *reply) text() string {
	var b strings.Builder
	b.WriteString(r.Data.Content)
	for _, e := range r.Data.Embeds {
		fmt.Fprintf(&b, "\n# %s\n%s", e.Title, e.Description)
		for _, f := range e.Fields {
			fmt.Fprintf(&b, "\n%s: %s", f.Name, f.Value)
		}
	}
	return b.String()
}

// control is a button or menu of a reply.
type control struct {
	Type       int    `json:"type"`
	CustomID   string `json:"custom_id"`
	Label      string `json:"label"`
	Components []control
	Options    []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"options"`
}

// find returns the first control whose label starts with label, or the
// first menu when label is "menu".
func (r *reply) find(tb testing.TB, label string) control {
	tb.Helper()
	for _, raw := range r.Data.Components {
		var row control
		if err := json.Unmarshal(raw, &row); err != nil {
			tb.Fatal(err)
		}
		for _, c := range row.Components {
			if label == "menu" && c.Type == 3 || label != "menu" && c.Type == 2 && strings.HasPrefix(c.Label, label) {
				return c
			}
		}
	}
	tb.Fatalf("no control %q in the reply:\n%s", label, r.text())
	return control{}
}

// learner sends interactions as one person in one server.
type learner struct {
	tb      testing.TB
	srv     *server
	discord *fakeDiscord
	user    string
	guild   string
	seq     int
}

// send posts one interaction and reads the reply, waiting out the
// per-user rate limit as a person would.
func (l *learner) send(typ int, data any) *reply {
	l.tb.Helper()
	for {
		l.seq++
		id := newSnowflake()
		body, err := json.Marshal(map[string]any{
			"id": id, "application_id": "1000000000000000001", "type": typ,
			"token": "tok" + id, "version": 1, "guild_id": l.guild,
			"member": map[string]any{"user": map[string]any{"id": l.user, "username": "learner"}},
			"data":   data, "message": map[string]any{"id": "2", "channel_id": "3", "flags": 64, "timestamp": time.Now().Format(time.RFC3339)},
		})
		if err != nil {
			l.tb.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(l.srv.request(l.tb, body))
		if err != nil {
			l.tb.Fatal(err)
		}
		r := readReply(l.tb, resp)
		if r.Type == 5 || r.Type == 6 {
			// Deferred on a slow machine: the answer comes as an edit.
			r = l.deferred(r.Type, "tok"+id)
		}
		if strings.HasPrefix(r.Data.Content, "Slow down") {
			time.Sleep(2100 * time.Millisecond)
			continue
		}
		return r
	}
}

// deferred waits for the edit that delivers a deferred answer and reads
// it as the reply it replaces.
func (l *learner) deferred(typ int, token string) *reply {
	l.tb.Helper()
	select {
	case ed := <-l.discord.channel(token):
		r := &reply{Type: 4, files: ed.files}
		if typ == 6 {
			r.Type = 7
		}
		if err := json.Unmarshal(ed.js, &r.Data); err != nil {
			l.tb.Fatal(err)
		}
		return r
	case <-time.After(60 * time.Second):
		l.tb.Fatalf("a deferred answer was not delivered within 60 s")
		return nil
	}
}

// readReply decodes a JSON or multipart reply.
func readReply(tb testing.TB, resp *http.Response) *reply {
	tb.Helper()
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		tb.Fatalf("status %d: %s", resp.StatusCode, b)
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	// The answer Discord reads from the HTTP response is the body of a
	// callback in its schema.
	if err := spectest.Check(http.MethodPost, "/interactions/1/token/callback", resp.Header.Get("Content-Type"), raw); err != nil {
		tb.Errorf("Discord's schema refuses a response: %v\n%.2000s", err, raw)
	}
	js, files, err := payloadAndFiles(resp.Header.Get("Content-Type"), bytes.NewReader(raw))
	if err != nil {
		tb.Fatal(err)
	}
	r := &reply{files: files}
	if err := json.Unmarshal(js, r); err != nil {
		tb.Fatal(err)
	}
	return r
}

func (l *learner) command(name string, opts ...string) *reply {
	var o []map[string]any
	for k := 0; k+1 < len(opts); k += 2 {
		o = append(o, map[string]any{"name": opts[k], "type": 3, "value": opts[k+1]})
	}
	return l.send(2, map[string]any{"id": "9", "name": name, "type": 1, "options": o})
}

func (l *learner) click(c control, values ...string) *reply {
	d := map[string]any{"custom_id": c.CustomID, "component_type": c.Type}
	if values != nil {
		d["values"] = values
	}
	return l.send(3, d)
}

func (l *learner) submit(customID, text string) *reply {
	return l.send(5, map[string]any{"custom_id": customID, "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": "move", "value": text}}},
	}})
}

func mustContain(tb testing.TB, what string, r *reply, wants ...string) {
	tb.Helper()
	for _, w := range wants {
		if !strings.Contains(r.text(), w) {
			tb.Fatalf("%s: the reply lacks %q:\n%s", what, w, r.text())
		}
	}
}

// puzzleOf rebuilds the puzzle a reply shows, from the id in its title.
func puzzleOf(tb testing.TB, r *reply) *practice.Puzzle {
	tb.Helper()
	title := r.Data.Embeds[0].Title
	id := strings.Fields(strings.TrimPrefix(title, "Puzzle "))[0]
	id = strings.TrimSuffix(id, ":")
	g, seed, err := practice.ParseID(id)
	if err != nil {
		tb.Fatalf("title %q: %v", title, err)
	}
	p, err := practice.Generate(g, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// TestPracticeEndToEnd drives practice through the signed HTTP transport
// of real `nimtutor http` processes: practice, a wrong answer, the next
// puzzle, a hint, a right answer typed in the form, progress; then a
// restart of the process on the same database, progress unchanged,
// forget, and progress empty. It runs on SQLite and, when configured, on
// PostgreSQL.
func TestPracticeEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		storeEnv := []string{"NIMTUTOR_DB=" + cfg.Path}
		if cfg.DatabaseURL != "" {
			storeEnv = []string{"DATABASE_URL=" + cfg.DatabaseURL}
		}
		discord := newFakeDiscord(t)
		srv := startServer(t, priv, discord, storeEnv)
		l := &learner{tb: t, srv: srv, discord: discord, user: "333333333333333333", guild: "444444444444444444"}

		r := l.command("practice", "game", "adapwns")
		mustContain(t, "/practice", r, "to move and win", "Find a move")
		p := puzzleOf(t, r)
		var wrong string
		for _, o := range r.find(t, "menu").Options {
			a, b, _ := parseTwo(o.Value)
			if !p.IsWinning(p.Position.Game().MoveOf(a, b)) {
				wrong = o.Value
				break
			}
		}
		if wrong == "" {
			t.Fatalf("%s: the menu has no wrong move", p.ID)
		}
		r = l.click(r.find(t, "menu"), wrong)
		mustContain(t, "wrong answer", r, "Not this time", "does not win", "answers", "A winning move was", "Rating: 1500 → ")

		r = l.click(r.find(t, "Next puzzle"))
		p = puzzleOf(t, r)
		r = l.click(r.find(t, "Hint 1"))
		mustContain(t, "hint", r, "Hint 1 of")
		form := l.click(r.find(t, "Type a move"))
		if form.Type != 9 || form.Data.CustomID == "" {
			t.Fatalf("Type a move: reply type %d, want a form (9)", form.Type)
		}
		r = l.submit(form.Data.CustomID, practice.MoveText(p.Winning[0]))
		mustContain(t, "right answer", r, "Solved", "wins", "Streak: 1 (best 1)", "Hints used: 1 of")

		r = l.command("progress")
		mustContain(t, "progress", r, "adapwns: ", "Solved 1, failed 1", "hints used 1", "Weakest theme")
		if len(r.files) != 1 || r.files[0] != "progress.png" {
			t.Errorf("progress attaches %v, want progress.png", r.files)
		}
		before := r.text()

		// A restart: the process ends, a new one starts on the same database.
		srv.stop(t)
		l.srv = startServer(t, priv, discord, storeEnv)
		r = l.command("progress")
		if r.text() != before {
			t.Errorf("progress changed across the restart:\nbefore:\n%s\nafter:\n%s", before, r.text())
		}
		r = l.command("leaderboard", "game", "adapwns")
		mustContain(t, "leaderboard", r, "1. <@"+l.user+">", "You are number 1")

		r = l.command("forget")
		r = l.click(r.find(t, "Delete everything"))
		mustContain(t, "forget", r, "Deleted")
		r = l.command("progress")
		mustContain(t, "progress after forget", r, "practice record is empty")
		r = l.command("export")
		mustContain(t, "export after forget", r, "0 ratings, 0 answers, 0 open puzzles, 0 games, 0 servers")
	})
}

// parseTwo reads a menu option's value, "a b".
func parseTwo(s string) (int, int, bool) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(f[0])
	b, err2 := strconv.Atoi(f[1])
	return a, b, err1 == nil && err2 == nil
}
