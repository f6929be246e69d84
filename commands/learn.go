package commands

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/tutor"
)

// A lesson's controls: "learn:s:TOPIC:STEP" shows a step with a fresh
// exercise, "learn:a:TOPIC:STEP:SEED:STREAK:CHOICE" answers the exercise
// made from SEED (base 36) with a button, "learn:t:…:SEED:STREAK" opens the
// form to type an answer and "learn:m:…:SEED:STREAK" is that form's
// submission; "learn:l" lists the lessons. The seed makes the same
// position again, so the answer is judged by search on the position that
// was shown; the streak counts the right answers in a row when no store
// keeps them. The three that carry a seed and a streak are signed, as a
// game's controls are (signer), so neither can be made up: a forged or
// damaged one gets the standard refusal (errBadState).
const learnPrefix = "learn"

// learnInputID is the custom_id of the lesson form's text input.
const learnInputID = "answer"

// optTopic picks a lesson.
const optTopic = "topic"

// topicOption offers every lesson.
func topicOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: optTopic, Description: "The lesson (none: every lesson with your progress)"}
	for _, t := range learn.Topics() {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: t.Title, Value: t.ID})
	}
	return o
}

// learnCommand answers /learn: the list, or the learner's next step of
// the topic (the first step again once the lesson is done).
func (r *Router) learnCommand(q *request) (*discordgo.InteractionResponse, error) {
	id := q.str(optTopic)
	if id == "" {
		return newMessage(r.lessonList(r.t.LessonsOf(q.ctx, userID(q.i))), false), nil
	}
	t, err := learn.Lookup(id)
	if err != nil {
		return nil, err
	}
	ls, err := r.t.Lesson(q.ctx, userID(q.i), t, -1)
	if err != nil {
		return nil, err
	}
	return newMessage(r.lessonStep(ls), false), nil
}

// learnClick answers a lesson's button or form.
func (r *Router) learnClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	fields := strings.Split(id, ":")
	if len(fields) == 2 && fields[1] == "l" {
		return updateMessage(r.lessonList(r.t.LessonsOf(ctx, userID(i)))), nil
	}
	if len(fields) < 4 {
		return nil, errStale
	}
	t, err := learn.Lookup(fields[2])
	if err != nil {
		return nil, errStale
	}
	step, err := strconv.Atoi(fields[3])
	if err != nil || step < 0 || step >= len(t.Steps) {
		return nil, errStale
	}
	if fields[1] == "s" && len(fields) == 4 {
		ls, err := r.t.Lesson(ctx, userID(i), t, step)
		if err != nil {
			return nil, err
		}
		return updateMessage(r.lessonStep(ls)), nil
	}
	// The controls of an exercise are signed: read what the signature
	// covers, and nothing else.
	data, err := r.signer.open(id)
	if err != nil {
		return nil, err
	}
	if fields = strings.Split(data, ":"); len(fields) < 6 || fields[2] != t.ID || fields[3] != strconv.Itoa(step) {
		return nil, errBadState
	}
	seed, err := strconv.ParseUint(fields[4], 36, 64)
	if err != nil {
		return nil, errBadState
	}
	streak, err := strconv.Atoi(fields[5])
	if err != nil || streak < 0 || streak > tutor.LessonNeed {
		return nil, errBadState
	}
	a := tutor.LessonAnswer{Streak: streak}
	switch {
	case fields[1] == "a" && len(fields) == 7:
		if a.Choice, err = strconv.Atoi(fields[6]); err != nil {
			return nil, errBadState
		}
	case fields[1] == "t" && len(fields) == 6:
		return r.lessonForm(ctx, t.Steps[step], seed, r.lessonID("m", t.ID, step, seed, streak))
	case fields[1] == "m" && len(fields) == 6:
		data, _ := i.Data.(discordgo.ModalSubmitInteractionData)
		text, ok := discordx.TextValue(data.Components, learnInputID)
		if !ok {
			return nil, fault.New(fault.EInvalid, "answer", "the form came back without its answer field; click \"Type an answer\" again")
		}
		a.Text, a.Typed = text, true
	default:
		return nil, errBadState
	}
	ls, err := r.t.AnswerLesson(ctx, userID(i), t, step, seed, a)
	if err != nil {
		return nil, err
	}
	return updateMessage(r.lessonStep(ls)), nil
}

