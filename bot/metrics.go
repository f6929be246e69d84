package bot

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Metrics counts what a transport does and writes it in Prometheus's
// text exposition format (version 0.0.4), by hand: a few counters,
// gauges and fixed-bucket histograms need no client library. The
// families are:
//
//	nimtutor_interactions_total{kind,outcome}       counter
//	nimtutor_interaction_seconds{kind}              histogram (handler time)
//	nimtutor_deferrals_total                        counter
//	nimtutor_followups_total{result}                counter (edits and follow-ups)
//	nimtutor_store_seconds{op}                      histogram
//	nimtutor_http_responses_total{code}             counter (HTTP transport)
//	nimtutor_deferred_undelivered_total{reason}     counter (token_expired, stopping, rejected)
//	nimtutor_ledger_claims_late_total               counter (answered without the ledger)
//
// plus whatever Gauge and CounterFunc register (queue depth, cache hits).
// Label values come from a bounded set: interaction types, the names of
// registered commands, fixed outcomes and store operations. Metrics is
// safe for concurrent use.
type Metrics struct {
	mu        sync.Mutex
	requests  map[[2]string]uint64
	latency   map[string]*histogram
	store     map[string]*histogram
	responses map[int]uint64
	funcs     []metricFunc

	deferrals                    atomic.Uint64
	followupsOK, followupsFailed atomic.Uint64
	undelivered                  sync.Map // reason → *atomic.Uint64
	claimsLate                   atomic.Uint64
}

// metricFunc is a gauge or counter read when the metrics are written.
type metricFunc struct {
	name, help, typ string
	labels          string
	f               func() float64
}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics {
	return &Metrics{requests: map[[2]string]uint64{}, latency: map[string]*histogram{}, store: map[string]*histogram{}, responses: map[int]uint64{}}
}

// buckets are the histograms' upper bounds in seconds: Discord's three
// seconds sit between 2.5 and 5.
var buckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// histogram is a cumulative-bucket histogram; the Metrics mutex guards it.
type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      uint64
}

func (h *histogram) observe(d time.Duration) {
	s := d.Seconds()
	k, _ := slices.BinarySearch(buckets, s)
	h.counts[k]++
	h.sum += s
	h.n++
}

func observeIn(m map[string]*histogram, key string, d time.Duration) {
	h, ok := m[key]
	if !ok {
		h = &histogram{counts: make([]uint64, len(buckets)+1)}
		m[key] = h
	}
	h.observe(d)
}

// Gauge registers a value read at each scrape, such as a queue's depth.
// labels is "" or a rendered label set such as `gate="search"`.
func (m *Metrics) Gauge(name, labels, help string, f func() float64) {
	m.register(metricFunc{name: name, help: help, typ: "gauge", labels: labels, f: f})
}

// CounterFunc registers a counter kept elsewhere, such as cache hits.
func (m *Metrics) CounterFunc(name, labels, help string, f func() float64) {
	m.register(metricFunc{name: name, help: help, typ: "counter", labels: labels, f: f})
}

func (m *Metrics) register(f metricFunc) {
	m.mu.Lock()
	m.funcs = append(m.funcs, f)
	m.mu.Unlock()
}

// ObserveStore records how long a store operation took; its signature
// fits store.Observer.
func (m *Metrics) ObserveStore(op string, d time.Duration) {
	m.mu.Lock()
	observeIn(m.store, op, d)
	m.mu.Unlock()
}

// kindOf names an interaction for the metrics: the command's name for a
// command (registered names only reach here: requests are signed), and
// the interaction type otherwise.
func kindOf(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		if d, ok := i.Data.(discordgo.ApplicationCommandInteractionData); ok && validLabel(d.Name) {
			return "command_" + d.Name
		}
		return "command"
	case discordgo.InteractionMessageComponent:
		return "component"
	case discordgo.InteractionModalSubmit:
		return "modal"
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete"
	}
	return "other"
}

// validLabel keeps label values to Discord's command-name alphabet.
var validLabel = regexp.MustCompile(`^[a-z0-9_-]{1,32}$`).MatchString

