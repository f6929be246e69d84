package commands

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/chart"
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// progress answers /progress [user] [game].
func (r *Router) progress(q *request) (*discordgo.InteractionResponse, error) {
	if o := q.options[optVisible]; o != nil {
		return r.setProgressVisible(q, o.BoolValue())
	}
	user, game := cmp.Or(q.str(optUser), userID(q.i)), q.str(optGame)
	if user != userID(q.i) {
		return r.memberProgress(q, user, game)
	}
	p, err := r.t.Progress(q.ctx, user, game)
	if err != nil {
		return nil, err
	}
	who := "Your"
	if user != userID(q.i) {
		who = fmt.Sprintf("<@%s>'s", user)
	}
	e := &discordgo.MessageEmbed{Title: "Practice progress", Color: colourHint}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{},
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	if len(p.Ratings) == 0 && len(p.Duels) == 0 {
		e.Description = fmt.Sprintf("%s practice record is empty. Start with `/practice game:%s`.", who, firstGame(game))
		return newMessage(data, true), nil
	}
	e.Description = who + " practice, per game:"
	if len(p.Ratings) == 0 {
		e.Description = fmt.Sprintf("%s practice record is empty (start with `/practice game:%s`).", who, firstGame(game))
	}
	for _, l := range p.Ratings {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: fmt.Sprintf("%s: %.0f ± %.0f", l.Game, l.Rating.Rating, l.RD),
			Value: fmt.Sprintf("Solved %d, failed %d · streak %d (best %d) · hints used %d", l.Solved, l.Failed, l.Streak, l.BestStreak, l.Hints)})
	}
	for _, d := range p.Duels {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: fmt.Sprintf("%s duels: %.0f ± %.0f", d.Game, d.Rating.Rating, d.RD),
			Value: fmt.Sprintf("Won %d, lost %d, tied %d (rated apart from practice)", d.Wins, d.Losses, d.Ties)})
	}
	if len(p.Reviews) > 0 {
		var b strings.Builder
		for k, d := range p.Reviews {
			if k == 6 {
				fmt.Fprintf(&b, "… and %d more.", len(p.Reviews)-k)
				break
			}
			fmt.Fprintf(&b, "%s in %s: due %s\n", explain.Capitalise(d.Name()), d.Game, d.In)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Reviews (ideas that come back)", Value: clipText(strings.TrimSpace(b.String()), maxFieldValueLen)})
	}
	if a := p.Advice; a != nil {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Weakest theme",
			Value: fmt.Sprintf("**%s** in %s: %s", a.Theme, a.Game, a.Reason)})
		if g, err := solver.Lookup(a.Game); err == nil && slices.Contains(explain.Themes(g), a.Theme) {
			// A theme asked for brings its review when one is due.
			next := r.ownedID(pracPrefix, pracNext, tutor.ThemeIndex(g, a.Theme), user)
			var row []discordgo.MessageComponent
			switch d := a.Review; {
			case d != nil && d.In == "now":
				row = append(row, discordgo.Button{Label: clipText("Review "+a.Theme+" (due now)", maxButtonLabelLen), Style: discordgo.SuccessButton, CustomID: next})
			default:
				row = append(row, discordgo.Button{Label: clipText("Practise "+a.Theme, maxButtonLabelLen), Style: discordgo.PrimaryButton, CustomID: next})
				if d != nil {
					// Shown, not pressable: when the review comes.
					row = append(row, discordgo.Button{Label: clipText("Review "+a.Theme+": due "+d.In, maxButtonLabelLen), Style: discordgo.SecondaryButton,
						Disabled: true, CustomID: r.ownedID(pracPrefix, pracNext, g.Name(), user)})
				}
			}
			if a.Lesson != "" {
				row = append(row, discordgo.Button{Label: clipText("Lesson: "+a.LessonTitle, maxButtonLabelLen), Style: discordgo.SecondaryButton,
					CustomID: fmt.Sprintf("%s:s:%s:%d", learnPrefix, a.Lesson, 0)})
			}
			data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
		}
	}
	// The plot: one line per game, a point per answer.
	var series []chart.Series
	for _, a := range p.Attempts {
		k := slices.IndexFunc(series, func(s chart.Series) bool { return s.Name == a.Game })
		if k < 0 {
			k, series = len(series), append(series, chart.Series{Name: a.Game})
		}
		series[k].Points = append(series[k].Points, chart.Point{At: a.At, Rating: a.After})
	}
	var buf bytes.Buffer
	switch err := chart.RatingPNG(&buf, "Rating over time", series); {
	case err == nil:
		data.Files = []*discordgo.File{{Name: "progress.png", ContentType: "image/png", Reader: &buf}}
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://progress.png"}
	case !errors.Is(err, chart.ErrEmpty):
		r.log.Error("drawing a progress chart", "err", err)
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Ratings are Glicko-2; ± is the rating deviation, which shrinks as you answer more."}
	return newMessage(data, true), nil
}

