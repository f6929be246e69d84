package bot

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// TestHTTPBadInteractions sends what is not an interaction nimtutor
// handles, and data it cannot read, through the signed HTTP handler.
func TestHTTPBadInteractions(t *testing.T) {
	tests := []struct {
		name       string
		body       string
		wantStatus int
		wantBody   string // a substring
	}{
		{"interaction type 6", envelopeJSON("6", `{}`), http.StatusBadRequest, `{"error":"unknown interaction type 6"}`},
		{"interaction type 7", envelopeJSON("7", `{}`), http.StatusBadRequest, `{"error":"unknown interaction type 7"}`},
		{"interaction type 99", envelopeJSON("99", `{}`), http.StatusBadRequest, `{"error":"unknown interaction type 99"}`},
		{"no token", `{"id":"1","application_id":"2","type":2,"data":{}}`, http.StatusBadRequest, `"error":"malformed interaction: no id or token`},
		{"user id of 5,000 digits", strings.Replace(envelopeJSON("2", `{"name":"adapwns"}`), `"id":"7"`, `"id":"`+strings.Repeat("9", 5000)+`"`, 1), http.StatusBadRequest, `"error":"malformed interaction: member.user.id is not a Discord id`},
		{"select value is a number", envelopeJSON("3", `{"custom_id":"play:x","component_type":3,"values":[54]}`), http.StatusOK, "data.values[0]: should be text, but is a number"},
		{"modal input value is null", envelopeJSON("5", `{"custom_id":"m","components":[{"type":18,"component":{"type":4,"custom_id":"move","value":null}}]}`), http.StatusOK, "data.components[0].component.value: should be text, but is null"},
		{"autocomplete with unreadable data gets no choices", envelopeJSON("4", `{"name":5}`), http.StatusOK, `{"type":8,"data":{"choices":[]}}`},
	}
	pub, priv := newKey(t)
	var calls atomic.Int32
	h := NewHTTPHandler(pub, &fakeHandler{handle: func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse {
		calls.Add(1)
		return discordx.Ephemeral("ok")
	}}, WithClock(func() time.Time { return testNow }), WithLogger(testLogger(t)), WithSender(&fakeSender{}))
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := strings.Replace(tt.body, "1200000000000000009", fmt.Sprint(1200000000000000100+k), 1)
			w := serve(h, signed(t, priv, testNow, []byte(body)))
			if w.Code != tt.wantStatus || !strings.Contains(w.Body.String(), tt.wantBody) {
				t.Errorf("got %d %s, want %d with %q", w.Code, w.Body, tt.wantStatus, tt.wantBody)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type = %q, want JSON", ct)
			}
			if strings.Contains(w.Body.String(), somethingWentWrong) {
				t.Errorf("bad input got the generic apology: %s", w.Body)
			}
		})
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("handler called %d times, want 0: nothing here is a usable interaction", n)
	}
}

// TestHTTPDuplicateAnsweredOnce sends the same interaction twice.
func TestHTTPDuplicateAnsweredOnce(t *testing.T) {
	pub, priv := newKey(t)
	var calls atomic.Int32
	h := NewHTTPHandler(pub, &fakeHandler{handle: func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse {
		calls.Add(1)
		return message("Ada wins")
	}}, WithClock(func() time.Time { return testNow }), WithLogger(testLogger(t)), WithSender(&fakeSender{}))
	body := marshal(t, interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}))
	first := serve(h, signed(t, priv, testNow, body))
	second := serve(h, signed(t, priv, testNow, body))
	if first.Code != http.StatusOK || !strings.Contains(first.Body.String(), "Ada wins") {
		t.Errorf("first = %d %s, want the answer", first.Code, first.Body)
	}
	if second.Code != http.StatusBadRequest || !strings.Contains(second.Body.String(), "already received") {
		t.Errorf("second = %d %s, want 400 already received", second.Code, second.Body)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("handler called %d times, want once", n)
	}
}

// TestHTTPLabelModal submits a modal whose text input is wrapped in a
// Label through the signed HTTP handler.
func TestHTTPLabelModal(t *testing.T) {
	pub, priv := newKey(t)
	h := NewHTTPHandler(pub, &fakeHandler{handle: func(_ context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
		v, ok := discordx.TextValue(i.ModalSubmitData().Components, "move")
		if !ok {
			return discordx.Ephemeral("no move")
		}
		return discordx.Ephemeral("move " + v)
	}}, WithClock(func() time.Time { return testNow }), WithLogger(testLogger(t)), WithSender(&fakeSender{}))
	w := serve(h, signed(t, priv, testNow, []byte(envelopeJSON("5", labelModal))))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"content":"move 5 4"`) {
		t.Errorf("got %d %s, want the typed move", w.Code, w.Body)
	}
}

func TestMemoryLedger(t *testing.T) {
	l := NewMemoryLedger(3, time.Minute)
	now := time.Unix(0, 0)
	l.now = func() time.Time { return now }
	claim := func(id string) bool {
		ok, err := l.Claim(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !claim("a") || claim("a") {
		t.Fatal("a: want new, then seen")
	}
	claim("b")
	claim("c")
	claim("d") // full: forgets a, the oldest
	if l.Len() != 3 {
		t.Errorf("len = %d, want 3", l.Len())
	}
	if claim("c") {
		t.Error("c: want seen")
	}
	if !claim("a") {
		t.Error("a: want new again after it was forgotten")
	}
	now = now.Add(2 * time.Minute)
	if !claim("c") {
		t.Error("c: want new after its time ran out")
	}
	for k := range 1000 {
		claim(strings.Repeat("x", k%7) + string(rune('a'+k%26)) + time.Duration(k).String())
	}
	if l.Len() > 3 || len(l.ring) > 4 {
		t.Errorf("len %d, ring %d: want at most 3 ids remembered", l.Len(), len(l.ring))
	}
}
