package commands

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// VerifyBudget bounds /GAME verify: the states one search may enter.
// Every position of the sizes the verify table covers fits, and a search
// that reaches it costs well under a second of one core.
const VerifyBudget = 400_000

// verify answers /GAME verify: exhaustive search of this one position,
// compared with the formula. Positions within the search's reach are
// searched in the search gate, so at most a few searches run at once and
// the rest wait or are told to come back; the others are answered at once.
func (r *Router) verify(q *request) (*discordgo.InteractionResponse, error) {
	gate := r.cfg.Searches
	if !solver.InReach(q.pos, r.cfg.VerifyBudget) {
		gate = nil // answers at once
	}
	var rep solver.VerifyReport
	err := gate.Do(q.ctx, func(ctx context.Context) error {
		var err error
		rep, err = solver.ReportPosition(ctx, q.pos, r.cfg.VerifyBudget)
		return err
	})
	if err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{Title: rep.Title, Description: positionLine(q.pos), Color: colourHint}
	for _, s := range rep.Sections {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: s.Name, Value: clipText(s.Text, maxFieldValueLen)})
	}
	if t := rep.MovesTitle(); t != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: t, Value: rep.MovesText(maxFieldValueLen)})
	}
	return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, true), nil
}

// Slow reports whether the answer to i is expected to take long: a verify
// that will search. The transports then defer it after a short wait
// instead of the usual two seconds, so a quick reply never waits behind
// a search.
func (r *Router) Slow(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || len(data.Options) != 1 || data.Options[0] == nil || data.Options[0].Name != "verify" {
		return false
	}
	text, first, _ := typedPosition(data.Options[0])
	if text == "" || len(text) > solver.MaxVerifyLen {
		return false
	}
	g, err := solver.Lookup(data.Name)
	if err != nil {
		return false
	}
	pos, err := g.Parse(text, solver.ParseOptions{First: first})
	return err == nil && solver.InReach(pos, r.cfg.VerifyBudget)
}
