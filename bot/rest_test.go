package bot

import (
	"context"
	"fmt"
	"github.com/nimtutor/nimtutor/discordx"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// flakyAPI is a Discord REST API on loopback that answers each call with
// the next of its scripted statuses (then 204s) and records when calls came.
type flakyAPI struct {
	srv     *httptest.Server
	mu      sync.Mutex
	script  []scripted
	calls   []time.Time
	methods []string
	paths   []string
	bodies  []string
}

type scripted struct {
	status     int
	retryAfter string // header value, "" for none
	body       string
}

func newFlakyAPI(tb testing.TB, script ...scripted) *flakyAPI {
	tb.Helper()
	a := &flakyAPI{script: script}
	a.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := make([]byte, r.ContentLength)
		r.Body.Read(body)
		a.mu.Lock()
		a.calls = append(a.calls, time.Now())
		a.methods = append(a.methods, r.Method)
		a.paths = append(a.paths, r.URL.EscapedPath())
		a.bodies = append(a.bodies, string(body))
		var s scripted
		if len(a.script) > 0 {
			s, a.script = a.script[0], a.script[1:]
		}
		a.mu.Unlock()
		if s.status == 0 {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if s.retryAfter != "" {
			w.Header().Set("Retry-After", s.retryAfter)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(s.status)
		fmt.Fprint(w, s.body)
	}))
	tb.Cleanup(a.srv.Close)
	return a
}

func (a *flakyAPI) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.calls)
}

func TestRESTRetries(t *testing.T) {
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	data := &discordgo.InteractionResponseData{Content: "Ada wins"}
	tests := []struct {
		name      string
		script    []scripted
		deadline  time.Duration
		wantCalls int
		wantErr   string // "" for success
		minGap    time.Duration
	}{
		{"success at once", nil, time.Second, 1, "", 0},
		{"429 with Retry-After is honoured", []scripted{{status: 429, retryAfter: "0.3", body: `{"message":"You are being rate limited.","retry_after":0.3,"global":false}`}}, 5 * time.Second, 2, "", 300 * time.Millisecond},
		{"429 with retry_after only in the body", []scripted{{status: 429, body: `{"message":"rate limited","retry_after": 0.2}`}}, 5 * time.Second, 2, "", 200 * time.Millisecond},
		{"502 then 503 then success", []scripted{{status: 502}, {status: 503}}, 5 * time.Second, 3, "", 0},
		{"404 is final", []scripted{{status: 404, body: `{"message":"Unknown Webhook","code":10015}`}}, 5 * time.Second, 1, "discord answered 404: {\"message\":\"Unknown Webhook\"", 0},
		{"gives up when the token would expire first", []scripted{{status: 429, retryAfter: "30"}}, time.Second, 1, "giving up after 1 attempts, the interaction token expires first", 0},
		{"keeps retrying 500s until the deadline", []scripted{{status: 500}, {status: 500}, {status: 500}, {status: 500}, {status: 500}, {status: 500}, {status: 500}, {status: 500}}, 400 * time.Millisecond, 0, "giving up", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := newFlakyAPI(t, tt.script...)
			c := NewREST(api.srv.URL+"/api/v10", nil, testLogger(t))
			c.minBackoff = 20 * time.Millisecond
			ctx, cancel := context.WithTimeout(context.Background(), tt.deadline)
			defer cancel()
			err := c.EditOriginal(ctx, i, data)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("err = %v, want success", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if tt.wantCalls > 0 && api.count() != tt.wantCalls {
				t.Errorf("%d calls, want %d", api.count(), tt.wantCalls)
			}
			if tt.wantCalls == 0 && api.count() < 3 {
				t.Errorf("%d calls, want several retries", api.count())
			}
			if tt.minGap > 0 && len(api.calls) >= 2 {
				if gap := api.calls[1].Sub(api.calls[0]); gap < tt.minGap {
					t.Errorf("retried after %v, want at least %v", gap, tt.minGap)
				}
			}
			if err != nil && strings.Contains(err.Error(), i.Token) {
				t.Errorf("error %q reveals the interaction token", err)
			}
		})
	}
}

