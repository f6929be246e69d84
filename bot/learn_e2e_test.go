package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store/storetest"
	"github.com/nimtutor/nimtutor/tutor"
)

// learnCommand returns /learn, with topic:topic unless it is "".
func learnCommand(topic string) *discordgo.Interaction {
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	if topic != "" {
		opts = append(opts, opt("topic", topic))
	}
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		ID: "1500000000000000004", Name: "learn", CommandType: discordgo.ChatApplicationCommand, Options: opts,
	})
	i.Member.User.ID = e2eUser
	return i
}

// TestE2ELesson takes the Nim lesson from start to finish through the
// signed HTTP transport, with one wrong answer on the way, and reads the
// stored progress back from /learn.
func TestE2ELesson(t *testing.T) {
	st := storetest.Open(t, storetest.SQLiteConfig(t))
	router := newRouter(t, commands.Config{Config: tutor.Config{Practice: func(context.Context) (*practice.Service, error) { return practice.New(st, nil), nil }}})
	srv := newE2EHTTP(t, router)

	card := srv.do(t, learnCommand("nim"))
	desc := func(r reply) string {
		e := r.embeds()
		if len(e) == 0 {
			t.Fatalf("no embed: %v", r.Data)
		}
		return e[0]["title"].(string) + "\n" + e[0]["description"].(string)
	}
	if !card.ephemeral() || !strings.Contains(desc(card), "Nim and XOR · step 1 of 5") || !strings.Contains(desc(card), "Position: `5`, First to move.") {
		t.Fatalf("first step: %q", desc(card))
	}
	// A wrong answer: a lone heap of 5 is First's, who takes it whole
	// (the answer's reason is the step's own, not the XOR taught later).
	wrong := srv.do(t, press(e2eUser, card.buttons()["Second"]))
	if wrong.Type != 7 {
		t.Errorf("an answer should update the card, got type %v", wrong.Type)
	}
	for _, want := range []string{"❌ **Not quite.** The position is `5`: one heap, which the player to move takes whole, so First, who is to move, wins.", "Try again."} {
		if !strings.Contains(desc(wrong), want) {
			t.Errorf("wrong answer: %q\nwant %q", desc(wrong), want)
		}
	}
	// The same exercise again, answered right, then every step to the end.
	answers := []string{"First (to move)", "Second", "Second", "take 2 from heap 1", "take 5 from heap 1"}
	cur := wrong
	for k, a := range answers {
		id := cur.buttons()[a]
		if id == "" {
			t.Fatalf("step %d: no button %q in %v", k+1, a, cur.buttons())
		}
		cur = srv.do(t, press(e2eUser, id))
		if !strings.Contains(desc(cur), "✅ **Right.**") {
			t.Fatalf("step %d, %q: %q", k+1, a, desc(cur))
		}
		if k+1 < len(answers) {
			cur = srv.do(t, press(e2eUser, cur.buttons()["Next step"]))
			if want := "step " + itoa(k+2) + " of 5"; !strings.Contains(desc(cur), want) {
				t.Fatalf("after step %d: %q, want %q", k+1, desc(cur), want)
			}
		}
	}
	if !strings.Contains(desc(cur), "Lesson complete") {
		t.Errorf("last step: %q", desc(cur))
	}
	if f := cur.embeds()[0]["footer"].(map[string]any)["text"]; f != "Your progress: 5 of 5 steps, 1 mistake." {
		t.Errorf("footer %q", f)
	}
	list := srv.do(t, learnCommand(""))
	for _, want := range []string{"✅ **Nim and XOR** (5 steps): done, 1 mistake", "○ **Misère Nim** (4 steps): not started"} {
		if !strings.Contains(desc(list), want) {
			t.Errorf("/learn: %q\nwant %q", desc(list), want)
		}
	}
	// A contest lesson's step carries the picture of its position.
	ada := srv.do(t, learnCommand("adapwns"))
	if _, ok := ada.Files["adapwns.png"]; !ok {
		t.Errorf("the ADAPWNS lesson has no picture: files %v", len(ada.Files))
	}
}
