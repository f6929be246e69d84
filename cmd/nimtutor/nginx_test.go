package main

import (
	"crypto/ed25519"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store/storetest"
)

// envRequireNginx makes TestNginx fail, not skip, without nginx; .ci/run
// sets it after installing Debian's nginx.
const envRequireNginx = "NIMTUTOR_REQUIRE_NGINX"

// siteConf is the nginx site of the systemd deployment, which TestNginx
// runs as it is but for its ports.
var siteConf = filepath.Join(repoRoot, "deploy", "nginx", "nimtutor-site.conf")

// TestNginx runs Debian's nginx with deploy/nginx/nimtutor-site.conf, its
// ports substituted, in front of two `nimtutor http` replicas on one
// PostgreSQL, and drives signed interactions through it: a PING, games,
// and a mixed load during which one replica is SIGKILLed. After the kill
// every request is answered by the survivor and every game goes on;
// /readyz and /metrics are not served by the public server block.
func TestNginx(t *testing.T) {
	if testing.Short() {
		t.Skip("starts nginx and server processes")
	}
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		nginx = "/usr/sbin/nginx" // Debian's, often not on a user's PATH
		if _, err := os.Stat(nginx); err != nil {
			if os.Getenv(envRequireNginx) == "1" {
				t.Fatalf("%s=1 but nginx is not installed (Debian's package nginx)", envRequireNginx)
			}
			t.Skip("nginx is not installed")
		}
	}
	if os.Getenv(storetest.EnvURL) == "" {
		if os.Getenv(storetest.EnvRequire) == "1" || os.Getenv(envRequireNginx) == "1" {
			t.Fatalf("%s is not set: no PostgreSQL for the replicas", storetest.EnvURL)
		}
		t.Skipf("%s is not set: no PostgreSQL for the replicas", storetest.EnvURL)
	}
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	discord := newFakeDiscord(t)
	cfg := storetest.PostgresConfig(t)
	env := []string{"LOG_LEVEL=error", "DATABASE_URL=" + cfg.DatabaseURL, "RATE_BURST=100000", "RATE_PER=1s"}
	replicas := []*server{startServer(t, priv, discord, env), startServer(t, priv, discord, env)}

	front := freeAddr(t)
	dir := t.TempDir()
	conf := writeNginxConf(t, dir, front, hostPort(replicas[0]), hostPort(replicas[1]))
	if out, err := exec.Command(nginx, "-t", "-p", dir, "-c", conf).CombinedOutput(); err != nil {
		t.Fatalf("nginx -t: %v\n%s", err, out)
	}
	cmd := exec.Command(nginx, "-p", dir, "-c", conf)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGQUIT) // nginx's graceful stop
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		if b, err := os.ReadFile(filepath.Join(dir, "error.log")); err == nil && len(b) > 0 && t.Failed() {
			t.Logf("nginx's error log:\n%s", b)
		}
	})
	base := "http://" + front
	waitFor(t, base+"/healthz")

	t.Run("public paths", func(t *testing.T) {
		for _, tc := range []struct {
			path string
			code int
		}{{"/healthz", 200}, {"/readyz", 404}, {"/metrics", 404}, {"/", 404}, {"/debug/pprof/", 404}} {
			resp, err := http.Get(base + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.code {
				t.Errorf("GET %s through nginx = %d %q, want %d", tc.path, resp.StatusCode, b, tc.code)
			}
			if strings.Contains(string(b), "nimtutor_") {
				t.Errorf("GET %s through nginx shows metrics", tc.path)
			}
		}
	})

	httpc := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	via := &client{url: base + "/interactions", priv: priv, http: httpc}
	t.Run("signed interactions", func(t *testing.T) {
		st, r, err := via.post(t, []byte(`{"id":"1","application_id":"1","type":1,"token":"t","version":1}`))
		if err != nil || st != 200 || r.Type != 1 {
			t.Fatalf("PING through nginx: status %d, %v, type %d; want 200 and a PONG", st, err, r.Type)
		}
		// A request with a bad signature is refused by the replica, and
		// nginx passes the 401 on, as Discord's endpoint check needs.
		req := (&server{url: via.url, priv: priv}).request(t, []byte(`{"type":1}`))
		req.Header.Set("X-Signature-Ed25519", strings.Repeat("00", 64))
		resp, err := httpc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("a bad signature through nginx: %d, want 401", resp.StatusCode)
		}
		st, r, err = via.post(t, via.body(via.newID(), 2, "123456789012345678", gameCommand("adapwns", "solve", "..P.P")))
		if err != nil || st != 200 || !strings.Contains(r.text(), "Ada wins") {
			t.Fatalf("/adapwns solve through nginx: status %d, %v:\n%s", st, err, r.text())
		}
	})

	// Games started before the kill, half of them too long for a
	// custom_id, so their state is in PostgreSQL.
	games := startGames(t, via, 8)
	const workers = 6
	kill := func() {
		replicas[0].cmd.Process.Signal(syscall.SIGKILL)
		replicas[0].cmd.Wait()
	}
	during := runLoad(t, via, workers, 3*time.Second, false, kill)
	if replicas[0].cmd.ProcessState == nil {
		t.Fatal("the replica was not killed")
	}
	// Only requests the dead replica had already received may fail:
	// nginx does not resend a POST it has sent, so an interaction is never
	// handled twice. Those are the requests in flight (one per worker at
	// most) and those nginx sent on a kept-alive connection to the
	// replica before it saw the connection close (one per worker at most).
	if during.failed > 2*workers {
		t.Errorf("%d requests failed while a replica was killed; at most %d (in flight, or on a connection already dead) may", during.failed, 2*workers)
	}
	after := runLoad(t, via, workers, 2*time.Second, false, nil)
	if after.failed > 0 {
		t.Errorf("%d of %d requests failed after the kill; the surviving replica should answer every one", after.failed, after.requests)
	}
	continued := 0
	for _, g := range games {
		if !g.over && g.move(t, via) {
			continued++
		}
	}
	if continued == 0 {
		t.Error("no game went on after the kill")
	}
	t.Logf("through nginx (%s), 2 replicas on PostgreSQL: %d requests during the kill (%d failed, %d ok), %d after it (%d failed); %d of %d games went on",
		nginxVersion(nginx), during.requests, during.failed, during.ok, after.requests, after.failed, continued, len(games))
}

