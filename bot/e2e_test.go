package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// These tests run nimtutor's real command router behind the transports:
// signed requests through the HTTP endpoint, and INTERACTION_CREATE events
// through the gateway's fake Discord.

// e2eUser and e2eStranger are the two people clicking in these tests.
const e2eUser, e2eStranger = "111111111111111111", "222222222222222222"

// newRouter returns the real router with a fresh cache; cfg's Cache and
// Secret are filled in when unset.
func newRouter(tb testing.TB, cfg commands.Config) *commands.Router {
	tb.Helper()
	if cfg.Cache == nil {
		cfg.Cache = NewCache(500, time.Hour)
	}
	if cfg.Secret == nil {
		cfg.Secret = []byte("e2e secret")
	}
	if cfg.Log == nil {
		cfg.Log = testLogger(tb)
	}
	if cfg.Draw == nil {
		// The transports carry a picture's bytes; which bytes does not
		// matter here, and drawing them would cost most of the test.
		cfg.Draw = func(w io.Writer, pos solver.Position, _ render.Options) error {
			_, err := io.WriteString(w, "\x89PNG fake "+pos.Game().Name())
			return err
		}
	}
	return commands.New(cfg)
}

// e2eHTTP is the HTTP transport in front of a router, with a fresh key.
type e2eHTTP struct {
	h    http.Handler
	priv ed25519.PrivateKey
}

func newE2EHTTP(tb testing.TB, r Handler) *e2eHTTP {
	tb.Helper()
	pub, priv := newKey(tb)
	// Answers are never deferred here: the replies come back inline.
	h := NewHTTPHandler(pub, r, WithClock(func() time.Time { return testNow }), WithSender(&fakeSender{}),
		WithLogger(testLogger(tb)), WithDeferAfter(time.Minute))
	return &e2eHTTP{h: h, priv: priv}
}

// reply is an interaction response as Discord receives it: its type, its
// data as generic JSON, and its files by file name.
type reply struct {
	Type  float64
	Data  map[string]any
	Files map[string]string
}

// content returns the reply's message text.
func (r reply) content() string { s, _ := r.Data["content"].(string); return s }

// ephemeral reports whether the reply has the ephemeral flag.
func (r reply) ephemeral() bool { f, _ := r.Data["flags"].(float64); return int(f)&64 != 0 }

// check fails t unless r is private exactly when private is true and
// holds every one of texts.
func (r reply) check(t *testing.T, private bool, texts ...string) {
	t.Helper()
	if r.ephemeral() != private {
		t.Errorf("ephemeral %v, want %v: %s", r.ephemeral(), private, r.text())
	}
	for _, s := range texts {
		if !strings.Contains(r.text(), s) {
			t.Errorf("reply lacks %q:\n%s", s, r.text())
		}
	}
}

// embeds returns the reply's embeds.
func (r reply) embeds() []map[string]any {
	var out []map[string]any
	list, _ := r.Data["embeds"].([]any)
	for _, e := range list {
		out = append(out, e.(map[string]any))
	}
	return out
}

// buttons returns the reply's buttons, by label, as custom_ids.
func (r reply) buttons() map[string]string {
	out := map[string]string{}
	rows, _ := r.Data["components"].([]any)
	for _, row := range rows {
		comps, _ := row.(map[string]any)["components"].([]any)
		for _, c := range comps {
			m := c.(map[string]any)
			if m["type"] == 2.0 {
				out[m["label"].(string)], _ = m["custom_id"].(string)
			}
		}
	}
	return out
}

// decodeReply reads a response body, JSON or multipart.
func decodeReply(tb testing.TB, contentType string, body []byte) reply {
	tb.Helper()
	var payload map[string]any
	files := map[string]string{}
	if strings.HasPrefix(contentType, "multipart/") {
		var parts, names map[string]string
		payload, parts, names = parseMultipart(tb, contentType, body)
		for k, v := range parts {
			files[names[k]] = v
		}
	} else {
		payload = jsonOf(tb, body)
	}
	r := reply{Files: files}
	r.Type, _ = payload["type"].(float64)
	r.Data, _ = payload["data"].(map[string]any)
	if r.Data == nil {
		r.Data = map[string]any{}
	}
	return r
}

