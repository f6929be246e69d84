package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"github.com/nimtutor/nimtutor/discordx"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// testNow is the fake time every HTTP test runs at.
var testNow = time.Unix(1_700_000_000, 0)

// newKey returns a fresh Ed25519 key pair.
func newKey(tb testing.TB) (ed25519.PublicKey, ed25519.PrivateKey) {
	tb.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return pub, priv
}

// signed returns a POST /interactions request for body signed by priv at ts,
// as Discord sends it.
func signed(tb testing.TB, priv ed25519.PrivateKey, ts time.Time, body []byte) *http.Request {
	tb.Helper()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(priv, append([]byte(stamp), body...))
	r := httptest.NewRequest(http.MethodPost, InteractionsPath, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", stamp)
	return r
}

// marshal encodes v, failing tb on error.
func marshal(tb testing.TB, v any) []byte {
	tb.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// serve sends r to h and returns the recorded response.
func serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

const pingBody = `{"id":"1200000000000000001","application_id":"1000000000000000001","type":1,"token":"t","version":1}`

func TestHTTPRequestChecks(t *testing.T) {
	pub, priv := newKey(t)
	_, otherPriv := newKey(t)
	ping := []byte(pingBody)
	tests := []struct {
		name       string
		req        func() *http.Request
		wantStatus int
		wantBody   string // a substring
	}{
		{"good signature ping", func() *http.Request { return signed(t, priv, testNow, ping) }, http.StatusOK, `{"type":1}`},
		{"timestamp 4 minutes old", func() *http.Request { return signed(t, priv, testNow.Add(-4*time.Minute), ping) }, http.StatusOK, `{"type":1}`},
		{"signed by another key", func() *http.Request { return signed(t, otherPriv, testNow, ping) }, http.StatusUnauthorized, "invalid request signature"},
		{"missing signature", func() *http.Request {
			r := signed(t, priv, testNow, ping)
			r.Header.Del("X-Signature-Ed25519")
			return r
		}, http.StatusUnauthorized, ""},
		{"missing timestamp", func() *http.Request {
			r := signed(t, priv, testNow, ping)
			r.Header.Del("X-Signature-Timestamp")
			return r
		}, http.StatusUnauthorized, ""},
		{"signature not hex", func() *http.Request {
			r := signed(t, priv, testNow, ping)
			r.Header.Set("X-Signature-Ed25519", "zz")
			return r
		}, http.StatusUnauthorized, ""},
		{"body changed after signing", func() *http.Request {
			r := signed(t, priv, testNow, ping)
			r.Body = io.NopCloser(strings.NewReader(strings.Replace(pingBody, `"type":1`, `"type":2`, 1)))
			return r
		}, http.StatusUnauthorized, ""},
		{"stale timestamp", func() *http.Request { return signed(t, priv, testNow.Add(-6*time.Minute), ping) }, http.StatusUnauthorized, ""},
		{"timestamp in the future", func() *http.Request { return signed(t, priv, testNow.Add(6*time.Minute), ping) }, http.StatusUnauthorized, ""},
		{"oversized body", func() *http.Request {
			return signed(t, priv, testNow, bytes.Repeat([]byte(" "), DefaultMaxBodyBytes+1))
		}, http.StatusRequestEntityTooLarge, ""},
		{"malformed JSON", func() *http.Request { return signed(t, priv, testNow, []byte(`{"type":`)) }, http.StatusBadRequest, "malformed"},
		{"JSON without a type", func() *http.Request { return signed(t, priv, testNow, []byte(`{}`)) }, http.StatusBadRequest, "malformed"},
		{"GET", func() *http.Request { return httptest.NewRequest(http.MethodGet, InteractionsPath, nil) }, http.StatusMethodNotAllowed, ""},
		{"other path", func() *http.Request {
			r := signed(t, priv, testNow, ping)
			r.URL.Path = "/other"
			return r
		}, http.StatusNotFound, ""},
	}
	h := NewHTTPHandler(pub, &fakeHandler{}, WithClock(func() time.Time { return testNow }), WithLogger(testLogger(t)), WithSender(&fakeSender{}))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(h, tt.req())
			if w.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d (body %q)", w.Code, tt.wantStatus, w.Body.String())
			}
			if !strings.Contains(w.Body.String(), tt.wantBody) {
				t.Errorf("body = %q, want it to contain %q", w.Body.String(), tt.wantBody)
			}
		})
	}
}