// outcomeOf classifies a handler's response.
func outcomeOf(resp *discordgo.InteractionResponse) string {
	switch {
	case resp == nil:
		return "none"
	case resp.Data == nil:
		return "ok"
	case resp.Data.Content == somethingWentWrong:
		return "error"
	case strings.HasPrefix(resp.Data.Content, "Slow down"):
		return "rate_limited"
	case strings.HasPrefix(resp.Data.Content, "⏳ nimtutor is busy"):
		return "busy"
	}
	return "ok"
}

// Instrument returns h counting each interaction by kind and outcome and
// timing the handler. Put it outermost, so rate-limited answers count.
func (m *Metrics) Instrument(h Handler) Handler { return &instrumented{Handler: h, m: m} }

// instrumented counts and times Handle; Private is the wrapped Handler's.
type instrumented struct {
	Handler
	m *Metrics
}

func (in *instrumented) Handle(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
	start := time.Now()
	resp := in.Handler.Handle(ctx, i)
	kind := kindOf(i)
	in.m.mu.Lock()
	in.m.requests[[2]string{kind, outcomeOf(resp)}]++
	observeIn(in.m.latency, kind, time.Since(start))
	in.m.mu.Unlock()
	return resp
}

func (in *instrumented) Slow(i *discordgo.Interaction) bool {
	p, ok := in.Handler.(Pacer)
	return ok && p.Slow(i)
}

// Sender returns s counting deferrals sent over the gateway and the
// results of edits and follow-ups.
func (m *Metrics) Sender(s Sender) Sender { return &countingSender{Sender: s, m: m} }

// countingSender counts; DeleteOriginal is the wrapped Sender's.
type countingSender struct {
	Sender
	m *Metrics
}

func isDeferral(t discordgo.InteractionResponseType) bool {
	return t == discordgo.InteractionResponseDeferredChannelMessageWithSource || t == discordgo.InteractionResponseDeferredMessageUpdate
}

func (c *countingSender) Respond(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	if resp != nil && isDeferral(resp.Type) {
		c.m.deferrals.Add(1)
	}
	return c.Sender.Respond(ctx, i, resp)
}

func (c *countingSender) count(err error) error {
	if err != nil {
		c.m.followupsFailed.Add(1)
	} else {
		c.m.followupsOK.Add(1)
	}
	return err
}

func (c *countingSender) EditOriginal(ctx context.Context, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	return c.count(c.Sender.EditOriginal(ctx, i, d))
}

func (c *countingSender) Followup(ctx context.Context, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	return c.count(c.Sender.Followup(ctx, i, d))
}

var _ deferralEvents = (*countingSender)(nil)

// undelivered counts a deferred answer the deferrer gave up on.
func (c *countingSender) undelivered(reason string) {
	n, _ := c.m.undelivered.LoadOrStore(reason, new(atomic.Uint64))
	n.(*atomic.Uint64).Add(1)
}

// claimLate counts an interaction answered without waiting for the ledger.
func (c *countingSender) claimLate() { c.m.claimsLate.Add(1) }

// HTTP returns next counting response codes and the deferrals written as
// HTTP responses ({"type":5…} or {"type":6…}).
func (m *Metrics) HTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pw := &peekWriter{ResponseWriter: w}
		next.ServeHTTP(pw, r)
		if pw.code == 0 {
			pw.code = http.StatusOK
		}
		m.mu.Lock()
		m.responses[pw.code]++
		m.mu.Unlock()
		if bytes.HasPrefix(pw.head, []byte(`{"type":5`)) || bytes.HasPrefix(pw.head, []byte(`{"type":6`)) {
			m.deferrals.Add(1)
		}
	})
}

// peekWriter keeps the status and the first bytes of a response; a code
// of 0 means nothing has been written yet.
type peekWriter struct {
	http.ResponseWriter
	code int
	head []byte
}

func (p *peekWriter) WriteHeader(code int) {
	if p.code == 0 {
		p.code = code
	}
	p.ResponseWriter.WriteHeader(code)
}

func (p *peekWriter) Write(b []byte) (int, error) {
	if p.code == 0 {
		p.code = http.StatusOK
	}
	if len(p.head) < 16 {
		p.head = append(p.head, b[:min(len(b), 16-len(p.head))]...)
	}
	return p.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (p *peekWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }

// ServeHTTP writes the metrics in Prometheus text format.
func (m *Metrics) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	m.WriteTo(w)
}

