package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
	"github.com/nimtutor/nimtutor/tutor"
)

// The members of the duel tests: two players, a third member and a bot.
const duelAlice, duelBob, duelCarol, duelBot = "311111111111111111", "322222222222222222", "333333333333333333", "344444444444444444"

// duelCommand is /duel sent by user, naming other (a bot when isBot) as
// Discord resolves a USER option.
func duelCommand(user, other string, isBot bool, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	u := &discordgo.ApplicationCommandInteractionDataOption{Name: "user", Type: discordgo.ApplicationCommandOptionUser, Value: other}
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		ID: "1500000000000000019", Name: "duel", CommandType: discordgo.ChatApplicationCommand,
		Options:  append([]*discordgo.ApplicationCommandInteractionDataOption{u, opt("game", "nim")}, opts...),
		Resolved: &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{other: {ID: other, Username: "other", Bot: isBot}}},
	})
	i.Member.User.ID = user
	return i
}

// topCommand is /name with opts, sent by user.
func topCommand(user, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		ID: "1500000000000000020", Name: name, CommandType: discordgo.ChatApplicationCommand, Options: opts})
	i.Member.User.ID = user
	return i
}

// menuID returns the custom_id of a reply's select menu.
func (r reply) menuID() string {
	rows, _ := r.Data["components"].([]any)
	for _, row := range rows {
		comps, _ := row.(map[string]any)["components"].([]any)
		for _, c := range comps {
			if m := c.(map[string]any); m["type"] == 3.0 {
				s, _ := m["custom_id"].(string)
				return s
			}
		}
	}
	return ""
}

// pickMove returns user's pick of the move value ("2 2") in menu id.
func pickMove(user, id, value string) *discordgo.Interaction {
	i := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: id, ComponentType: discordgo.SelectMenuComponent, Values: []string{value}})
	i.Member.User.ID = user
	i.Message = &discordgo.Message{ID: "1600000000000000002", Timestamp: testNow}
	return i
}

// typeMove sends the move form's answer text under the form's custom_id,
// as Discord sends a form built with a Label.
func (e *e2eHTTP) typeMove(tb testing.TB, user, id, text string) reply {
	tb.Helper()
	i := interaction(discordgo.InteractionModalSubmit, nil)
	i.Member.User.ID = user
	raw := marshal(tb, i)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		tb.Fatal(err)
	}
	m["data"] = map[string]any{"custom_id": id, "components": []any{map[string]any{"type": 18, "id": 1,
		"component": map[string]any{"type": 4, "id": 2, "custom_id": "move", "value": text}}}}
	w := serve(e.h, signed(tb, e.priv, testNow, marshal(tb, m)))
	if w.Code != http.StatusOK {
		tb.Fatalf("status %d: %s", w.Code, w.Body)
	}
	return decodeReply(tb, w.Header().Get("Content-Type"), w.Body.Bytes())
}

// text is a reply's content and every embed's title, description and
// fields, for searching.
func (r reply) text() string {
	var b strings.Builder
	b.WriteString(r.content() + "\n")
	for _, e := range r.embeds() {
		for _, k := range []string{"title", "description"} {
			s, _ := e[k].(string)
			b.WriteString(s + "\n")
		}
		fields, _ := e["fields"].([]any)
		for _, f := range fields {
			f := f.(map[string]any)
			b.WriteString(f["name"].(string) + "\n" + f["value"].(string) + "\n")
		}
	}
	return b.String()
}

