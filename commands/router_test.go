package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// mapCache is an unbounded Cache for tests.
type mapCache struct {
	mu sync.Mutex
	m  map[string]any
}

func (c *mapCache) Get(k string) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *mapCache) Set(k string, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = v
}

var _ tutor.Cache = (*mapCache)(nil)

// testClock is a settable clock: the time of the messages clicked.
type testClock struct{ t time.Time }

func newTestRouter(tb testing.TB) (*Router, *testClock) {
	tb.Helper()
	clock := &testClock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	return testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}}, Secret: []byte("test secret"), CommandIDs: testCommandIDs()}), clock
}

// testNew is New for the tests: pictures are a few fake bytes unless the
// test asks for a Draw of its own, so that replies cost no drawing.
func testNew(cfg Config) *Router {
	if cfg.Draw == nil {
		cfg.Draw = fakeDraw
	}
	return New(cfg)
}

// fakeDraw writes a stand-in for a position's picture.
func fakeDraw(w io.Writer, pos solver.Position, opts render.Options) error {
	_, err := fmt.Fprintf(w, "\x89PNG fake %s %q annotate=%v", pos.Game().Name(), pos, opts.Annotate)
	return err
}

// testCommandIDs gives every command an id, as registration would.
func testCommandIDs() map[string]string {
	ids := map[string]string{}
	for k, c := range Definitions() {
		ids[c.Name] = fmt.Sprintf("13%017d", k+1)
	}
	return ids
}

const student, stranger = "111111111111111111", "222222222222222222"

// command builds the interaction for /GAME SUB name:value….
func command(user, game, sub string, opts ...any) *discordgo.Interaction {
	var o []*discordgo.ApplicationCommandInteractionDataOption
	for k := 0; k+1 < len(opts); k += 2 {
		opt := &discordgo.ApplicationCommandInteractionDataOption{Name: opts[k].(string), Value: opts[k+1]}
		switch opts[k+1].(type) {
		case bool:
			opt.Type = discordgo.ApplicationCommandOptionBoolean
		case float64:
			opt.Type = discordgo.ApplicationCommandOptionInteger
		default:
			opt.Type = discordgo.ApplicationCommandOptionString
		}
		o = append(o, opt)
	}
	return &discordgo.Interaction{
		ID: "1", Type: discordgo.InteractionApplicationCommand, Token: "t",
		Member: &discordgo.Member{User: &discordgo.User{ID: user}},
		Data: discordgo.ApplicationCommandInteractionData{Name: game, Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: o,
		}}},
	}
}

// message is the message a response created or updated, as Discord would
// send it back inside a component interaction.
func message(resp *discordgo.InteractionResponse, at time.Time) *discordgo.Message {
	return &discordgo.Message{ID: "m", Timestamp: at, Embeds: resp.Data.Embeds, Components: resp.Data.Components}
}

func click(user, customID string, msg *discordgo.Message, values ...string) *discordgo.Interaction {
	return &discordgo.Interaction{
		ID: "2", Type: discordgo.InteractionMessageComponent, Token: "t", Message: msg,
		Member: &discordgo.Member{User: &discordgo.User{ID: user}},
		Data:   discordgo.MessageComponentInteractionData{CustomID: customID, Values: values},
	}
}

// submit is the "Type a move" form sent back as Discord now sends it: the
// text input inside a Label.
func submit(user, customID, text string, msg *discordgo.Message) *discordgo.Interaction {
	return &discordgo.Interaction{
		ID: "3", Type: discordgo.InteractionModalSubmit, Token: "t", Message: msg,
		Member: &discordgo.Member{User: &discordgo.User{ID: user}},
		Data: discordgo.ModalSubmitInteractionData{CustomID: customID, Components: []discordgo.MessageComponent{
			&discordx.Label{Label: "Two numbers", Component: &discordgo.TextInput{CustomID: "move", Value: text}},
		}},
	}
}

