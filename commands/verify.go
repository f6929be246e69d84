package commands

import (
	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// VerifyBudget bounds /GAME verify: the states one search may enter.
const VerifyBudget = tutor.VerifyBudget

// verify answers /GAME verify: exhaustive search of this one position,
// compared with the formula. Positions within the search's reach are
// searched in the search gate, so at most a few searches run at once and
// the rest wait or are told to come back; the others are answered at once.
func (r *Router) verify(q *request) (*discordgo.InteractionResponse, error) {
	rep, err := r.t.Verify(q.ctx, q.pos)
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
	return err == nil && r.t.InReach(pos)
}
