package commands

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/learn"
)

// judgeButton judges by search the answer a lesson's answer button
// ("learn:a:TOPIC:STEP:SEED:STREAK:CHOICE") gives, on the position its
// seed makes, and returns that position.
func judgeButton(tb testing.TB, id string) (right bool, position string) {
	tb.Helper()
	f := lessonFields(id)
	if len(f) != 7 || f[1] != "a" {
		tb.Fatalf("%q is not an answer button", id)
	}
	topic, err := learn.Lookup(f[2])
	if err != nil {
		tb.Fatal(err)
	}
	k, _ := strconv.Atoi(f[3])
	seed, _ := strconv.ParseUint(f[4], 36, 64)
	choice, _ := strconv.Atoi(f[6])
	s := topic.Steps[k]
	e, err := s.Exercise(context.Background(), seed)
	if err != nil {
		tb.Fatal(err)
	}
	reply, err := e.Choice(s, choice)
	if err != nil {
		tb.Fatal(err)
	}
	v, err := e.Judge(context.Background(), s, reply)
	if err != nil {
		tb.Fatal(err)
	}
	return v.Right, e.Board.Text()
}

// lessonFields splits a lesson control's signed custom_id into its
// fields, without the signature.
func lessonFields(id string) []string {
	data, _, _ := strings.Cut(id, "~")
	return strings.Split(data, ":")
}

// answerButtons splits a lesson reply's answer buttons into right and
// wrong ones, judged by search, and returns the position they are on and
// the "Type an answer" button's custom_id.
func answerButtons(tb testing.TB, resp *discordgo.InteractionResponse) (right, wrong []string, position, typeID string) {
	tb.Helper()
	buttons, _ := allControls(tb, resp)
	for _, b := range buttons {
		switch {
		case strings.HasPrefix(b.CustomID, "learn:a:"):
			ok, pos := judgeButton(tb, b.CustomID)
			position = pos
			if ok {
				right = append(right, b.CustomID)
			} else {
				wrong = append(wrong, b.CustomID)
			}
		case strings.HasPrefix(b.CustomID, "learn:t:"):
			typeID = b.CustomID
		}
	}
	return right, wrong, position, typeID
}

// submitLesson is the lesson's "Type an answer" form sent back.
func submitLesson(user, customID, text string) *discordgo.Interaction {
	return &discordgo.Interaction{
		ID: "3", Type: discordgo.InteractionModalSubmit, Token: "t",
		Member: &discordgo.Member{User: &discordgo.User{ID: user}},
		Data: discordgo.ModalSubmitInteractionData{CustomID: customID, Components: []discordgo.MessageComponent{
			&discordx.Label{Label: "A verdict", Component: &discordgo.TextInput{CustomID: learnInputID, Value: text}},
		}},
	}
}

// TestLessonRepliesFit shows every step of every lesson on a router
// without a store and answers it: each reply fits Discord's limits; a
// wrong answer gives the reason on the position answered and another
// exercise on a new position; a right one asks for one more on a new
// position, and a second right one in a row passes the step; a move
// question offers four moves (or every move, when fewer); the progress
// note says it is not stored.
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
			name := fmt.Sprintf("%s step %d", topic.ID, k+1)
			show := r.Handle(ctx, click(student, fmt.Sprintf("learn:s:%s:%d", topic.ID, k), nil))
			checkLimits(t, show)
			right, wrong, pos, typeID := answerButtons(t, show)
			if len(right) == 0 || len(wrong) == 0 || typeID == "" {
				t.Fatalf("%s: %d right, %d wrong buttons, type %q", name, len(right), len(wrong), typeID)
			}
			b, err := learn.NewBoard(s.Game, pos, s.First)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(right) + len(wrong); s.Ask == learn.WhichMove && n < min(4, len(b.Moves())) {
				t.Errorf("%s: %d moves offered of %d", name, n, len(b.Moves()))
			}
			// A wrong answer: the reason on that position, and another.
			got := r.Handle(ctx, click(student, wrong[0], nil))
			checkLimits(t, got)
			d := got.Data.Embeds[0].Description
			if got.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(d, "❌ **Not quite.**") || !strings.Contains(d, "`"+pos+"`") || !strings.Contains(d, "Here is another exercise") {
				t.Errorf("%s, wrong answer on %q: %q", name, pos, d)
			}
			right, _, next, _ := answerButtons(t, got)
			if next == pos || len(right) == 0 {
				t.Errorf("%s: after a wrong answer on %q the exercise is on %q", name, pos, next)
			}
			// Two right answers in a row, on different positions.
			got = r.Handle(ctx, click(student, right[0], nil))
			checkLimits(t, got)
			d = got.Data.Embeds[0].Description
			if !strings.Contains(d, "✅ **Right** (1 of 2 in a row)") || !strings.Contains(d, "One more, on a new position") || strings.Contains(d, "Step passed") {
				t.Errorf("%s, first right answer: %q", name, d)
			}
			right, _, third, _ := answerButtons(t, got)
			if third == next {
				t.Errorf("%s: the second exercise is on %q again", name, next)
			}
			got = r.Handle(ctx, click(student, right[0], nil))
			checkLimits(t, got)
			if d := got.Data.Embeds[0].Description; !strings.Contains(d, "✅ **Right** (2 of 2 in a row)") || !strings.Contains(d, "Step passed") {
				t.Errorf("%s, second right answer: %q", name, d)
			}
			if !strings.Contains(got.Data.Embeds[0].Footer.Text, "no database") {
				t.Errorf("%s: footer %q", name, got.Data.Embeds[0].Footer.Text)
			}
		}
	}
	for _, bad := range []string{"learn:s:chess:0", "learn:s:nim:9", "learn:a:nim:0:7", "learn:a:nim:0:x", "learn:a:nim:0:zz:0:9", "learn:a:nim:0:!:0:0", "learn:t:nim:0:1:5", "learn:z"} {
		got := r.Handle(ctx, click(student, bad, nil))
		if !strings.HasPrefix(got.Data.Content, "⚠️") {
			t.Errorf("%s: %q", bad, got.Data.Content)
		}
	}
}

