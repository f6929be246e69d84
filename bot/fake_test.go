package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nimtutor/nimtutor/discordx"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/bot/spectest"
)

// fakeHandler is a Handler made of function fields; nil fields answer with
// an ephemeral "ok" and "not private".
type fakeHandler struct {
	handle  func(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse
	private func(i *discordgo.Interaction) bool
}

var _ Handler = (*fakeHandler)(nil)

func (f *fakeHandler) Handle(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
	if f.handle == nil {
		return discordx.Ephemeral("ok")
	}
	return f.handle(ctx, i)
}

func (f *fakeHandler) Private(i *discordgo.Interaction) bool {
	if f.private == nil {
		return false
	}
	return f.private(i)
}

// message returns a public channel-message response with content.
func message(content string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content},
	}
}

// constHandler always answers resp.
func constHandler(resp *discordgo.InteractionResponse) *fakeHandler {
	return &fakeHandler{handle: func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse { return resp }}
}

// slowHandler answers resp once release is closed, or an error message if
// its context ends first.
func slowHandler(release <-chan struct{}, resp *discordgo.InteractionResponse, private bool) *fakeHandler {
	return &fakeHandler{
		handle: func(ctx context.Context, _ *discordgo.Interaction) *discordgo.InteractionResponse {
			select {
			case <-release:
				return resp
			case <-ctx.Done():
				return discordx.Ephemeral("cancelled: " + ctx.Err().Error())
			}
		},
		private: func(*discordgo.Interaction) bool { return private },
	}
}

// filesHandler answers with a message carrying two attachments. The
// readers are made per call, since sending consumes them.
func filesHandler() *fakeHandler {
	return &fakeHandler{handle: func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "here is the game tree",
				Files: []*discordgo.File{
					{Name: "tree.txt", ContentType: "text/plain", Reader: strings.NewReader("A..B\n")},
					{Name: "tree.png", ContentType: "image/png", Reader: strings.NewReader("\x89PNG fake")},
				},
			},
		}
	}}
}

// echoHandler describes each interaction it gets; the replay tests use it.
// It switches on the type before reading the data.
func echoHandler() *fakeHandler {
	return &fakeHandler{
		handle: func(_ context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
			switch i.Type {
			case discordgo.InteractionApplicationCommand:
				d := i.ApplicationCommandData()
				var parts []string
				for _, o := range d.Options {
					parts = append(parts, describeOption(o))
				}
				return &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{
						Content: fmt.Sprintf("/%s %s from %s", d.Name, strings.Join(parts, " "), userID(i)),
						Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
							discordgo.Button{Label: "Hint", Style: discordgo.PrimaryButton, CustomID: "hint:binim2:0"},
						}}},
					},
				}
			case discordgo.InteractionMessageComponent:
				d := i.MessageComponentData()
				return &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseUpdateMessage,
					Data: &discordgo.InteractionResponseData{
						Content: "clicked " + d.CustomID + " by " + userID(i),
						Embeds:  []*discordgo.MessageEmbed{{Title: "Hint", Description: "Count the extra moves."}},
					},
				}
			case discordgo.InteractionModalSubmit:
				d := i.ModalSubmitData()
				var values []string
				for _, row := range d.Components {
					if r, ok := row.(*discordgo.ActionsRow); ok {
						for _, c := range r.Components {
							if t, ok := c.(*discordgo.TextInput); ok {
								values = append(values, t.CustomID+"="+t.Value)
							}
						}
					}
				}
				return discordx.Ephemeral("modal " + d.CustomID + ": " + strings.Join(values, ", "))
			}
			return discordx.Ephemeral("unexpected interaction type " + i.Type.String())
		},
		private: func(i *discordgo.Interaction) bool { return i.Type == discordgo.InteractionModalSubmit },
	}
}