// do sends i, signed, and returns the reply.
func (e *e2eHTTP) do(tb testing.TB, i *discordgo.Interaction) reply {
	tb.Helper()
	w := serve(e.h, signed(tb, e.priv, testNow, marshal(tb, i)))
	if w.Code != http.StatusOK {
		tb.Fatalf("status %d: %s", w.Code, w.Body)
	}
	checkSchema(tb, "POST", "/interactions/"+i.ID+"/"+i.Token+"/callback", w.Header().Get("Content-Type"), w.Body.Bytes())
	return decodeReply(tb, w.Header().Get("Content-Type"), w.Body.Bytes())
}

// opt is one option of a slash command as Discord sends it.
func opt(name string, value any) *discordgo.ApplicationCommandInteractionDataOption {
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: value, Type: discordgo.ApplicationCommandOptionString}
	if _, ok := value.(bool); ok {
		o.Type = discordgo.ApplicationCommandOptionBoolean
	}
	return o
}

// slash returns /game sub with opts, sent by user.
func slash(user, game, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		ID: "1500000000000000001", Name: game, CommandType: discordgo.ChatApplicationCommand,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}},
	})
	i.Member.User.ID = user
	return i
}

// press returns a click by user on the button customID of a message.
func press(user, customID string) *discordgo.Interaction {
	i := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent})
	i.Member.User.ID = user
	i.Message = &discordgo.Message{ID: "1600000000000000001", Timestamp: testNow}
	return i
}

// everything is every permission a bot may have in a channel, except
// Administrator, which implies them all.
const everything = discordgo.PermissionAll &^ discordgo.PermissionAdministrator

func TestE2EPermissionsHTTP(t *testing.T) {
	srv := newE2EHTTP(t, newRouter(t, commands.Config{}))
	const view = discordgo.PermissionViewChannel
	tests := []struct {
		name       string
		perms      int64
		ephemeral  bool
		embeds     bool
		files      bool
		noteWants  []string
		noteAbsent bool
	}{
		{"all permissions", everything, false, true, true, nil, true},
		{"administrator", discordgo.PermissionAdministrator, false, true, true, nil, true},
		{"absent (0) is unknown", 0, false, true, true, nil, true},
		{"no Send Messages: a reply does not need it", everything &^ discordgo.PermissionSendMessages, false, true, true, nil, true},
		{"no Embed Links", everything &^ discordgo.PermissionEmbedLinks, false, false, true, []string{"lacks Embed Links", "plain text"}, false},
		{"no Attach Files", everything &^ discordgo.PermissionAttachFiles, false, true, false, []string{"lacks Attach Files", "the picture is left out"}, false},
		{"a channel where @everyone may only read", view, false, false, false, []string{"Embed Links and Attach Files"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := slash(e2eUser, "adapwns", "solve", opt("position", "..P.P"))
			i.AppPermissions = tt.perms
			got := srv.do(t, i)
			if got.Type != 4 || got.ephemeral() != tt.ephemeral {
				t.Errorf("type %v ephemeral %v, want 4 and %v", got.Type, got.ephemeral(), tt.ephemeral)
			}
			if (len(got.embeds()) > 0) != tt.embeds || (len(got.Files) > 0) != tt.files {
				t.Errorf("%d embeds, %d files; want embeds %v, files %v", len(got.embeds()), len(got.Files), tt.embeds, tt.files)
			}
			lines := strings.Split(got.content(), "\n")
			last := lines[len(lines)-1]
			if tt.noteAbsent && strings.Contains(got.content(), "lacks") {
				t.Errorf("unexpected note in %q", got.content())
			}
			for _, w := range tt.noteWants {
				if !strings.Contains(last, w) || !strings.HasPrefix(last, "-# nimtutor lacks") {
					t.Errorf("last line %q, want a note mentioning %q", last, w)
				}
			}
			if !tt.embeds && !strings.Contains(got.content(), "Ada wins") {
				t.Errorf("without embeds the text should carry the card: %q", got.content())
			}
			if n := len([]rune(got.content())); n > 2000 {
				t.Errorf("content has %d characters", n)
			}
			if !tt.files {
				for _, e := range got.embeds() {
					if e["image"] != nil {
						t.Errorf("embed still points at a picture that is not attached: %v", e["image"])
					}
				}
			}
		})
	}
}

