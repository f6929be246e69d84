package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor"
)

// solveCard runs /GAME solve and returns the reply and its buttons by label.
func solveCard(tb testing.TB, r *Router, user, game string, opts ...any) (*discordgo.InteractionResponse, map[string]string) {
	tb.Helper()
	resp := r.Handle(context.Background(), command(user, game, "solve", opts...))
	checkLimits(tb, resp)
	buttons, _ := allControls(tb, resp)
	byLabel := map[string]string{}
	for _, b := range buttons {
		byLabel[b.Label] = b.CustomID
	}
	return resp, byLabel
}

func TestCardButtons(t *testing.T) {
	r, clock := newTestRouter(t)
	card, buttons := solveCard(t, r, student, "binim2", optPosition, "010 101", optFirst, "Dum")
	for _, label := range []string{"Hint (private)", "Play this position", "Verify", "Full reasoning", "Why?"} {
		if buttons[label] == "" {
			t.Fatalf("the card lacks the button %q; it has %v", label, buttons)
		}
	}
	msg := message(card, clock.t)
	tests := []struct {
		name, user, label string
		ephemeral         bool
		want              string // in the title
	}{
		{"hint by the author", student, "Hint (private)", true, "Hint 1 of"},
		{"hint by another student", stranger, "Hint (private)", true, "Hint 1 of"},
		{"play by the author", student, "Play this position", false, "binim2: you are Dum"},
		{"play by another student", stranger, "Play this position", true, "binim2: you are Dum"},
		{"verify by the author", student, "Verify", false, "Verified"},
		{"verify by another student", stranger, "Verify", true, "Verified"},
		{"full reasoning", stranger, "Full reasoning", true, "Full reasoning: Dum wins"},
		{"why", student, "Why?", true, "Why the rule works"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := r.Handle(context.Background(), click(tt.user, buttons[tt.label], msg))
			checkLimits(t, got)
			if got.Type != discordgo.InteractionResponseChannelMessageWithSource {
				t.Fatalf("type %v, want a new message (4): a card's button never edits the card; %q", got.Type, got.Data.Content)
			}
			if eph := got.Data.Flags&discordgo.MessageFlagsEphemeral != 0; eph != tt.ephemeral {
				t.Errorf("ephemeral %v, want %v", eph, tt.ephemeral)
			}
			if len(got.Data.Embeds) == 0 || !strings.Contains(got.Data.Embeds[0].Title, tt.want) {
				t.Fatalf("reply %+v, want a title with %q", got.Data, tt.want)
			}
			if !strings.Contains(got.Data.Embeds[0].Description, "`010 101`") {
				t.Errorf("the reply is not about the card's position: %q", got.Data.Embeds[0].Description)
			}
		})
	}

	t.Run("another student's game is theirs", func(t *testing.T) {
		game := r.Handle(context.Background(), click(stranger, buttons["Play this position"], msg))
		_, menus := allControls(t, game)
		if len(menus) == 0 || !strings.Contains(menus[0].CustomID, stranger) || strings.Contains(menus[0].CustomID, student) {
			t.Fatalf("the game's controls should belong to the student who clicked: %+v", menus)
		}
		moved := r.Handle(context.Background(), click(stranger, menus[0].CustomID, message(game, clock.t), menus[0].Options[0].Value))
		if moved.Type != discordgo.InteractionResponseUpdateMessage {
			t.Errorf("their move: type %v %q, want an update of their own game", moved.Type, moved.Data.Content)
		}
		refused := r.Handle(context.Background(), click(student, menus[0].CustomID, message(game, clock.t), menus[0].Options[0].Value))
		if !strings.Contains(refused.Data.Content, "belongs to <@"+stranger+">") {
			t.Errorf("the card's author moving in another's game: %q", refused.Data.Content)
		}
	})
}

