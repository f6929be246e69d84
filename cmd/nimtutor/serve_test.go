package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/bot/spectest"
	"github.com/nimtutor/nimtutor/commands"
)

// This file drives the real serving stack (the router behind the rate
// limiter, behind the signed HTTP transport) with raw interaction JSON,
// as Discord sends it.

// captureSender records deferred answers instead of calling Discord.
type captureSender struct {
	mu   sync.Mutex
	sent []*discordgo.InteractionResponseData
}

var _ bot.Sender = (*captureSender)(nil)

func (c *captureSender) Respond(context.Context, *discordgo.Interaction, *discordgo.InteractionResponse) error {
	return nil
}

func (c *captureSender) EditOriginal(_ context.Context, _ *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, d)
	return nil
}

func (c *captureSender) Followup(ctx context.Context, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	return c.EditOriginal(ctx, i, d)
}

func (c *captureSender) DeleteOriginal(context.Context, *discordgo.Interaction) error { return nil }

// everyIDNew is a ledger that never remembers: the fuzz target sends
// many inputs with the same id.
type everyIDNew struct{}

func (everyIDNew) Claim(context.Context, string) (bool, error) { return true, nil }

// endpoint is the real HTTP transport over the real handlers.
type endpoint struct {
	h    http.Handler
	priv ed25519.PrivateKey
	sent *captureSender
	seq  atomic.Int64
}

func newEndpoint(tb testing.TB, opts ...bot.HTTPOption) *endpoint {
	tb.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	e := &endpoint{priv: priv, sent: &captureSender{}}
	handler, closeStore := newHandlerWith(ctx, quietLogger(io.Discard), commands.Config{}, bot.RateLimitConfig{Burst: 1 << 30})
	tb.Cleanup(closeStore)
	e.h = bot.NewHTTPHandler(pub, handler, append([]bot.HTTPOption{bot.WithSender(e.sent)}, opts...)...)
	return e
}

// post signs body as Discord does and serves it.
func (e *endpoint) post(body []byte) *httptest.ResponseRecorder {
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	sig := ed25519.Sign(e.priv, append([]byte(stamp), body...))
	r := httptest.NewRequest(http.MethodPost, bot.InteractionsPath, bytes.NewReader(body))
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", stamp)
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

// interactionJSON is an interaction of type typ by user 7 with data, and a
// fresh id.
func (e *endpoint) interactionJSON(typ int, data string, extra string) []byte {
	id := 1200000000000000000 + e.seq.Add(1)
	return fmt.Appendf(nil, `{"id":"%d","application_id":"1000000000000000001","type":%d,"token":"tok","version":1,`+
		`"member":{"user":{"id":"700000000000000007","username":"dee"}},%s"data":%s}`, id, typ, extra, data)
}

// commandJSON is /game sub with the given raw options.
func commandJSON(game, sub, options string) string {
	return fmt.Sprintf(`{"name":%q,"type":1,"options":[{"name":%q,"type":1,"options":[%s]}]}`, game, sub, options)
}

const genericApology = "Something went wrong"

// checkReply fails tb unless status and body make a valid answer: 200 with
// a valid Discord response, or 400/401/413 with a JSON error. It returns
// the decoded response of a 200.
func checkReply(tb testing.TB, w *httptest.ResponseRecorder) map[string]any {
	tb.Helper()
	return checkReplyOf(tb, w, true)
}

// checkReplyOf is checkReply, with Discord's schema checked or not.
func checkReplyOf(tb testing.TB, w *httptest.ResponseRecorder, checkSchema bool) map[string]any {
	tb.Helper()
	body := w.Body.Bytes()
	switch w.Code {
	case http.StatusOK:
	case http.StatusBadRequest, http.StatusUnauthorized, http.StatusRequestEntityTooLarge:
		return nil
	default:
		tb.Fatalf("status %d, want 200, 400, 401 or 413 (body %q)", w.Code, body)
	}
	ct := w.Header().Get("Content-Type")
	// What Discord reads from the HTTP answer is a callback body. The
	// fuzz target leaves this out: each of its thousands of distinct
	// bodies would cost a schema compilation.
	if checkSchema {
		if err := spectest.Check(http.MethodPost, "/interactions/1/token/callback", ct, body); err != nil {
			tb.Errorf("Discord's schema refuses a response: %v\n%.2000s", err, body)
		}
	}
	if mt, params, err := mime.ParseMediaType(ct); err == nil && mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		p, err := mr.NextPart()
		if err != nil || p.FormName() != "payload_json" {
			tb.Fatalf("multipart body without payload_json first: %v", err)
		}
		body, _ = io.ReadAll(p)
	} else if ct != "application/json" {
		tb.Fatalf("Content-Type %q, want JSON or multipart", ct)
	}
	var resp map[string]any
	if err := json.Unmarshal(body, &resp); err != nil {
		tb.Fatalf("200 body is not JSON: %v\n%s", err, body)
	}
	checkResponse(tb, resp, body)
	return resp
}

