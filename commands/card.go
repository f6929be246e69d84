package commands

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// A solve card leads on: its buttons work on the card's position, for
// whoever clicks, and never edit the card. Each button's custom_id is
// "card:ACTION:GAME:AUTHOR:state", signed; AUTHOR is the student who
// asked for the card.
const cardPrefix = "card"

// cardButton is one button under a solve card.
type cardButton struct {
	action string // one letter in the custom_id
	label  string
	style  discordgo.ButtonStyle
	// run answers a click as a request on the card's position, as the
	// card's author would get it; anyone else gets it privately.
	run func(r *Router, q *request) (*discordgo.InteractionResponse, error)
}

// cardButtons are the buttons of a solve card, in order. A new one is one
// row here (a "Practice similar" button, once practice exists) and at
// most five fit in the row.
var cardButtons = []cardButton{
	{action: "h", label: "Hint (private)", style: discordgo.PrimaryButton, run: (*Router).hint},
	{action: "p", label: "Play this position", style: discordgo.SuccessButton, run: (*Router).cardPlay},
	{action: "v", label: "Verify", style: discordgo.SecondaryButton, run: (*Router).verify},
	{action: "f", label: "Full reasoning", style: discordgo.SecondaryButton, run: (*Router).cardFull},
	{action: "w", label: "Why?", style: discordgo.SecondaryButton, run: (*Router).cardWhy},
}

// errCardExpired answers a click on a card whose long position has left
// the cache.
var errCardExpired = fault.New(fault.EInvalid, "button", "this card's position has expired; run the solve command again")

// cardRow returns the card's buttons for pos, made by author.
func (r *Router) cardRow(pos solver.Position, author string) []discordgo.MessageComponent {
	var buttons []discordgo.MessageComponent
	for _, b := range cardButtons[:min(len(cardButtons), maxButtonsPerRow)] {
		head := strings.Join([]string{cardPrefix, b.action, pos.Game().Name(), author}, ":")
		buttons = append(buttons, discordgo.Button{Label: b.label, Style: b.style, CustomID: r.customID(head, pos)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// finishCard completes a solve card: the judge's answer as footer, the
// related commands as clickable mentions in a last field (Discord renders
// mentions in field values, not in footers), and the buttons. With
// spoiler:true the verdict and the steps go behind spoiler marks.
func (r *Router) finishCard(res solver.Result, data *discordgo.InteractionResponseData, e *discordgo.MessageEmbed, author string, spoiler bool) {
	g := res.Position.Game().Name()
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Judge answer: " + res.Answer()}
	reserve := 0
	if spoiler {
		hideAnswer(res, data, e)
		reserve = len(e.Fields) * len(spoilerMarks+spoilerMarks)
	}
	next := &discordgo.MessageEmbedField{Name: "Next", Value: strings.Join([]string{
		r.mention(g, "hint") + " a private hint",
		r.mention(g, "play") + " play it against the bot",
		r.mention(g, "verify") + " check it by exhaustive search",
		r.mention("help", "") + " every command",
	}, " · ")}
	appendFields(e, reserve, next)
	if spoiler {
		for _, f := range e.Fields[:len(e.Fields)-1] {
			f.Value = spoilerMarks + clipText(f.Value, maxFieldValueLen-2*len(spoilerMarks)) + spoilerMarks
		}
	}
	data.Components = r.cardRow(res.Position, author)
}

// optSpoiler asks for the answer behind spoiler marks.
const optSpoiler = "spoiler"

// spoilerMarks surround text Discord hides until clicked.
const spoilerMarks = "||"

// hideAnswer takes the verdict out of everything Discord shows at once:
// the title and colour become neutral, the verdict and the judge's answer
// move behind spoiler marks, and the annotated picture, which names the
// winner, becomes a spoiler attachment (blurred until clicked) instead of
// the embed's image. The caller hides the steps, which lead to the move.
func hideAnswer(res solver.Result, data *discordgo.InteractionResponseData, e *discordgo.MessageEmbed) {
	e.Title = "Who wins? The answer is behind the spoilers"
	e.Color = colourHint
	e.Description += "\n\n**Verdict:** " + spoilerMarks + verdictTitle(res) + "; judge answer: " + res.Answer() + spoilerMarks
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Spoilers: click a dark bar to reveal it."}
	if e.Image != nil {
		e.Image = nil
		for _, f := range data.Files {
			f.Name = "SPOILER_" + f.Name
		}
	}
}

// appendFields fits e within Discord's limits with room to spare for
// extra and for reserve more characters, then appends extra, so the final
// fitting never drops them.
func appendFields(e *discordgo.MessageEmbed, reserve int, extra ...*discordgo.MessageEmbedField) {
	// The slack covers fitEmbed's own margin when it checks a field.
	budget := maxEmbedTotal - 100 - reserve
	for _, f := range extra {
		budget -= utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	fitEmbed(e, &budget)
	if keep := maxFields - len(extra); len(e.Fields) > keep {
		e.Fields = e.Fields[:keep]
	}
	e.Fields = append(e.Fields, extra...)
}

// mention names a command as Discord's clickable mention, </name sub:id>,
// when its id is known, and as `/name sub` otherwise.
func (r *Router) mention(name, sub string) string {
	full := strings.TrimSpace(name + " " + sub)
	if id := r.cfg.CommandIDs[name]; id != "" {
		return "</" + full + ":" + id + ">"
	}
	return "`/" + full + "`"
}

// cardClick answers a click on a card's button: privately unless the
// card's author clicked.
func (r *Router) cardClick(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	head, pos, err := r.openPosition(ctx, id, cardID)
	if err != nil {
		return nil, err
	}
	k := slices.IndexFunc(cardButtons, func(b cardButton) bool { return b.action == head[1] })
	if k < 0 {
		return nil, errStale
	}
	resp, err := cardButtons[k].run(r, &request{ctx: ctx, i: i, pos: pos})
	if err == nil && head[3] != userID(i) {
		resp.Data.Flags |= discordgo.MessageFlagsEphemeral
	}
	return resp, err
}

// cardPlay starts a game on the card's position for whoever clicked.
func (r *Router) cardPlay(q *request) (*discordgo.InteractionResponse, error) {
	turn, err := r.t.StartGame(q.ctx, userID(q.i), q.i.GuildID, q.pos, false)
	if err != nil {
		return nil, err
	}
	r.keepLong(q.ctx, turn.Game.Owner, turn.Game.Pos)
	return newMessage(r.gameMessage(turn.Game, turn.Events, turn.Picture), true), nil
}