// firstGame is game, or the first game when game is "".
func firstGame(game string) string { return cmp.Or(game, solver.Games()[0].Name()) }

// leaderboardSize is how many learners a leaderboard lists.
const leaderboardSize = 10

// leaderboard answers /leaderboard [game]: the server's top ten by
// rating, and the caller's own rank.
func (r *Router) leaderboard(q *request) (*discordgo.InteractionResponse, error) {
	e := &discordgo.MessageEmbed{Color: colourHint}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e},
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	reply := newMessage(data, true)
	game := firstGame(q.str(optGame))
	if _, err := solver.Lookup(game); err != nil {
		return nil, err
	}
	e.Title = "Leaderboard: " + game
	if q.i.GuildID == "" {
		e.Description = "Leaderboards belong to servers, and this is a direct message: there is none here."
		return reply, nil
	}
	if q.str(optKind) == kindDuels {
		return r.duelLeaderboard(q, e, reply, game)
	}
	top, rank, err := r.t.Leaderboard(q.ctx, q.i.GuildID, game, userID(q.i), leaderboardSize)
	if err != nil {
		return nil, err
	}
	if len(top) == 0 {
		e.Description = fmt.Sprintf("Nobody in this server has practised %s yet. Be the first: `/practice game:%s`.", game, game)
		return reply, nil
	}
	var b strings.Builder
	for _, l := range top {
		fmt.Fprintf(&b, "%d. <@%s>: **%.0f** (solved %d of %d)\n", l.Rank, l.User, l.Rating.Rating, l.Solved, l.Solved+l.Failed)
	}
	switch {
	case rank == 0:
		b.WriteString("\nYou are not on this board yet: answer a puzzle here with /practice.")
	case rank > len(top):
		fmt.Fprintf(&b, "\nYour rank: %d.", rank)
	default:
		fmt.Fprintf(&b, "\nYou are number %d.", rank)
	}
	e.Description = b.String()
	return reply, nil
}

// The kinds of /leaderboard.
const (
	optKind    = "kind"
	kindDuels  = "duels"
	kindPuzzle = "puzzles"
)

// kindOption chooses practice puzzles (the default) or duels.
func kindOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: optKind,
		Description: "Practice puzzles (the default) or duels between members",
		Choices:     []*discordgo.ApplicationCommandOptionChoice{{Name: kindPuzzle, Value: kindPuzzle}, {Name: kindDuels, Value: kindDuels}}}
}

// duelLeaderboard answers /leaderboard kind:duels: the server's top ten
// by duel rating in game, and the caller's rank.
func (r *Router) duelLeaderboard(q *request, e *discordgo.MessageEmbed, reply *discordgo.InteractionResponse, game string) (*discordgo.InteractionResponse, error) {
	e.Title = "Duel leaderboard: " + game
	top, rank, err := r.t.DuelLeaderboard(q.ctx, q.i.GuildID, game, userID(q.i), leaderboardSize)
	if err != nil {
		return nil, err
	}
	if len(top) == 0 {
		e.Description = fmt.Sprintf("Nobody in this server has finished a duel of %s yet. Challenge someone: `/duel game:%s`.", game, game)
		return reply, nil
	}
	var b strings.Builder
	for _, d := range top {
		fmt.Fprintf(&b, "%d. <@%s>: **%.0f** (won %d, lost %d, tied %d)\n", d.Rank, d.User, d.Rating.Rating, d.Wins, d.Losses, d.Ties)
	}
	if rank == 0 {
		b.WriteString("\nYou have no duel rating here yet.")
	} else if rank > len(top) {
		fmt.Fprintf(&b, "\nYou are #%d.", rank)
	}
	e.Description = clipText(b.String(), maxDescLen)
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Duel ratings are Glicko-2, apart from practice ratings."}
	return reply, nil
}
