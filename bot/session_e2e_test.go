package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// The people of the session tests: the mentor, two members and a
// stranger who never joins.
const sessMentor, sessAlice, sessBob, sessCarol = "411111111111111111", "422222222222222222", "433333333333333333", "444444444444444444"

// botCanPost is app_permissions where the bot user can post and show
// pictures and embeds.
const botCanPost = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles

// sessionCommand is /session SUB with opts, sent by user.
func sessionCommand(user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		ID: "1500000000000000021", Name: "session", CommandType: discordgo.ChatApplicationCommand,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}},
	})
	i.Member.User.ID = user
	i.AppPermissions = botCanPost
	return i
}

// intOpt is an integer option as Discord sends it.
func intOpt(name string, v int) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(v)}
}

// posted reads a message the bot posted to a channel as a reply, to
// search its text and press its controls.
func posted(tb testing.TB, r recorded) reply {
	tb.Helper()
	if strings.HasPrefix(r.ContentType, "multipart/") {
		payload, _, _ := parseMultipart(tb, r.ContentType, r.Body)
		return reply{Type: 4, Data: payload}
	}
	return reply{Type: 4, Data: jsonOf(tb, r.Body)}
}

// TestE2ESession runs a study session of three puzzles with two members
// through the signed HTTP transport: the refused starts (a puzzle count
// out of range, a direct message, a busy channel), a puzzle closed
// because both members answered, a restart (a new router and transport
// on the same store) in the middle, a stop and a reveal refused to a
// stranger, a puzzle closed because its time ran out (a fake clock; the
// solution posted to the channel as the bot user, checked against
// Discord's schema, once though two replicas tick), a click on a closed
// puzzle, and the final table.
func TestE2ESession(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, storetest.SQLiteConfig(t))
	clock := tutortest.NewClock(time.UnixMilli(1_800_000_000_000))
	fake := newFakeDiscord(t)
	rest := NewREST(fake.srv.URL+"/api/v10", fake.client(), testLogger(t)).WithBotToken("bot-token")
	open := func() (*commands.Router, *e2eHTTP) {
		router := newRouter(t, commands.Config{ChannelPosts: true,
			Config: tutor.Config{Now: clock.Now, Practice: func(context.Context) (*practice.Service, error) { return practice.New(st, nil), nil }}})
		return router, newE2EHTTP(t, router)
	}
	_, srv := open()
	var router *commands.Router
	want := func(r reply, private bool, texts ...string) {
		t.Helper()
		r.check(t, private, texts...)
	}
	// answer sends user's move (its two numbers) on msg's puzzle: from
	// the menu, or typed into the form when the puzzle has too many moves
	// for a menu.
	answer := func(user string, msg reply, move string) reply {
		t.Helper()
		if id := msg.menuID(); id != "" {
			return srv.do(t, pickMove(user, id, move))
		}
		form := srv.do(t, press(user, msg.buttons()["Type a move"]))
		formID, _ := form.Data["custom_id"].(string)
		if form.Type != 9 || formID == "" {
			t.Fatalf("Type a move should open a form, got type %v: %s", form.Type, form.text())
		}
		return srv.typeMove(t, user, formID, move)
	}
	m := "<@" + sessMentor + ">"
	a, b, c := "<@"+sessAlice+">", "<@"+sessBob+">", "<@"+sessCarol+">"

	want(srv.do(t, sessionCommand(sessMentor, "start", opt("game", "nim"), intOpt("puzzles", 11))), true, "give 1 to 10 puzzles, not 11")
	dm := sessionCommand(sessMentor, "start", opt("game", "nim"), intOpt("puzzles", 3))
	dm.GuildID, dm.Member, dm.User = "", nil, &discordgo.User{ID: sessMentor}
	want(srv.do(t, dm), true, "/session runs in a server channel")

	first := srv.do(t, sessionCommand(sessMentor, "start", opt("game", "nim"), intOpt("puzzles", 3), intOpt("seconds", 60)))
	want(first, false, m+" started a study session of nim: 3 puzzles, 60 seconds each.", "Puzzle 1 of 3 (nim)", "to move: find a winning move")
	if e := first.embeds(); len(e) == 0 || !strings.Contains(e[0]["footer"].(map[string]any)["text"].(string), "Open for 60 seconds, or until every member has answered") {
		t.Errorf("the puzzle's footer does not say how long it is open: %v", first.embeds())
	}
	if first.Files["nim.png"] == "" {
		t.Errorf("the puzzle has no picture: %v", first.Files)
	}
	want(srv.do(t, sessionCommand(sessCarol, "start", opt("game", "nim"), intOpt("puzzles", 2))), true,
		"a session is already running in this channel: started by "+m+", puzzle 1 of 3; /session stop ends it")
	ss, err := st.RunningSession(ctx, "1400000000000000001")
	if err != nil || len(ss.Puzzles) != 3 || !ss.BotPosts {
		t.Fatalf("the stored session %+v, %v", ss, err)
	}

	// Puzzle 1 closes when both members have answered.
	want(srv.do(t, press(sessAlice, first.buttons()["Join"])), true, "You joined the study session (1 member so far)")
	want(srv.do(t, press(sessBob, first.buttons()["Join"])), true, "(2 members so far)")
	clock.Advance(4 * time.Second)
	want(answer(sessAlice, first, tutortest.WinningMove(t, ss.Puzzles[0])), true, "Your answer to puzzle 1 of 3", "The solution comes when the time is up")
	want(answer(sessAlice, first, tutortest.WinningMove(t, ss.Puzzles[0])), true, "you already answered puzzle 1")

	router, srv = open() // a restart: the puzzle's controls still answer

	clock.Advance(4 * time.Second)
	second := answer(sessBob, first, tutortest.LosingMove(t, ss.Puzzles[0]))
	want(second, false, "Everyone has answered puzzle 1.", "Puzzle 1 of 3: the solution", "✅ "+a, "right (4.0 s)", "❌ "+b, "wrong (8.0 s)", "Puzzle 2 of 3 (nim)")
	if second.Type != 4 {
		t.Errorf("the solution is a new message, got type %v", second.Type)
	}

	// Puzzle 2: a stranger can neither stop nor reveal; Alice answers and
	// the time runs out for Bob.
	want(srv.do(t, sessionCommand(sessCarol, "stop")), true, "Only "+m+", who started this session, or a member who can manage the server can stop it.")
	want(srv.do(t, press(sessCarol, second.buttons()["Reveal"])), true, "can reveal a puzzle of it")
	clock.Advance(10 * time.Second)
	want(answer(sessAlice, second, tutortest.WinningMove(t, ss.Puzzles[1])), true, "Your answer to puzzle 2 of 3")
	clock.Advance(49 * time.Second)
	TickOnce(ctx, router, rest, testLogger(t))
	fake.none(t) // 59 s: not yet
	clock.Advance(time.Second)
	TickOnce(ctx, router, rest, testLogger(t))
	req := fake.next(t)
	if req.Method != http.MethodPost || req.Path != "/api/v10/channels/1400000000000000001/messages" || req.Auth != "Bot bot-token" {
		t.Fatalf("the time running out posted %s %s (auth %q), want a message to the channel as the bot user", req.Method, req.Path, req.Auth)
	}
	third := posted(t, req)
	want(third, false, "Time is up for puzzle 2.", "Puzzle 2 of 3: the solution", "✅ "+a, "⏳ "+b+": did not answer", "Puzzle 3 of 3 (nim)")
	other, _ := open() // a second replica ticking at the same moment
	TickOnce(ctx, other, rest, testLogger(t))
	TickOnce(ctx, router, rest, testLogger(t))
	fake.none(t)

	// Puzzle 3: an answer on an old puzzle is refused; Bob answers; the
	// mentor reveals it, which ends the session with the table.
	want(answer(sessAlice, second, tutortest.WinningMove(t, ss.Puzzles[1])), true, "this puzzle is closed: the session is at puzzle 3 of 3")
	clock.Advance(5 * time.Second)
	want(answer(sessBob, third, tutortest.WinningMove(t, ss.Puzzles[2])), true, "Your answer to puzzle 3 of 3")
	end := srv.do(t, press(sessMentor, third.buttons()["Reveal"]))
	want(end, false, m+" revealed puzzle 3.", "Puzzle 3 of 3: the solution", "✅ "+b, "⏳ "+a+": did not answer",
		"Study session over: the table", "1. "+a+": 2 right of 3, 14 s", "2. "+b+": 1 right of 3, 13 s")
	if len(end.buttons()) != 0 || end.menuID() != "" {
		t.Errorf("the finished session still has controls: %v", end.buttons())
	}
	got, err := st.StudySession(ctx, ss.ID)
	if err != nil || got.Status != store.SessionOver || got.Current != 3 {
		t.Errorf("the stored session at the end: %+v, %v", got, err)
	}
	want(srv.do(t, sessionCommand(sessMentor, "stop")), true, "no session is running in this channel")
	_ = c
}

