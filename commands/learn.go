package commands

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/tutor"
)

// A lesson's controls: "learn:s:TOPIC:STEP" shows a step, "learn:a:TOPIC:
// STEP:CHOICE" answers its exercise, "learn:l" lists the lessons. They
// carry nothing secret: every answer is judged again by search.
const learnPrefix = "learn"

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

// learnClick answers a lesson's button.
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
	var ls tutor.LessonStep
	switch {
	case fields[1] == "s" && len(fields) == 4:
		ls, err = r.t.Lesson(ctx, userID(i), t, step)
	case fields[1] == "a" && len(fields) == 5:
		choice, cerr := strconv.Atoi(fields[4])
		if cerr != nil {
			return nil, errStale
		}
		ls, err = r.t.AnswerLesson(ctx, userID(i), t, step, choice)
	default:
		return nil, errStale
	}
	if err != nil {
		return nil, err
	}
	return updateMessage(r.lessonStep(ls)), nil
}

// lessonStep draws a step of a lesson: the idea, the position with its
// picture, and the exercise's buttons; after an answer, the verdict with
// its reason and the buttons to go on (or the exercise again, when
// wrong), and whether the progress was stored, or why not.
func (r *Router) lessonStep(ls tutor.LessonStep) *discordgo.InteractionResponseData {
	t, k, b, v := ls.Topic, ls.K, ls.Board, ls.Verdict
	s := t.Steps[k]
	var desc strings.Builder
	fmt.Fprintf(&desc, "%s\n\nPosition: `%s`, %s to move.", s.Idea, b.Text(), b.Name(0))
	if h := b.Heaps(); h != "" {
		fmt.Fprintf(&desc, "\n```\n%s```", h)
	}
	fmt.Fprintf(&desc, "\n**Exercise:** %s", s.Question(b))
	e := &discordgo.MessageEmbed{
		Title:  clipText(fmt.Sprintf("%s · step %d of %d", t.Title, k+1, len(t.Steps)), maxTitleLen),
		Color:  colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: cmp.Or(ls.Saved, "Answers are checked by exhaustive search on the position.")},
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}
	var buttons []discordgo.MessageComponent
	switch {
	case v == nil || !v.Right:
		if v != nil {
			fmt.Fprintf(&desc, "\n\n❌ **Not quite.** %s Try again.", explain.Capitalise(v.Why))
			e.Color = colourLoss
		}
		for c, label := range s.Options(b) {
			buttons = append(buttons, discordgo.Button{Label: clipText(label, maxButtonLabelLen), Style: discordgo.PrimaryButton,
				CustomID: fmt.Sprintf("%s:a:%s:%d:%d", learnPrefix, t.ID, k, c)})
		}
	default:
		fmt.Fprintf(&desc, "\n\n✅ **Right.** %s", explain.Capitalise(v.Why))
		e.Color = colourWin
		if k+1 < len(t.Steps) {
			buttons = append(buttons, discordgo.Button{Label: "Next step", Style: discordgo.SuccessButton, CustomID: fmt.Sprintf("%s:s:%s:%d", learnPrefix, t.ID, k+1)})
		} else {
			desc.WriteString("\n\n🎓 **Lesson complete.**")
		}
		buttons = append(buttons, discordgo.Button{Label: "All lessons", Style: discordgo.SecondaryButton, CustomID: learnPrefix + ":l"})
	}
	e.Description = clipText(desc.String(), maxDescLen)
	data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	if pos := b.Position(); pos != nil {
		attachPicture(data, e, pos, ls.Picture)
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
