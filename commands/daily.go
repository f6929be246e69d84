package commands

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// daily answers /daily: today's puzzle of the server, or the learner's
// answer to it and the server's tally once answered.
func (r *Router) daily(q *request) (*discordgo.InteractionResponse, error) {
	svc, err := r.practice(q.ctx)
	if err != nil {
		return nil, err
	}
	user := userID(q.i)
	d, err := svc.DailyPuzzle(q.ctx, user, q.i.GuildID)
	if err != nil {
		return nil, practiceError(err)
	}
	tally := fmt.Sprintf("Today's puzzle (%s): %s", d.Day, tallyText(q.i.GuildID, d.Solved, d.Failed))
	if d.Answer != nil {
		verdict := "❌ you missed it"
		if d.Answer.Correct {
			verdict = "✅ you solved it"
		}
		e := &discordgo.MessageEmbed{
			Title:       fmt.Sprintf("Daily puzzle %s: %s", d.Day, verdict),
			Description: fmt.Sprintf("You answered %s on puzzle %s. %s\nCome back tomorrow for the next one, or keep practising with /practice.", d.Answer.Move, d.Puzzle.ID, tally),
			Color:       colourHint,
		}
		return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, false), nil
	}
	pend, err := svc.Store().Pending(q.ctx, user, d.Puzzle.ID)
	if err != nil {
		return nil, err
	}
	data := r.puzzleMessage(q.ctx, svc, d.Puzzle, user, learnerRating(q.ctx, svc, user, d.Puzzle.Game.Name()), pend.Hints, tally)
	return newMessage(data, false), nil
}
