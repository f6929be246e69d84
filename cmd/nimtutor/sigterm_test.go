package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestSIGTERMStopsWithinTwoSeconds starts `nimtutor http` as its own
// process, gives it searches to work on, some answered and some deferred,
// sends SIGTERM, and checks that it exits 0 within two seconds having
// answered every request and delivered (or apologised for) every deferred
// answer.
func TestSIGTERMStopsWithinTwoSeconds(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	pub, priv, _ := ed25519.GenerateKey(nil)
	var mu sync.Mutex
	delivered := map[string]string{}
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		if r.Method != http.MethodDelete {
			delivered[strings.Split(strings.TrimPrefix(r.URL.Path, "/api/v10/webhooks/"), "/")[1]] = string(b)
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"1"}`)
	}))
	defer api.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "NIMTUTOR_TEST_RUN_MAIN=1", "NIMTUTOR_TEST_ARGS=http",
		"DISCORD_PUBLIC_KEY="+hex.EncodeToString(pub), "HTTP_ADDR="+addr, "NIMTUTOR_DB="+filepath.Join(t.TempDir(), "sigterm.db"), "DISCORD_API_URL="+api.URL+"/api/v10", "LOG_LEVEL=warn",
		// A binary built with -race sleeps a second at exit unless told not to.
		"GORACE=atexit_sleep_ms=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()

	post := func(body []byte) (int, string) {
		stamp := strconv.FormatInt(time.Now().Unix(), 10)
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/interactions", bytes.NewReader(body))
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(stamp), body...))))
		req.Header.Set("X-Signature-Timestamp", stamp)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	ping := []byte(`{"id":"1","application_id":"2","type":1,"token":"t","version":1}`)
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if code, _ := post(ping); code == http.StatusOK {
			break
		}
		if time.Since(start) > 15*time.Second {
			t.Fatalf("the server did not come up: %s", stderr.String())
		}
	}

	// Searches: one worker takes them one at a time, the rest wait; each
	// is deferred after 50 ms. The board is within the search's reach by
	// its span, so it is searched, and its search runs to the budget
	// (400,000 states); the trailing dots make six texts of one board.
	const n = 6
	codes := make([]int, n)
	bodies := make([]string, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Appendf(nil, `{"id":"%d","application_id":"2","type":2,"token":"tok%d","version":1,"member":{"user":{"id":"%d"}},`+
				`"data":{"name":"adapwns","options":[{"name":"verify","type":1,"options":[{"name":"position","type":3,"value":"%s"}]}]}}`,
				1200000000000000100+k, k, 700+k, strings.Repeat("..P.P", 5)+strings.Repeat(".", k))
			codes[k], bodies[k] = post(body)
		}()
	}
	time.Sleep(150 * time.Millisecond)
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit: %v\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("still running 10 s after SIGTERM\n%s", stderr.String())
	}
	took := time.Since(start)
	t.Logf("exited %v after SIGTERM", took)
	if took > 2*time.Second {
		t.Errorf("exit took %v after SIGTERM, want at most 2s", took)
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	for k := range n {
		switch {
		case codes[k] != http.StatusOK:
			t.Errorf("request %d: %d %s", k, codes[k], bodies[k])
		case bodies[k] == `{"type":5}` && delivered["tok"+strconv.Itoa(k)] == "":
			t.Errorf("request %d was deferred but nothing was delivered", k)
		}
	}
}
