package commands

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// daily answers /daily: today's puzzle of the server, or the learner's
// answer to it and the server's tally once answered.
func (r *Router) daily(q *request) (*discordgo.InteractionResponse, error) {
	user := userID(q.i)
	d, err := r.t.DailyPuzzle(q.ctx, user, q.i.GuildID)
	if err != nil {
		return nil, err
	}
	tally := fmt.Sprintf("Today's puzzle (%s): %s", d.Day, tallyText(q.i.GuildID, d.Tally.Solved, d.Tally.Failed))
	if d.Answer != nil {
		verdict := "❌ you missed it"
		if d.Answer.Correct {
			verdict = "✅ you solved it"
		}
		e := &discordgo.MessageEmbed{
			Title:       fmt.Sprintf("Daily puzzle %s: %s", d.Day, verdict),
			Description: fmt.Sprintf("You answered %s on puzzle %s. %s\nCome back tomorrow for the next one, or keep practising with /practice.", d.Answer.Move, d.PuzzleID, tally),
			Color:       colourHint,
		}
		return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, false), nil
	}
	v := *d.View
	v.Note = tally
	return newMessage(r.puzzleMessage(v, user), false), nil
}
