package commands

import (
	"context"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// hintPrefix starts the custom_id of a "Next hint" button:
// "hint:GAME:LEVEL:state", LEVEL being the level the click shows.
const hintPrefix = "hint"

// errHintExpired answers a click on a hint whose position left the cache.
var errHintExpired = solver.Errorf(solver.EExpired, "hint", "this hint's position is no longer stored; run the hint command again")

// hint answers /GAME hint with level 1, privately.
func (r *Router) hint(q *request) (*discordgo.InteractionResponse, error) {
	pos, err := q.position()
	if err != nil {
		return nil, err
	}
	data := r.hintLevel(q.ctx, pos, 1)
	data.Flags = discordgo.MessageFlagsEphemeral
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}, nil
}

// nextHint answers a "Next hint" click by updating the same message.
func (r *Router) nextHint(ctx context.Context, i *discordgo.Interaction, _ []string) (*discordgo.InteractionResponse, error) {
	click, _ := i.Data.(discordgo.MessageComponentInteractionData)
	head, st, err := r.openCustomID(click.CustomID, errHintExpired)
	if err != nil {
		return nil, err
	}
	if len(head) != 3 {
		return nil, errBadState
	}
	g, err := solver.Lookup(head[1])
	if err != nil {
		return nil, errBadState
	}
	level, err := strconv.Atoi(head[2])
	if err != nil || level < 1 {
		return nil, errBadState
	}
	pos, err := st.position(g)
	if err != nil {
		return nil, err
	}
	data := r.hintLevel(ctx, pos, level)
	data.Flags = discordgo.MessageFlagsEphemeral
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}, nil
}

// hintLevel builds the message for one level of the ladder, with a button
// to the next level unless it is the last.
func (r *Router) hintLevel(ctx context.Context, pos solver.Position, level int) *discordgo.InteractionResponseData {
	l := r.lessonFor(ctx, pos, nil)
	hints := l.Hints
	level = min(level, len(hints))
	h := hints[level-1]
	body := h.Body
	if level == len(hints) && l.Distance != "" {
		body += "\n" + l.Distance
	}
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Hint %d of %d: %s", level, len(hints), h.Title),
		Description: positionLine(pos) + "\n\n" + body,
		Color:       colourHint,
		Footer:      &discordgo.MessageEmbedFooter{Text: "Only you can see this hint."},
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}
	r.attachPicture(ctx, data, e, pos, level == len(hints))
	if level < len(hints) {
		label := "Next hint"
		if level+1 == len(hints) {
			label = "Show the answer"
		}
		id := r.customID(fmt.Sprintf("%s:%s:%d", hintPrefix, pos.Game().Name(), level+1), stateOf(pos))
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: id},
		}}}
	}
	return data
}