func describeOption(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch o.Type {
	case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
		parts := []string{o.Name}
		for _, sub := range o.Options {
			parts = append(parts, describeOption(sub))
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprintf("%s:%v", o.Name, o.Value)
}

// fakeSender records what the deferrer sends through the Sender.
type fakeSender struct {
	mu        sync.Mutex
	responses []*discordgo.InteractionResponse
	edits     []*discordgo.InteractionResponseData
	followups []*discordgo.InteractionResponseData
	deletes   int
	// delivered counts edits and follow-ups by interaction id.
	delivered map[string]int
	// err, when set, is returned by every call.
	err error
}

func (f *fakeSender) count(i *discordgo.Interaction) {
	if f.delivered == nil {
		f.delivered = map[string]int{}
	}
	f.delivered[i.ID]++
}

var _ Sender = (*fakeSender)(nil)

func (f *fakeSender) Respond(_ context.Context, _ *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.responses = append(f.responses, resp)
	return f.err
}

func (f *fakeSender) EditOriginal(_ context.Context, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.count(i)
	f.edits = append(f.edits, d)
	return f.err
}

func (f *fakeSender) Followup(_ context.Context, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.count(i)
	f.followups = append(f.followups, d)
	return f.err
}

func (f *fakeSender) DeleteOriginal(context.Context, *discordgo.Interaction) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.deletes++
	return f.err
}

// panicComponent makes the transport panic while encoding a response.
type panicComponent struct{}

func (panicComponent) Type() discordgo.ComponentType { return discordgo.ButtonComponent }
func (panicComponent) MarshalJSON() ([]byte, error)  { panic("cannot encode") }

// recorded is one request the fake Discord received.
type recorded struct {
	Method      string
	Path        string
	ContentType string
	Auth        string
	Body        []byte
}

// fakeDiscord is Discord's REST API on loopback; the gateway test adds a
// websocket to it. It records every request and answers the few endpoints
// nimtutor calls as Discord does:
//   - every body is checked against Discord's OpenAPI document
//     (spectest); a body the schema refuses gets Discord's 400 "Invalid
//     Form Body" and fails the test with the JSON path and the rule;
//   - a second response to one interaction gets 400 with code 40060
//     ("already acknowledged"), and a sixth follow-up 400 with code
//     40094, the limit for a user-installed app;
//   - optionally it closes the connection after every closeEvery-th
//     answer (Connection: close) and keeps the others alive, answers
//     every limitEvery-th request with a global 429 and Retry-After,
//     and drops the connection without an answer after taking every
//     dropEvery-th interaction response, as a network failure would.
type fakeDiscord struct {
	srv      *httptest.Server
	tb       testing.TB
	requests chan recorded
	status   int // forced status for every REST call when non-zero
	// quiet, when set, records counts only: the requests channel is
	// not fed (tests that send thousands).
	quiet bool
	// closeEvery, limitEvery and dropEvery set the Discord-like
	// failures above; 0 turns each off.
	closeEvery, limitEvery, dropEvery int64
	// strict refuses webhook calls for an interaction that had no
	// response through the fake (404, Unknown Webhook), as Discord does;
	// off for tests that answer over HTTP, whose responses the fake never
	// sees.
	strict bool
	// dropFollowups drops the connection of every follow-up after
	// taking it, as a network failure would.
	dropFollowups bool
	// onAck, when set, is called with the id of each interaction whose
	// first response the fake took.
	onAck func(id string)

	mu         sync.Mutex
	extra      http.Handler    // serves paths the REST fake does not know
	registered []byte          // the commands of the last bulk overwrite, with ids
	acked      map[string]bool // by interaction id and by token
	followups  map[string]int
	// delivered counts edits and follow-ups taken, by interaction token.
	delivered map[string]int
	// history lists each token's calls and the fake's answers.
	history map[string][]string
	calls   atomic.Int64
	limited atomic.Int64 // 429s sent
	dropped atomic.Int64 // connections dropped after taking a response
	closed  atomic.Int64 // answers sent with Connection: close
}

// commands answers the command endpoints: a bulk overwrite (PUT) returns
// the commands with ids, as Discord does, and a GET returns them again.
func (f *fakeDiscord) commands(method string, body []byte) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	if method != http.MethodPut {
		if f.registered == nil {
			return []byte("[]")
		}
		return f.registered
	}
	var cmds []map[string]any
	if err := json.Unmarshal(body, &cmds); err != nil {
		return body
	}
	for k, c := range cmds {
		c["id"] = fmt.Sprintf("19000000000000000%02d", k)
	}
	f.registered, _ = json.Marshal(cmds)
	return f.registered
}

