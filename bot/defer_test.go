package bot

import (
	"context"
	"github.com/nimtutor/nimtutor/discordx"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestDeferrer(t *testing.T) {
	command := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	click := interaction(discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: "hint"})
	click.Message = &discordgo.Message{ID: "1500000000000000001"}
	modalOnMessage := interaction(discordgo.InteractionModalSubmit, discordgo.ModalSubmitInteractionData{CustomID: "position"})
	modalOnMessage.Message = &discordgo.Message{ID: "1500000000000000001"}
	modalOnCommand := interaction(discordgo.InteractionModalSubmit, discordgo.ModalSubmitInteractionData{CustomID: "position"})
	autocomplete := interaction(discordgo.InteractionApplicationCommandAutocomplete, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	update := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "updated"}}
	modal := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "Position"}}

	tests := []struct {
		name    string
		i       *discordgo.Interaction
		slow    bool // the handler waits until the deferral is sent
		private bool
		resp    *discordgo.InteractionResponse
		panics  bool

		wantFirst    discordgo.InteractionResponseType
		wantFlags    discordgo.MessageFlags // of the first response
		wantContent  string                 // of the first response, when not deferred
		wantEdit     string                 // content of the edit, "" for none
		wantFollowup string                 // content of the follow-up, "" for none
		wantDelete   bool                   // the original response is deleted
	}{
		{name: "fast command inline", i: command, resp: message("hi"),
			wantFirst: discordgo.InteractionResponseChannelMessageWithSource, wantContent: "hi"},
		{name: "slow public command", i: command, slow: true, resp: message("done"),
			wantFirst: discordgo.InteractionResponseDeferredChannelMessageWithSource, wantEdit: "done"},
		{name: "slow private command", i: command, slow: true, private: true, resp: discordx.Ephemeral("secret"),
			wantFirst: discordgo.InteractionResponseDeferredChannelMessageWithSource, wantFlags: discordgo.MessageFlagsEphemeral, wantEdit: "secret"},
		{name: "slow click updates message", i: click, slow: true, resp: update,
			wantFirst: discordgo.InteractionResponseDeferredMessageUpdate, wantEdit: "updated"},
		{name: "slow click new message becomes follow-up", i: click, slow: true, private: true, resp: discordx.Ephemeral("just you"),
			wantFirst: discordgo.InteractionResponseDeferredMessageUpdate, wantFollowup: "just you"},
		{name: "slow modal on message", i: modalOnMessage, slow: true, resp: update,
			wantFirst: discordgo.InteractionResponseDeferredMessageUpdate, wantEdit: "updated"},
		{name: "slow modal from command", i: modalOnCommand, slow: true, resp: message("thanks"),
			wantFirst: discordgo.InteractionResponseDeferredChannelMessageWithSource, wantEdit: "thanks"},
		{name: "slow autocomplete gets no choices", i: autocomplete, slow: true, resp: message("late"),
			wantFirst: discordgo.InteractionApplicationCommandAutocompleteResult},
		{name: "panic answered with apology", i: command, panics: true,
			wantFirst: discordgo.InteractionResponseChannelMessageWithSource, wantFlags: discordgo.MessageFlagsEphemeral, wantContent: somethingWentWrong},
		{name: "nil response answered with apology", i: command, resp: nil,
			wantFirst: discordgo.InteractionResponseChannelMessageWithSource, wantFlags: discordgo.MessageFlagsEphemeral, wantContent: somethingWentWrong},
		{name: "modal after deferral asks to click again", i: command, slow: true, resp: modal,
			wantFirst: discordgo.InteractionResponseDeferredChannelMessageWithSource, wantFollowup: msgNoModal, wantDelete: true},
		{name: "public deferral then private error is deleted and sent privately", i: command, slow: true, resp: discordx.Ephemeral("⚠️ position: character 3 is 'X'"),
			wantFirst: discordgo.InteractionResponseDeferredChannelMessageWithSource, wantFollowup: "⚠️ position: character 3 is 'X'", wantDelete: true},
		{name: "private deferral then private error is an edit", i: command, slow: true, private: true, resp: discordx.Ephemeral("⚠️ bad"),
			wantFirst: discordgo.InteractionResponseDeferredChannelMessageWithSource, wantFlags: discordgo.MessageFlagsEphemeral, wantEdit: "⚠️ bad"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			release := make(chan struct{})
			h := slowHandler(release, tt.resp, tt.private)
			after := time.Hour
			if tt.slow {
				after = time.Millisecond
			} else {
				close(release)
			}
			if tt.panics {
				h.handle = func(context.Context, *discordgo.Interaction) *discordgo.InteractionResponse { panic("boom") }
			}
			ed := &fakeSender{}
			d := newDeferrer(h, ed, nil, after, testLogger(t))

			var first []*discordgo.InteractionResponse
			d.answer(context.Background(), tt.i, nil, func(r *discordgo.InteractionResponse) error {
				first = append(first, r)
				return nil
			})
			if tt.slow {
				close(release)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := d.wait(ctx); err != nil {
				t.Fatalf("wait: %v", err)
			}

			if len(first) != 1 {
				t.Fatalf("got %d initial responses, want 1", len(first))
			}
			got := first[0]
			if got.Type != tt.wantFirst {
				t.Errorf("initial response type = %d, want %d", got.Type, tt.wantFirst)
			}
			var flags discordgo.MessageFlags
			var content string
			if got.Data != nil {
				flags, content = got.Data.Flags, got.Data.Content
			}
			if flags != tt.wantFlags {
				t.Errorf("initial flags = %d, want %d", flags, tt.wantFlags)
			}
			if content != tt.wantContent {
				t.Errorf("initial content = %q, want %q", content, tt.wantContent)
			}

			ed.mu.Lock()
			defer ed.mu.Unlock()
			switch {
			case tt.wantEdit == "" && len(ed.edits) > 0:
				t.Errorf("got %d edits, want none", len(ed.edits))
			case tt.wantEdit != "" && len(ed.edits) != 1:
				t.Errorf("got %d edits, want 1", len(ed.edits))
			case tt.wantEdit != "" && ed.edits[0].Content != tt.wantEdit:
				t.Errorf("edit content = %q, want %q", ed.edits[0].Content, tt.wantEdit)
			}
			switch {
			case tt.wantFollowup == "" && len(ed.followups) > 0:
				t.Errorf("got %d follow-ups, want none", len(ed.followups))
			case tt.wantFollowup != "" && len(ed.followups) != 1:
				t.Errorf("got %d follow-ups, want 1", len(ed.followups))
			case tt.wantFollowup != "":
				if ed.followups[0].Content != tt.wantFollowup {
					t.Errorf("follow-up content = %q, want %q", ed.followups[0].Content, tt.wantFollowup)
				}
				if ed.followups[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
					t.Errorf("follow-up flags = %d, want ephemeral", ed.followups[0].Flags)
				}
			}
			if (ed.deletes > 0) != tt.wantDelete {
				t.Errorf("deleted the original %d times, want delete %v", ed.deletes, tt.wantDelete)
			}
		})
	}
}