// TestE2ESessionGateway runs a short session over the gateway: the start,
// a member joining, a stranger's stop refused and the starter's stop,
// each a callback through Discord's REST API.
func TestE2ESessionGateway(t *testing.T) {
	st := storetest.Open(t, storetest.SQLiteConfig(t))
	router := newRouter(t, commands.Config{ChannelPosts: true,
		Config: tutor.Config{Practice: func(context.Context) (*practice.Service, error) { return practice.New(st, nil), nil }}})
	start := runGatewayOnce(t, router, sessionCommand(sessMentor, "start", opt("game", "nim"), intOpt("puzzles", 2)))
	if start.ephemeral() || !strings.Contains(start.text(), "started a study session of nim: 2 puzzles, 60 seconds each.") || start.buttons()["Join"] == "" {
		t.Fatalf("the start over the gateway: %s", start.text())
	}
	// One at a time: the gateway answers events concurrently.
	events := []*discordgo.Interaction{press(sessAlice, start.buttons()["Join"]), sessionCommand(sessCarol, "stop"), sessionCommand(sessMentor, "stop")}
	for k, want := range []string{"You joined the study session (1 member so far)", "Only <@" + sessMentor + ">, who started this session", "Study session stopped: the table so far"} {
		if r := runGatewayOnce(t, router, events[k]); !strings.Contains(r.text(), want) || r.ephemeral() != (k < 2) {
			t.Errorf("%s: %s (ephemeral %v), want %q", events[k].ID, r.text(), r.ephemeral(), want)
		}
	}
}

