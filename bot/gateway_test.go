package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/nimtutor/nimtutor/discordx"
)

// fakeGateway is Discord's gateway websocket on loopback: HELLO, then
// READY in answer to IDENTIFY, then the queued INTERACTION_CREATE
// dispatches, and heartbeat ACKs throughout. It sends plain JSON text
// frames, which discordgo reads as they are (it inflates binary frames only).
type fakeGateway struct {
	events []*discordgo.Interaction
	raw    []string // INTERACTION_CREATE payloads sent after events, as they are
	// pace, when set, is the pause between two events, as Discord
	// spreads a crowd's interactions over time.
	pace     time.Duration
	identify chan json.RawMessage
	query    chan string
}

func (g *fakeGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.query <- r.URL.RawQuery
	serveGatewaySocket(w, r, func(d json.RawMessage, dispatch func(string, any)) {
		g.identify <- d
		dispatch("READY", map[string]any{
			"v": 9, "session_id": "fake-session", "resume_gateway_url": "ws://127.0.0.1:1",
			"user":        map[string]any{"id": "1000000000000000001", "username": "nimtutor", "bot": true},
			"guilds":      []any{map[string]any{"id": "1300000000000000001", "unavailable": true}},
			"application": map[string]any{"id": "1000000000000000001", "flags": 0},
		})
		for _, i := range g.events {
			dispatch("INTERACTION_CREATE", i)
			time.Sleep(g.pace)
		}
		for _, r := range g.raw {
			dispatch("INTERACTION_CREATE", json.RawMessage(r))
		}
	})
}

// serveGatewaySocket is one connection of a fake gateway: it upgrades r
// to a websocket, says HELLO, answers heartbeats, and on IDENTIFY calls
// onIdentify with its payload and a dispatch function that sends events
// numbered in order.
func serveGatewaySocket(w http.ResponseWriter, r *http.Request, onIdentify func(d json.RawMessage, dispatch func(event string, data any))) {
	up := websocket.Upgrader{}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	var mu sync.Mutex
	write := func(v any) error {
		mu.Lock()
		defer mu.Unlock()
		return c.WriteJSON(v)
	}
	type frame struct {
		Op int             `json:"op"`
		S  int             `json:"s,omitempty"`
		T  string          `json:"t,omitempty"`
		D  json.RawMessage `json:"d"`
	}
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	if write(frame{Op: 10, D: raw(map[string]any{"heartbeat_interval": 45000})}) != nil {
		return
	}
	seq := 0
	dispatch := func(event string, data any) {
		seq++
		write(frame{Op: 0, S: seq, T: event, D: raw(data)})
	}
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			return
		}
		var f frame
		if json.Unmarshal(msg, &f) != nil {
			return
		}
		switch f.Op {
		case 1: // heartbeat
			write(frame{Op: 11})
		case 2: // identify
			onIdentify(f.D, dispatch)
		}
	}
}

