package commands

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// topCommand is a command that is not a game: /judge and /help.
type topCommand struct {
	name, description string
	// private replies are ephemeral.
	private bool
	options func() []*discordgo.ApplicationCommandOption
	run     func(r *Router, ctx context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error)
}

// topCommands are the commands besides the games', by name. They are
// filled in by init, since /help lists them all.
var topCommands map[string]topCommand

// topOrder is the order the commands are registered and listed in.
var topOrder []string

func init() {
	topCommands = map[string]topCommand{}
	for _, tc := range []topCommand{
		{name: "judge", description: "Run the original problem's judge on an input file you upload", private: true,
			options: judgeOptions, run: (*Router).judge},
		{name: "help", description: "The games, their commands and an example of each", private: true, run: (*Router).help},
	} {
		topCommands[tc.name] = tc
		topOrder = append(topOrder, tc.name)
	}
}

// topDefinitions returns the application commands of topCommands.
func topDefinitions() []*discordgo.ApplicationCommand {
	var cmds []*discordgo.ApplicationCommand
	for _, name := range topOrder {
		tc := topCommands[name]
		cmd := &discordgo.ApplicationCommand{
			Name:        tc.name,
			Description: tc.description,
			Type:        discordgo.ChatApplicationCommand,
		}
		if tc.options != nil {
			cmd.Options = tc.options()
		}
		installEverywhere(cmd)
		cmds = append(cmds, cmd)
	}
	return cmds
}

// topOptions returns the options of a top-level command by name.
func topOptions(i *discordgo.Interaction) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range i.ApplicationCommandData().Options {
		opts[o.Name] = o
	}
	return opts
}
