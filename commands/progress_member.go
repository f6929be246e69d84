package commands

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/nimtutor/nimtutor/discordx"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/chart"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/tutor"
)

// optVisible is /progress's option that hides or shows one's progress.
const optVisible = "visible"

// memberProgress answers `/progress user:` for another member, privately:
// in a server, what they practised in that server (never in a direct
// message, never in another server), unless they hide it; in a direct
// message, nothing.
func (r *Router) memberProgress(q *request, user, game string) (*discordgo.InteractionResponse, error) {
	if q.i.GuildID == "" {
		return nil, fault.New(fault.EForbidden, "", "in a direct message /progress shows only your own record; another member's progress can be seen in a server you share, where it covers that server alone")
	}
	p, err := r.t.MemberProgress(q.ctx, user, q.i.GuildID, game)
	if errors.Is(err, tutor.ErrHidden) {
		return nil, fault.New(fault.EForbidden, "", "<@%s> keeps their practice progress private", user)
	}
	if err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{Title: "Practice progress", Color: colourHint}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{},
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	if len(p.Ratings) == 0 {
		e.Description = fmt.Sprintf("<@%s> has not answered a practice puzzle in this server yet.", user)
		return newMessage(data, false), nil
	}
	e.Description = fmt.Sprintf("<@%s>'s practice in this server, per game:", user)
	for _, l := range p.Ratings {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: fmt.Sprintf("%s: %.0f", l.Game, l.Rating.Rating),
			Value: fmt.Sprintf("Solved %d, failed %d · hints used %d", l.Solved, l.Failed, l.Hints)})
	}
	if p.Weakest != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Weakest theme",
			Value: fmt.Sprintf("**%s** in %s: %.0f%% of those puzzles missed.", p.Weakest, p.WeakestGame, 100*p.WeakestRate)})
	}
	var series []chart.Series
	for _, a := range p.Attempts {
		k := -1
		for j := range series {
			if series[j].Name == a.Game {
				k = j
			}
		}
		if k < 0 {
			k, series = len(series), append(series, chart.Series{Name: a.Game})
		}
		series[k].Points = append(series[k].Points, chart.Point{At: a.At, Rating: a.After})
	}
	var buf bytes.Buffer
	switch err := chart.RatingPNG(&buf, "Rating over time in this server", series); {
	case err == nil:
		data.Files = []*discordgo.File{{Name: "progress.png", ContentType: "image/png", Reader: &buf}}
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://progress.png"}
	case !errors.Is(err, chart.ErrEmpty):
		r.log.Error("drawing a progress chart", "err", err)
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Only answers given in this server are shown; each rating is the one after the latest of them. Only you see this."}
	return newMessage(data, false), nil
}

// setProgressVisible answers `/progress visible:`: it records whether
// other members may see the learner's progress.
func (r *Router) setProgressVisible(q *request, visible bool) (*discordgo.InteractionResponse, error) {
	if err := r.t.SetProgressHidden(q.ctx, userID(q.i), !visible); err != nil {
		return nil, err
	}
	msg := "🔒 Your practice progress is now hidden: other members' `/progress user:` shows them nothing, and leaderboards leave you out (you still see yourself). `/progress visible:True` shows it again."
	if visible {
		msg = "👀 Your practice progress is visible again: in a server, `/progress user:` shows the other members your answers in that server (never those in direct messages), and you are on its leaderboards. `/progress visible:False` hides it."
	}
	return discordx.Ephemeral(msg), nil
}
