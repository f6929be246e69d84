package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// help answers /help, privately: what each subcommand does, every game
// with each of its subcommands as a clickable mention and one example,
// then the other commands. The subcommands are described once, so that
// the games keep fitting one embed as they grow in number.
func (r *Router) help(*request) (*discordgo.InteractionResponse, error) {
	e := &discordgo.MessageEmbed{
		Title: "nimtutor: game theory through contest games",
		Description: "Every game is a command with the same subcommands (heaps has one more: values, a rule's grundy values). Give a position as text (`position:`) " +
			"or upload it as a text file (`position_file:`); while you type, the suggestions say whether it parses. " +
			"Click a command to fill it in.",
		Color:  colourHint,
		Footer: &discordgo.MessageEmbedFooter{Text: "Only you can see this."},
	}
	var what []string
	for _, sc := range subcommands {
		what = append(what, fmt.Sprintf("**%s**: %s", sc.name, lowerFirst(sc.description)))
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "The subcommands of every game", Value: clipText(strings.Join(what, "\n"), maxFieldValueLen)})
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
			args += exampleMove(g, sc, ex[k%len(ex)], solver.Player(k%2))
			lines = append(lines, fmt.Sprintf("%s `%s`", r.mention(g.Name(), sc.name), args))
		}
		for _, sc := range ownSubcommands(g) {
			lines = append(lines, fmt.Sprintf("%s `%s`: %s", r.mention(g.Name(), sc.name), sc.example, lowerFirst(sc.description)))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: g.Title(), Value: strings.Join(lines, "\n")})
	}
	var more []string
	if games := solver.Games(); len(games) > 0 {
		g := games[len(games)/2]
		args := "position:" + g.Examples()[0]
		if g.NeedsFirst() {
			args += " first:" + g.PlayerName(0)
		}
		more = append(more, r.mention(g.Name(), "solve")+" `"+args+" spoiler:true` hides the verdict behind spoiler marks")
	}
	for _, c := range topCommands {
		if hasSubcommands(c.options) {
			// Discord mentions a command of subcommands by one of them.
			more = append(more, r.mention(c.name, c.options[0].Name)+" "+lowerFirst(c.description))
			continue
		}
		more = append(more, r.mention(c.name, "")+" "+lowerFirst(c.description))
	}
	for k, value := range fieldChunks(more, maxFieldValueLen) {
		name := "More"
		if k > 0 {
			name = "More (continued)"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: value})
	}
	return newMessage(&discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}, false), nil
}

// fieldChunks joins lines with newlines into values of at most max
// characters each, never splitting a line (a longer line is clipped).
func fieldChunks(lines []string, max int) []string {
	var out []string
	cur := ""
	for _, l := range lines {
		l = clipText(l, max)
		if cur != "" && len(cur)+1+len(l) > max {
			out = append(out, cur)
			cur = ""
		}
		if cur != "" {
			cur += "\n"
		}
		cur += l
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// lowerFirst lowercases the first letter of a description used mid-line.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// exampleMove returns " move:A B" with the first legal move of an example
// position for a subcommand that takes a move (why), and "" otherwise.
func exampleMove(g solver.Game, sc slashCommand, example string, first solver.Player) string {
	takesMove := func(o *discordgo.ApplicationCommandOption) bool { return o.Name == optMove }
	if !slices.ContainsFunc(sc.options, takesMove) {
		return ""
	}
	pos, err := g.Parse(example, solver.ParseOptions{First: g.PlayerName(first)})
	if err != nil {
		return ""
	}
	moves := solver.FirstMoves(pos, 1)
	if len(moves) == 0 {
		return ""
	}
	a, b := moves[0].Numbers()
	return fmt.Sprintf(" %s:%d %d", optMove, a, b)
}