func TestE2EPermissionsGateway(t *testing.T) {
	i := slash(e2eUser, "adapwns", "solve", opt("position", "..P.P"))
	i.ID, i.Token = "1200000000000000011", "locked-token"
	i.AppPermissions = discordgo.PermissionViewChannel
	got := runGatewayOnce(t, newRouter(t, commands.Config{}), i)
	if got.Type != 4 || got.ephemeral() || len(got.embeds()) != 0 || len(got.Files) != 0 {
		t.Errorf("got type %v ephemeral %v, %d embeds, %d files; want a public text reply", got.Type, got.ephemeral(), len(got.embeds()), len(got.Files))
	}
	if !strings.Contains(got.content(), "Ada wins") || !strings.Contains(got.content(), "lacks Embed Links and Attach Files") {
		t.Errorf("content %q", got.content())
	}
}

// runGateway starts RunGateway with h against a fake Discord that sends
// events after READY, and returns the callbacks it receives (one per
// event, by interaction id), decoded.
func runGateway(tb testing.TB, h Handler, events ...*discordgo.Interaction) map[string]reply {
	tb.Helper()
	gw := &fakeGateway{events: events, identify: make(chan json.RawMessage, 1), query: make(chan string, 4)}
	fake := newFakeDiscord(tb)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- RunGateway(ctx, GatewayConfig{Token: "test-token", DeferAfter: time.Minute, HTTPClient: fake.client()}, h, testLogger(tb))
	}()
	defer func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			tb.Error("RunGateway did not return within 10s of cancel")
		}
	}()
	out := map[string]reply{}
	for range events {
		r := fake.next(tb)
		// POST /api/v9/interactions/{id}/{token}/callback
		parts := strings.Split(r.Path, "/")
		if r.Method != http.MethodPost || len(parts) < 6 || parts[3] != "interactions" {
			tb.Fatalf("got %s %s, want an interaction callback", r.Method, r.Path)
		}
		out[parts[4]] = decodeReply(tb, r.ContentType, r.Body)
	}
	return out
}

// runGatewayOnce sends one event through the gateway and returns its callback.
func runGatewayOnce(tb testing.TB, h Handler, i *discordgo.Interaction) reply {
	tb.Helper()
	return runGateway(tb, h, i)[i.ID]
}

