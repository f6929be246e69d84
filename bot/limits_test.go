package bot

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/commands"
)

// Discord's limits for a user-installed app: at most 5 follow-ups per
// interaction, and a token that lives 15 minutes.

// TestFollowupRetriesStayWithinLimit drops the connection of every
// follow-up after Discord took it: each retry posts the message again,
// so the retries must stop before a sixth.
func TestFollowupRetriesStayWithinLimit(t *testing.T) {
	fake := newFakeDiscord(t)
	fake.quiet, fake.strict, fake.dropFollowups = true, false, true
	rest := NewREST(fake.srv.URL+"/api/v10", fake.client(), testLogger(t))
	rest.minBackoff, rest.maxBackoff = time.Millisecond, 5*time.Millisecond
	i := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "hint"})
	i.Token = "followup-limit-token"
	err := rest.Followup(context.Background(), i, &discordgo.InteractionResponseData{Content: "a hint"})
	if err == nil {
		t.Fatal("every follow-up connection was dropped, yet Followup reports success")
	}
	if got := fake.followupsTo(i.Token); got != maxFollowupTries || got > 5 {
		t.Errorf("Discord took %d follow-ups, want %d (at most 5)", got, maxFollowupTries)
	}
}

// TestTokenLifeBoundsDelivery lets Discord fail every edit (503): the
// deferred answer is retried until the token's life is nearly up, then
// given up and counted as expired. The token's life is shortened here.
func TestTokenLifeBoundsDelivery(t *testing.T) {
	fake := newFakeDiscord(t)
	fake.quiet, fake.status = true, http.StatusServiceUnavailable
	rest := NewREST(fake.srv.URL+"/api/v10", fake.client(), testLogger(t))
	rest.minBackoff, rest.maxBackoff = 5*time.Millisecond, 20*time.Millisecond
	m := NewMetrics()
	// The handler answers only once the deferral is written, so the
	// answer always goes to the webhook.
	release := make(chan struct{})
	d := newDeferrer(slowHandler(release, message("late"), false), m.Sender(rest), nil, time.Nanosecond, testLogger(t))
	d.tokenLife, d.handlerTime = 300*time.Millisecond, 250*time.Millisecond
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	var first *discordgo.InteractionResponse
	d.answer(context.Background(), i, nil, func(r *discordgo.InteractionResponse) error { first = r; close(release); return nil })
	if err := d.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if first == nil || first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("first response %+v, want the deferral", first)
	}
	b := metricsText(t, m)
	if !strings.Contains(b, `nimtutor_deferred_undelivered_total{reason="token_expired"} 1`+"\n") {
		t.Errorf("metrics:\n%s", grepLines(b, "undelivered"))
	}
	if fake.calls.Load() < 2 {
		t.Errorf("%d calls: the delivery was not retried", fake.calls.Load())
	}
}

// webhookReply reads a delivered edit or follow-up as the reply it
// stands for.
func webhookReply(tb testing.TB, r recorded) reply {
	tb.Helper()
	var body []byte
	if strings.HasPrefix(r.ContentType, "multipart/") {
		payload, _, _ := parseMultipart(tb, r.ContentType, r.Body)
		body, _ = json.Marshal(payload)
	} else {
		body = r.Body
	}
	out := reply{Type: 4, Files: map[string]string{}}
	if err := json.Unmarshal(body, &out.Data); err != nil {
		tb.Fatal(err)
	}
	return out
}

// menuOption returns the custom_id of the first select menu of data and
// its first option's value, or "" when there is none.
func menuOption(data map[string]any) (string, string) {
	rows, _ := data["components"].([]any)
	for _, row := range rows {
		comps, _ := row.(map[string]any)["components"].([]any)
		for _, c := range comps {
			m := c.(map[string]any)
			if m["type"] == 3.0 {
				opts, _ := m["options"].([]any)
				if len(opts) > 0 {
					id, _ := m["custom_id"].(string)
					v, _ := opts[0].(map[string]any)["value"].(string)
					return id, v
				}
			}
		}
	}
	return "", ""
}

// TestLongPlayFollowups plays a whole game of adapwns against the bot
// through the HTTP transport with every answer deferred, as on a slow
// machine: each move is an interaction of its own, answered by an edit
// or a follow-up, and no interaction gets more than one follow-up (the
// fake Discord fails the test at a sixth).
func TestLongPlayFollowups(t *testing.T) {
	fake := newFakeDiscord(t)
	fake.strict = false // the deferrals go back as HTTP answers, not through the fake
	pub, priv := newKey(t)
	router := newRouter(t, commands.Config{})
	h := newHTTPHandler(pub, router, WithClock(func() time.Time { return testNow }), WithDeferAfter(time.Nanosecond),
		WithSender(NewREST(fake.srv.URL+"/api/v10", fake.client(), testLogger(t))), WithLogger(testLogger(t)))
	send := func(i *discordgo.Interaction) reply {
		t.Helper()
		w := serve(h, signed(t, priv, testNow, marshal(t, i)))
		first := decodeReply(t, w.Header().Get("Content-Type"), w.Body.Bytes())
		if first.Type == 4 || first.Type == 7 {
			return first // answered before the deferral
		}
		for {
			r := fake.next(t)
			if r.Method != http.MethodDelete { // a public deferral of a private answer is deleted first
				return webhookReply(t, r)
			}
		}
	}
	got := send(slash(e2eUser, "adapwns", "play", opt("position", "....P.P..P")))
	moves := 0
	tokens := []string{}
	for ; moves < 40; moves++ {
		id, value := menuOption(got.Data)
		if id == "" {
			break
		}
		i := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: id, ComponentType: discordgo.SelectMenuComponent, Values: []string{value}})
		i.Member.User.ID = e2eUser
		i.Message = &discordgo.Message{ID: "1600000000000000001", Timestamp: testNow}
		i.Token = "play-move-" + i.ID
		tokens = append(tokens, i.Token)
		got = send(i)
	}
	if moves < 2 {
		t.Fatalf("only %d moves played; last reply %v", moves, got.Data)
	}
	t.Logf("last reply after %d moves: %s", moves, got.content()+embedTexts(got))
	for _, tok := range tokens {
		if n := fake.followupsTo(tok); n > 1 {
			t.Errorf("move %s: %d follow-ups, want at most 1", tok, n)
		}
	}
	t.Logf("%d moves, each its own interaction; the most follow-ups for one interaction: %d", moves, fake.maxFollowups())
}

// embedTexts joins the titles and descriptions of a reply's embeds.
func embedTexts(r reply) string {
	var b strings.Builder
	for _, e := range r.embeds() {
		t, _ := e["title"].(string)
		d, _ := e["description"].(string)
		b.WriteString(" " + t + " " + d)
	}
	return b.String()
}
