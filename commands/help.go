package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// help answers /help, privately: every game with each of its subcommands
// as a clickable mention and one example, then the other commands.
func (r *Router) help(context.Context, *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	e := &discordgo.MessageEmbed{
		Title: "nimtutor: game theory through contest games",
		Description: "Every game is a command with the same subcommands. Give a position as text (`position:`) " +
			"or upload it as a text file (`position_file:`); while you type, the suggestions say whether it parses. " +
			"Click a command to fill it in.",
		Color:  colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: "Only you can see this."},
	}
	for _, g := range solver.Games() {
		ex := examplesOf(g)
		var lines []string
		if len(ex) == 0 {
			ex = []string{"…"}
		}
		for k, sc := range subcommands {
			args := "position:" + ex[k%len(ex)]
			if g.NeedsFirst() {
				args += " first:" + g.PlayerName(solver.Player(k%2))
			}
			lines = append(lines, fmt.Sprintf("%s `%s` %s", r.mention(g.Name(), sc.name), args, lowerFirst(sc.description)))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: g.Title(), Value: strings.Join(lines, "\n")})
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "More", Value: strings.Join([]string{
		r.mention("judge", "") + " `game:abgame file:input.txt` runs the original problem's judge on an input you upload and sends the answers back as a file",
		r.mention("adapwns", "solve") + " `position:..P.P spoiler:true` hides the verdict behind spoiler marks",
		r.mention("help", "") + " this list",
	}, "\n")})
	return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, false), nil
}

// lowerFirst lowercases the first letter of a description used mid-line.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
