package main

import (
	"context"
	"crypto/ed25519"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// notRecorded is what a learner reads when the database fails under a
// practice answer.
const notRecorded = "⚠️ The practice database is not available right now; your answer was not recorded; try again in a minute."

// readyz returns a server's /readyz status and body.
func readyz(tb testing.TB, s *server) (int, string) {
	tb.Helper()
	resp, err := http.Get(strings.TrimSuffix(s.url, "/interactions") + "/readyz")
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// mustBeNotReady fails tb unless /readyz says the store is not ready,
// naming none of internals.
func mustBeNotReady(tb testing.TB, s *server, internals ...string) {
	tb.Helper()
	code, body := readyz(tb, s)
	tb.Logf("/readyz: %d %q", code, body)
	if code != http.StatusServiceUnavailable || body != "not ready: store\n" {
		tb.Errorf("/readyz = %d %q, want 503 %q", code, body, "not ready: store\n")
	}
	for _, x := range internals {
		if x != "" && strings.Contains(body, x) {
			tb.Errorf("/readyz shows %q: %q", x, body)
		}
	}
}

// TestStoreFaultsEndToEnd runs `nimtutor http` on a store that fails
// under it, as an operator may meet it, and checks what the learner and
// the readiness probe see: an SQLite file deleted while the process
// runs, an SQLite file the process may only read, and a PostgreSQL
// server that stops.
func TestStoreFaultsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	discord := newFakeDiscord(t)

	t.Run("deleted sqlite file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "nimtutor.db")
		srv := startServer(t, priv, discord, []string{"NIMTUTOR_DB=" + path})
		l := &learner{tb: t, srv: srv, discord: discord, user: "333333333333333333", guild: "444444444444444444"}
		r := l.command("practice", "game", "adapwns")
		mustContain(t, "/practice", r, "Find a move")
		if code, body := readyz(t, srv); code != 200 {
			t.Fatalf("/readyz before = %d %q", code, body)
		}
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		menu := r.find(t, "menu")
		r = l.click(menu, menu.Options[0].Value)
		t.Logf("an answer after the file was deleted: %q", r.Data.Content)
		if r.Data.Content != notRecorded {
			t.Errorf("an answer after the file was deleted: %q, want %q", r.text(), notRecorded)
		}
		mustBeNotReady(t, srv, path, filepath.Dir(path))
		r = l.command("progress")
		mustContain(t, "progress", r, "The practice database is not available right now; try again in a minute.")
	})

	t.Run("read-only sqlite file", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "nimtutor.db")
		st, err := store.Open(context.Background(), store.Config{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		// The test runs as root, whom file modes do not stop: the
		// immutable attribute does, where the file system has it.
		if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
			t.Skipf("cannot make the file read-only here: chattr: %v %s", err, out)
		}
		t.Cleanup(func() { exec.Command("chattr", "-i", path).Run() })
		srv := startServer(t, priv, discord, []string{"NIMTUTOR_DB=" + path})
		l := &learner{tb: t, srv: srv, discord: discord, user: "333333333333333334", guild: "444444444444444444"}
		r := l.command("practice", "game", "adapwns")
		t.Logf("/practice on a read-only file: %q", r.Data.Content)
		if want := "⚠️ The practice database is not available right now; this was not recorded; try again in a minute."; r.Data.Content != want {
			t.Errorf("/practice on a read-only file: %q, want %q", r.text(), want)
		}
		mustBeNotReady(t, srv, path, dir)
		r = l.send(2, gameCommand("adapwns", "solve", "..P...P."))
		mustContain(t, "solve with the store failing", r, "wins")
	})

	t.Run("stopped postgres", func(t *testing.T) {
		if os.Getenv(storetest.EnvURL) == "" {
			if os.Getenv(storetest.EnvRequire) == "1" {
				t.Fatalf("%s=1 but %s is not set", storetest.EnvRequire, storetest.EnvURL)
			}
			t.Skipf("%s is not set", storetest.EnvURL)
		}
		cfg := storetest.PostgresConfig(t)
		u, err := url.Parse(cfg.DatabaseURL)
		if err != nil {
			t.Fatal(err)
		}
		p := storetest.NewProxy(t, u.Host)
		u.Host = p.Addr()
		srv := startServer(t, priv, discord, []string{"DATABASE_URL=" + u.String()})
		l := &learner{tb: t, srv: srv, discord: discord, user: "333333333333333335", guild: "444444444444444444"}
		r := l.command("practice", "game", "adapwns")
		mustContain(t, "/practice", r, "Find a move")
		p.Stop()
		menu := r.find(t, "menu")
		r = l.click(menu, menu.Options[0].Value)
		t.Logf("an answer after PostgreSQL stopped: %q", r.Data.Content)
		if r.Data.Content != notRecorded {
			t.Errorf("an answer after PostgreSQL stopped: %q, want %q", r.text(), notRecorded)
		}
		mustBeNotReady(t, srv, u.Hostname(), u.Port(), u.User.Username(), strings.TrimPrefix(u.Path, "/"))
		// Commands that need no database are answered as before.
		r = l.send(2, gameCommand("adapwns", "solve", "..P...P."))
		mustContain(t, "solve with the store failing", r, "wins")
	})
}