// submitInRow is the form as older clients send it: the text input in an
// action row.
func submitInRow(user, customID, text string, msg *discordgo.Message) *discordgo.Interaction {
	i := submit(user, customID, text, msg)
	i.Data = discordgo.ModalSubmitInteractionData{CustomID: customID, Components: []discordgo.MessageComponent{
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.TextInput{CustomID: "move", Value: text}}},
	}}
	return i
}

// allControls lists the buttons and menus of a response.
func allControls(tb testing.TB, resp *discordgo.InteractionResponse) (buttons []discordgo.Button, menus []discordgo.SelectMenu) {
	tb.Helper()
	for _, row := range resp.Data.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				buttons = append(buttons, c)
			case discordgo.SelectMenu:
				menus = append(menus, c)
			default:
				tb.Fatalf("unexpected component %T", c)
			}
		}
	}
	return buttons, menus
}

// checkLimits fails if a response breaks any of Discord's limits.
// attachmentName is what Discord allows in an attachment:// name.
var attachmentName = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

func checkLimits(tb testing.TB, resp *discordgo.InteractionResponse) {
	tb.Helper()
	if resp == nil || resp.Data == nil {
		tb.Fatalf("nil response")
	}
	d := resp.Data
	n := utf8.RuneCountInString
	for _, f := range d.Files {
		// Discord: an attachment:// name is ASCII letters, digits, '_',
		// '-' and '.'.
		if !attachmentName.MatchString(f.Name) {
			tb.Errorf("attached file name %q has a character Discord's attachment:// refuses", f.Name)
		}
	}
	if n(d.Content) > maxContentLen {
		tb.Errorf("content has %d characters, over %d", n(d.Content), maxContentLen)
	}
	total := 0
	for _, e := range d.Embeds {
		if n(e.Title) > maxTitleLen || n(e.Description) > maxDescLen || len(e.Fields) > maxFields {
			tb.Errorf("embed over a limit: title %d, description %d, fields %d", n(e.Title), n(e.Description), len(e.Fields))
		}
		total += n(e.Title) + n(e.Description)
		if e.Footer != nil {
			total += n(e.Footer.Text)
		}
		for _, f := range e.Fields {
			if n(f.Name) > maxFieldNameLen || n(f.Value) > maxFieldValueLen || f.Name == "" || f.Value == "" {
				tb.Errorf("field over a limit or empty: name %d, value %d", n(f.Name), n(f.Value))
			}
			total += n(f.Name) + n(f.Value)
		}
	}
	if total > maxEmbedTotal {
		tb.Errorf("embeds total %d characters, over %d", total, maxEmbedTotal)
	}
	const maxRows = 5 // Discord's limit on action rows
	if len(d.Components) > maxRows {
		tb.Errorf("%d rows, over %d", len(d.Components), maxRows)
	}
	if resp.Type == discordgo.InteractionResponseModal {
		if len(d.CustomID) > maxCustomIDLen {
			tb.Errorf("modal custom_id has %d characters", len(d.CustomID))
		}
		return
	}
	for _, row := range d.Components {
		r := row.(discordgo.ActionsRow)
		if len(r.Components) > maxButtonsPerRow {
			tb.Errorf("row has %d components", len(r.Components))
		}
	}
	buttons, menus := allControls(tb, resp)
	for _, b := range buttons {
		if len(b.CustomID) > maxCustomIDLen || b.CustomID == "" {
			tb.Errorf("button custom_id has %d characters: %q", len(b.CustomID), b.CustomID)
		}
	}
	for _, m := range menus {
		if len(m.CustomID) > maxCustomIDLen || len(m.Options) > maxSelectOptions || len(m.Options) == 0 {
			tb.Errorf("menu custom_id %d characters, %d options", len(m.CustomID), len(m.Options))
		}
	}
	if _, err := json.Marshal(resp); err != nil {
		tb.Errorf("response does not marshal: %v", err)
	}
}

