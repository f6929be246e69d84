package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"github.com/nimtutor/nimtutor/discordx"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/bot/spectest"
)

// handoffN is how many deferred interactions each hand-off test sends.
const handoffN = 1000

// warmSchema loads Discord's schema and checks the bodies the hand-off
// tests send, before the crowd arrives: under the race detector the
// first check takes seconds, and a thousand calls waiting on it would
// time out and be retried.
func warmSchema(t *testing.T) {
	t.Helper()
	p, err := encodeMessage(message("the answer").Data, true)
	if err == nil {
		err = spectest.Check(http.MethodPatch, "/api/v10/webhooks/1000000000000000001/t/messages/@original", p.contentType, p.body)
	}
	if err == nil {
		p, err = encodeResponse(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	}
	if err == nil {
		err = spectest.Check(http.MethodPost, "/api/v10/interactions/1200000000000000001/t/callback", p.contentType, p.body)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// gates holds one channel per interaction id, closed when the test lets
// that interaction's handler answer.
type gates struct{ m sync.Map }

func (g *gates) of(id string) chan struct{} {
	c, _ := g.m.LoadOrStore(id, make(chan struct{}))
	return c.(chan struct{})
}

func (g *gates) open(id string) { close(g.of(id)) }

// gatedHandler answers once the test opens the interaction's gate: it is
// slower than the deferral by construction, and answers only after the
// connection the deferral went out on is gone. The answers are alike, so
// that the schema check of the fake Discord is done once for all.
func gatedHandler(g *gates) *fakeHandler {
	return &fakeHandler{handle: func(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
		select {
		case <-g.of(i.ID):
			return message("the answer")
		case <-ctx.Done():
			return discordx.Ephemeral("cancelled: " + context.Cause(ctx).Error())
		}
	}}
}

// slowFlush is a ResponseWriter whose flush, once the bytes are on the
// wire, waits until the server has seen the client close the connection:
// it holds the deferrer exactly in the moment after the deferral is
// written, where a closed connection used to cancel the answer.
type slowFlush struct {
	http.ResponseWriter
	ctx context.Context
}

func (s slowFlush) FlushError() error {
	err := http.NewResponseController(s.ResponseWriter).Flush()
	select {
	case <-s.ctx.Done():
	case <-time.After(10 * time.Second):
	}
	return err
}

func (s slowFlush) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// checkAllDelivered checks that each of ids got its answer, and that the
// metrics count every delivery and no loss. An edit may arrive twice
// (an attempt that timed out on a slow machine, then its retry): edits
// are idempotent, so that is no loss, and it is reported, not failed.
func checkAllDelivered(t *testing.T, fake *fakeDiscord, tokens []string, m *Metrics) {
	t.Helper()
	missing, again := 0, 0
	for _, tok := range tokens {
		n := fake.deliveredTo(tok)
		if n == 0 {
			missing++
			if missing <= 5 {
				t.Errorf("token %s: no delivery; its calls: %v", tok, fake.historyOf(tok))
			}
		}
		again += max(0, n-1)
	}
	t.Logf("%d of %d deferred answers delivered (%d edits repeated); the fake closed %d connections after answering, dropped %d unanswered, sent %d global 429s",
		len(tokens)-missing, len(tokens), again, fake.closed.Load(), fake.dropped.Load(), fake.limited.Load())
	b := metricsText(t, m)
	if missing > 0 {
		t.Logf("metrics:\n%s", b)
	}
	for _, want := range []string{
		fmt.Sprintf(`nimtutor_followups_total{result="ok"} %d`, len(tokens)),
		`nimtutor_deferred_undelivered_total{reason="token_expired"} 0`,
		`nimtutor_deferred_undelivered_total{reason="stopping"} 0`,
		`nimtutor_deferred_undelivered_total{reason="rejected"} 0`,
	} {
		if !strings.Contains(b, want+"\n") {
			t.Errorf("metrics lack %q", want)
		}
	}
}

// TestDeferredAnswersSurviveClosedConnectionsHTTP sends 1,000 slow
// interactions over HTTP from a client that closes each connection the
// instant it has read the deferral. The server is held in the moment
// after writing the deferral until it has seen the close; the handler
// answers only after that. Every answer must still be delivered by
// webhook, through a fake Discord that closes some connections, answers
// some calls with a global 429 and checks every body against Discord's
// schema.
func TestDeferredAnswersSurviveClosedConnectionsHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 1,000 interactions")
	}
	warmSchema(t)
	fake := newFakeDiscord(t)
	fake.quiet, fake.closeEvery, fake.limitEvery = true, 3, 11
	m := NewMetrics()
	g := &gates{}
	pub, priv := newKey(t)
	h := newHTTPHandler(pub, gatedHandler(g), WithClock(func() time.Time { return testNow }), WithDeferAfter(time.Millisecond),
		WithSender(m.Sender(NewREST(fake.srv.URL+"/api/v10", fake.client(), nil))))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(slowFlush{w, r.Context()}, r)
	}))
	defer srv.Close()

	tokens := make([]string, handoffN)
	work := make(chan int)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range work {
				i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
				i.Token = fmt.Sprintf("handoff-http-%d", k)
				tokens[k] = i.Token
				req := signed(t, priv, testNow, marshal(t, i))
				conn, err := net.Dial("tcp", srv.Listener.Addr().String())
				if err != nil {
					t.Error(err)
					continue
				}
				req.Host = srv.Listener.Addr().String()
				if err := req.Write(conn); err != nil {
					t.Error(err)
					conn.Close()
					continue
				}
				resp, err := http.ReadResponse(bufio.NewReader(conn), req)
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
				}
				conn.Close() // the instant the deferral is read
				if err != nil || string(body) != `{"type":5}` {
					t.Errorf("interaction %s: %v %s, want a deferral", i.ID, err, body)
				}
				g.open(i.ID)
			}
		}()
	}
	for k := range handoffN {
		work <- k
	}
	close(work)
	wg.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := h.d.wait(ctx); err != nil {
		t.Fatalf("deliveries still pending: %v", err)
	}
	checkAllDelivered(t, fake, tokens, m)
}

