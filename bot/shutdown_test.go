package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/nimtutor/nimtutor/discordx"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// busyHandler works until its context is cancelled, as a search does,
// and records why it stopped.
type busyHandler struct {
	mu     sync.Mutex
	causes []error
}

func (h *busyHandler) Handle(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
	if i.Type == discordgo.InteractionApplicationCommand && i.ApplicationCommandData().Name == "quick" {
		return message("quick answer")
	}
	for ctx.Err() == nil {
		time.Sleep(time.Millisecond) // a slice of work
	}
	h.mu.Lock()
	h.causes = append(h.causes, context.Cause(ctx))
	h.mu.Unlock()
	return discordx.Ephemeral("stopped")
}

func (h *busyHandler) Private(*discordgo.Interaction) bool { return false }

// TestHTTPGracefulStop stops the HTTP transport while one answer is being
// worked on inline and another is deferred: it stops accepting at once,
// cancels both, answers the first and apologises for the second through
// the REST API, and returns within two seconds.
func TestHTTPGracefulStop(t *testing.T) {
	pub, priv := newKey(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sender := &fakeSender{}
	h := &busyHandler{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- ServeHTTP(ctx, ln, pub, h, testLogger(t), WithSender(sender), WithDeferAfter(300*time.Millisecond), WithShutdownGrace(100*time.Millisecond))
	}()
	url := "http://" + ln.Addr().String() + InteractionsPath
	post := func(id, name string) (int, string) {
		i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: name})
		i.ID = id
		r := signed(t, priv, time.Now(), marshal(t, i))
		req, _ := http.NewRequest(http.MethodPost, url, r.Body)
		req.Header = r.Header
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := post("1200000000000000001", "quick"); code != 200 || !strings.Contains(body, "quick answer") {
		t.Fatalf("before the stop: %d %s", code, body)
	}
	// One answer deferred, one still inline when the stop comes.
	if code, body := post("1200000000000000002", "deferred"); code != 200 || body != `{"type":5}` {
		t.Fatalf("deferred: %d %s", code, body)
	}
	inline := make(chan string, 1)
	go func() {
		_, body := post("1200000000000000003", "inline")
		inline <- body
	}()
	time.Sleep(100 * time.Millisecond)

	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeHTTP = %v, want nil", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ServeHTTP did not return")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("shutdown took %v, want at most 2s", took)
	}
	// On a loaded machine the answer in flight may have been deferred
	// before the stop: then its apology goes by webhook too.
	apologies := 1
	if body := <-inline; body == `{"type":5}` {
		apologies++
	} else if !strings.Contains(body, "restarting") && !strings.Contains(body, "stopped") {
		t.Errorf("the answer in flight got %s, want an apology", body)
	}
	sender.mu.Lock()
	var got []string
	for _, f := range append(sender.edits, sender.followups...) {
		got = append(got, f.Content)
	}
	sender.mu.Unlock()
	if len(got) != apologies || got[0] != msgStopping || got[len(got)-1] != msgStopping {
		t.Errorf("deferred answers delivered as %q, want %d apologies %q", got, apologies, msgStopping)
	}
	// The handlers see their context cancelled within a slice of work;
	// the transport does not wait for them to notice.
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		h.mu.Lock()
		n := len(h.causes)
		h.mu.Unlock()
		if n >= 2 {
			break
		}
	}
	h.mu.Lock()
	for _, c := range h.causes {
		if !errors.Is(c, errStopping) {
			t.Errorf("work stopped because %v, want errStopping", c)
		}
	}
	if len(h.causes) != 2 {
		t.Errorf("%d handlers stopped, want 2", len(h.causes))
	}
	h.mu.Unlock()
	if code, _ := post("1200000000000000004", "quick"); code == 200 {
		t.Error("a request after the stop was answered")
	}
}

// TestStopsAcceptingDuringShutdown sends an interaction on a connection
// that is still open while the deferrer shuts down: it gets the restart
// apology, not work.
func TestStopsAcceptingDuringShutdown(t *testing.T) {
	d := newDeferrer(&busyHandler{}, &fakeSender{}, nil, time.Hour, testLogger(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := d.shutdown(ctx, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	var got *discordgo.InteractionResponse
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "quick"})
	err := d.answer(context.Background(), i, nil, func(r *discordgo.InteractionResponse) error {
		got = r
		return nil
	})
	if !errors.Is(err, errStopping) || got == nil || got.Data.Content != msgStopping {
		t.Errorf("got %v, %+v; want errStopping and the apology", err, got)
	}
	b, _ := json.Marshal(got)
	if !bytes.Contains(b, []byte(`"flags":64`)) {
		t.Errorf("apology %s is not ephemeral", b)
	}
	// The same interaction again (a redelivery) gets nothing: it was
	// answered, with the apology.
	got = nil
	err = d.answer(context.Background(), i, nil, func(r *discordgo.InteractionResponse) error {
		got = r
		return nil
	})
	if !errors.Is(err, errDuplicate) || got != nil {
		t.Errorf("a redelivery while stopping: got %v, %+v; want errDuplicate and no answer", err, got)
	}
}

// TestUnreadableDuringShutdown sends data nimtutor cannot read while the
// HTTP transport shuts down: the answer is the restart apology, never an
// empty 200.
func TestUnreadableDuringShutdown(t *testing.T) {
	pub, priv := newKey(t)
	h := newHTTPHandler(pub, &fakeHandler{}, WithClock(func() time.Time { return testNow }), WithSender(&fakeSender{}))
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	h.d.shutdown(ctx, time.Millisecond)
	w := serve(h, signed(t, priv, testNow, []byte(envelopeJSON("3", `{"custom_id":"x","values":[5]}`))))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "restarting") {
		t.Errorf("got %d %q, want the restart apology", w.Code, w.Body.String())
	}
}
