package bot

import (
	"context"
	"errors"
	"github.com/nimtutor/nimtutor/discordx"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/nimtutor/nimtutor/outcome"
)

// scrape GETs /metrics from h and parses the body with Prometheus's own
// text parser, which refuses a malformed line, a family written in two
// places or a sample of the wrong type.
func scrape(tb testing.TB, h http.Handler) (string, map[string]*dto.MetricFamily) {
	tb.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, MetricsPath, nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain; version=0.0.4") {
		tb.Fatalf("GET /metrics: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	body := rec.Body.String()
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		tb.Fatalf("the text parser refuses /metrics: %v\n%s", err, body)
	}
	return body, fams
}

// sample returns the value of the sample of family name whose labels are
// labels (name=value pairs): a counter's or gauge's value, a histogram's
// count; ok is false when there is no such sample.
func sample(fams map[string]*dto.MetricFamily, name string, labels ...string) (v float64, ok bool) {
	f := fams[name]
	if f == nil {
		return 0, false
	}
	for _, m := range f.GetMetric() {
		got := map[string]string{}
		for _, l := range m.GetLabel() {
			got[l.GetName()] = l.GetValue()
		}
		want := map[string]string{}
		for k := 0; k+1 < len(labels); k += 2 {
			want[labels[k]] = labels[k+1]
		}
		if !maps.Equal(got, want) {
			continue
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue(), true
		case m.Gauge != nil:
			return m.Gauge.GetValue(), true
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount()), true
		}
	}
	return 0, false
}

func TestMetrics(t *testing.T) {
	m := NewMetrics()
	inner := &fakeHandler{handle: func(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
		switch i.Type {
		case discordgo.InteractionMessageComponent: // a move that is not legal
			outcome.Set(ctx, outcome.UserError)
			return discordx.Ephemeral("⚠️ that move is not legal here")
		case discordgo.InteractionModalSubmit: // our failure
			outcome.Set(ctx, outcome.Error)
			return errorResponse(i)
		}
		return message("ok")
	}}
	// The real rate limiter, four interactions an hour: the fifth is refused.
	h := m.Instrument(NewRateLimiter(inner, RateLimitConfig{Burst: 4, Per: time.Hour}))
	solve := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "binim2"})
	click := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "x"})
	modal := interaction(discordgo.InteractionModalSubmit, discordgo.ModalSubmitInteractionData{CustomID: "m"})
	for _, i := range []*discordgo.Interaction{solve, solve, click, modal, click} {
		h.Handle(context.Background(), i)
	}
	// A handler that panics is counted as an error on its way out.
	func() {
		defer func() { recover() }()
		m.Instrument(&fakeHandler{handle: func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse { panic("boom") }}).
			Handle(context.Background(), interaction(discordgo.InteractionApplicationCommandAutocomplete, discordgo.ApplicationCommandInteractionData{Name: "binim2"}))
	}()
	fs := &fakeSender{}
	s := m.Sender(fs)
	s.Respond(context.Background(), solve, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	s.EditOriginal(context.Background(), solve, &discordgo.InteractionResponseData{Content: "x"})
	m.ObserveStore("claim", 3*time.Millisecond)
	for _, gate := range []string{"search", "picture"} { // registered as cmd/nimtutor does: by gate
		m.Gauge("nimtutor_queue_running", "Jobs running.", map[string]string{"gate": gate}, func() float64 { return 1 })
		m.Gauge("nimtutor_queue_waiting", "Jobs waiting.", map[string]string{"gate": gate}, func() float64 { return 7 })
	}
	m.CounterFunc("nimtutor_cache_requests_total", "Cache lookups.", map[string]string{"result": "hit"}, func() float64 { return 12 })

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

	body, fams := scrape(t, ops)
	for _, tc := range []struct {
		name   string
		labels []string
		want   float64
	}{
		{"nimtutor_interactions_total", []string{"kind", "command_binim2", "outcome", "ok"}, 2},
		{"nimtutor_interactions_total", []string{"kind", "component", "outcome", "user_error"}, 1},
		{"nimtutor_interactions_total", []string{"kind", "component", "outcome", "rate_limited"}, 1},
		{"nimtutor_interactions_total", []string{"kind", "modal", "outcome", "error"}, 1},
		{"nimtutor_interactions_total", []string{"kind", "autocomplete", "outcome", "error"}, 1},
		{"nimtutor_interaction_seconds", []string{"kind", "command_binim2"}, 2},
		{"nimtutor_interaction_seconds", []string{"kind", "modal"}, 1},
		{"nimtutor_store_seconds", []string{"op", "claim"}, 1},
		{"nimtutor_deferrals_total", nil, 2}, // one over the gateway sender, one as an HTTP response
		{"nimtutor_followups_total", []string{"result", "ok"}, 1},
		{"nimtutor_followups_total", []string{"result", "failed"}, 0},
		{"nimtutor_http_responses_total", []string{"code", "200"}, 1},
		{"nimtutor_http_responses_total", []string{"code", "401"}, 1},
		{"nimtutor_queue_waiting", []string{"gate", "search"}, 7},
		{"nimtutor_queue_running", []string{"gate", "picture"}, 1},
		{"nimtutor_cache_requests_total", []string{"result", "hit"}, 12},
	} {
		if got, ok := sample(fams, tc.name, tc.labels...); !ok || got != tc.want {
			t.Errorf("%s%v = %v (present: %v), want %v", tc.name, tc.labels, got, ok, tc.want)
		}
	}
	if _, ok := sample(fams, "nimtutor_interactions_total", "kind", "component", "outcome", "ok"); ok {
		t.Errorf("a user's mistake was counted as outcome ok")
	}
	// The store histogram's buckets: 3 ms falls in le=0.005, not in le=0.0025.
	for _, b := range fams["nimtutor_store_seconds"].GetMetric()[0].GetHistogram().GetBucket() {
		want := uint64(0)
		if b.GetUpperBound() >= 0.005 {
			want = 1
		}
		if b.GetCumulativeCount() != want {
			t.Errorf("store bucket le=%v holds %d, want %d", b.GetUpperBound(), b.GetCumulativeCount(), want)
		}
	}
	// The Go runtime and process collectors.
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_cpu_seconds_total", "process_resident_memory_bytes"} {
		if fams[name] == nil {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	if fams["nimtutor_interaction_seconds"].GetType() != dto.MetricType_HISTOGRAM {
		t.Errorf("nimtutor_interaction_seconds is a %v, want a histogram", fams["nimtutor_interaction_seconds"].GetType())
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