// checkResponse checks a decoded interaction response against Discord's
// rules for its type.
func checkResponse(tb testing.TB, resp map[string]any, raw []byte) {
	tb.Helper()
	if bytes.Contains(raw, []byte(genericApology)) {
		tb.Errorf("reply is the generic apology, kept for bugs: %s", raw)
	}
	if bytes.Contains(raw, []byte("null")) && hasNull(resp) {
		tb.Errorf("reply has a null field: %s", raw)
	}
	typ, _ := resp["type"].(float64)
	data, _ := resp["data"].(map[string]any)
	switch typ {
	case 1, 6:
		if resp["data"] != nil {
			tb.Errorf("type %v with data: %s", typ, raw)
		}
	case 5:
	case 4, 7:
		if data == nil {
			tb.Fatalf("type %v without data: %s", typ, raw)
		}
		for _, k := range []string{"embeds", "components", "attachments"} {
			if _, ok := data[k].([]any); !ok {
				tb.Errorf("data.%s is not a list: %s", k, raw)
			}
		}
		content, _ := data["content"].(string)
		if utf8.RuneCountInString(content) > 2000 {
			tb.Errorf("content has %d characters", utf8.RuneCountInString(content))
		}
		if content == "" && len(data["embeds"].([]any)) == 0 {
			tb.Errorf("empty message: %s", raw)
		}
		total := 0
		for _, e := range data["embeds"].([]any) {
			em := e.(map[string]any)
			for _, k := range []string{"title", "description"} {
				s, _ := em[k].(string)
				total += utf8.RuneCountInString(s)
			}
			fields, _ := em["fields"].([]any)
			if len(fields) > 25 {
				tb.Errorf("%d fields", len(fields))
			}
			for _, f := range fields {
				fm := f.(map[string]any)
				n, _ := fm["name"].(string)
				v, _ := fm["value"].(string)
				total += utf8.RuneCountInString(n) + utf8.RuneCountInString(v)
				if n == "" || v == "" || utf8.RuneCountInString(v) > 1024 {
					tb.Errorf("bad field %q: %d characters", n, utf8.RuneCountInString(v))
				}
			}
		}
		if total > 6000 {
			tb.Errorf("embeds have %d characters", total)
		}
	case 8:
		if data == nil {
			tb.Fatalf("autocomplete without data: %s", raw)
		}
		if c, ok := data["choices"].([]any); !ok || len(c) > 25 {
			tb.Errorf("choices = %v, want a list of at most 25", data["choices"])
		}
	case 9:
		if data == nil || data["custom_id"] == nil || data["title"] == nil {
			tb.Errorf("modal without custom_id or title: %s", raw)
		}
		if id, _ := data["custom_id"].(string); len(id) > 100 {
			tb.Errorf("modal custom_id has %d characters", len(id))
		}
	default:
		tb.Errorf("response type %v is not one Discord knows: %s", resp["type"], raw)
	}
}

// hasNull reports whether v holds a JSON null anywhere.
func hasNull(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		for _, x := range v {
			if hasNull(x) {
				return true
			}
		}
	case []any:
		for _, x := range v {
			if hasNull(x) {
				return true
			}
		}
	}
	return false
}

// content returns a 200 reply's message text.
func content(resp map[string]any) string {
	data, _ := resp["data"].(map[string]any)
	s, _ := data["content"].(string)
	return s
}