func TestDefinitions(t *testing.T) {
	cmds := Definitions()
	if got, want := len(cmds), len(solver.Games())+len(topCommands); got != want {
		t.Fatalf("got %d commands, want one per game (%d) and the others (%d)", got, len(solver.Games()), len(topCommands))
	}
	for _, c := range cmds[:len(solver.Games())] {
		if c.Name != strings.ToLower(c.Name) || len(c.Name) > maxNameLen {
			t.Errorf("command name %q is not a lowercase name of at most %d characters", c.Name, maxNameLen)
		}
		if len(c.Description) > maxDescriptionLen || c.Description == "" {
			t.Errorf("/%s description has %d characters", c.Name, len(c.Description))
		}
		if len(c.Options) > maxOptions {
			t.Errorf("/%s has %d options", c.Name, len(c.Options))
		}
		checkOptionOrder(t, "/"+c.Name, c.Options)
		g, err := solver.Lookup(c.Name)
		if err != nil {
			if findCommand(topCommands, c.Name) == nil {
				t.Errorf("/%s is neither a game nor a top-level command", c.Name)
			}
			continue
		}
		var subs []string
		for _, sub := range c.Options {
			subs = append(subs, sub.Name)
			if len(sub.Description) > maxDescriptionLen {
				t.Errorf("/%s %s description has %d characters", c.Name, sub.Name, len(sub.Description))
			}
			checkOptionOrder(t, "/"+c.Name+" "+sub.Name, sub.Options)
			if own := ownSubcommand(g, sub.Name); own != nil {
				// A game's own subcommand takes its own options, no position.
				if len(sub.Options) != len(own.options) || own.run == nil || own.example == "" {
					t.Errorf("/%s %s: %d options, %d in its table; run and example must be set", c.Name, sub.Name, len(sub.Options), len(own.options))
				}
				for _, o := range sub.Options {
					if len(o.Description) > maxDescriptionLen || o.Name != strings.ToLower(o.Name) || o.Description == "" {
						t.Errorf("/%s %s %s: description %d characters", c.Name, sub.Name, o.Name, len(o.Description))
					}
					if o.Autocomplete && own.complete == nil {
						t.Errorf("/%s %s %s autocompletes, but the subcommand has no complete", c.Name, sub.Name, o.Name)
					}
				}
				continue
			}
			byName := map[string]*discordgo.ApplicationCommandOption{}
			for _, o := range sub.Options {
				byName[o.Name] = o
				if len(o.Description) > maxDescriptionLen || o.Name != strings.ToLower(o.Name) || o.Description == "" {
					t.Errorf("/%s %s %s: description %d characters", c.Name, sub.Name, o.Name, len(o.Description))
				}
			}
			pos, file := byName[optPosition], byName[optPositionFile]
			if pos == nil || pos.Required || pos.MaxLength < 1 || pos.MaxLength > 6000 || pos.Type != discordgo.ApplicationCommandOptionString || !pos.Autocomplete {
				t.Errorf("/%s %s: position is %+v, want an optional string with autocomplete and max_length ≤ 6000", c.Name, sub.Name, pos)
			}
			if file == nil || file.Required || file.Type != discordgo.ApplicationCommandOptionAttachment {
				t.Errorf("/%s %s: position_file is %+v, want an optional attachment", c.Name, sub.Name, file)
			}
			if first := byName[optFirst]; g.NeedsFirst() && (first == nil || !first.Required || len(first.Choices) != 2) {
				t.Errorf("/%s %s: first is %+v, want a required option with the choices Dee and Dum", c.Name, sub.Name, first)
			}
		}
		want := "solve hint play verify moves why"
		for _, own := range ownSubcommands(g) {
			want += " " + own.name
		}
		if got := strings.Join(subs, " "); got != want {
			t.Errorf("/%s subcommands: got %s, want %s", c.Name, got, want)
		}
	}
}

// checkOptionOrder fails if a required option follows an optional one,
// which Discord refuses.
func checkOptionOrder(tb testing.TB, where string, opts []*discordgo.ApplicationCommandOption) {
	tb.Helper()
	optional := false
	for _, o := range opts {
		if o.Required && optional {
			tb.Errorf("%s: the required option %s follows an optional one", where, o.Name)
		}
		optional = optional || !o.Required
		if o.Autocomplete && len(o.Choices) > 0 {
			tb.Errorf("%s %s: autocomplete and choices exclude each other", where, o.Name)
		}
	}
}

