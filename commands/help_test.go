package commands

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// helpCommand builds /help.
func helpCommand() *discordgo.Interaction {
	return &discordgo.Interaction{
		ID: "6", Type: discordgo.InteractionApplicationCommand, Token: "t",
		User: &discordgo.User{ID: student},
		Data: discordgo.ApplicationCommandInteractionData{Name: "help"},
	}
}

// helpLine matches one example line: a mention, the options, what it does.
var helpLine = regexp.MustCompile("^</([a-z0-9-]+) ([a-z]+):([0-9]+)> `position:([^`]*?)(?: first:(Dee|Dum)| spoiler:true)?(?: move:[0-9]+ [0-9]+)?`$")

func TestHelp(t *testing.T) {
	r, _ := newTestRouter(t)
	if !r.Private(helpCommand()) {
		t.Errorf("Private(/help) = false, want an ephemeral deferral")
	}
	resp := r.Handle(context.Background(), helpCommand())
	checkLimits(t, resp)
	if resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || len(resp.Data.Embeds) != 1 {
		t.Fatalf("flags %v, %d embeds; want one ephemeral embed", resp.Data.Flags, len(resp.Data.Embeds))
	}
	ids := testCommandIDs()
	seen := map[string]bool{}
	for _, f := range resp.Data.Embeds[0].Fields {
		for _, line := range strings.Split(f.Value, "\n") {
			m := helpLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			game, sub, id, position, first := m[1], m[2], m[3], m[4], m[5]
			if id != ids[game] {
				t.Errorf("%q mentions id %s, want %s", line, id, ids[game])
			}
			g, err := solver.Lookup(game)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			if _, err := g.Parse(position, solver.ParseOptions{First: first}); err != nil {
				t.Errorf("the example %q does not parse: %v", line, err)
			}
			seen[game+" "+sub] = true
		}
	}
	for _, g := range solver.Games() {
		for _, sc := range subcommands {
			if !seen[g.Name()+" "+sc.name] {
				t.Errorf("/help has no example of /%s %s", g.Name(), sc.name)
			}
		}
	}
	var more []string // the "More" field, continued over several when long
	for _, f := range resp.Data.Embeds[0].Fields {
		if strings.HasPrefix(f.Name, "More") {
			more = append(more, f.Value)
		}
	}
	all := strings.Join(more, "\n")
	for _, c := range topCommands {
		name := c.name
		if hasSubcommands(c.options) {
			name += " " + c.options[0].Name // mentioned by its first subcommand
		}
		if !strings.Contains(all, "</"+name+":"+ids[c.name]+">") {
			t.Errorf("/help does not mention /%s: %q", c.name, all)
		}
	}
}