// customIDs lists the custom_ids of a reply's components, in order.
func customIDs(resp map[string]any) []string {
	var ids []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if id, ok := v["custom_id"].(string); ok {
				ids = append(ids, id)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	data, _ := resp["data"].(map[string]any)
	walk(data["components"])
	return ids
}

// TestHTTPBadInputEndToEnd sends each kind of bad input from the issue's
// list as raw JSON through the signed HTTP endpoint and the real handlers.
func TestHTTPBadInputEndToEnd(t *testing.T) {
	e := newEndpoint(t)
	// A game to click on, and its "Type a move" form.
	game := checkReply(t, e.post(e.interactionJSON(2, commandJSON("adapwns", "play", `{"name":"position","type":3,"value":"..P.P"}`), "")))
	ids := customIDs(game)
	if len(ids) != 2 {
		t.Fatalf("game controls = %v, want a menu and a button", ids)
	}
	menu, typeMove := ids[0], ids[1]
	form := checkReply(t, e.post(e.interactionJSON(3, fmt.Sprintf(`{"custom_id":%q,"component_type":2}`, typeMove), `"message":{"id":"5"},`)))
	if form["type"] != 9.0 {
		t.Fatalf("Type a move answered %v, want a modal", form)
	}
	formID := form["data"].(map[string]any)["custom_id"].(string)
	if comps := form["data"].(map[string]any)["components"].([]any); comps[0].(map[string]any)["type"] != 18.0 {
		t.Errorf("form component = %v, want a Label (type 18)", comps[0])
	}
	labelSubmit := func(value string) string {
		return fmt.Sprintf(`{"custom_id":%q,"components":[{"type":18,"id":1,"component":{"type":4,"id":2,"custom_id":"move","value":%s}}]}`, formID, value)
	}
	tampered := menu[:len(menu)-2] + "zz"

	tests := []struct {
		name       string
		body       []byte
		wantStatus int
		want       string // in the reply's content or error
	}{
		{"option value a number where text belongs", e.interactionJSON(2, commandJSON("adapwns", "solve", `{"name":"position","type":3,"value":42}`), ""), 200,
			"option `position`: it should be text, but Discord sent a number"},
		{"option value text where true or false belongs", e.interactionJSON(2, commandJSON("adapwns", "play", `{"name":"position","type":3,"value":"..P.P"},{"name":"bot_first","type":5,"value":"yes"}`), ""), 200,
			"option `bot_first`: it should be true or false, but Discord sent text"},
		{"null option value", e.interactionJSON(2, commandJSON("adapwns", "hint", `{"name":"position","type":3,"value":null}`), ""), 200,
			"option `position`: it has no value (Discord sent null)"},
		{"missing option", e.interactionJSON(2, commandJSON("binim2", "solve", `{"name":"position","type":3,"value":"010"}`), ""), 200,
			"option `first`: it is missing"},
		{"unknown subcommand", e.interactionJSON(2, commandJSON("adapwns", "explode", `{"name":"position","type":3,"value":"..P.P"}`), ""), 200,
			`/adapwns has no subcommand "explode"`},
		{"unknown custom_id", e.interactionJSON(3, `{"custom_id":"zzz:1","component_type":2}`, ""), 200,
			"this control is from an older version of nimtutor"},
		{"tampered custom_id", e.interactionJSON(3, fmt.Sprintf(`{"custom_id":%q,"component_type":3,"values":["5 4"]}`, tampered), ""), 200,
			"the button's data is damaged"},
		// A Label-wrapped move that is read and played: the last subtest,
		// as a board takes one move (a second on it is refused).
		// A mistyped move re-shows the board with what was wrong: the game goes on.
		{"Label-wrapped modal input that is not a move", e.interactionJSON(5, labelSubmit(`"left"`), `"message":{"id":"5"},`), 200,
			`board: "left" is not two numbers`},
		{"Label-wrapped modal input of the wrong JSON type", e.interactionJSON(5, labelSubmit(`31`), `"message":{"id":"5"},`), 200,
			"data.components[0].component.value: should be text, but is a number"},
		{"interaction type 6", e.interactionJSON(6, `{}`, ""), 400, `{"error":"unknown interaction type 6"}`},
		{"interaction type 7", e.interactionJSON(7, `{}`, ""), 400, `{"error":"unknown interaction type 7"}`},
		{"interaction type 99", e.interactionJSON(99, `{}`, ""), 400, `{"error":"unknown interaction type 99"}`},
		{"autocomplete gets choices", e.interactionJSON(4, commandJSON("adapwns", "solve", `{"name":"position","type":3,"value":"..P","focused":true}`), ""), 200,
			""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.post(tt.body)
			resp := checkReply(t, w)
			if w.Code != tt.wantStatus {
				t.Fatalf("status %d (%s), want %d", w.Code, w.Body, tt.wantStatus)
			}
			if tt.wantStatus != 200 {
				if !strings.Contains(w.Body.String(), tt.want) || w.Header().Get("Content-Type") != "application/json" {
					t.Errorf("body %q, want a JSON error with %q", w.Body, tt.want)
				}
				return
			}
			if tt.want == "" {
				return
			}
			if want, ok := strings.CutPrefix(tt.want, "board: "); ok {
				embeds, _ := resp["data"].(map[string]any)["embeds"].([]any)
				if resp["type"] != float64(7) || len(embeds) == 0 || !strings.Contains(fmt.Sprint(embeds[0].(map[string]any)["description"]), want) {
					t.Errorf("got %v, want the board again (type 7) saying %q", resp, want)
				}
				return
			}
			flags, _ := resp["data"].(map[string]any)["flags"].(float64)
			if got := content(resp); !strings.Contains(got, tt.want) || flags != 64 {
				t.Errorf("got %q (flags %v), want an ephemeral message with %q", got, flags, tt.want)
			}
		})
	}
	t.Run("the Label-wrapped move was played", func(t *testing.T) {
		w := e.post(e.interactionJSON(5, labelSubmit(`"3 1"`), `"message":{"id":"5"},`))
		resp := checkReply(t, w)
		if resp["type"] != 7.0 || !strings.Contains(w.Body.String(), "You move the piece on cell 3 to cell 1") {
			t.Errorf("got %s, want the game updated with the move", w.Body)
		}
	})
}