// mediumPositions are positions long enough that every reply is as long
// as Discord allows (explanations list at most a few items) and short
// enough to draw quickly.
func mediumPositions() map[string][2]string {
	row := func(pattern string) string { return strings.Repeat(pattern, 600/len(pattern)+1)[:600] }
	stacks := strings.TrimSpace(strings.Repeat(strings.Repeat("01", 10)+" ", 20))
	return map[string][2]string{
		"binim2":    {stacks, "Dee"},
		"binim":     {strings.TrimSpace(strings.Repeat(strings.Repeat("0", 20)+" ", 20)), "Dum"},
		"abgame":    {row("A..B.A...BB.A"), ""},
		"adapwns":   {row("..P.P"), ""},
		"binstring": {row("0110011"), ""},
	}
}

// bigPositions are the largest positions a slash command can carry.
func bigPositions() map[string][2]string {
	row := func(pattern string) string { return strings.Repeat(pattern, 6000/len(pattern)+1)[:6000] }
	stacks := strings.TrimSpace(strings.Repeat(strings.Repeat("01", 25)+" ", 50))
	return map[string][2]string{
		"binim2":    {stacks, "Dee"},
		"binim":     {strings.TrimSpace(strings.Repeat(strings.Repeat("0", 50)+" ", 50)), "Dum"},
		"abgame":    {row("A..B.A...BB.A"), ""},
		"adapwns":   {row("..P.P"), ""},
		"binstring": {row("0110011"), ""},
	}
}

func TestRepliesFitDiscordLimits(t *testing.T) {
	r, _ := newTestRouter(t)
	for game, p := range bigPositions() {
		for _, sub := range []string{"solve", "hint", "play", "verify"} {
			t.Run(game+"/"+sub, func(t *testing.T) {
				opts := []any{optPosition, p[0]}
				if p[1] != "" {
					opts = append(opts, optFirst, p[1])
				}
				resp := r.Handle(context.Background(), command(student, game, sub, opts...))
				checkLimits(t, resp)
				if resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 && sub != "hint" {
					t.Errorf("reply is ephemeral: %q", resp.Data.Content)
				}
				if fields := resp.Data.Embeds[0].Fields; sub == "solve" && fields[len(fields)-1].Name != "Next" {
					t.Errorf("the card lost its last field, the command mentions")
				}
			})
		}
	}
	for game, p := range mediumPositions() {
		t.Run(game+"/solve spoiler and card buttons", func(t *testing.T) {
			opts := []any{optPosition, p[0], optSpoiler, true}
			if p[1] != "" {
				opts = append(opts, optFirst, p[1])
			}
			card := r.Handle(context.Background(), command(student, game, "solve", opts...))
			checkLimits(t, card)
			buttons, _ := allControls(t, card)
			for _, b := range buttons {
				checkLimits(t, r.Handle(context.Background(), click(stranger, b.CustomID, message(card, time.Now()))))
			}
		})
	}
	t.Run("help", func(t *testing.T) { checkLimits(t, r.Handle(context.Background(), helpCommand())) })
}

// checkVerdictButtons clicks each verdict button of a hint at the check
// level: exactly one is right, and every click shows the same level again.
func checkVerdictButtons(tb testing.TB, r *Router, hint *discordgo.InteractionResponse, buttons []discordgo.Button, msg *discordgo.Message) {
	tb.Helper()
	if len(buttons) < 2 {
		tb.Fatalf("the check level has %d verdict buttons", len(buttons))
	}
	right := 0
	for _, b := range buttons {
		got := r.Handle(context.Background(), click(student, b.CustomID, msg))
		checkLimits(tb, got)
		desc := got.Data.Embeds[0].Description
		if got.Type != discordgo.InteractionResponseUpdateMessage || got.Data.Embeds[0].Title != hint.Data.Embeds[0].Title {
			tb.Fatalf("verdict %q: got type %v title %q, want the same hint again", b.Label, got.Type, got.Data.Embeds[0].Title)
		}
		switch {
		case strings.HasPrefix(desc, "✅"):
			right++
		case !strings.HasPrefix(desc, "❌"):
			tb.Fatalf("verdict %q: the reply does not say right or wrong: %q", b.Label, desc)
		}
	}
	if right != 1 {
		tb.Errorf("%d verdicts judged right, want exactly 1", right)
	}
}

