package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/tutor"
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
	h := r.t.HintLevel(q.ctx, q.pos, 1, true)
	r.keepLong(q.ctx, "", q.pos)
	return newMessage(r.hintMessage(h, nil), false), nil
}

// nextHint answers a "Next hint" click by updating the same message.
func (r *Router) nextHint(ctx context.Context, i *discordgo.Interaction, id string) (*discordgo.InteractionResponse, error) {
	head, pos, err := r.openPosition(ctx, id, hintID)
	if err != nil {
		return nil, err
	}
	level, err := strconv.Atoi(head[2])
	if err != nil || level < 1 {
		return nil, errBadState
	}
	var v *tutor.Verdict
	if len(head) == 4 {
		k, err := strconv.Atoi(strings.TrimPrefix(head[3], "v"))
		if !strings.HasPrefix(head[3], "v") || err != nil {
			return nil, errBadState
		}
		verdict, err := r.t.CheckVerdict(ctx, pos, k)
		if err != nil {
			return nil, err
		}
		v = &verdict
	}
	// The levels before the last show the same bare picture: the clicked
	// message keeps the one it has.
	keep := keptPicture(i.Message, pos)
	h := r.t.HintLevel(ctx, pos, level, keep == nil)
	r.keepLong(ctx, "", pos)
	data := r.hintMessage(h, keep)
	if v != nil {
		mark := "❌ "
		if v.Right {
			mark = "✅ "
		}
		e := data.Embeds[0]
		e.Description = mark + fmt.Sprintf("You said: %s. ", verdictLabel(v.Said)) + v.Reply + "\n\n" + e.Description
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

// hintMessage renders one level of the ladder, with a button to the next
// level unless it is the last. keep, if not nil, is the bare picture the
// message already has: a level before the last keeps it instead of
// showing a new one.
func (r *Router) hintMessage(h tutor.Hint, keep *discordgo.MessageAttachment) *discordgo.InteractionResponseData {
	pos, level := h.Position, h.Level
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Hint %d of %d: %s", level, h.Levels, h.Title),
		Description: positionLine(pos) + "\n\n" + h.Body,
		Color:       colourHint,
		Footer:      &discordgo.MessageEmbedFooter{Text: "Only you can see this hint."},
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}
	if keep != nil && level < h.Levels {
		keepPicture(data, e, keep)
	} else {
		attachPicture(data, e, pos, h.Picture)
	}
	if level < h.Levels {
		label := "Next hint"
		if level+1 == h.Levels {
			label = "Show the answer"
		}
		var buttons []discordgo.MessageComponent
		// At the check level the student submits a verdict; the click
		// checks it.
		for k, choice := range h.Verdicts {
			id := r.customID(fmt.Sprintf("%s:%s:%d:v%d", hintPrefix, pos.Game().Name(), level, k), pos)
			buttons = append(buttons, discordgo.Button{Label: clipText(explain.Capitalise(verdictLabel(choice)), maxButtonLabelLen), Style: discordgo.SecondaryButton, CustomID: id})
		}
		id := r.customID(fmt.Sprintf("%s:%s:%d", hintPrefix, pos.Game().Name(), level+1), pos)
		buttons = append(buttons, discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: id})
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	}
	return data
}