// lessonID builds the signed custom_id of an exercise's control:
// "learn:ACTION:TOPIC:STEP:SEED:STREAK", and ":CHOICE" for an answer
// button, the seed in base 36: under 50 characters with every lesson
// and the largest seed, far under Discord's 100 (TestLessonIDsSigned).
func (r *Router) lessonID(action, topic string, step int, seed uint64, streak int, choice ...int) string {
	id := fmt.Sprintf("%s:%s:%s:%d:%s:%d", learnPrefix, action, topic, step, strconv.FormatUint(seed, 36), streak)
	for _, c := range choice {
		id += ":" + strconv.Itoa(c)
	}
	return r.signer.sign(id)
}

// lessonForm is the form to type an answer to the exercise of step s
// made from seed, submitted under customID.
func (r *Router) lessonForm(ctx context.Context, s learn.Step, seed uint64, customID string) (*discordgo.InteractionResponse, error) {
	e, err := s.Exercise(ctx, seed)
	if err != nil {
		return nil, err
	}
	label, help, example := "A verdict", fmt.Sprintf("win or lose, for the player to move, or the winner: %s or %s", e.Board.Name(0), e.Board.Name(1)), "lose"
	if e.Board.CanTie() {
		help = fmt.Sprintf("win, lose or tie, for the player to move, or the winner: %s or %s", e.Board.Name(0), e.Board.Name(1))
	}
	if s.Ask == learn.WhatValue {
		label, help, example = "A number", "The position's grundy value: for a sum, the XOR of its parts' values", "3"
	}
	if s.Ask == learn.WhichMove {
		c := e.Choices[0]
		label, help, example = "A move", "its two numbers, as the buttons' moves are numbered", fmt.Sprintf("%d %d", c[0], c[1])
		if pos := e.Board.Position(); pos != nil {
			help = explain.Capitalise(pos.Game().MoveFormat())
		} else {
			help = "Heap (or step) and how many, e.g. " + example
		}
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID: customID,
			Title:    "Your answer",
			Components: []discordgo.MessageComponent{discordx.Label{
				Label:       label,
				Description: clipText(help, 100),
				Component: discordx.TextInput{
					CustomID:    learnInputID,
					Style:       discordgo.TextInputShort,
					Placeholder: clipText(example, 100),
					Required:    true,
					MaxLength:   40,
				},
			}},
		},
	}, nil
}