// TestE2EDuel plays a duel through the signed HTTP transport: the
// refused challenges (yourself, a bot, a member already in a duel), the
// challenge answered only by the challenged member, a restart (a new
// router and transport on the same store) in the middle, a move out of
// turn, an illegal typed move, a mistake, an old board, the end with the
// review of both players and a rematch with sides swapped.
func TestE2EDuel(t *testing.T) {
	st := storetest.Open(t, storetest.SQLiteConfig(t))
	open := func() *e2eHTTP {
		router := newRouter(t, commands.Config{Config: tutor.Config{Practice: func(context.Context) (*practice.Service, error) { return practice.New(st, nil), nil }}})
		return newE2EHTTP(t, router)
	}
	srv := open()
	want := func(r reply, private bool, texts ...string) {
		t.Helper()
		r.check(t, private, texts...)
	}
	want(srv.do(t, duelCommand(duelAlice, duelAlice, false)), true, "you cannot challenge yourself")
	want(srv.do(t, duelCommand(duelAlice, duelBot, true)), true, "bots cannot duel")

	offer := srv.do(t, duelCommand(duelAlice, duelBob, false, opt("position", "1 2")))
	want(offer, false, "<@"+duelBob+">, you are challenged", "`1 2`")
	if offer.Files["nim.png"] == "" {
		t.Errorf("the challenge has no picture: %v", offer.Files)
	}
	want(srv.do(t, duelCommand(duelCarol, duelBob, false)), true, "<@"+duelBob+"> is already in an unfinished duel")
	want(srv.do(t, press(duelCarol, offer.buttons()["Accept"])), true, "Only <@"+duelBob+">, who was challenged")
	board := srv.do(t, press(duelBob, offer.buttons()["Accept"]))
	want(board, false, "accepted the duel", "<@"+duelAlice+">, your move")
	if board.Type != 7 || board.menuID() == "" {
		t.Fatalf("accepting should update the message with the move menu: type %v, %s", board.Type, board.text())
	}

	srv = open() // a restart: the board's controls still play

	want(srv.do(t, pickMove(duelBob, board.menuID(), "1 1")), true, "It is not your turn: <@"+duelAlice+"> is to move")
	want(srv.do(t, pickMove(duelCarol, board.menuID(), "1 1")), true, "You are not in this duel")
	form := srv.do(t, press(duelAlice, board.buttons()["Type a move"]))
	formID, _ := form.Data["custom_id"].(string)
	if form.Type != 9 || formID == "" {
		t.Fatalf("Type a move should open a form, got type %v %v", form.Type, form.Data)
	}
	want(srv.typeMove(t, duelAlice, formID, "1 5"), true, "take 5 from heap 1 cannot be played", "board is unchanged")
	// Alice throws the win away: from 1 2 the winning move leaves 1 1.
	next := srv.do(t, pickMove(duelAlice, board.menuID(), "2 2"))
	want(next, false, "played take 2 from heap 2", "<@"+duelBob+">, your move")
	want(srv.do(t, pickMove(duelAlice, board.menuID(), "1 1")), true, "no longer the duel's latest")
	over := srv.do(t, pickMove(duelBob, next.menuID(), "1 1"))
	want(over, false, "Duel over: <@"+duelBob+"> wins!",
		"Review of First's moves", "<@"+duelAlice+">", "take 2 from heap 2: **mistake**", "The winning alternative was take 1 from heap 2", "<@"+duelBob+"> won.",
		"Review of Second's moves", "take 1 from heap 1: **forced**", "You won.")
	if over.menuID() != "" {
		t.Errorf("a finished duel still has a move menu")
	}
	d, err := st.Duels(context.Background(), duelAlice, 10)
	if err != nil || len(d) != 1 || d[0].Status != store.DuelOver || d[0].Result != "second" || strings.Join(d[0].Moves, ",") != "2 2,1 1" {
		t.Fatalf("stored duels %+v, %v", d, err)
	}

	// Both are rated, apart from practice: /leaderboard kind:duels and /progress.
	board = srv.do(t, topCommand(duelAlice, "leaderboard", opt("game", "nim"), opt("kind", "duels")))
	want(board, false, "Duel leaderboard: nim", "1. <@"+duelBob+">: **16", "(won 1, lost 0, tied 0)", "2. <@"+duelAlice+">: **13")
	want(srv.do(t, topCommand(duelAlice, "progress")), false, "nim duels: 13", "Won 0, lost 1, tied 0")

	re := srv.do(t, press(duelBob, over.buttons()["Rematch, sides swapped"]))
	want(re, false, "<@"+duelAlice+">, you are challenged", "sides swapped", "<@"+duelBob+"> plays First")
	if re.Type != 4 {
		t.Errorf("a rematch is a new message, got type %v", re.Type)
	}
	want(srv.do(t, press(duelBob, re.buttons()["Accept"])), true, "Only <@"+duelAlice+">, who was challenged")
	want(srv.do(t, press(duelAlice, re.buttons()["Decline"])), false, "declined the duel")
}
