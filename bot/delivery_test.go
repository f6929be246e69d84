package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestEveryInteractionAnsweredOnce sends many interactions at once, some
// answered inline and some deferred, and checks that each gets exactly
// one final answer: inline, or a deferral and then one delivery.
func TestEveryInteractionAnsweredOnce(t *testing.T) {
	pub, priv := newKey(t)
	sender := &fakeSender{}
	h := newHTTPHandler(pub, &fakeHandler{handle: func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse {
		time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
		return message("done")
	}}, WithClock(func() time.Time { return testNow }), WithDeferAfter(8*time.Millisecond), WithSender(sender))
	const n = 200
	var wg sync.WaitGroup
	inline := make([]string, n)
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
			i.ID = fmt.Sprint(1200000000000000000 + k)
			w := serve(h, signed(t, priv, testNow, marshal(t, i)))
			inline[k] = w.Body.String()
		}()
	}
	wg.Wait()
	if err := h.d.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	deferred := 0
	for k, body := range inline {
		id := fmt.Sprint(1200000000000000000 + k)
		got := sender.delivered[id]
		switch {
		case body == `{"type":5}`:
			deferred++
			if got != 1 {
				t.Errorf("%s: deferred, then delivered %d times", id, got)
			}
		case strings.Contains(body, `"content":"done"`):
			if got != 0 {
				t.Errorf("%s: answered inline, then delivered %d more times", id, got)
			}
		default:
			t.Errorf("%s: answered %s", id, body)
		}
	}
	if deferred == 0 || deferred == n {
		t.Logf("%d of %d deferred; the test wants a mix", deferred, n)
	}
}

// TestAbandonedRequestCancelsWork ends an HTTP request before its answer:
// nobody can receive the answer, so the handler's work is cancelled.
func TestAbandonedRequestCancelsWork(t *testing.T) {
	pub, priv := newKey(t)
	cancelled := make(chan error, 1)
	h := newHTTPHandler(pub, &fakeHandler{handle: func(ctx context.Context, _ *discordgo.Interaction) *discordgo.InteractionResponse {
		<-ctx.Done()
		cancelled <- context.Cause(ctx)
		return message("too late")
	}}, WithClock(func() time.Time { return testNow }), WithSender(&fakeSender{}), WithDeferAfter(time.Hour))
	body := marshal(t, interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}))
	ctx, cancel := context.WithCancel(context.Background())
	r := signed(t, priv, testNow, body).WithContext(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.ServeHTTP(httptest.NewRecorder(), r)
	}()
	time.Sleep(10 * time.Millisecond)
	cancel()
	select {
	case cause := <-cancelled:
		if cause != errNoListener {
			t.Errorf("cause = %v, want errNoListener", cause)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the handler's work was not cancelled")
	}
	<-done
}

// TestDeferredAnswerCapturedOnLoopback runs the HTTP transport with
// DISCORD_API_URL's option pointed at a server on loopback, which
// receives the deferred answer.
func TestDeferredAnswerCapturedOnLoopback(t *testing.T) {
	got := make(chan string, 1)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Method + " " + r.URL.Path
		w.WriteHeader(http.StatusNoContent)
	}))
	defer api.Close()
	pub, priv := newKey(t)
	release := make(chan struct{})
	h := newHTTPHandler(pub, slowHandler(release, message("done"), false), WithClock(func() time.Time { return testNow }),
		WithDeferAfter(time.Millisecond), WithSender(NewREST(api.URL+"/api/v10", nil, nil)))
	body := marshal(t, interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}))
	if w := serve(h, signed(t, priv, testNow, body)); w.Body.String() != `{"type":5}` {
		t.Fatalf("inline = %s, want a deferral", w.Body)
	}
	close(release)
	select {
	case call := <-got:
		if want := "PATCH /api/v10/webhooks/1000000000000000001/interaction-token/messages/@original"; call != want {
			t.Errorf("call = %s, want %s", call, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no delivery on loopback")
	}
}