// TestLessonTypedAnswers types answers into the lesson's form: a verdict
// and a move, right and wrong by search, and one that is neither, which
// gets a message saying what to type.
func TestLessonTypedAnswers(t *testing.T) {
	r, _ := newTestRouter(t)
	ctx := context.Background()
	// Nim step 2 asks who wins on two heaps that lose for the player to
	// move; step 4 asks for a move.
	show := r.Handle(ctx, click(student, "learn:s:nim:1", nil))
	_, _, pos, typeID := answerButtons(t, show)
	form := r.Handle(ctx, click(student, typeID, nil))
	if form.Type != discordgo.InteractionResponseModal || !strings.HasPrefix(form.Data.CustomID, "learn:m:nim:1:") {
		t.Fatalf("the form: %+v", form)
	}
	got := r.Handle(ctx, submitLesson(student, form.Data.CustomID, "lose"))
	if d := got.Data.Embeds[0].Description; !strings.Contains(d, "✅ **Right**") || !strings.Contains(d, "`"+pos+"`") {
		t.Errorf("typed lose on %q: %q", pos, d)
	}
	got = r.Handle(ctx, submitLesson(student, form.Data.CustomID, "win"))
	if d := got.Data.Embeds[0].Description; !strings.Contains(d, "❌ **Not quite.**") {
		t.Errorf("typed win on %q: %q", pos, d)
	}
	got = r.Handle(ctx, submitLesson(student, form.Data.CustomID, "maybe"))
	if !strings.HasPrefix(got.Data.Content, "⚠️") || !strings.Contains(got.Data.Content, "not a verdict") {
		t.Errorf("typed maybe: %q", got.Data.Content)
	}

	show = r.Handle(ctx, click(student, "learn:s:nim:3", nil))
	right, wrong, _, typeID := answerButtons(t, show)
	form = r.Handle(ctx, click(student, typeID, nil))
	for _, c := range []struct {
		id   string
		want string
	}{{right[0], "✅ **Right**"}, {wrong[0], "❌ **Not quite.**"}} {
		f := lessonFields(c.id)
		topic, _ := learn.Lookup("nim")
		seed, _ := strconv.ParseUint(f[4], 36, 64)
		e, _ := topic.Steps[3].Exercise(ctx, seed)
		choice, _ := strconv.Atoi(f[6])
		m := e.Choices[choice]
		got := r.Handle(ctx, submitLesson(student, form.Data.CustomID, fmt.Sprintf("%d %d", m[0], m[1])))
		if d := got.Data.Embeds[0].Description; !strings.Contains(d, c.want) {
			t.Errorf("typed %v: %q, want %q", m, d, c.want)
		}
	}
	got = r.Handle(ctx, submitLesson(student, form.Data.CustomID, "9 9"))
	if !strings.HasPrefix(got.Data.Content, "⚠️") || !strings.Contains(got.Data.Content, "not a legal move") {
		t.Errorf("typed 9 9: %q", got.Data.Content)
	}

	// Grundy step 3 asks for a sum's value: typed as a number.
	show = r.Handle(ctx, click(student, "learn:s:grundy:2", nil))
	right, wrong, pos, typeID = answerButtons(t, show)
	if len(right) != 1 || len(wrong) != 3 {
		t.Fatalf("grundy step 3 on %q: %d right and %d wrong numbers", pos, len(right), len(wrong))
	}
	form = r.Handle(ctx, click(student, typeID, nil))
	f := lessonFields(right[0])
	topic, _ := learn.Lookup("grundy")
	seed, _ := strconv.ParseUint(f[4], 36, 64)
	e, _ := topic.Steps[2].Exercise(ctx, seed)
	choice, _ := strconv.Atoi(f[6])
	value := e.Options(topic.Steps[2])[choice]
	got = r.Handle(ctx, submitLesson(student, form.Data.CustomID, value))
	if d := got.Data.Embeds[0].Description; !strings.Contains(d, "✅ **Right**") || !strings.Contains(d, "it is worth "+value) {
		t.Errorf("typed %s on %q: %q", value, pos, d)
	}
	got = r.Handle(ctx, submitLesson(student, form.Data.CustomID, "x"))
	if !strings.HasPrefix(got.Data.Content, "⚠️") || !strings.Contains(got.Data.Content, "not a grundy value") {
		t.Errorf("typed x: %q", got.Data.Content)
	}
}