func TestE2ECardButtons(t *testing.T) {
	router := newRouter(t, commands.Config{CommandIDs: map[string]string{"adapwns": "1300000000000000004", "help": "1300000000000000006"}})
	srv := newE2EHTTP(t, router)
	card := srv.do(t, slash(e2eUser, "adapwns", "solve", opt("position", "..P.P")))
	buttons := card.buttons()
	if card.Type != 4 || card.ephemeral() || len(buttons) != 5 {
		t.Fatalf("card: type %v ephemeral %v buttons %v; want a public card with 5 buttons", card.Type, card.ephemeral(), buttons)
	}
	fields, _ := card.embeds()[0]["fields"].([]any)
	next := fields[len(fields)-1].(map[string]any)["value"].(string)
	for _, want := range []string{"</adapwns hint:1300000000000000004>", "</adapwns play:1300000000000000004>", "</help:1300000000000000006>"} {
		if !strings.Contains(next, want) {
			t.Errorf("card's mentions %q lack %q", next, want)
		}
	}

	t.Run("HTTP", func(t *testing.T) {
		for _, tc := range []struct {
			user, label string
			ephemeral   bool
			title       string
		}{
			{e2eStranger, "Hint (private)", true, "Hint 1 of"},
			{e2eUser, "Hint (private)", true, "Hint 1 of"},
			{e2eStranger, "Play this position", true, "adapwns: you are Ada"},
			{e2eUser, "Play this position", false, "adapwns: you are Ada"},
			{e2eStranger, "Verify", true, "Verified"},
		} {
			got := srv.do(t, press(tc.user, buttons[tc.label]))
			if got.Type != 4 || got.ephemeral() != tc.ephemeral {
				t.Errorf("%s by %s: type %v ephemeral %v, want a new message (4), ephemeral %v", tc.label, tc.user, got.Type, got.ephemeral(), tc.ephemeral)
			}
			if e := got.embeds(); len(e) == 0 || !strings.Contains(e[0]["title"].(string), tc.title) {
				t.Errorf("%s by %s: %v, want a title with %q", tc.label, tc.user, got.Data, tc.title)
			}
		}
	})

	t.Run("gateway", func(t *testing.T) {
		hint := press(e2eStranger, buttons["Hint (private)"])
		hint.ID, hint.Token = "1200000000000000021", "hint-token"
		play := press(e2eStranger, buttons["Play this position"])
		play.ID, play.Token = "1200000000000000022", "play-token"
		got := runGateway(t, router, hint, play)
		for id, want := range map[string]string{hint.ID: "Hint 1 of", play.ID: "adapwns: you are Ada"} {
			r := got[id]
			if r.Type != 4 || !r.ephemeral() {
				t.Errorf("callback %s: type %v ephemeral %v, want an ephemeral new message", id, r.Type, r.ephemeral())
			}
			if e := r.embeds(); len(e) == 0 || !strings.Contains(e[0]["title"].(string), want) {
				t.Errorf("callback %s: %v, want %q", id, r.Data, want)
			}
		}
	})
}

// typing returns the autocomplete interaction sent while user types text
// into the position option of /game sub.
func typing(game, sub, text string) *discordgo.Interaction {
	i := slash(e2eUser, game, sub, &discordgo.ApplicationCommandInteractionDataOption{Name: "position", Type: discordgo.ApplicationCommandOptionString, Value: text, Focused: true})
	i.Type = discordgo.InteractionApplicationCommandAutocomplete
	return i
}

// choices returns an autocomplete reply's choices as name, value pairs.
func (r reply) choices() [][2]string {
	var out [][2]string
	list, _ := r.Data["choices"].([]any)
	for _, c := range list {
		m := c.(map[string]any)
		name, _ := m["name"].(string)
		value, _ := m["value"].(string)
		out = append(out, [2]string{name, value})
	}
	return out
}

func TestE2EAutocomplete(t *testing.T) {
	router := newRouter(t, commands.Config{})
	check := func(t *testing.T, got reply, wantFirst string) {
		t.Helper()
		c := got.choices()
		if got.Type != 8 || len(c) < 2 || len(c) > 25 {
			t.Fatalf("type %v with %d choices, want type 8 with a status and examples", got.Type, len(c))
		}
		if c[0][0] != wantFirst {
			t.Errorf("first choice %q, want %q", c[0][0], wantFirst)
		}
		for _, ch := range c {
			if len([]rune(ch[0])) > 100 || len([]rune(ch[1])) > 100 || ch[1] == "" {
				t.Errorf("choice %q over a limit", ch)
			}
		}
	}
	t.Run("HTTP", func(t *testing.T) {
		srv := newE2EHTTP(t, router)
		check(t, srv.do(t, typing("adapwns", "solve", "..X.P")), "character 3 is 'X'; a board uses '.' and 'P'")
		check(t, srv.do(t, typing("abgame", "play", "A..B")), "✓ A..B parses · A to move")
	})
	t.Run("gateway", func(t *testing.T) {
		bad, good := typing("adapwns", "hint", "..X.P"), typing("adapwns", "verify", "..P.P")
		bad.ID, bad.Token = "1200000000000000031", "bad-token"
		good.ID, good.Token = "1200000000000000032", "good-token"
		got := runGateway(t, router, bad, good)
		check(t, got[bad.ID], "character 3 is 'X'; a board uses '.' and 'P'")
		check(t, got[good.ID], "✓ ..P.P parses · Ada to move")
	})
}

