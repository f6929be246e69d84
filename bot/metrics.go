package bot

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/nimtutor/nimtutor/outcome"
)

// Metrics counts what a transport does, in a Prometheus registry of its
// own served at /metrics by the Prometheus client library. The families
// are:
//
//	nimtutor_interactions_total{kind,outcome}       counter
//	nimtutor_interaction_seconds{kind}              histogram (handler time)
//	nimtutor_deferrals_total                        counter
//	nimtutor_followups_total{result}                counter (edits and follow-ups)
//	nimtutor_store_seconds{op}                      histogram (SQLite and PostgreSQL alike)
//	nimtutor_http_responses_total{code}             counter (HTTP transport)
//	nimtutor_deferred_undelivered_total{reason}     counter (token_expired, stopping, rejected)
//	nimtutor_ledger_claims_late_total               counter (answered without the ledger)
//
// plus what Gauge and CounterFunc register (queue depth, cache hits) and
// the Go runtime's (go_*) and the process's (process_*) collectors. The
// outcome of an interaction is what its handler recorded with
// outcome.Set: ok, user_error (the input was wrong), expired, forbidden,
// busy, timeout, rate_limited or error; none when nothing was answered.
// Label values come from a bounded set: interaction types, the names of
// registered commands, those outcomes and the store's operations.
// Metrics is safe for concurrent use.
type Metrics struct {
	reg          *prometheus.Registry
	handler      http.Handler
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	store        *prometheus.HistogramVec
	responses    *prometheus.CounterVec
	followups    *prometheus.CounterVec
	deferrals    prometheus.Counter
	undelivered  *prometheus.CounterVec
	claimsLate   prometheus.Counter
}

// buckets are the histograms' upper bounds in seconds: Discord's three
// seconds sit between 2.5 and 5.
var buckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// NewMetrics returns metrics at zero, with the Go runtime and process
// collectors registered.
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	f := promauto.With(reg)
	m := &Metrics{
		reg: reg,
		interactions: f.NewCounterVec(prometheus.CounterOpts{
			Name: "nimtutor_interactions_total", Help: "Interactions handled, by kind and outcome.",
		}, []string{"kind", "outcome"}),
		latency: f.NewHistogramVec(prometheus.HistogramOpts{
			Name: "nimtutor_interaction_seconds", Help: "Time the handler took for an interaction, by kind.", Buckets: buckets,
		}, []string{"kind"}),
		store: f.NewHistogramVec(prometheus.HistogramOpts{
			Name: "nimtutor_store_seconds", Help: "Time store operations took, by operation.", Buckets: buckets,
		}, []string{"op"}),
		responses: f.NewCounterVec(prometheus.CounterOpts{
			Name: "nimtutor_http_responses_total", Help: "HTTP responses of the interactions endpoint, by status code.",
		}, []string{"code"}),
		followups: f.NewCounterVec(prometheus.CounterOpts{
			Name: "nimtutor_followups_total", Help: "Edits and follow-ups of deferred answers, by result.",
		}, []string{"result"}),
		deferrals: f.NewCounter(prometheus.CounterOpts{
			Name: "nimtutor_deferrals_total", Help: "Interactions answered with a deferral first.",
		}),
		undelivered: f.NewCounterVec(prometheus.CounterOpts{
			Name: "nimtutor_deferred_undelivered_total",
			Help: "Deferred answers not delivered, by reason: the token expired, the process stopped, Discord refused.",
		}, []string{"reason"}),
		claimsLate: f.NewCounter(prometheus.CounterOpts{
			Name: "nimtutor_ledger_claims_late_total",
			Help: "Interactions answered without waiting for a ledger that was too slow to say whether they were new.",
		}),
	}
	// Every result and reason shows from the start, at 0, so a rate of
	// failures is defined before the first failure.
	m.followups.WithLabelValues("ok")
	m.followups.WithLabelValues("failed")
	for _, reason := range []string{undeliveredExpired, undeliveredStopping, undeliveredRejected} {
		m.undelivered.WithLabelValues(reason)
	}
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.handler = promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg})
	return m
}

// Gauge registers a value read at each scrape, such as a queue's depth,
// under name with the constant labels given (nil for none). Every
// registration of one name must give the same help and label names, and
// each its own label values: anything else is a programming error, and
// Gauge panics.
func (m *Metrics) Gauge(name, help string, labels map[string]string, f func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help, ConstLabels: labels}, f))
}

// CounterFunc registers a counter kept elsewhere, such as cache hits, as
// Gauge registers a gauge.
func (m *Metrics) CounterFunc(name, help string, labels map[string]string, f func() float64) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: labels}, f))
}

// ObserveStore records how long a store operation took; its signature
// fits store.Observer.
func (m *Metrics) ObserveStore(op string, d time.Duration) {
	m.store.WithLabelValues(op).Observe(d.Seconds())
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

// Instrument returns h counting each interaction by kind and by the
// outcome its handler recorded (see outcome.Set), and timing the handler.
// Put it outermost, so rate-limited answers count.
func (m *Metrics) Instrument(h Handler) Handler { return &instrumented{Handler: h, m: m} }

// instrumented counts and times Handle; Private is the wrapped Handler's.
type instrumented struct {
	Handler
	m *Metrics
}

func (in *instrumented) Handle(ctx context.Context, i *discordgo.Interaction) (resp *discordgo.InteractionResponse) {
	ctx, slot := outcome.With(ctx)
	start := time.Now()
	returned := false
	defer func() {
		o := slot.Get()
		switch {
		case !returned: // a panic on its way to the transport's recover
			o = outcome.Error
		case resp == nil:
			o = "none"
		}
		kind := kindOf(i)
		in.m.interactions.WithLabelValues(kind, o).Inc()
		in.m.latency.WithLabelValues(kind).Observe(time.Since(start).Seconds())
	}()
	resp = in.Handler.Handle(ctx, i)
	returned = true
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
		c.m.deferrals.Inc()
	}
	return c.Sender.Respond(ctx, i, resp)
}

func (c *countingSender) count(err error) error {
	result := "ok"
	if err != nil {
		result = "failed"
	}
	c.m.followups.WithLabelValues(result).Inc()
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
func (c *countingSender) undelivered(reason string) { c.m.undelivered.WithLabelValues(reason).Inc() }

// claimLate counts an interaction answered without waiting for the ledger.
func (c *countingSender) claimLate() { c.m.claimsLate.Inc() }

// HTTP returns next counting response codes and the deferrals written as
// HTTP responses ({"type":5…} or {"type":6…}).
func (m *Metrics) HTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pw := &peekWriter{ResponseWriter: w}
		next.ServeHTTP(pw, r)
		if pw.code == 0 {
			pw.code = http.StatusOK
		}
		m.responses.WithLabelValues(strconv.Itoa(pw.code)).Inc()
		if bytes.HasPrefix(pw.head, []byte(`{"type":5`)) || bytes.HasPrefix(pw.head, []byte(`{"type":6`)) {
			m.deferrals.Inc()
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

// ServeHTTP writes the metrics in the exposition format the scraper asks
// for (Prometheus's text format by default).
func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.handler.ServeHTTP(w, r)
}