// TestDeferredAnswersSurviveDroppedCallbacksGateway sends 1,000 slow
// interactions over the gateway. The fake Discord takes each deferral
// (the interaction callback) and then, for some, drops the connection
// without answering, as a network failure does; it closes others after
// answering and rate-limits some globally. The handler answers only
// after its deferral was taken. Every answer must be delivered.
func TestDeferredAnswersSurviveDroppedCallbacksGateway(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 1,000 interactions")
	}
	warmSchema(t)
	g := &gates{}
	fake := newFakeDiscord(t)
	fake.quiet, fake.strict, fake.closeEvery, fake.limitEvery, fake.dropEvery = true, true, 3, 11, 5
	fake.onAck = g.open
	events := make([]*discordgo.Interaction, handoffN)
	tokens := make([]string, handoffN)
	for k := range events {
		i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
		i.Token = fmt.Sprintf("handoff-gateway-%d", k)
		events[k], tokens[k] = i, i.Token
	}
	// Events 10 ms apart: 100 a second for 10 s, which a small, shared
	// machine answers within Discord's 3 s even under the race detector.
	// (A deferral that does not reach Discord in 3 s is an interaction
	// Discord calls failed: no webhook can deliver its answer.)
	gw := &fakeGateway{events: events, identify: make(chan json.RawMessage, 1), query: make(chan string, 4), pace: 10 * time.Millisecond}
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()
	m := NewMetrics()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- RunGateway(ctx, GatewayConfig{Token: "test-token", DeferAfter: time.Millisecond, HTTPClient: fake.client(),
			Sender: m.Sender(NewREST(fake.srv.URL+"/api/v10", fake.client(), nil)), ShutdownGrace: time.Minute}, gatedHandler(g), nil)
	}()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		delivered := 0
		for _, tok := range tokens {
			if fake.deliveredTo(tok) > 0 {
				delivered++
			}
		}
		if delivered == handoffN || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	<-done
	checkAllDelivered(t, fake, tokens, m)
	if fake.dropped.Load() == 0 {
		t.Error("the fake dropped no connection: the test did not test what it says")
	}
}
