package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/learn"
)

// TestLessonRepliesFit shows every step of every lesson and answers it
// every way, on a router without a store: each reply fits Discord's
// limits, custom_ids fit, and the progress note says it is not stored.
func TestLessonRepliesFit(t *testing.T) {
	r, _ := newTestRouter(t)
	ctx := context.Background()
	list := r.Handle(ctx, &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand, Member: &discordgo.Member{User: &discordgo.User{ID: student}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "learn"}})
	checkLimits(t, list)
	if len(list.Data.Embeds) == 0 || !strings.Contains(list.Data.Embeds[0].Footer.Text, "no database") {
		t.Fatalf("/learn without a store: %+v", list.Data)
	}
	for _, topic := range learn.Topics() {
		for k, s := range topic.Steps {
			show := r.Handle(ctx, click(student, fmt.Sprintf("learn:s:%s:%d", topic.ID, k), nil))
			checkLimits(t, show)
			buttons, _ := allControls(t, show)
			b, _ := s.Board()
			if len(buttons) != len(s.Options(b)) {
				t.Fatalf("%s step %d: %d buttons", topic.ID, k+1, len(buttons))
			}
			for _, btn := range buttons {
				got := r.Handle(ctx, click(student, btn.CustomID, nil))
				checkLimits(t, got)
				if got.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(got.Data.Embeds[0].Description, "**") {
					t.Errorf("%s step %d, %q: %+v", topic.ID, k+1, btn.Label, got.Data)
				}
			}
		}
	}
	for _, bad := range []string{"learn:s:chess:0", "learn:s:nim:9", "learn:a:nim:0:7", "learn:a:nim:0:x", "learn:z"} {
		got := r.Handle(ctx, click(student, bad, nil))
		if !strings.HasPrefix(got.Data.Content, "⚠️") {
			t.Errorf("%s: %q", bad, got.Data.Content)
		}
	}
}
