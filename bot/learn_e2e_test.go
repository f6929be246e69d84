package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/learn"
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

// lessonAnswers returns the custom_ids of a lesson reply's right and
// wrong answer buttons, judged by exhaustive search on the position the
// button's seed makes ("learn:a:TOPIC:STEP:SEED:STREAK:CHOICE~SIGNATURE").
func lessonAnswers(t *testing.T, r reply) (right, wrong string) {
	t.Helper()
	for _, id := range r.buttons() {
		data, _, _ := strings.Cut(id, "~")
		f := strings.Split(data, ":")
		if len(f) != 7 || f[1] != "a" {
			continue
		}
		topic, err := learn.Lookup(f[2])
		if err != nil {
			t.Fatal(err)
		}
		k, _ := strconv.Atoi(f[3])
		seed, _ := strconv.ParseUint(f[4], 36, 64)
		choice, _ := strconv.Atoi(f[6])
		e, err := topic.Steps[k].Exercise(context.Background(), seed)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := e.Choice(topic.Steps[k], choice)
		v, err := e.Judge(context.Background(), topic.Steps[k], a)
		if err != nil {
			t.Fatal(err)
		}
		if v.Right {
			right = id
		} else {
			wrong = id
		}
	}
	if right == "" || wrong == "" {
		t.Fatalf("no right or no wrong answer in %v", r.buttons())
	}
	return right, wrong
}

// TestE2ELesson takes the Nim lesson from start to finish through the
// signed HTTP transport, with one wrong answer on the way: each step is
// passed by two right answers in a row on fresh positions, and the
// stored progress is read back from /learn.
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
	if !card.ephemeral() || !strings.Contains(desc(card), "Nim and XOR · step 1 of 5") || !strings.Contains(desc(card), "First to move.") {
		t.Fatalf("first step: %q", desc(card))
	}
	// A wrong answer: the reason is the step's own (one heap, which the
	// player to move takes whole), not the XOR taught later, and another
	// exercise follows.
	_, bad := lessonAnswers(t, card)
	wrong := srv.do(t, press(e2eUser, bad))
	if wrong.Type != 7 {
		t.Errorf("an answer should update the card, got type %v", wrong.Type)
	}
	for _, want := range []string{"❌ **Not quite.**", "one heap, which the player to move takes whole, so First, who is to move, wins.", "Here is another exercise"} {
		if !strings.Contains(desc(wrong), want) {
			t.Errorf("wrong answer: %q\nwant %q", desc(wrong), want)
		}
	}
	// Every step: two right answers in a row pass it.
	cur := wrong
	for k := range 5 {
		good, _ := lessonAnswers(t, cur)
		cur = srv.do(t, press(e2eUser, good))
		if !strings.Contains(desc(cur), "✅ **Right** (1 of 2 in a row)") {
			t.Fatalf("step %d, first right answer: %q", k+1, desc(cur))
		}
		good, _ = lessonAnswers(t, cur)
		cur = srv.do(t, press(e2eUser, good))
		if !strings.Contains(desc(cur), "✅ **Right** (2 of 2 in a row)") || !strings.Contains(desc(cur), "Step passed") {
			t.Fatalf("step %d, second right answer: %q", k+1, desc(cur))
		}
		if k+1 < 5 {
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
