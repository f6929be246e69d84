package commands

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// Embed colours by outcome, for the player to move.
const (
	colourWin  = 0x2e9e5b
	colourLoss = 0xc0392b
	colourTie  = 0x7f8c8d
	colourHint = 0x3b82f6
)

// solve answers /GAME solve with a public card: the verdict as title and
// the short reply as fields (why, finding the move, the move, a line of
// play, the rule here); the card's buttons open the full reasoning and
// the rule's "Why?".
func (r *Router) solve(q *request) (*discordgo.InteractionResponse, error) {
	c := r.t.Solve(q.ctx, q.pos, true)
	r.keepLong(q.ctx, userID(q.i), q.pos)
	return newMessage(r.cardMessage(c, userID(q.i), q.boolean(optSpoiler)), true), nil
}

// cardMessage renders a solve card made for author.
func (r *Router) cardMessage(c tutor.Card, author string, spoiler bool) *discordgo.InteractionResponseData {
	pos, res := c.Result.Position, c.Result
	e := stepsEmbed(pos, verdictTitle(res), r.linkLessons(pos.Game().Name(), c.Short))
	e.Color = outcomeColour(res.Outcome)
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}
	attachPicture(data, e, pos, c.Picture)
	r.finishCard(res, data, e, author, spoiler)
	return data
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
	c := r.t.Solve(q.ctx, q.pos, false)
	return stepsMessage(q.pos, "Full reasoning: "+verdictTitle(c.Result), c.Full), nil
}

// cardWhy shows the general rule behind a card's verdict, privately.
func (r *Router) cardWhy(q *request) (*discordgo.InteractionResponse, error) {
	return stepsMessage(q.pos, "Why the rule works", r.t.Rule(q.ctx, q.pos)), nil
}