// newFakeDiscord starts a fake Discord that is closed when tb ends.
func newFakeDiscord(tb testing.TB) *fakeDiscord {
	tb.Helper()
	f := &fakeDiscord{tb: tb, requests: make(chan recorded, 64), acked: map[string]bool{}, followups: map[string]int{}, delivered: map[string]int{}, history: map[string][]string{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	tb.Cleanup(f.srv.Close)
	return f
}

// discordError writes one of Discord's JSON errors.
func discordError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"message":%q,"code":%d}`, msg, code)
}

// pathParts returns the interaction id and token of a callback path, or
// the token of a webhook path ("" when the path is neither).
func pathParts(path string) (id, token string, callback bool) {
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	// api/v10/interactions/ID/TOKEN/callback
	// api/v10/webhooks/APP/TOKEN[/messages/@original]
	if len(parts) >= 6 && parts[2] == "interactions" && parts[5] == "callback" {
		return parts[3], parts[4], true
	}
	if len(parts) >= 5 && parts[2] == "webhooks" {
		return "", parts[4], false
	}
	return "", "", false
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	extra := f.extra
	f.mu.Unlock()
	if !strings.HasPrefix(r.URL.Path, "/api/") && extra != nil {
		extra.ServeHTTP(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	rec := recorded{Method: r.Method, Path: r.URL.EscapedPath(), ContentType: r.Header.Get("Content-Type"), Auth: r.Header.Get("Authorization"), Body: body}
	if r.Method == http.MethodGet && (strings.HasSuffix(r.URL.Path, "/gateway") || strings.HasSuffix(r.URL.Path, "/gateway/bot")) {
		w.Header().Set("Content-Type", "application/json")
		ws := "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws"
		fmt.Fprintf(w, `{"url":%q,"shards":1,"session_start_limit":{"total":1000,"remaining":999,"reset_after":0,"max_concurrency":1}}`, ws)
		return
	}
	n := f.calls.Add(1)
	if _, tok, _ := pathParts(r.URL.Path); tok != "" {
		sw := &statusWriter{ResponseWriter: w}
		w = sw
		defer func() {
			f.mu.Lock()
			f.history[tok] = append(f.history[tok], fmt.Sprintf("%s %s → %d", r.Method, r.URL.Path[strings.LastIndex(r.URL.Path, "/"):], sw.code))
			f.mu.Unlock()
		}()
	}
	if f.closeEvery > 0 && n%f.closeEvery == 0 {
		w.Header().Set("Connection", "close")
		f.closed.Add(1)
	}
	if f.limitEvery > 0 && n%f.limitEvery == 0 {
		// Discord's global rate limit: nothing was taken.
		f.limited.Add(1)
		w.Header().Set("Retry-After", "0.01")
		w.Header().Set("X-RateLimit-Global", "true")
		w.Header().Set("X-RateLimit-Scope", "global")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"message":"You are being rate limited.","retry_after":0.01,"global":true}`)
		return
	}
	if !f.quiet {
		f.requests <- rec
	}
	if f.status != 0 {
		discordError(w, f.status, 0, "forced failure")
		return
	}
	if r.Method != http.MethodGet {
		if err := spectest.Check(r.Method, r.URL.Path, rec.ContentType, body); err != nil {
			f.tb.Errorf("Discord's schema refuses a %s %s body: %v\n%.2000s", r.Method, r.URL.Path, err, body)
			discordError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return
		}
	}
	id, token, callback := pathParts(r.URL.Path)
	switch {
	case callback:
		f.mu.Lock()
		again := f.acked[id]
		f.acked[id], f.acked["token "+token] = true, true
		f.mu.Unlock()
		if again {
			discordError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
			return
		}
		if f.onAck != nil {
			f.onAck(id)
		}
		if f.dropEvery > 0 && n%f.dropEvery == 0 {
			f.dropped.Add(1)
			f.hangUp(w)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	case strings.Contains(r.URL.Path, "/commands"):
		w.Header().Set("Content-Type", "application/json")
		w.Write(f.commands(r.Method, body))
	case token != "" && f.strict && !f.isAcked(token):
		// No response to the interaction: it has no webhook yet.
		discordError(w, http.StatusNotFound, 10015, "Unknown Webhook")
	case token != "" && r.Method == http.MethodPost: // a follow-up
		f.mu.Lock()
		f.followups[token]++
		over := f.followups[token] > 5
		if !over {
			f.delivered[token]++
		}
		f.mu.Unlock()
		if over {
			f.tb.Errorf("a sixth follow-up for one interaction: Discord refuses it for a user-installed app")
			discordError(w, http.StatusBadRequest, 40094, "This interaction has hit the maximum number of follow up messages")
			return
		}
		if f.dropFollowups {
			f.dropped.Add(1)
			f.hangUp(w)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"1100000000000000001","channel_id":"1400000000000000001","content":"ok"}`)
	case token != "" && r.Method == http.MethodDelete:
		w.WriteHeader(http.StatusNoContent)
	default:
		if token != "" {
			f.mu.Lock()
			f.delivered[token]++
			f.mu.Unlock()
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"1100000000000000001","channel_id":"1400000000000000001","content":"ok"}`)
	}
}