// TestGatewayEndToEnd runs RunGateway's real discordgo session against a
// fake Discord on loopback: REST for /gateway and the callbacks, a
// websocket for the gateway.
func TestGatewayEndToEnd(t *testing.T) {
	command := func(id, name, token string) *discordgo.Interaction {
		i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{ID: "1100000000000000007", Name: name})
		i.ID, i.Token = id, token
		return i
	}
	click := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "hint", ComponentType: discordgo.ButtonComponent})
	click.ID, click.Token = "1200000000000000004", "click-token"
	gw := &fakeGateway{
		events: []*discordgo.Interaction{
			command("1200000000000000001", "fast", "fast-token"),
			command("1200000000000000002", "slow", "slow-token"),
			command("1200000000000000003", "broken", "broken-token"),
			click,
		},
		identify: make(chan json.RawMessage, 1),
		query:    make(chan string, 4),
	}
	fake := newFakeDiscord(t)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()

	release := make(chan struct{})
	h := &fakeHandler{handle: func(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
		if i.Type != discordgo.InteractionApplicationCommand {
			return discordx.Ephemeral("clicked " + i.MessageComponentData().CustomID)
		}
		switch i.ApplicationCommandData().Name {
		case "slow":
			<-release
			return message("slow done")
		case "broken": // makes the transport panic while encoding
			return &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Components: []discordgo.MessageComponent{panicComponent{}}},
			}
		}
		return message("fast done")
	}}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- RunGateway(ctx, GatewayConfig{Token: "test-token", DeferAfter: 200 * time.Millisecond, HTTPClient: fake.client()}, h, testLogger(t))
	}()

	select {
	case q := <-gw.query:
		if q != "v="+discordgo.APIVersion+"&encoding=json" {
			t.Errorf("gateway query = %q, want v=%s&encoding=json", q, discordgo.APIVersion)
		}
	case err := <-done:
		t.Fatalf("RunGateway returned early: %v", err)
	case <-time.After(5 * time.Second):
		t.Fatal("no gateway connection within 5s")
	}
	var ident struct {
		Token   string `json:"token"`
		Intents int    `json:"intents"`
	}
	select {
	case d := <-gw.identify:
		if err := json.Unmarshal(d, &ident); err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no IDENTIFY within 5s")
	}
	if ident.Token != "Bot test-token" || ident.Intents != 0 {
		t.Errorf("IDENTIFY token %q intents %d, want \"Bot test-token\" and 0", ident.Token, ident.Intents)
	}

	// The callbacks arrive in any order.
	callbacks := map[string]map[string]any{}
	for range 4 {
		r := fake.next(t)
		if r.Method != http.MethodPost {
			t.Fatalf("got %s %s, want callback POSTs", r.Method, r.Path)
		}
		callbacks[r.Path] = jsonOf(t, r.Body)
	}
	content := func(m map[string]any) any {
		d, _ := m["data"].(map[string]any)
		return d["content"]
	}
	tests := []struct {
		path        string
		wantType    float64
		wantContent any
	}{
		{"/api/v10/interactions/1200000000000000001/fast-token/callback", 4, "fast done"},
		{"/api/v10/interactions/1200000000000000002/slow-token/callback", 5, nil},
		{"/api/v10/interactions/1200000000000000003/broken-token/callback", 4, somethingWentWrong},
		{"/api/v10/interactions/1200000000000000004/click-token/callback", 4, "clicked hint"},
	}
	for _, tt := range tests {
		got, ok := callbacks[tt.path]
		if !ok {
			t.Errorf("no callback to %s; got %v", tt.path, callbacks)
			continue
		}
		if got["type"] != tt.wantType || content(got) != tt.wantContent {
			t.Errorf("callback to %s = %v, want type %v content %v", tt.path, got, tt.wantType, tt.wantContent)
		}
	}

	close(release)
	edit := fake.next(t)
	if want := "/api/v10/webhooks/1000000000000000001/slow-token/messages/@original"; edit.Method != http.MethodPatch || edit.Path != want {
		t.Errorf("edit = %s %s, want PATCH %s", edit.Method, edit.Path, want)
	}
	if c := jsonOf(t, edit.Body)["content"]; c != "slow done" {
		t.Errorf("edited content = %v, want slow done", c)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("RunGateway = %v, want nil after cancel", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("RunGateway did not return within 10s of cancel")
	}
	fake.none(t)
}

func TestRunGatewayNeedsToken(t *testing.T) {
	if err := RunGateway(context.Background(), GatewayConfig{}, &fakeHandler{}, nil); err != ErrNoToken {
		t.Errorf("RunGateway without token = %v, want ErrNoToken", err)
	}
}

func TestRunGatewayOpenFails(t *testing.T) {
	fake := newFakeDiscord(t)
	// No websocket is served: the upgrade request gets a plain 401.
	fake.status = http.StatusUnauthorized
	err := RunGateway(context.Background(), GatewayConfig{Token: "bad", HTTPClient: fake.client()}, &fakeHandler{}, testLogger(t))
	if err == nil {
		t.Fatal("RunGateway with no gateway to dial = nil, want an error")
	}
}

