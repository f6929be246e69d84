package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
)

// hintPrefix starts the custom_id of a "Next hint" button:
// "hint:GAME:LEVEL:state", LEVEL being the level the click shows. A
// verdict button at explain.CheckLevel is "hint:GAME:LEVEL:vK:state", K
// the index of the verdict in explain.VerdictChoices: the click checks it
// and shows the same level again with the answer.
const hintPrefix = "hint"

// errHintExpired answers a click on a hint whose position left the cache.
var errHintExpired = fault.New(fault.EExpired, "hint", "this hint's position is no longer stored; run the hint command again")

// hint answers /GAME hint with level 1, privately.
func (r *Router) hint(q *request) (*discordgo.InteractionResponse, error) {
	return newMessage(r.hintLevel(q.ctx, q.pos, 1, nil), false), nil
}

// nextHint answers a "Next hint" click by updating the same message.
func (r *Router) nextHint(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	head, pos, err := r.openPosition(id, hintID)
	if err != nil {
		return nil, err
	}
	level, err := strconv.Atoi(head[2])
	if err != nil || level < 1 {
		return nil, errBadState
	}
	// The levels before the last show the same bare picture: the clicked
	// message keeps the one it has.
	data := r.hintLevel(ctx, pos, level, keptPicture(i.Message, pos))
	if len(head) == 4 {
		choices := explain.VerdictChoices(pos)
		k, err := strconv.Atoi(strings.TrimPrefix(head[3], "v"))
		if !strings.HasPrefix(head[3], "v") || err != nil || k < 0 || k >= len(choices) {
			return nil, errBadState
		}
		right, reply := explain.CheckVerdict(explain.Solve(ctx, pos), choices[k])
		mark := "❌ "
		if right {
			mark = "✅ "
		}
		e := data.Embeds[0]
		e.Description = mark + fmt.Sprintf("You said: %s. ", verdictLabel(choices[k])) + reply + "\n\n" + e.Description
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	return updateMessage(data), nil
}

// verdictLabel is a verdict as a button says it: "Dee wins", "Tie".
func verdictLabel(choice string) string {
	if choice == "Tie" {
		return "a tie"
	}
	return choice + " wins"
}

// hintLevel builds the message for one level of the ladder, with a button
// to the next level unless it is the last. keep, if not nil, is the bare
// picture the message already has: a level before the last keeps it
// instead of drawing it again.
func (r *Router) hintLevel(ctx context.Context, pos solver.Position, level int, keep *discordgo.MessageAttachment) *discordgo.InteractionResponseData {
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
	if keep != nil && level < len(hints) {
		keepPicture(data, e, keep)
	} else {
		r.attachPicture(ctx, data, e, pos, level == len(hints))
	}
	if level < len(hints) {
		label := "Next hint"
		if level+1 == len(hints) {
			label = "Show the answer"
		}
		var buttons []discordgo.MessageComponent
		if level == explain.CheckLevel {
			// The student submits a verdict; the click checks it.
			for k, choice := range explain.VerdictChoices(pos) {
				id := r.customID(fmt.Sprintf("%s:%s:%d:v%d", hintPrefix, pos.Game().Name(), level, k), pos)
				buttons = append(buttons, discordgo.Button{Label: clipText(explain.Capitalise(verdictLabel(choice)), maxButtonLabelLen), Style: discordgo.SecondaryButton, CustomID: id})
			}
		}
		id := r.customID(fmt.Sprintf("%s:%s:%d", hintPrefix, pos.Game().Name(), level+1), pos)
		buttons = append(buttons, discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: id})
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	}
	return data
}
