package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/store"
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
		return newMessage(r.lessonList(q.ctx, userID(q.i)), false), nil
	}
	t, err := learn.Lookup(id)
	if err != nil {
		return nil, err
	}
	progress, _ := r.lessonProgress(q.ctx, userID(q.i))
	data, err := r.lessonStep(q.ctx, t, nextStep(t, progress), nil, "")
	if err != nil {
		return nil, err
	}
	return newMessage(data, false), nil
}

// learnClick answers a lesson's button.
func (r *Router) learnClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	fields := strings.Split(id, ":")
	if len(fields) == 2 && fields[1] == "l" {
		return updateMessage(r.lessonList(ctx, userID(i))), nil
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
	var v *learn.Verdict
	saved := ""
	switch {
	case fields[1] == "s" && len(fields) == 4:
	case fields[1] == "a" && len(fields) == 5:
		choice, err := strconv.Atoi(fields[4])
		if err != nil {
			return nil, errStale
		}
		verdict, err := t.Steps[step].Answer(ctx, choice)
		if err != nil {
			return nil, err
		}
		v, saved = &verdict, r.saveLesson(ctx, userID(i), t, step, verdict.Right)
	default:
		return nil, errStale
	}
	data, err := r.lessonStep(ctx, t, step, v, saved)
	if err != nil {
		return nil, err
	}
	return updateMessage(data), nil
}

// lessonStep draws step k of t: the idea, the position with its picture,
// and the exercise's buttons; after an answer v, the verdict with its
// reason and the buttons to go on (or the exercise again, when wrong),
// and saved, which says whether the progress was stored, or why not.
func (r *Router) lessonStep(ctx context.Context, t *learn.Topic, k int, v *learn.Verdict, saved string) (*discordgo.InteractionResponseData, error) {
	s := t.Steps[k]
	b, err := s.Board()
	if err != nil {
		return nil, fmt.Errorf("lesson %s step %d: %w", t.ID, k+1, err)
	}
	var desc strings.Builder
	fmt.Fprintf(&desc, "%s\n\nPosition: `%s`, %s to move.", s.Idea, b.Text(), b.Name(0))
	if h := b.Heaps(); h != "" {
		fmt.Fprintf(&desc, "\n```\n%s```", h)
	}
	fmt.Fprintf(&desc, "\n**Exercise:** %s", s.Question(b))
	e := &discordgo.MessageEmbed{
		Title:  clipText(fmt.Sprintf("%s · step %d of %d", t.Title, k+1, len(t.Steps)), maxTitleLen),
		Color:  colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: cmp.Or(saved, "Answers are checked by exhaustive search on the position.")},
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
		r.attachPicture(ctx, data, e, pos, false)
	}
	return data, nil
}

// lessonProgress returns user's progress by lesson, or nil and a note
// when it cannot be read (no database).
func (r *Router) lessonProgress(ctx context.Context, user string) (map[string]store.LessonProgress, string) {
	svc, err := r.practice(ctx)
	if errors.Is(err, errNoStore) {
		return nil, "Progress is not stored: this nimtutor has no database."
	}
	var list []store.LessonProgress
	if err == nil {
		list, err = svc.Store().Lessons(ctx, user)
	}
	if err != nil {
		r.cfg.Log.Error("reading lesson progress", "err", err)
		return nil, "Progress could not be read just now."
	}
	out := make(map[string]store.LessonProgress, len(list))
	for _, p := range list {
		out[p.Lesson] = p
	}
	return out, ""
}

// nextStep is the step of t the learner goes on with: the first one not
// done, or the first step again once the lesson is done.
func nextStep(t *learn.Topic, progress map[string]store.LessonProgress) int {
	if p, ok := progress[t.ID]; ok && !p.Done {
		return min(p.StepsDone, len(t.Steps)-1)
	}
	return 0
}

// saveLesson stores an answer and returns a note for the footer.
func (r *Router) saveLesson(ctx context.Context, user string, t *learn.Topic, step int, right bool) string {
	svc, err := r.practice(ctx)
	if errors.Is(err, errNoStore) {
		return "Progress is not stored: this nimtutor has no database."
	}
	if err == nil {
		var p store.LessonProgress
		if p, err = svc.Store().RecordLesson(ctx, user, t.ID, step, len(t.Steps), right); err == nil {
			return fmt.Sprintf("Your progress: %d of %d steps, %s.", p.StepsDone, len(t.Steps), explain.Plural(p.Mistakes, "mistake", "mistakes"))
		}
	}
	r.cfg.Log.Error("saving lesson progress", "err", err)
	return "Your progress could not be saved just now."
}

// lessonList lists every lesson with the learner's progress, and a
// button for each.
func (r *Router) lessonList(ctx context.Context, user string) *discordgo.InteractionResponseData {
	progress, note := r.lessonProgress(ctx, user)
	var lines []string
	var buttons, rows []discordgo.MessageComponent
	for _, t := range learn.Topics() {
		p, ok := progress[t.ID]
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
			CustomID: fmt.Sprintf("%s:s:%s:%d", learnPrefix, t.ID, nextStep(t, progress))})
	}
	for row := range slices.Chunk(buttons, maxButtonsPerRow) {
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	e := &discordgo.MessageEmbed{
		Title:       "Lessons",
		Description: "Each lesson is a few steps: an idea, a small position, and an exercise the engine checks.\n\n" + strings.Join(lines, "\n"),
		Color:       colourHint,
	}
	if note != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: note}
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