// TestPostWays checks how a message no interaction waits for is posted:
// as the bot user when it may, else as a follow-up of the starter's
// interaction while its token lasts, else not at all.
func TestPostWays(t *testing.T) {
	ctx := context.Background()
	fake := newFakeDiscord(t)
	rest := NewREST(fake.srv.URL+"/api/v10", fake.client(), testLogger(t))
	data := &discordgo.InteractionResponseData{Content: "Time is up for puzzle 2.", Embeds: []*discordgo.MessageEmbed{{Title: "Puzzle 2 of 3: the solution"}}}
	later := time.Now().Add(time.Minute)
	post := discordx.Post{Channel: "1400000000000000001", AsBot: true, AppID: "1000000000000000001", Token: "start-token", Until: later, Data: data}

	if err := rest.WithBotToken("bot-token").Post(ctx, post); err != nil {
		t.Fatal(err)
	}
	if r := fake.next(t); r.Path != "/api/v10/channels/1400000000000000001/messages" || r.Auth != "Bot bot-token" {
		t.Errorf("as the bot user: %s %s (auth %q)", r.Method, r.Path, r.Auth)
	}
	// No bot token (or no bot user in the channel): the follow-up.
	for _, c := range []*REST{rest, rest.WithBotToken("bot-token")} {
		p := post
		p.AsBot = c == rest
		if err := c.Post(ctx, p); err != nil {
			t.Fatal(err)
		}
		if r := fake.next(t); r.Path != "/api/v10/webhooks/1000000000000000001/start-token" || r.Auth != "" {
			t.Errorf("the follow-up: %s %s (auth %q)", r.Method, r.Path, r.Auth)
		}
	}
	expired := post
	expired.AsBot, expired.Until = false, time.Now().Add(-time.Second)
	if err := rest.Post(ctx, expired); err == nil || !strings.Contains(err.Error(), "no interaction token is valid") {
		t.Errorf("with neither way: %v", err)
	}
	fake.none(t)
}