// checkSchema fails tb when Discord's schema refuses a request body, as
// Discord would: an interaction response written as an HTTP answer is
// checked as the callback it stands for.
func checkSchema(tb testing.TB, method, path, contentType string, body []byte) {
	tb.Helper()
	if err := spectest.Check(method, path, contentType, body); err != nil {
		tb.Errorf("Discord's schema refuses a body: %v\n%.2000s", err, body)
	}
}

// statusWriter keeps the status written; 0 means the connection was
// dropped unanswered.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (s *statusWriter) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// historyOf returns the calls made with token, and the fake's answers.
func (f *fakeDiscord) historyOf(token string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.history[token])
}

// hangUp closes the connection without an answer.
func (f *fakeDiscord) hangUp(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		f.tb.Errorf("hijacking a connection to drop it: %v", err)
		return
	}
	conn.Close()
}

// isAcked reports whether the interaction of token has had its response.
func (f *fakeDiscord) isAcked(token string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.acked["token "+token]
}

// followupsTo returns how many follow-ups the token received.
func (f *fakeDiscord) followupsTo(token string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.followups[token]
}

// maxFollowups returns the most follow-ups any one token received.
func (f *fakeDiscord) maxFollowups() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	most := 0
	for _, n := range f.followups {
		most = max(most, n)
	}
	return most
}

// deliveredTo returns how many edits and follow-ups the token received.
func (f *fakeDiscord) deliveredTo(token string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.delivered[token]
}

// client returns an HTTP client that sends every request to the fake,
// whatever host it names.
func (f *fakeDiscord) client() *http.Client {
	target, _ := url.Parse(f.srv.URL)
	return &http.Client{Transport: rewriteTransport{target: target, base: f.srv.Client().Transport}, Timeout: 5 * time.Second}
}

// next returns the next recorded request, failing tb after a few seconds.
func (f *fakeDiscord) next(tb testing.TB) recorded {
	tb.Helper()
	select {
	case r := <-f.requests:
		return r
	case <-time.After(5 * time.Second):
		tb.Fatal("fake Discord received no request within 5s")
		return recorded{}
	}
}

// none fails tb if a request is waiting.
func (f *fakeDiscord) none(tb testing.TB) {
	tb.Helper()
	select {
	case r := <-f.requests:
		tb.Errorf("unexpected request %s %s", r.Method, r.Path)
	default:
	}
}

// rewriteTransport sends requests to target, keeping their path and query,
// so discordgo's package-level endpoints need no change.
type rewriteTransport struct {
	target *url.URL
	base   http.RoundTripper
}

func (t rewriteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Scheme = t.target.Scheme
	r.URL.Host = t.target.Host
	r.Host = t.target.Host
	return t.base.RoundTrip(r)
}

// testLogger logs to tb at debug level. Lines logged by goroutines that
// outlive the test are dropped instead of upsetting the testing package.
func testLogger(tb testing.TB) *slog.Logger {
	tb.Helper()
	w := &tbWriter{tb: tb}
	tb.Cleanup(func() {
		w.mu.Lock()
		w.done = true
		w.mu.Unlock()
	})
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tbWriter struct {
	tb   testing.TB
	mu   sync.Mutex
	done bool
}

func (w *tbWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.tb.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

// logBuffer collects log lines for tests that check what was logged.
type logBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// jsonOf decodes b into a generic value, failing tb if it is not JSON.
func jsonOf(tb testing.TB, b []byte) map[string]any {
	tb.Helper()
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatalf("not JSON: %v\n%s", err, b)
	}
	return v
}

// interactionSeq numbers the interactions the tests make, well away from
// the ids tests write by hand: Discord never
// sends two with the same id, and the transports answer a repeated id once.
var interactionSeq atomic.Int64

// interaction returns a guild interaction of type typ by user 7, with an
// id of its own.
func interaction(typ discordgo.InteractionType, data discordgo.InteractionData) *discordgo.Interaction {
	return &discordgo.Interaction{
		ID: strconv.FormatInt(1200000000000500000+interactionSeq.Add(1), 10), AppID: "1000000000000000001", Type: typ, Data: data,
		GuildID: "1300000000000000001", ChannelID: "1400000000000000001", Token: "interaction-token",
		Member: &discordgo.Member{User: &discordgo.User{ID: "7", Username: "dee"}},
	}
}