func TestHTTPSmallBodyLimit(t *testing.T) {
	pub, priv := newKey(t)
	h := NewHTTPHandler(pub, &fakeHandler{}, WithClock(func() time.Time { return testNow }), WithMaxBodyBytes(64), WithSender(&fakeSender{}))
	body := marshal(t, interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}))
	if w := serve(h, signed(t, priv, testNow, body)); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("status = %d, want 413", w.Code)
	}
}

func TestHTTPCommandInline(t *testing.T) {
	pub, priv := newKey(t)
	fake := newFakeDiscord(t)
	h := NewHTTPHandler(pub, constHandler(message("Dee wins")), WithClock(func() time.Time { return testNow }), WithRESTClient(fake.client()))
	body := marshal(t, interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}))
	w := serve(h, signed(t, priv, testNow, body))
	if w.Code != http.StatusOK {
		t.Fatalf("status = %d, want 200", w.Code)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	got := jsonOf(t, w.Body.Bytes())
	if got["type"] != 4.0 || got["data"].(map[string]any)["content"] != "Dee wins" {
		t.Errorf("response = %v, want type 4 with content Dee wins", got)
	}
	fake.none(t)
}

func TestHTTPSlowCommandDeferredThenEdited(t *testing.T) {
	tests := []struct {
		name        string
		i           *discordgo.Interaction
		private     bool
		resp        *discordgo.InteractionResponse
		wantInline  string
		wantMethod  string
		wantPath    string
		wantContent string
	}{
		{
			name: "private command", private: true, resp: discordx.Ephemeral("the answer"),
			i:          interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}),
			wantInline: `{"type":5,"data":{"flags":64}}`,
			wantMethod: http.MethodPatch, wantPath: "/api/v10/webhooks/1000000000000000001/interaction-token/messages/@original",
			wantContent: "the answer",
		},
		{
			name: "public command", resp: message("the answer"),
			i:          interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}),
			wantInline: `{"type":5}`,
			wantMethod: http.MethodPatch, wantPath: "/api/v10/webhooks/1000000000000000001/interaction-token/messages/@original",
			wantContent: "the answer",
		},
		{
			name: "click answered with a new message", resp: discordx.Ephemeral("a hint"),
			i:          interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "hint"}),
			wantInline: `{"type":6}`,
			wantMethod: http.MethodPost, wantPath: "/api/v10/webhooks/1000000000000000001/interaction-token",
			wantContent: "a hint",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pub, priv := newKey(t)
			fake := newFakeDiscord(t)
			release := make(chan struct{})
			h := newHTTPHandler(pub, slowHandler(release, tt.resp, tt.private),
				WithClock(func() time.Time { return testNow }), WithDeferAfter(time.Millisecond),
				WithRESTClient(fake.client()), WithLogger(testLogger(t)))
			w := serve(h, signed(t, priv, testNow, marshal(t, tt.i)))
			if w.Code != http.StatusOK || w.Body.String() != tt.wantInline {
				t.Fatalf("inline = %d %s, want 200 %s", w.Code, w.Body, tt.wantInline)
			}
			fake.none(t)
			close(release)
			got := fake.next(t)
			if got.Method != tt.wantMethod || got.Path != tt.wantPath {
				t.Errorf("REST call = %s %s, want %s %s", got.Method, got.Path, tt.wantMethod, tt.wantPath)
			}
			if c := jsonOf(t, got.Body)["content"]; c != tt.wantContent {
				t.Errorf("delivered content = %v, want %q", c, tt.wantContent)
			}
			if got.Auth != "" {
				t.Errorf("webhook call sent Authorization %q, want none", got.Auth)
			}
			if err := h.d.wait(context.Background()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// parseMultipart reads a multipart/form-data body into its payload_json
// and its files by part name.
func parseMultipart(tb testing.TB, contentType string, body []byte) (payload map[string]any, files map[string]string, names map[string]string) {
	tb.Helper()
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "multipart/form-data" {
		tb.Fatalf("Content-Type = %q (%v), want multipart/form-data", contentType, err)
	}
	files, names = map[string]string{}, map[string]string{}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		if p.FormName() == "payload_json" {
			payload = jsonOf(tb, b)
			continue
		}
		files[p.FormName()] = string(b)
		names[p.FormName()] = p.FileName()
	}
	if payload == nil {
		tb.Fatal("no payload_json part")
	}
	return payload, files, names
}