// withAttachment adds the attachment option name to i (under its
// subcommand when it has one), resolved to a.
func withAttachment(i *discordgo.Interaction, name string, a *discordgo.MessageAttachment) *discordgo.Interaction {
	data := i.Data.(discordgo.ApplicationCommandInteractionData)
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionAttachment, Value: a.ID}
	if len(data.Options) == 1 && data.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		data.Options[0].Options = append(data.Options[0].Options, o)
	} else {
		data.Options = append(data.Options, o)
	}
	data.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Attachments: map[string]*discordgo.MessageAttachment{a.ID: a}}
	i.Data = data
	return i
}

// judgeCommand returns /judge game:game file:a.
func judgeCommand(game string, a *discordgo.MessageAttachment) *discordgo.Interaction {
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		ID: "1500000000000000002", Name: "judge", CommandType: discordgo.ChatApplicationCommand,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{opt("game", game)},
	})
	return withAttachment(i, "file", a)
}

func TestE2EFiles(t *testing.T) {
	elsewhere := newFakeCDN(t, "")
	cdn := newFakeCDN(t, elsewhere.srv.URL)
	router := newRouter(t, commands.Config{Attachments: NewDownloader([]string{cdn.host()}, 300*time.Millisecond, testLogger(t))})
	srv := newE2EHTTP(t, router)

	t.Run("HTTP position_file", func(t *testing.T) {
		got := srv.do(t, withAttachment(slash(e2eUser, "adapwns", "solve"), "position_file", cdn.attachment("/ok.txt")))
		if e := got.embeds(); got.Type != 4 || got.ephemeral() || len(e) == 0 || e[0]["title"] != "Ada wins in 3 moves" {
			t.Errorf("solve from a file: %v", got.Data)
		}
	})
	t.Run("HTTP judge", func(t *testing.T) {
		got := srv.do(t, judgeCommand("adapwns", cdn.attachment("/judge-adapwns.txt")))
		e := got.embeds()
		if got.Type != 4 || !got.ephemeral() || len(e) == 0 || e[0]["title"] != "Judged 3 tests of adapwns" {
			t.Fatalf("judge: %v", got.Data)
		}
		if v := e[0]["fields"].([]any)[0].(map[string]any)["value"]; v != "Yes: 2 · No: 1" {
			t.Errorf("verdicts %v", v)
		}
		if a := got.Files["adapwns-answers.txt"]; a != "Yes\nNo\nYes\n" {
			t.Errorf("answers file %q (files %v)", a, got.Files)
		}
	})
	for _, tc := range []struct {
		name, path, option, want string
	}{
		{"oversized position file", "/huge.txt", "position_file", "huge.txt has 1.5 MB; the limit is 1.0 MB"},
		{"slow position file", "/slow.txt", "position_file", "downloading slow.txt took longer than 300ms"},
		{"position file redirected to another host", "/redirect-away", "position_file", "redirected to " + elsewhere.host() + ", which is not an allowed attachment host"},
		{"position file that is a picture", "/image.png", "position_file", "image.png is image/png, not text"},
		{"judge input that is binary", "/binary", "file", "binary does not look like text"},
		{"judge input redirected to another host", "/redirect-away", "file", "which is not an allowed attachment host"},
	} {
		t.Run("HTTP "+tc.name, func(t *testing.T) {
			i := withAttachment(slash(e2eUser, "adapwns", "solve"), "position_file", cdn.attachment(tc.path))
			if tc.option == "file" {
				i = judgeCommand("adapwns", cdn.attachment(tc.path))
			}
			got := srv.do(t, i)
			if got.Type != 4 || !got.ephemeral() || !strings.Contains(got.content(), tc.want) || !strings.HasPrefix(got.content(), "⚠️ "+tc.option+": ") {
				t.Errorf("got %q (ephemeral %v), want an ephemeral ⚠️ %s: …%s", got.content(), got.ephemeral(), tc.option, tc.want)
			}
		})
	}
	if n := elsewhere.hits.Load(); n != 0 {
		t.Errorf("the other host was asked %d times", n)
	}

	t.Run("gateway", func(t *testing.T) {
		judge := judgeCommand("adapwns", cdn.attachment("/judge-adapwns.txt"))
		judge.ID, judge.Token = "1200000000000000041", "judge-token"
		solve := withAttachment(slash(e2eUser, "adapwns", "solve"), "position_file", cdn.attachment("/ok.txt"))
		solve.ID, solve.Token = "1200000000000000042", "solve-token"
		got := runGateway(t, router, judge, solve)
		if a := got[judge.ID].Files["adapwns-answers.txt"]; a != "Yes\nNo\nYes\n" {
			t.Errorf("judge over the gateway: answers %q, data %v", a, got[judge.ID].Data)
		}
		if e := got[solve.ID].embeds(); len(e) == 0 || e[0]["title"] != "Ada wins in 3 moves" {
			t.Errorf("solve from a file over the gateway: %v", got[solve.ID].Data)
		}
	})
}

