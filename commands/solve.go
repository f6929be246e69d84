package commands

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// discordDetail caps the lists in replies: the first few stacks, pairs or
// gaps, then "… and N more". The command line shows everything.
var discordDetail = explain.Options{MaxItems: 6}

// Embed colours by outcome, for the player to move.
const (
	colourWin  = 0x2e9e5b
	colourLoss = 0xc0392b
	colourTie  = 0x7f8c8d
	colourHint = 0x3b82f6
)

// lessonFor returns the cached lesson for pos, solving and explaining it
// only on a miss. solved is pos already solved, or nil.
func (r *Router) lessonFor(ctx context.Context, pos solver.Position, solved *solver.Result) explain.Lesson {
	return explain.LessonFor(ctx, r.cfg.Cache, pos, discordDetail, func() solver.Result {
		if solved != nil {
			return *solved
		}
		return explain.Solve(ctx, pos)
	})
}

// solve answers /GAME solve with a public card: the verdict as title and
// the short reply as fields (why, finding the move, the move, a line of
// play, the rule here); the card's buttons open the full reasoning and
// the rule's "Why?".
func (r *Router) solve(q *request) (*discordgo.InteractionResponse, error) {
	pos := q.pos
	res := explain.Solve(q.ctx, pos)
	l := r.lessonFor(q.ctx, pos, &res)
	e := stepsEmbed(pos, verdictTitle(res), r.linkLessons(pos.Game().Name(), explain.Short(l.Summary, explain.MoveStep(q.ctx, res))))
	e.Color = outcomeColour(res.Outcome)
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}
	r.attachPicture(q.ctx, data, e, pos, true)
	r.finishCard(q, res, data, e)
	return newMessage(data, true), nil
}

// verdictTitle names the winner: "Dee wins in 3 moves", "Ada's opponent
// wins", "Tie: nobody wins".
func verdictTitle(res solver.Result) string {
	if res.Outcome == solver.Tie {
		return "Tie" + explain.InMoves(res) + ": nobody wins"
	}
	return res.WinnerName() + " wins" + explain.InMoves(res)
}

func outcomeColour(o solver.Outcome) int {
	switch o {
	case solver.Win:
		return colourWin
	case solver.Loss:
		return colourLoss
	}
	return colourTie
}

// maxShownPosition is how much of a position a reply quotes.
const maxShownPosition = 300

// positionLine quotes the position (shortened if long) and says who moves.
func positionLine(pos solver.Position) string {
	text, more := pos.String(), ""
	if len(text) > maxShownPosition {
		text, more = text[:maxShownPosition]+"…", fmt.Sprintf(" (%d characters in all)", len(text))
	}
	return fmt.Sprintf("**%s**\n`%s`%s\n%s to move.", pos.Game().Title(), text, more, pos.Game().PlayerName(pos.ToMove()))
}

// stepsEmbed shows steps as the fields of one embed, titled, on the
// position.
func stepsEmbed(pos solver.Position, title string, steps []explain.Step) *discordgo.MessageEmbed {
	return &discordgo.MessageEmbed{Title: title, Description: positionLine(pos), Color: colourHint, Fields: stepFields(steps)}
}

// stepFields are steps as embed fields, one a step.
func stepFields(steps []explain.Step) []*discordgo.MessageEmbedField {
	var fields []*discordgo.MessageEmbedField
	for _, s := range steps {
		fields = append(fields, &discordgo.MessageEmbedField{Name: s.Title, Value: s.Body})
	}
	return fields
}

// stepsMessage shows steps privately as one embed: the full reasoning or
// the rule of a card.
func stepsMessage(pos solver.Position, title string, steps []explain.Step) *discordgo.InteractionResponse {
	return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{stepsEmbed(pos, title, steps)}}, false)
}

// cardFull shows the full reasoning of a card's position, privately.
func (r *Router) cardFull(q *request) (*discordgo.InteractionResponse, error) {
	res := explain.Solve(q.ctx, q.pos)
	l := r.lessonFor(q.ctx, q.pos, &res)
	return stepsMessage(q.pos, "Full reasoning: "+verdictTitle(res), append(l.Steps, explain.MoveStep(q.ctx, res))), nil
}

// cardWhy shows the general rule behind a card's verdict, privately.
func (r *Router) cardWhy(q *request) (*discordgo.InteractionResponse, error) {
	l := r.lessonFor(q.ctx, q.pos, nil)
	return stepsMessage(q.pos, "Why the rule works", l.Rule), nil
}