// TestLessonIDsSigned checks that an exercise's controls are signed: a
// real one is answered; one with its seed, streak, choice, topic or step
// changed, its signature cut or changed, or signed with another key gets
// the standard refusal and no verdict; and the longest such id, with the
// largest seed, fits Discord's 100 characters.
func TestLessonIDsSigned(t *testing.T) {
	r, _ := newTestRouter(t)
	ctx := context.Background()
	show := r.Handle(ctx, click(student, "learn:s:nim:1", nil))
	right, wrong, _, typeID := answerButtons(t, show)
	if !strings.Contains(right[0], "~") || !strings.Contains(typeID, "~") {
		t.Fatalf("unsigned lesson controls: %q, %q", right[0], typeID)
	}
	f := lessonFields(wrong[0])
	seed, _ := strconv.ParseUint(f[4], 36, 64)
	other := signer{key: []byte("another key")}
	forged := map[string]string{
		"seed changed":       strings.Replace(wrong[0], ":"+f[4]+":", ":"+strconv.FormatUint(seed+1, 36)+":", 1),
		"streak changed":     strings.Replace(wrong[0], ":"+f[5]+":"+f[6]+"~", ":2:"+f[6]+"~", 1),
		"choice changed":     strings.Replace(wrong[0], ":"+f[6]+"~", ":"+lessonFields(right[0])[6]+"~", 1),
		"topic changed":      strings.Replace(wrong[0], ":nim:", ":misere:", 1),
		"step changed":       strings.Replace(wrong[0], ":nim:1:", ":nim:0:", 1),
		"signature cut":      strings.Join(f, ":"),
		"signature changed":  strings.Join(f, ":") + "~AAAAAAAA",
		"another key":        other.sign(strings.Join(f, ":")),
		"form, seed changed": strings.Replace(typeID, ":"+f[4]+":", ":"+strconv.FormatUint(seed+1, 36)+":", 1),
	}
	for name, id := range forged {
		if id == wrong[0] || id == typeID {
			t.Fatalf("%s: the id did not change: %q", name, id)
		}
		got := r.Handle(ctx, click(student, id, nil))
		if !strings.HasPrefix(got.Data.Content, "⚠️") || !strings.Contains(got.Data.Content, "damaged") || len(got.Data.Embeds) > 0 {
			t.Errorf("%s (%q): %q, want the refusal", name, id, got.Data.Content)
		}
	}
	// The form's submission is signed too.
	form := r.Handle(ctx, click(student, typeID, nil))
	mf := lessonFields(form.Data.CustomID)
	if form.Type != discordgo.InteractionResponseModal || !strings.Contains(form.Data.CustomID, "~") {
		t.Fatalf("the form: %+v", form.Data)
	}
	tampered := strings.Replace(form.Data.CustomID, ":"+mf[4]+":", ":"+strconv.FormatUint(seed+1, 36)+":", 1)
	if got := r.Handle(ctx, submitLesson(student, tampered, "lose")); !strings.Contains(got.Data.Content, "damaged") {
		t.Errorf("a tampered form: %q", got.Data.Content)
	}
	if got := r.Handle(ctx, submitLesson(student, form.Data.CustomID, "lose")); len(got.Data.Embeds) == 0 || !strings.Contains(got.Data.Embeds[0].Description, "✅ **Right**") {
		t.Errorf("the real form: %+v", got.Data)
	}
	// The real one is still answered.
	if got := r.Handle(ctx, click(student, right[0], nil)); len(got.Data.Embeds) == 0 || !strings.Contains(got.Data.Embeds[0].Description, "✅ **Right**") {
		t.Errorf("the real button: %+v", got.Data)
	}
	longest := ""
	for _, topic := range learn.Topics() {
		if id := r.lessonID("a", topic.ID, len(topic.Steps)-1, math.MaxUint64, 2, 9); len(id) > len(longest) {
			longest = id
		}
	}
	if len(longest) > maxCustomIDLen || len(longest) > 50 {
		t.Errorf("the longest lesson id %q has %d characters", longest, len(longest))
	}
	t.Logf("longest lesson id: %d characters (%s)", len(longest), longest)
}