func TestHTTPFilesAsMultipart(t *testing.T) {
	wantFiles := map[string]string{"files[0]": "A..B\n", "files[1]": "\x89PNG fake"}
	wantNames := map[string]string{"files[0]": "tree.txt", "files[1]": "tree.png"}
	pub, priv := newKey(t)
	body := marshal(t, interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "tree"}))

	t.Run("inline", func(t *testing.T) {
		h := NewHTTPHandler(pub, filesHandler(), WithClock(func() time.Time { return testNow }), WithSender(&fakeSender{}))
		w := serve(h, signed(t, priv, testNow, body))
		payload, files, names := parseMultipart(t, w.Header().Get("Content-Type"), w.Body.Bytes())
		if payload["type"] != 4.0 || payload["data"].(map[string]any)["content"] != "here is the game tree" {
			t.Errorf("payload_json = %v", payload)
		}
		checkFiles(t, files, names, wantFiles, wantNames)
	})

	t.Run("deferred edit", func(t *testing.T) {
		fake := newFakeDiscord(t)
		release := make(chan struct{})
		slow := filesHandler()
		fast := slow.handle
		slow.handle = func(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
			<-release
			return fast(ctx, i)
		}
		h := newHTTPHandler(pub, slow, WithClock(func() time.Time { return testNow }), WithDeferAfter(time.Millisecond), WithRESTClient(fake.client()))
		if w := serve(h, signed(t, priv, testNow, body)); w.Body.String() != `{"type":5}` {
			t.Fatalf("inline = %s, want a deferral", w.Body)
		}
		close(release)
		got := fake.next(t)
		if got.Method != http.MethodPatch {
			t.Errorf("method = %s, want PATCH", got.Method)
		}
		payload, files, names := parseMultipart(t, got.ContentType, got.Body)
		if payload["content"] != "here is the game tree" {
			t.Errorf("payload_json = %v", payload)
		}
		checkFiles(t, files, names, wantFiles, wantNames)
		if err := h.d.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

func checkFiles(tb testing.TB, files, names, wantFiles, wantNames map[string]string) {
	tb.Helper()
	for k, want := range wantFiles {
		if files[k] != want || names[k] != wantNames[k] {
			tb.Errorf("part %s = %q named %q, want %q named %q", k, files[k], names[k], want, wantNames[k])
		}
	}
	if len(files) != len(wantFiles) {
		tb.Errorf("got %d file parts, want %d", len(files), len(wantFiles))
	}
}

func TestHTTPTransportPanicStillAnswers(t *testing.T) {
	pub, priv := newKey(t)
	// A component that cannot be marshalled makes the transport itself
	// panic while encoding, after the handler has returned.
	h := NewHTTPHandler(pub, constHandler(&discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Components: []discordgo.MessageComponent{panicComponent{}}},
	}), WithClock(func() time.Time { return testNow }), WithSender(&fakeSender{}))
	body := marshal(t, interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}))
	w := serve(h, signed(t, priv, testNow, body))
	got := jsonOf(t, w.Body.Bytes())
	data, _ := got["data"].(map[string]any)
	if w.Code != http.StatusOK || data["content"] != somethingWentWrong || data["flags"] != 64.0 {
		t.Errorf("got %d %v, want 200 with an ephemeral apology", w.Code, got)
	}
}

func TestServeHTTPShutsDown(t *testing.T) {
	pub, priv := newKey(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- ServeHTTP(ctx, ln, pub, &fakeHandler{}, testLogger(t), WithSender(&fakeSender{}))
	}()

	r := signed(t, priv, time.Now(), []byte(pingBody))
	req, _ := http.NewRequest(http.MethodPost, "http://"+ln.Addr().String()+InteractionsPath, r.Body)
	req.Header = r.Header
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(b) != `{"type":1}` {
		t.Errorf("PING over TCP = %d %s, want 200 PONG", resp.StatusCode, b)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeHTTP = %v, want nil after cancel", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ServeHTTP did not return after cancel")
	}
}