func TestE2ESpoiler(t *testing.T) {
	router := newRouter(t, commands.Config{})
	check := func(t *testing.T, got reply) {
		t.Helper()
		e := got.embeds()
		if got.Type != 4 || got.ephemeral() || len(e) == 0 {
			t.Fatalf("reply %v, want a public card", got.Data)
		}
		desc, _ := e[0]["description"].(string)
		if e[0]["title"] == "Ada wins in 3 moves" || !strings.Contains(desc, "||Ada wins in 3 moves; judge answer: Yes||") {
			t.Errorf("title %q description %q, want the verdict behind spoilers", e[0]["title"], desc)
		}
		fields, _ := e[0]["fields"].([]any)
		for _, f := range fields[:len(fields)-1] {
			if v := f.(map[string]any)["value"].(string); !strings.HasPrefix(v, "||") || !strings.HasSuffix(v, "||") {
				t.Errorf("field value not hidden: %q", v)
			}
		}
		if _, ok := got.Files["SPOILER_adapwns.png"]; !ok || e[0]["image"] != nil {
			t.Errorf("files %v, image %v; want the picture as a spoiler attachment", len(got.Files), e[0]["image"])
		}
	}
	t.Run("HTTP", func(t *testing.T) {
		check(t, newE2EHTTP(t, router).do(t, slash(e2eUser, "adapwns", "solve", opt("position", "..P.P"), opt("spoiler", true))))
	})
	t.Run("gateway", func(t *testing.T) {
		i := slash(e2eUser, "adapwns", "solve", opt("position", "..P.P"), opt("spoiler", true))
		i.ID, i.Token = "1200000000000000051", "spoiler-token"
		check(t, runGatewayOnce(t, router, i))
	})
}

func TestE2EHelp(t *testing.T) {
	router := newRouter(t, commands.Config{CommandIDs: map[string]string{"adapwns": "1300000000000000004", "judge": "1300000000000000006", "help": "1300000000000000007"}})
	help := func() *discordgo.Interaction {
		return interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{ID: "1300000000000000007", Name: "help", CommandType: discordgo.ChatApplicationCommand})
	}
	check := func(t *testing.T, got reply) {
		t.Helper()
		e := got.embeds()
		if got.Type != 4 || !got.ephemeral() || len(e) != 1 {
			t.Fatalf("reply %v, want one ephemeral embed", got.Data)
		}
		text := marshal(t, e[0])
		for _, want := range []string{"</adapwns solve:1300000000000000004>", "</adapwns verify:1300000000000000004>", "`position:..P.P`", "</judge:1300000000000000006>", "`/binim2 hint`", "Binary Nim"} {
			if !strings.Contains(string(text), strings.NewReplacer("<", `\u003c`, ">", `\u003e`).Replace(want)) {
				t.Errorf("/help lacks %q", want)
			}
		}
	}
	t.Run("HTTP", func(t *testing.T) { check(t, newE2EHTTP(t, router).do(t, help())) })
	t.Run("gateway", func(t *testing.T) {
		i := help()
		i.ID, i.Token = "1200000000000000061", "help-token"
		check(t, runGatewayOnce(t, router, i))
	})
}