func TestHintLadderByClicks(t *testing.T) {
	r, clock := newTestRouter(t)
	for game, p := range map[string][2]string{
		"binim2": {"010 101", "Dee"}, "adapwns": {"..P.P", ""}, "abgame": {"A..B.A...B", ""},
		"binstring": {"0110011", ""}, "binim": {"0011 1", "Dum"},
		"adapwns-long": {strings.Repeat(".P", 300), ""},
	} {
		t.Run(game, func(t *testing.T) {
			name, _, _ := strings.Cut(game, "-")
			opts := []any{optPosition, p[0]}
			if p[1] != "" {
				opts = append(opts, optFirst, p[1])
			}
			resp := r.Handle(context.Background(), command(student, name, "hint", opts...))
			if resp.Data.Flags != discordgo.MessageFlagsEphemeral {
				t.Fatalf("hint is not ephemeral: %+v", resp.Data)
			}
			levels := 1
			for {
				checkLimits(t, resp)
				if !strings.HasPrefix(resp.Data.Embeds[0].Title, fmt.Sprintf("Hint %d of ", levels)) {
					t.Fatalf("level %d title: %q", levels, resp.Data.Embeds[0].Title)
				}
				buttons, _ := allControls(t, resp)
				if len(buttons) == 0 {
					break
				}
				if levels == explain.CheckLevel {
					checkVerdictButtons(t, r, resp, buttons[:len(buttons)-1], message(resp, clock.t))
				}
				resp = r.Handle(context.Background(), click(student, buttons[len(buttons)-1].CustomID, message(resp, clock.t)))
				if resp.Type != discordgo.InteractionResponseUpdateMessage {
					t.Fatalf("a click should update the message in place; got type %v: %q", resp.Type, resp.Data.Content)
				}
				levels++
			}
			if levels < 3 {
				t.Errorf("the ladder has %d levels, want at least 3", levels)
			}
		})
	}
}

func TestForgedCustomIDs(t *testing.T) {
	r, clock := newTestRouter(t)
	resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P"))
	_, menus := allControls(t, resp)
	id := menus[0].CustomID
	msg := message(resp, clock.t)
	for name, forged := range map[string]string{
		"position changed": strings.Replace(id, ":p0.", ":p1.", 1),
		"owner changed":    strings.Replace(id, student, stranger, 1),
		"signature cut":    id[:len(id)-3],
		"not ours":         "play:adapwns:x",
		"unknown prefix":   "zzz:1",
	} {
		t.Run(name, func(t *testing.T) {
			got := r.Handle(context.Background(), click(student, forged, msg, "5 4"))
			if got.Type != discordgo.InteractionResponseChannelMessageWithSource || got.Data.Flags != discordgo.MessageFlagsEphemeral {
				t.Errorf("forged id %q: got type %v flags %v, want an ephemeral refusal", forged, got.Type, got.Data.Flags)
			}
			if got.Data.Content == "" || len(got.Data.Embeds) > 0 {
				t.Errorf("forged id answered with %+v", got.Data)
			}
		})
	}
}

func TestStrangerCannotMove(t *testing.T) {
	r, clock := newTestRouter(t)
	resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P"))
	_, menus := allControls(t, resp)
	got := r.Handle(context.Background(), click(stranger, menus[0].CustomID, message(resp, clock.t), "5 4"))
	if got.Type != discordgo.InteractionResponseChannelMessageWithSource || got.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Fatalf("stranger's click: got type %v flags %v, want an ephemeral note", got.Type, got.Data.Flags)
	}
	if !strings.Contains(got.Data.Content, "<@"+student+">") {
		t.Errorf("stranger's note %q should name the game's owner", got.Data.Content)
	}
}