// WriteTo writes the metrics in Prometheus text format to w.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	m.mu.Lock()
	header(&b, "nimtutor_interactions_total", "counter", "Interactions handled, by kind and outcome.")
	for _, k := range slices.SortedFunc(maps.Keys(m.requests), func(a, b [2]string) int { return slices.Compare(a[:], b[:]) }) {
		fmt.Fprintf(&b, "nimtutor_interactions_total{kind=%q,outcome=%q} %d\n", k[0], k[1], m.requests[k])
	}
	writeHistograms(&b, "nimtutor_interaction_seconds", "kind", "Time the handler took for an interaction, by kind.", m.latency)
	writeHistograms(&b, "nimtutor_store_seconds", "op", "Time store operations took, by operation.", m.store)
	header(&b, "nimtutor_http_responses_total", "counter", "HTTP responses of the interactions endpoint, by status code.")
	for _, code := range slices.Sorted(maps.Keys(m.responses)) {
		fmt.Fprintf(&b, "nimtutor_http_responses_total{code=\"%d\"} %d\n", code, m.responses[code])
	}
	funcs := slices.Clone(m.funcs)
	m.mu.Unlock()

	header(&b, "nimtutor_deferrals_total", "counter", "Interactions answered with a deferral first.")
	fmt.Fprintf(&b, "nimtutor_deferrals_total %d\n", m.deferrals.Load())
	header(&b, "nimtutor_followups_total", "counter", "Edits and follow-ups of deferred answers, by result.")
	fmt.Fprintf(&b, "nimtutor_followups_total{result=\"ok\"} %d\n", m.followupsOK.Load())
	fmt.Fprintf(&b, "nimtutor_followups_total{result=\"failed\"} %d\n", m.followupsFailed.Load())
	header(&b, "nimtutor_deferred_undelivered_total", "counter", "Deferred answers not delivered, by reason: the token expired, the process stopped, Discord refused.")
	for _, reason := range []string{undeliveredExpired, undeliveredStopping, undeliveredRejected} {
		var v uint64
		if n, ok := m.undelivered.Load(reason); ok {
			v = n.(*atomic.Uint64).Load()
		}
		fmt.Fprintf(&b, "nimtutor_deferred_undelivered_total{reason=%q} %d\n", reason, v)
	}
	header(&b, "nimtutor_ledger_claims_late_total", "counter", "Interactions answered without waiting for a ledger that was too slow to say whether they were new.")
	fmt.Fprintf(&b, "nimtutor_ledger_claims_late_total %d\n", m.claimsLate.Load())
	// A family's samples must stand together under its one header, in the
	// order the families were first registered.
	first := map[string]int{}
	for k, f := range funcs {
		if _, ok := first[f.name]; !ok {
			first[f.name] = k
		}
	}
	slices.SortStableFunc(funcs, func(a, b metricFunc) int { return first[a.name] - first[b.name] })
	for k, f := range funcs {
		if k == 0 || funcs[k-1].name != f.name {
			header(&b, f.name, f.typ, f.help)
		}
		name := f.name
		if f.labels != "" {
			name += "{" + f.labels + "}"
		}
		fmt.Fprintf(&b, "%s %s\n", name, formatFloat(f.f()))
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

func header(b *strings.Builder, name, typ, help string) {
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
}

func writeHistograms(b *strings.Builder, name, label, help string, hs map[string]*histogram) {
	header(b, name, "histogram", help)
	for _, k := range slices.Sorted(maps.Keys(hs)) {
		h := hs[k]
		var cum uint64
		for j, le := range buckets {
			cum += h.counts[j]
			fmt.Fprintf(b, "%s_bucket{%s=%q,le=%q} %d\n", name, label, k, formatFloat(le), cum)
		}
		fmt.Fprintf(b, "%s_bucket{%s=%q,le=\"+Inf\"} %d\n", name, label, k, h.n)
		fmt.Fprintf(b, "%s_sum{%s=%q} %s\n", name, label, k, formatFloat(h.sum))
		fmt.Fprintf(b, "%s_count{%s=%q} %d\n", name, label, k, h.n)
	}
}

// formatFloat writes f as Prometheus reads it (+Inf, NaN included).
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