// lessonStep draws a step of a lesson: the idea; after an answer, the
// verdict with its reason on the position answered; then, until the step
// is passed, the exercise to answer now (a fresh position after every
// answer) with a button per answer and one to type it; once passed, the
// buttons to go on. The footer says whether the progress was stored.
func (r *Router) lessonStep(ls tutor.LessonStep) *discordgo.InteractionResponseData {
	t, k, e, v := ls.Topic, ls.K, ls.Exercise, ls.Verdict
	s := t.Steps[k]
	b := e.Board
	var desc strings.Builder
	desc.WriteString(s.Idea)
	e2 := &discordgo.MessageEmbed{
		Title:  clipText(fmt.Sprintf("%s · step %d of %d", t.Title, k+1, len(t.Steps)), maxTitleLen),
		Color:  colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: cmp.Or(ls.Saved, fmt.Sprintf("Answers are checked by exhaustive search on the position. %d right in a row, on different positions, pass a step.", tutor.LessonNeed))},
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e2}}
	if v != nil {
		if v.Right {
			fmt.Fprintf(&desc, "\n\n✅ **Right** (%d of %d in a row). %s", ls.Streak, tutor.LessonNeed, explain.Capitalise(v.Why))
			e2.Color = colourWin
		} else {
			fmt.Fprintf(&desc, "\n\n❌ **Not quite.** %s", explain.Capitalise(v.Why))
			e2.Color = colourLoss
		}
	}
	var buttons []discordgo.MessageComponent
	if ls.Passed {
		fmt.Fprintf(&desc, "\n\n🎉 **Step passed:** %d right answers in a row.", tutor.LessonNeed)
		if k+1 < len(t.Steps) {
			buttons = append(buttons, discordgo.Button{Label: "Next step", Style: discordgo.SuccessButton, CustomID: fmt.Sprintf("%s:s:%s:%d", learnPrefix, t.ID, k+1)})
		} else {
			desc.WriteString("\n\n🎓 **Lesson complete.**")
		}
		buttons = append(buttons, discordgo.Button{Label: "All lessons", Style: discordgo.SecondaryButton, CustomID: learnPrefix + ":l"})
	} else {
		switch {
		case v != nil && v.Right:
			desc.WriteString("\n\nOne more, on a new position:")
		case v != nil:
			desc.WriteString("\n\nHere is another exercise:")
		}
		fmt.Fprintf(&desc, "\n\nPosition: `%s`, %s to move.", b.Text(), b.Name(0))
		if h := b.Heaps(); h != "" {
			fmt.Fprintf(&desc, "\n```\n%s```", h)
		}
		fmt.Fprintf(&desc, "\n**Exercise:** %s", e.Question(s))
		for c, label := range e.Options(s) {
			buttons = append(buttons, discordgo.Button{Label: clipText(label, maxButtonLabelLen), Style: discordgo.PrimaryButton,
				CustomID: r.lessonID("a", t.ID, k, e.Seed, ls.Streak, c)})
		}
		buttons = append(buttons, discordgo.Button{Label: "Type an answer", Style: discordgo.SecondaryButton,
			CustomID: r.lessonID("t", t.ID, k, e.Seed, ls.Streak)})
	}
	e2.Description = clipText(desc.String(), maxDescLen)
	for row := range slices.Chunk(buttons, maxButtonsPerRow) {
		data.Components = append(data.Components, discordgo.ActionsRow{Components: row})
	}
	if pos := b.Position(); pos != nil {
		attachPicture(data, e2, pos, ls.Picture)
	}
	return data
}

// lessonList lists every lesson with the learner's progress, and a
// button for each.
func (r *Router) lessonList(ls tutor.Lessons) *discordgo.InteractionResponseData {
	var lines []string
	var buttons, rows []discordgo.MessageComponent
	for _, t := range learn.Topics() {
		p, ok := ls.Progress[t.ID]
		mark, status := "○", "not started"
		switch {
		case ok && p.Done:
			mark, status = "✅", "done"
		case ok:
			mark, status = "▶️", fmt.Sprintf("%d of %d steps", p.StepsDone, len(t.Steps))
		}
		if ok && p.Mistakes > 0 {
			status += ", " + explain.Plural(p.Mistakes, "mistake", "mistakes")
		}
		lines = append(lines, fmt.Sprintf("%s **%s** (%d steps): %s", mark, t.Title, len(t.Steps), status))
		buttons = append(buttons, discordgo.Button{Label: clipText(t.Title, maxButtonLabelLen), Style: discordgo.SecondaryButton,
			CustomID: fmt.Sprintf("%s:s:%s:%d", learnPrefix, t.ID, ls.NextStep(t))})
	}
	for row := range slices.Chunk(buttons, maxButtonsPerRow) {
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	e := &discordgo.MessageEmbed{
		Title:       "Lessons",
		Description: "Each lesson is a few steps: an idea, a small position, and an exercise the engine checks.\n\n" + strings.Join(lines, "\n"),
		Color:       colourHint,
	}
	if ls.Note != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: ls.Note}
	}
	return &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: rows}
}

// linkLessons returns steps with a link to the lesson that teaches each
// step's theorem appended to its body: a clickable /learn mention and
// the topic to pick. Steps that apply no theorem are left as they are.
func (r *Router) linkLessons(game string, steps []explain.Step) []explain.Step {
	out := make([]explain.Step, len(steps))
	for k, s := range steps {
		if t, ok := learn.ForStep(game, s.Title); ok {
			s.Body += "\n📘 Lesson: " + r.mention("learn", "") + " topic **" + t.Title + "**"
		}
		out[k] = s
	}
	return out
}
