package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/commands"
)

// contextFixture is one interaction of testdata/contexts: /adapwns solve
// as Discord sends it from one context (see the README there).
type contextFixture struct {
	name string
	raw  []byte
	id   string
	tok  string
	// noFiles: the app lacks Attach Files there.
	noFiles bool
}

func contextFixtures(tb testing.TB) []contextFixture {
	tb.Helper()
	paths, err := filepath.Glob("testdata/contexts/*.json")
	if err != nil || len(paths) < 7 {
		tb.Fatalf("fixtures: %v (%d files), want the 7 contexts", err, len(paths))
	}
	var out []contextFixture
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		var head struct {
			ID    string `json:"id"`
			Token string `json:"token"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			tb.Fatalf("%s: %v", p, err)
		}
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		out = append(out, contextFixture{name: name, raw: raw, id: head.ID, tok: head.Token, noFiles: strings.Contains(name, "without-attach-files")})
	}
	return out
}

// checkContextCard checks /adapwns solve's answer from one context: a
// public card with its picture and no word about permissions; where the
// app lacks Attach Files, the same card without the picture and one line
// that says why.
func checkContextCard(t *testing.T, fx contextFixture, got reply) {
	t.Helper()
	if got.Type != 4 || got.ephemeral() {
		t.Errorf("type %v ephemeral %v, want a public message (4)", got.Type, got.ephemeral())
	}
	if len(got.embeds()) == 0 || !strings.Contains(got.embeds()[0]["title"].(string), "Ada wins") {
		t.Errorf("embeds %v, want the card", got.embeds())
	}
	const note = "-# nimtutor lacks Attach Files here, so the picture is left out."
	if fx.noFiles {
		if len(got.Files) != 0 || got.content() != note {
			t.Errorf("files %v, content %q; want no picture and the one line %q", len(got.Files), got.content(), note)
		}
		for _, e := range got.embeds() {
			if e["image"] != nil {
				t.Errorf("embed still shows an attachment that is not there: %v", e["image"])
			}
		}
		return
	}
	if len(got.Files) != 1 {
		t.Errorf("%d files, want the picture", len(got.Files))
	}
	if strings.Contains(got.content(), "lacks") || strings.Contains(got.content(), "Only you") {
		t.Errorf("content %q speaks of permissions", got.content())
	}
}

// TestContextsHTTP sends each fixture, signed, to the HTTP endpoint in
// front of the real router.
func TestContextsHTTP(t *testing.T) {
	srv := newE2EHTTP(t, newRouter(t, commands.Config{}))
	for _, fx := range contextFixtures(t) {
		t.Run(fx.name, func(t *testing.T) {
			w := serve(srv.h, signed(t, srv.priv, testNow, fx.raw))
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			checkSchema(t, "POST", "/interactions/"+fx.id+"/"+fx.tok+"/callback", w.Header().Get("Content-Type"), w.Body.Bytes())
			checkContextCard(t, fx, decodeReply(t, w.Header().Get("Content-Type"), w.Body.Bytes()))
		})
	}
}

// TestContextsGateway sends each fixture as an INTERACTION_CREATE event
// through RunGateway; the fake Discord checks each callback against the
// schema.
func TestContextsGateway(t *testing.T) {
	fixtures := contextFixtures(t)
	gw := &fakeGateway{identify: make(chan json.RawMessage, 1), query: make(chan string, 4)}
	for _, fx := range fixtures {
		gw.raw = append(gw.raw, string(fx.raw))
	}
	fake := newFakeDiscord(t)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- RunGateway(ctx, GatewayConfig{Token: "test-token", DeferAfter: time.Minute, HTTPClient: fake.client()}, newRouter(t, commands.Config{}), testLogger(t))
	}()
	defer func() {
		cancel()
		<-done
	}()
	got := map[string]reply{}
	for range fixtures {
		r := fake.next(t)
		id, _, callback := pathParts(r.Path)
		if !callback {
			t.Fatalf("got %s %s, want an interaction callback", r.Method, r.Path)
		}
		got[id] = decodeReply(t, r.ContentType, r.Body)
	}
	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) { checkContextCard(t, fx, got[fx.id]) })
	}
}