// writeNginxConf writes a main configuration that runs nginx in the
// foreground under dir and includes deploy/nginx/nimtutor-site.conf with
// its ports replaced: listen on front, the first two replicas at a and
// b, the third line dropped. It fails tb if the site file no longer has
// what it replaces.
func writeNginxConf(tb testing.TB, dir, front, a, b string) string {
	tb.Helper()
	src, err := os.ReadFile(siteConf)
	if err != nil {
		tb.Fatal(err)
	}
	site := string(src)
	for _, r := range []struct{ old, new string }{
		{"listen 80;", "listen " + front + ";"},
		{"server 127.0.0.1:8081 ", "server " + a + " "},
		{"server 127.0.0.1:8082 ", "server " + b + " "},
	} {
		if strings.Count(site, r.old) != 1 {
			tb.Fatalf("%s: %q appears %d times, want once: update TestNginx", siteConf, r.old, strings.Count(site, r.old))
		}
		site = strings.Replace(site, r.old, r.new, 1)
	}
	third := regexp.MustCompile(`(?m)^\s*server 127\.0\.0\.1:8083 .*\n`)
	if !third.MatchString(site) {
		tb.Fatalf("%s: no third replica on 8083: update TestNginx", siteConf)
	}
	site = third.ReplaceAllString(site, "")
	sitePath := filepath.Join(dir, "nimtutor-site.conf")
	if err := os.WriteFile(sitePath, []byte(site), 0o644); err != nil {
		tb.Fatal(err)
	}
	for _, d := range []string{"tmp", "logs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o777); err != nil {
			tb.Fatal(err)
		}
	}
	// Workers may run as nobody (nginx started as root): they write the
	// temporary files.
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Join(dir, "tmp"), 0o777)
	main := fmt.Sprintf(`daemon off;
worker_processes 1;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path %[1]s/tmp/body;
    proxy_temp_path %[1]s/tmp/proxy;
    fastcgi_temp_path %[1]s/tmp/fastcgi;
    uwsgi_temp_path %[1]s/tmp/uwsgi;
    scgi_temp_path %[1]s/tmp/scgi;
    include %[2]s;
}
`, dir, sitePath)
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, []byte(main), 0o644); err != nil {
		tb.Fatal(err)
	}
	return conf
}

// freeAddr returns a loopback address nobody listens on.
func freeAddr(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// hostPort is the address a server listens on.
func hostPort(s *server) string {
	return strings.TrimSuffix(strings.TrimPrefix(s.url, "http://"), "/interactions")
}

// waitFor waits until GET url answers 200.
func waitFor(tb testing.TB, url string) {
	tb.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			tb.Fatalf("GET %s did not answer 200 within 20 s: %v", url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// nginxVersion is what `nginx -v` says, for the log.
func nginxVersion(nginx string) string {
	out, _ := exec.Command(nginx, "-v").CombinedOutput()
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(out)), "nginx version: "))
}

// serverBlock returns the text of the first `server {…}` block of an
// nginx configuration, its indentation and comments dropped.
func serverBlock(tb testing.TB, path string) string {
	tb.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var lines []string
	depth, in := 0, false
	for _, l := range strings.Split(string(src), "\n") {
		l = strings.TrimSpace(l)
		if !in && strings.HasPrefix(l, "server {") {
			in = true
		}
		if !in {
			continue
		}
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
		depth += strings.Count(l, "{") - strings.Count(l, "}")
		if depth == 0 {
			break
		}
	}
	if len(lines) == 0 {
		tb.Fatalf("%s has no server block", path)
	}
	return strings.Join(lines, "\n")
}

// TestNginxServerBlocksAgree keeps the compose file's nginx server block
// (deploy/nginx/nginx.conf, which needs Docker) the same as the one
// TestNginx runs (deploy/nginx/nimtutor-site.conf).
func TestNginxServerBlocksAgree(t *testing.T) {
	tested := serverBlock(t, siteConf)
	compose := serverBlock(t, filepath.Join(repoRoot, "deploy", "nginx", "nginx.conf"))
	if tested != compose {
		t.Errorf("the server blocks differ:\n--- nimtutor-site.conf (tested by TestNginx)\n%s\n--- nginx.conf (compose)\n%s", tested, compose)
	}
	for _, p := range []string{"location = /readyz", "location = /metrics"} {
		if strings.Contains(tested, p) {
			t.Errorf("the public server block serves %s", strings.TrimPrefix(p, "location = "))
		}
	}
}