func TestPrivatePanicIsNotPrivate(t *testing.T) {
	release := make(chan struct{})
	h := slowHandler(release, message("x"), false)
	h.private = func(*discordgo.Interaction) bool { panic("private boom") }
	d := newDeferrer(h, &fakeSender{}, nil, time.Millisecond, testLogger(t))
	var got *discordgo.InteractionResponse
	d.answer(context.Background(), interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"}), nil, func(r *discordgo.InteractionResponse) error {
		got = r
		return nil
	})
	close(release)
	if err := d.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got == nil || got.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || got.Data != nil {
		t.Errorf("got %+v, want a public deferral", got)
	}
}

// pacedHandler is a fakeHandler that reports every interaction as slow.
type pacedHandler struct{ *fakeHandler }

func (pacedHandler) Slow(*discordgo.Interaction) bool { return true }

// TestSlowAnswerDeferredQuickly: an answer the Handler reports as slow is
// deferred after QuickDeferAfter, not the full threshold; a quick refusal
// from such a Handler still goes inline.
func TestSlowAnswerDeferredQuickly(t *testing.T) {
	command := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "verify"})
	release := make(chan struct{})
	d := newDeferrer(pacedHandler{slowHandler(release, message("verified"), false)}, &fakeSender{}, nil, time.Hour, testLogger(t))
	start := time.Now()
	var first *discordgo.InteractionResponse
	d.answer(context.Background(), command, nil, func(r *discordgo.InteractionResponse) error { first = r; return nil })
	took := time.Since(start)
	close(release)
	// The threshold is an hour: a deferral at all means the quick path.
	if first == nil || first.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || took > time.Minute {
		t.Errorf("first answer %+v after %v, want a deferral after about %v", first, took, QuickDeferAfter)
	}
	d.wait(context.Background())

	d = newDeferrer(pacedHandler{constHandler(discordx.Ephemeral("busy"))}, &fakeSender{}, nil, time.Hour, testLogger(t))
	command.ID = "1200000000000000002"
	d.answer(context.Background(), command, nil, func(r *discordgo.InteractionResponse) error { first = r; return nil })
	if first.Type != discordgo.InteractionResponseChannelMessageWithSource || first.Data.Content != "busy" {
		t.Errorf("quick answer from a slow handler: got %+v, want it inline", first)
	}
}