// TestE2ERegisterThenMention registers the real command table with the
// fake Discord and checks what it sent, then answers a solve with the ids
// Discord returned, as command mentions.
func TestE2ERegisterThenMention(t *testing.T) {
	fake := newFakeDiscord(t)
	s := restSession("Bot test-token", fake.client())
	got, err := Register(context.Background(), s, "1000000000000000001", "", commands.Definitions())
	if err != nil {
		t.Fatal(err)
	}
	var sent []struct {
		Name             string `json:"name"`
		IntegrationTypes []int  `json:"integration_types"`
		Contexts         []int  `json:"contexts"`
	}
	if err := json.Unmarshal(fake.next(t).Body, &sent); err != nil {
		t.Fatal(err)
	}
	for _, c := range sent {
		if len(c.IntegrationTypes) != 2 || len(c.Contexts) != 3 {
			t.Errorf("/%s sent with integration_types %v contexts %v, want [0 1] and [0 1 2]", c.Name, c.IntegrationTypes, c.Contexts)
		}
	}
	ids := IDsOf(got)
	if len(ids) != len(sent) || ids["adapwns"] == "" || ids["help"] == "" || ids["judge"] == "" {
		t.Fatalf("ids %v for %d commands", ids, len(sent))
	}
	card := newE2EHTTP(t, newRouter(t, commands.Config{CommandIDs: ids})).do(t, slash(e2eUser, "adapwns", "solve", opt("position", "..P.P")))
	fields, _ := card.embeds()[0]["fields"].([]any)
	next := fields[len(fields)-1].(map[string]any)["value"].(string)
	if want := "</adapwns hint:" + ids["adapwns"] + ">"; !strings.Contains(next, want) {
		t.Errorf("card mentions %q, want %q", next, want)
	}
}

// walkingHandler puts a Walk in the context of the interactions the
// transport hands to its handler, and records a step of package bot on
// each side: the interaction handed over, the reply handed back. (The
// transport runs the handler on a context of its own, not the HTTP
// request's, so the walk starts here.)
type walkingHandler struct {
	Handler
	w *tutor.Walk
}

func (h walkingHandler) Handle(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
	ctx = tutor.WithWalk(ctx, h.w)
	tutor.Step(ctx, "bot", "receive")
	defer tutor.Step(ctx, "bot", "respond")
	return h.Handler.Handle(ctx, i)
}

// TestE2EWalkSolveOverHTTP follows /adapwns solve through the signed HTTP
// transport: bot, commands, the tutor's Solve, and back up through
// commands to bot, once.
func TestE2EWalkSolveOverHTTP(t *testing.T) {
	w := &tutor.Walk{}
	srv := newE2EHTTP(t, walkingHandler{newRouter(t, commands.Config{}), w})
	card := srv.do(t, slash(e2eUser, "adapwns", "solve", opt("position", "..P.P")))
	if len(card.embeds()) == 0 || len(card.Files) != 1 {
		t.Fatalf("no card with its picture: %v", card.Data)
	}
	want := []string{"bot.receive", "commands.route", "tutor.Solve", "commands.reply", "bot.respond"}
	if got := w.Steps(); !slices.Equal(got, want) {
		t.Errorf("slash solve over HTTP walked %v, want %v", got, want)
	}
	if got := w.Packages(); got != "bot commands tutor commands bot" {
		t.Errorf("packages %q", got)
	}
}