// TestGameDoesNotExpire clicks a game hours after its last move: each
// click brings a fresh interaction token, and the state is in the
// custom_id, so the game goes on.
func TestGameDoesNotExpire(t *testing.T) {
	r, clock := newTestRouter(t)
	resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P"))
	_, menus := allControls(t, resp)
	msg := message(resp, clock.t)
	clock.t = clock.t.Add(5 * time.Hour)
	got := r.Handle(context.Background(), click(student, menus[0].CustomID, msg, "5 4"))
	if got.Type != discordgo.InteractionResponseUpdateMessage {
		t.Errorf("click on a 5-hour-old game: got type %v %q, want the game to go on", got.Type, got.Data.Content)
	}
}

// TestGameStateGone clicks a game whose state was too long for the
// custom_id and has left the store.
func TestGameStateGone(t *testing.T) {
	cache := &mapCache{m: map[string]any{}}
	r := testNew(Config{Config: tutor.Config{Cache: cache}, Secret: []byte("test secret")})
	resp := r.Handle(context.Background(), command(student, "abgame", "play", optPosition, strings.Repeat("A..B.", 60)))
	buttons, _ := allControls(t, resp)
	cache.mu.Lock()
	clear(cache.m)
	cache.mu.Unlock()
	got := r.Handle(context.Background(), click(student, buttons[len(buttons)-1].CustomID, message(resp, time.Now())))
	if !strings.Contains(got.Data.Content, "no longer stored") || got.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("click after the state left the store: got %q", got.Data.Content)
	}
}

// panicCache panics on every call: a bug inside a handler.
type panicCache struct{}

func (panicCache) Get(string) (any, bool) { panic("cache broken") }
func (panicCache) Set(string, any)        { panic("cache broken") }

func TestPanicIsAnsweredNotFatal(t *testing.T) {
	r := testNew(Config{Config: tutor.Config{Cache: panicCache{}}, Secret: []byte("s")})
	got := r.Handle(context.Background(), command(student, "adapwns", "solve", optPosition, "..P.P"))
	if got.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(got.Data.Content, "Something went wrong") {
		t.Errorf("panicking handler: got %+v", got.Data)
	}
}

func TestBadInputIsEphemeralAndLocated(t *testing.T) {
	r, _ := newTestRouter(t)
	for _, tc := range []struct {
		game, position, first, want string
	}{
		{"adapwns", "..X.P", "", "character 3 is 'X'"},
		{"binim2", "010 1a1", "Dee", "stack 2, character 2 is 'a'"},
		{"binim2", "010", "", "first"},
		{"abgame", "   ", "", "empty"},
	} {
		t.Run(tc.game+" "+tc.position, func(t *testing.T) {
			opts := []any{optPosition, tc.position}
			if tc.first != "" {
				opts = append(opts, optFirst, tc.first)
			}
			got := r.Handle(context.Background(), command(student, tc.game, "solve", opts...))
			if got.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(got.Data.Content, tc.want) {
				t.Errorf("got %q (flags %v), want an ephemeral message containing %q", got.Data.Content, got.Data.Flags, tc.want)
			}
		})
	}
}

func TestRepliesAttachPictures(t *testing.T) {
	r, _ := newTestRouter(t)
	for _, sub := range []string{"solve", "hint", "play"} {
		t.Run(sub, func(t *testing.T) {
			resp := r.Handle(context.Background(), command(student, "adapwns", sub, optPosition, "..P.P"))
			if len(resp.Data.Files) != 1 {
				t.Fatalf("got %d files, want 1 picture", len(resp.Data.Files))
			}
			f := resp.Data.Files[0]
			img := resp.Data.Embeds[0].Image
			if f.ContentType != "image/png" || img == nil || img.URL != "attachment://"+f.Name {
				t.Errorf("file %q (%s) and embed image %+v do not match", f.Name, f.ContentType, img)
			}
			head := make([]byte, 8)
			if _, err := f.Reader.Read(head); err != nil || string(head[1:4]) != "PNG" {
				t.Errorf("attachment is not a PNG: %q %v", head, err)
			}
		})
	}
}
