package bot

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// promLine is one sample line of Prometheus's text format.
var promLine = regexp.MustCompile(`^[a-z_]+(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? [0-9.e+-]+|\+Inf$`)

func scrape(tb testing.TB, h http.Handler) string {
	tb.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, MetricsPath, nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain; version=0.0.4") {
		tb.Fatalf("GET /metrics: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	body := rec.Body.String()
	// Every sample stands under its family's one TYPE line, with no other
	// family in between, as the text format requires.
	family, typed := "", map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
		if name, ok := strings.CutPrefix(line, "# TYPE "); ok {
			family = strings.Fields(name)[0]
			if typed[family] {
				tb.Errorf("family %s is written in two places", family)
			}
			typed[family] = true
			continue
		}
		if strings.HasPrefix(line, "# HELP ") {
			continue
		}
		if !promLine.MatchString(line) {
			tb.Errorf("not a Prometheus sample line: %q", line)
		}
		if !strings.HasPrefix(line, family) {
			tb.Errorf("sample %q stands under family %q", line, family)
		}
	}
	return body
}

func TestMetrics(t *testing.T) {
	m := NewMetrics()
	limited := 0
	h := m.Instrument(&fakeHandler{handle: func(_ context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
		if i.Type == discordgo.InteractionMessageComponent {
			if limited++; limited > 1 {
				return ephemeral(slowDown(time.Second))
			}
		}
		if i.Type == discordgo.InteractionModalSubmit {
			return errorResponse(i)
		}
		return message("ok")
	}})
	solve := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "binim2"})
	click := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "x"})
	modal := interaction(discordgo.InteractionModalSubmit, discordgo.ModalSubmitInteractionData{CustomID: "m"})
	for _, i := range []*discordgo.Interaction{solve, solve, click, click, modal} {
		h.Handle(context.Background(), i)
	}
	fs := &fakeSender{}
	s := m.Sender(fs)
	s.Respond(context.Background(), solve, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	s.EditOriginal(context.Background(), solve, &discordgo.InteractionResponseData{Content: "x"})
	m.ObserveStore("claim", 3*time.Millisecond)
	for _, gate := range []string{"search", "picture"} { // registered as cmd/nimtutor does: by gate
		m.Gauge("nimtutor_queue_running", `gate="`+gate+`"`, "Jobs running.", func() float64 { return 1 })
		m.Gauge("nimtutor_queue_waiting", `gate="`+gate+`"`, "Jobs waiting.", func() float64 { return 7 })
	}
	m.CounterFunc("nimtutor_cache_requests_total", `result="hit"`, "Cache lookups.", func() float64 { return 12 })

	endpoint := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			return
		}
		http.Error(w, "no", http.StatusUnauthorized)
	})
	ops := Ops(endpoint, nil, m)
	for _, p := range []string{"/slow", "/bad"} {
		ops.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, p, nil))
	}

	body := scrape(t, ops)
	for _, want := range []string{
		`nimtutor_interactions_total{kind="command_binim2",outcome="ok"} 2`,
		`nimtutor_interactions_total{kind="component",outcome="ok"} 1`,
		`nimtutor_interactions_total{kind="component",outcome="rate_limited"} 1`,
		`nimtutor_interactions_total{kind="modal",outcome="error"} 1`,
		`nimtutor_interaction_seconds_count{kind="command_binim2"} 2`,
		`nimtutor_interaction_seconds_bucket{kind="modal",le="+Inf"} 1`,
		`nimtutor_store_seconds_bucket{op="claim",le="0.0025"} 0`,
		`nimtutor_store_seconds_bucket{op="claim",le="0.005"} 1`,
		`nimtutor_deferrals_total 2`, // one over the gateway sender, one as an HTTP response
		`nimtutor_followups_total{result="ok"} 1`,
		`nimtutor_http_responses_total{code="200"} 1`,
		`nimtutor_http_responses_total{code="401"} 1`,
		`nimtutor_queue_waiting{gate="search"} 7`,
		`nimtutor_cache_requests_total{result="hit"} 12`,
		"# TYPE nimtutor_interaction_seconds histogram",
	} {
		if !strings.Contains(body, want+"\n") {
			t.Errorf("metrics lack %q", want)
		}
	}
	if t.Failed() {
		t.Log(body)
	}
}

func TestOpsHealth(t *testing.T) {
	tests := []struct {
		name, path string
		ready      error
		code       int
		body       string
	}{
		{"liveness", HealthzPath, errors.New("down"), 200, "ok"},
		{"ready", ReadyzPath, nil, 200, "ready"},
		{"not ready", ReadyzPath, errors.New("store: schema version 1, this binary needs 2"), 503, "not ready\n"},
		{"other paths go to the endpoint", "/interactions", nil, 418, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(418) })
			h := Ops(next, func(context.Context) error { return tt.ready }, NewMetrics())
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			b, _ := io.ReadAll(rec.Body)
			if rec.Code != tt.code || !strings.HasPrefix(string(b), tt.body) {
				t.Errorf("GET %s = %d %q, want %d %q", tt.path, rec.Code, b, tt.code, tt.body)
			}
		})
	}
}

func TestServeOps(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ln := httptest.NewUnstartedServer(nil).Listener // a free loopback address
	addr := ln.Addr().String()
	ln.Close()
	done := make(chan error, 1)
	go func() { done <- ServeOps(ctx, addr, nil, NewMetrics(), nil) }()
	var resp *http.Response
	var err error
	for range 100 {
		if resp, err = http.Get("http://" + addr + HealthzPath); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET /healthz = %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("ServeOps = %v", err)
	}
}