func TestCardLongPositionAndExpiry(t *testing.T) {
	r, clock := newTestRouter(t)
	long := strings.Repeat("..P", 110)
	card, buttons := solveCard(t, r, student, "adapwns", optPosition, long)
	got := r.Handle(context.Background(), click(stranger, buttons["Hint (private)"], message(card, clock.t)))
	if got.Type != discordgo.InteractionResponseChannelMessageWithSource || !strings.Contains(got.Data.Embeds[0].Description, "330 characters in all") {
		t.Fatalf("hint on a long card: %+v", got.Data)
	}
	r.cfg.Cache.(*mapCache).m = map[string]any{} // the cache forgets the position
	got = r.Handle(context.Background(), click(stranger, buttons["Hint (private)"], message(card, clock.t)))
	if !strings.Contains(got.Data.Content, "expired") || got.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("click after the position left the cache: %q", got.Data.Content)
	}
}

func TestCardMentions(t *testing.T) {
	ids := testCommandIDs()
	for _, tc := range []struct {
		name string
		ids  map[string]string
		want []string
	}{
		{"ids known", ids, []string{"</adapwns hint:" + ids["adapwns"] + ">", "</adapwns play:" + ids["adapwns"] + ">", "</adapwns verify:" + ids["adapwns"] + ">", "</help:" + ids["help"] + ">"}},
		{"ids unknown", nil, []string{"`/adapwns hint`", "`/adapwns play`", "`/adapwns verify`", "`/help`"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}}, CommandIDs: tc.ids})
			card, _ := solveCard(t, r, student, "adapwns", optPosition, "..P.P")
			fields := card.Data.Embeds[0].Fields
			last := fields[len(fields)-1]
			for _, w := range tc.want {
				if !strings.Contains(last.Value, w) {
					t.Errorf("last field %q lacks %q", last.Value, w)
				}
			}
		})
	}
}

// TestCardsOnLargestPositionsKeepTheirLastField checks that the mentions
// survive the fitting of the largest cards.
func TestCardsOnLargestPositionsKeepTheirLastField(t *testing.T) {
	r, _ := newTestRouter(t)
	for game, p := range bigPositions() {
		t.Run(game, func(t *testing.T) {
			opts := []any{optPosition, p[0]}
			if p[1] != "" {
				opts = append(opts, optFirst, p[1])
			}
			card, buttons := solveCard(t, r, student, game, opts...)
			fields := card.Data.Embeds[0].Fields
			if last := fields[len(fields)-1]; last.Name != "Next" || !strings.Contains(last.Value, "</"+game+" hint:") {
				t.Errorf("last field %q: %q", last.Name, last.Value)
			}
			if len(buttons) != len(cardButtons) {
				t.Errorf("%d buttons, want %d", len(buttons), len(cardButtons))
			}
		})
	}
}

func TestCardShortFullAndWhy(t *testing.T) {
	r, clock := newTestRouter(t)
	card, buttons := solveCard(t, r, student, "adapwns", optPosition, "..P.P")
	names := func(resp *discordgo.InteractionResponse) []string {
		var out []string
		for _, f := range resp.Data.Embeds[0].Fields {
			out = append(out, f.Name)
		}
		return out
	}
	short := strings.Join(names(card), "|")
	if short != "Why|Finding it|Your move|Best play|The rule here|Next" {
		t.Errorf("the card's fields are %q, want the short reply", short)
	}
	full := r.Handle(context.Background(), click(student, buttons["Full reasoning"], message(card, clock.t)))
	if got := strings.Join(names(full), "|"); !strings.Contains(got, "Which gaps count") || !strings.Contains(got, "Finding the move|Verdict and move|Your move") {
		t.Errorf("full reasoning has %q", got)
	}
	why := r.Handle(context.Background(), click(student, buttons["Why?"], message(card, clock.t)))
	if got := strings.Join(names(why), "|"); got != "A staircase|Which gaps count|g mod 3|The XOR" {
		t.Errorf("why has %q", got)
	}
}