func TestRESTEndpoints(t *testing.T) {
	api := newFlakyAPI(t)
	c := NewREST(api.srv.URL+"/proxy/api/v10/", nil, nil)
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	ctx := context.Background()
	data := &discordgo.InteractionResponseData{Content: "x", Flags: discordgo.MessageFlagsEphemeral}
	if err := c.Respond(ctx, i, discordx.Ephemeral("x")); err != nil {
		t.Fatal(err)
	}
	if err := c.EditOriginal(ctx, i, data); err != nil {
		t.Fatal(err)
	}
	if err := c.Followup(ctx, i, data); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteOriginal(ctx, i); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"POST /proxy/api/v10/interactions/" + i.ID + "/interaction-token/callback",
		"PATCH /proxy/api/v10/webhooks/1000000000000000001/interaction-token/messages/@original",
		"POST /proxy/api/v10/webhooks/1000000000000000001/interaction-token",
		"DELETE /proxy/api/v10/webhooks/1000000000000000001/interaction-token/messages/@original",
	}
	for k, w := range want {
		if got := api.methods[k] + " " + api.paths[k]; got != w {
			t.Errorf("call %d = %s, want %s", k, got, w)
		}
	}
	if !strings.Contains(api.bodies[2], `"flags":64`) || strings.Contains(api.bodies[1], `"flags"`) {
		t.Errorf("follow-up %s should be ephemeral, the edit %s should carry no flags", api.bodies[2], api.bodies[1])
	}
}

func TestCheckAPIURL(t *testing.T) {
	for u, ok := range map[string]bool{
		DefaultAPIURL:                      true,
		"http://127.0.0.1:9000/api/v10":    true,
		"https://proxy.internal/api/v10":   true,
		"discord.com/api":                  false,
		"ftp://discord.com":                false,
		"http://":                          false,
		"http://[::1]:namedport/api/v10/x": false,
	} {
		if err := CheckAPIURL(u); (err == nil) != ok {
			t.Errorf("CheckAPIURL(%q) = %v, want ok %v", u, err, ok)
		}
	}
}

// TestDeferredDeliveryRetriedAndLogged defers answers whose delivery
// first fails with 429 and 500: each is delivered once in the end, and an
// answer Discord refuses for good is logged with the interaction id.
func TestDeferredDeliveryRetriedAndLogged(t *testing.T) {
	api := newFlakyAPI(t, scripted{status: 429, retryAfter: "0.05"}, scripted{status: 500})
	logs := &logBuffer{}
	rest := NewREST(api.srv.URL, nil, logs.logger())
	rest.minBackoff = 10 * time.Millisecond
	release := make(chan struct{})
	d := newDeferrer(slowHandler(release, message("done"), false), rest, nil, time.Millisecond, logs.logger())
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	if err := d.answer(context.Background(), i, nil, func(*discordgo.InteractionResponse) error { return nil }); err != nil {
		t.Fatal(err)
	}
	close(release)
	if err := d.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if api.count() != 3 || api.methods[2] != http.MethodPatch {
		t.Errorf("%d calls %v, want the edit delivered on the third try", api.count(), api.methods)
	}

	api2 := newFlakyAPI(t, scripted{status: 403, body: `{"message":"Missing Access"}`})
	late := &fakeHandler{handle: func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse {
		time.Sleep(5 * time.Millisecond)
		return message("late")
	}}
	d2 := newDeferrer(late, NewREST(api2.srv.URL, nil, nil), nil, time.Millisecond, logs.logger())
	i2 := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	i2.ID = "1200000000000000077"
	d2.answer(context.Background(), i2, nil, func(*discordgo.InteractionResponse) error { return nil })
	if err := d2.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), `msg="deferred answer not delivered" interaction=1200000000000000077`) {
		t.Errorf("log lacks the failed delivery with its interaction id:\n%s", logs.String())
	}
}