// TestGatewayRawInteractions sends interactions over the gateway that
// discordgo cannot read or that nimtutor must not answer: a modal with a
// Label, the same one again, an unknown interaction type and a select
// value of the wrong JSON type.
func TestGatewayRawInteractions(t *testing.T) {
	withID := func(raw, id, token string) string {
		raw = strings.Replace(raw, "1200000000000000009", id, 1)
		return strings.Replace(raw, `"token":"tok"`, `"token":"`+token+`"`, 1)
	}
	gw := &fakeGateway{
		raw: []string{
			withID(envelopeJSON("99", `{}`), "1200000000000000021", "odd-token"),
			strings.Replace(withID(envelopeJSON("2", `{"name":"adapwns"}`), "1200000000000000024", "huge-token"), `"id":"7"`, `"id":"`+strings.Repeat("9", 5000)+`"`, 1),
			withID(envelopeJSON("5", labelModal), "1200000000000000022", "label-token"),
			withID(envelopeJSON("5", labelModal), "1200000000000000022", "label-token"),
			withID(envelopeJSON("3", `{"custom_id":"play:x","component_type":3,"values":[54]}`), "1200000000000000023", "select-token"),
		},
		identify: make(chan json.RawMessage, 1),
		query:    make(chan string, 4),
	}
	fake := newFakeDiscord(t)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()
	logs := &logBuffer{}
	h := &fakeHandler{handle: func(_ context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
		v, _ := discordx.TextValue(i.ModalSubmitData().Components, "move")
		return discordx.Ephemeral("move " + v)
	}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- RunGateway(ctx, GatewayConfig{Token: "test-token", HTTPClient: fake.client(), Sender: NewREST(fake.srv.URL+"/api/v10", fake.client(), logs.logger())}, h, logs.logger())
	}()
	callbacks := map[string]string{}
	for range 2 {
		r := fake.next(t)
		callbacks[r.Path] = string(r.Body)
	}
	if got := callbacks["/api/v10/interactions/1200000000000000022/label-token/callback"]; !strings.Contains(got, `"content":"move 5 4"`) {
		t.Errorf("Label modal answered %q, want the typed move", got)
	}
	if got := callbacks["/api/v10/interactions/1200000000000000023/select-token/callback"]; !strings.Contains(got, "data.values[0]: should be text, but is a number") {
		t.Errorf("bad select answered %q, want a message naming data.values[0]", got)
	}
	// discordgo hands each event to a goroutine of its own: give the
	// duplicate's a moment to be seen before stopping.
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) &&
		!(strings.Contains(logs.String(), "received twice") && strings.Contains(logs.String(), "member.user.id is not a Discord id")); {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
	fake.none(t) // no answer to type 99, to the huge id, to the duplicate
	for _, want := range []string{"unknown interaction type 99", "received twice", "member.user.id is not a Discord id"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs.String())
		}
	}
}

// TestGatewayGracefulStop stops the gateway transport with an answer
// deferred and its work in progress: the work is cancelled, the public
// "thinking…" is deleted, the user gets the restart apology privately, and
// RunGateway returns within 2 s.
func TestGatewayGracefulStop(t *testing.T) {
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "deferred"})
	i.Token = "slow-token"
	gw := &fakeGateway{events: []*discordgo.Interaction{i}, identify: make(chan json.RawMessage, 1), query: make(chan string, 4)}
	fake := newFakeDiscord(t)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()
	h := &busyHandler{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- RunGateway(ctx, GatewayConfig{Token: "t", HTTPClient: fake.client(), DeferAfter: 50 * time.Millisecond, ShutdownGrace: 50 * time.Millisecond}, h, testLogger(t))
	}()
	if r := fake.next(t); !strings.HasSuffix(r.Path, "/slow-token/callback") || jsonOf(t, r.Body)["type"] != 5.0 {
		t.Fatalf("first call %s %s, want the deferral", r.Path, r.Body)
	}
	start := time.Now()
	cancel()
	if del := fake.next(t); del.Method != http.MethodDelete || !strings.HasSuffix(del.Path, "/slow-token/messages/@original") {
		t.Errorf("first delivery %s %s, want the public deferral deleted", del.Method, del.Path)
	}
	apology := fake.next(t)
	if body := jsonOf(t, apology.Body); apology.Method != http.MethodPost || body["content"] != msgStopping || body["flags"] != 64.0 {
		t.Errorf("delivery %s %s, want the restart apology as a private follow-up", apology.Method, apology.Body)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("RunGateway did not return")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("shutdown took %v, want at most 2s", took)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.causes) != 1 || h.causes[0] != errStopping {
		t.Errorf("work stopped because %v, want errStopping", h.causes)
	}
}
