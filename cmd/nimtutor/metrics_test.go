package main

import (
	"bytes"
	"crypto/ed25519"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/nimtutor/nimtutor/store/storetest"
)

// envRequirePromtool makes TestMetricsEndToEnd fail, not skip, when
// promtool is not on PATH; .ci/run sets it after installing Debian's
// prometheus package.
const envRequirePromtool = "NIMTUTOR_REQUIRE_PROMTOOL"

// TestMetricsEndToEnd scrapes /metrics of a real `nimtutor http` process
// on each database after a practice puzzle and a position with a wrong
// character, parses it with Prometheus's text parser and, when promtool
// is installed, lints it with `promtool check metrics`. The store's
// latency has samples on SQLite as on PostgreSQL, the wrong character is
// counted as a user error, and the Go runtime and process collectors are
// there.
func TestMetricsEndToEnd(t *testing.T) {
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
		l := &learner{tb: t, srv: srv, discord: discord, user: "333333333333333334", guild: "444444444444444445"}
		mustContain(t, "/practice", l.command("practice", "game", "adapwns"), "Find a move")
		bad := l.send(2, gameCommand("adapwns", "solve", "..x.P"))
		mustContain(t, "a wrong character", bad, "⚠️")

		body := get(t, strings.TrimSuffix(srv.url, "/interactions")+"/metrics")
		p := expfmt.NewTextParser(model.LegacyValidation)
		fams, err := p.TextToMetricFamilies(strings.NewReader(body))
		if err != nil {
			t.Fatalf("Prometheus's text parser refuses /metrics: %v\n%s", err, body)
		}
		storeCount := uint64(0)
		for _, m := range fams["nimtutor_store_seconds"].GetMetric() {
			storeCount += m.GetHistogram().GetSampleCount()
		}
		if storeCount == 0 {
			t.Errorf("nimtutor_store_seconds has no samples on %s after a /practice", b.Kind)
		}
		if n := counter(fams, "nimtutor_interactions_total", "command_adapwns", "user_error"); n != 1 {
			t.Errorf(`nimtutor_interactions_total{kind="command_adapwns",outcome="user_error"} = %v, want 1`, n)
		}
		if n := counter(fams, "nimtutor_interactions_total", "command_practice", "ok"); n != 1 {
			t.Errorf(`nimtutor_interactions_total{kind="command_practice",outcome="ok"} = %v, want 1`, n)
		}
		for _, name := range []string{"go_goroutines", "go_gc_duration_seconds", "process_cpu_seconds_total", "process_resident_memory_bytes"} {
			if fams[name] == nil {
				t.Errorf("/metrics lacks %s (the Go runtime and process collectors)", name)
			}
		}
		// Every family of nimtutor's own is in the operator's table.
		ops, err := os.ReadFile("../../docs/OPERATIONS.md")
		if err != nil {
			t.Fatal(err)
		}
		for name := range fams {
			if strings.HasPrefix(name, "nimtutor_") && !strings.Contains(string(ops), "`"+name+"`") {
				t.Errorf("/metrics on %s serves %s, which docs/OPERATIONS.md's table of metric families does not name", b.Kind, name)
			}
		}
		t.Logf("%d families; nimtutor_store_seconds holds %d samples on %s", len(fams), storeCount, b.Kind)
		promtoolCheck(t, body)
	})
}

// counter returns the nimtutor_interactions_total sample of kind and
// outcome, or -1 when there is none.
func counter(fams map[string]*dto.MetricFamily, name, kind, outcome string) float64 {
	for _, m := range fams[name].GetMetric() {
		got := map[string]string{}
		for _, l := range m.GetLabel() {
			got[l.GetName()] = l.GetValue()
		}
		if got["kind"] == kind && got["outcome"] == outcome {
			return m.GetCounter().GetValue()
		}
	}
	return -1
}

// get returns the body of a 200 answer to GET url.
func get(tb testing.TB, url string) string {
	tb.Helper()
	resp, err := http.Get(url)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		tb.Fatalf("GET %s: %d %v\n%s", url, resp.StatusCode, err, b)
	}
	return string(b)
}

// promtoolCheck runs `promtool check metrics` on body: Prometheus's own
// linter of the exposition format and its naming conventions. Without
// promtool on PATH it logs and returns, unless NIMTUTOR_REQUIRE_PROMTOOL
// is 1.
func promtoolCheck(tb testing.TB, body string) {
	tb.Helper()
	path, err := exec.LookPath("promtool")
	if err != nil {
		if os.Getenv(envRequirePromtool) == "1" {
			tb.Fatalf("%s=1 but promtool is not on PATH (Debian's package prometheus has it)", envRequirePromtool)
		}
		tb.Logf("promtool is not installed: `promtool check metrics` skipped")
		return
	}
	cmd := exec.Command(path, "check", "metrics")
	cmd.Stdin = strings.NewReader(body)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil || strings.TrimSpace(out.String()) != "" {
		tb.Errorf("promtool check metrics: %v\n%s", err, out.String())
		return
	}
	tb.Logf("promtool check metrics (%s): clean", path)
}
