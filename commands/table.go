package commands

import (
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// slashCommand is one row of a command table: a subcommand that every game
// gets, so /adapwns solve and /binim2 solve share one definition, or a
// command that is not a game's (/practice, /progress…).
type slashCommand struct {
	name        string
	description string
	// private replies are ephemeral: only the student who asked sees them.
	private bool
	// options lists the options; for a game's subcommand, those beyond
	// position (and first, for games that need it).
	options []*discordgo.ApplicationCommandOption
	run     func(r *Router, q *request) (*discordgo.InteractionResponse, error)
	// example is the options /help shows for a game's own subcommand
	// (ownSubcommands), which takes no position.
	example string
	// complete answers autocomplete on a game's own subcommand: the
	// choices for its focused option.
	complete func(r *Router, g solver.Game, sub *discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandOptionChoice
}

// subcommands is the games' table. The console, both transports and
// registration all read it through Definitions and Router.
var subcommands = []slashCommand{
	{name: "solve", description: "Who wins, why, step by step, and a winning move", run: (*Router).solve,
		options: []*discordgo.ApplicationCommandOption{{
			Type:        discordgo.ApplicationCommandOptionBoolean,
			Name:        optSpoiler,
			Description: "Hide the verdict and the move behind spoiler marks, for those still thinking",
		}}},
	{name: "hint", description: "A private hint, one level at a time", private: true, run: (*Router).hint},
	{name: "play", description: "Play this position against a bot that never errs", run: (*Router).play,
		options: []*discordgo.ApplicationCommandOption{{
			Type:        discordgo.ApplicationCommandOptionBoolean,
			Name:        optBotFirst,
			Description: "Let the bot make the first move (you play the other side)",
		}}},
	{name: "verify", description: "Prove the answer by exhaustive search of this position", run: (*Router).verify},
	{name: "moves", description: "Every legal move: win, lose or tie, in how many moves, and the recommended one", run: (*Router).moves},
	{name: "why", description: "Why a move is wrong: the position after it, the refutation, the better move", run: (*Router).why,
		options: whyOptions},
}

// topCommands is the table of the commands that are not a game's, in
// the order they are registered and /help lists them. init fills it, as
// /help reads it.
var topCommands []slashCommand

func init() {
	topCommands = []slashCommand{
		{name: "check", description: "Get a test file for a problem, or check your program's output against the truth", private: true,
			options: checkOptions(), run: (*Router).check},
		{name: "daily", description: "Today's puzzle: the same for everyone in this server, answered privately", private: true,
			run: (*Router).daily},
		{name: "help", description: "The games, their commands and an example of each", private: true, run: (*Router).help},
		{name: "judge", description: "Run the original problem's judge on an input file you upload", private: true,
			options: judgeOptions(), run: (*Router).judge},
		{name: "learn", description: "Short lessons on the theory, with exercises checked by the engine", private: true,
			options: []*discordgo.ApplicationCommandOption{topicOption()}, run: (*Router).learnCommand},
		{name: "practice", description: "A rated puzzle at your level: find the winning move", private: true,
			options: []*discordgo.ApplicationCommandOption{gameOption(true), themeOption()}, run: (*Router).practiceCommand},
		{name: "history", description: "Your recent puzzles and games, with reviews and resuming", private: true, run: (*Router).history},
		{name: "forget", description: "Delete everything nimtutor stores about you (asks first)", private: true, run: (*Router).forget},
		{name: "export", description: "Everything nimtutor stores about you, as a JSON file", private: true, run: (*Router).export},
		{name: "progress", description: "Practice ratings, a plot of them over time, streaks and your weakest theme",
			options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: optUser, Description: "Whose progress (you if left out); another member's shows only this server"},
				gameOption(false),
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: optVisible, Description: "Let other members see your progress (True) or hide it (False); remembered"},
			}, run: (*Router).progress},
		{name: "leaderboard", description: "This server's top ten in a game's practice, and your rank",
			options: []*discordgo.ApplicationCommandOption{gameOption(false), kindOption()}, run: (*Router).leaderboard},
		{name: "duel", description: "Challenge a member to a game refereed by the bot, with a review for both afterwards",
			options: duelOptions(), run: (*Router).duel},
		{name: "session", description: "A study session in this channel: puzzles one at a time, a tally after each, a table at the end",
			options: sessionOptions(), run: (*Router).session},
	}
	for k, c := range topCommands {
		if findCommand(topCommands[:k], c.name) != nil {
			panic("commands: /" + c.name + " is in the table twice")
		}
		if _, err := solver.Lookup(c.name); err == nil {
			panic("commands: /" + c.name + " is a game's name")
		}
	}
}

// Option names shared by the table and the handlers.
const (
	optPosition = "position"
	optFirst    = "first"
)

// Discord's limits on application commands.
const (
	maxNameLen        = 32
	maxDescriptionLen = 100
	maxOptions        = 25
)

// Definitions returns the application commands exactly as they are sent
// to Discord: one command per game, each with the subcommands of the
// table and its own (ownSubcommands).
func Definitions() []*discordgo.ApplicationCommand {
	var cmds []*discordgo.ApplicationCommand
	for _, g := range solver.Games() {
		var subs []*discordgo.ApplicationCommandOption
		for _, sc := range subcommands {
			subs = append(subs, &discordgo.ApplicationCommandOption{
				Type:        discordgo.ApplicationCommandOptionSubCommand,
				Name:        sc.name,
				Description: sc.description,
				Options:     optionDefs(g, &sc),
			})
		}
		for _, sc := range ownSubcommands(g) {
			subs = append(subs, &discordgo.ApplicationCommandOption{
				Type:        discordgo.ApplicationCommandOptionSubCommand,
				Name:        sc.name,
				Description: sc.description,
				Options:     sc.options,
			})
		}
		cmds = append(cmds, appCommand(g.Name(), clipText(g.Title(), maxDescriptionLen), subs))
	}
	return append(cmds, topDefinitions()...)
}

// appCommand is a chat command that can be used wherever nimtutor is
// installed: added to a server (integration type 0) or to a user's
// account (1), and in servers, in DMs with the bot and in other DMs and
// group DMs (contexts 0, 1, 2).
func appCommand(name, description string, options []*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{
		Name: name, Description: description, Type: discordgo.ChatApplicationCommand, Options: options,
		IntegrationTypes: &[]discordgo.ApplicationIntegrationType{
			discordgo.ApplicationIntegrationGuildInstall,
			discordgo.ApplicationIntegrationUserInstall,
		},
		Contexts: &[]discordgo.InteractionContextType{
			discordgo.InteractionContextGuild,
			discordgo.InteractionContextBotDM,
			discordgo.InteractionContextPrivateChannel,
		},
	}
}

// positionOptions are the options that describe a position of g.
// position and position_file are both optional: exactly one must be
// given, which the handlers check. Discord lists required options first.
func positionOptions(g solver.Game) []*discordgo.ApplicationCommandOption {
	var opts []*discordgo.ApplicationCommandOption
	if g.NeedsFirst() {
		opts = append(opts, &discordgo.ApplicationCommandOption{
			Type:        discordgo.ApplicationCommandOptionString,
			Name:        optFirst,
			Description: "Who moves first",
			Required:    true,
			Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: g.PlayerName(0), Value: g.PlayerName(0)},
				{Name: g.PlayerName(1), Value: g.PlayerName(1)},
			},
		})
	}
	return append(opts, &discordgo.ApplicationCommandOption{
		Type:        discordgo.ApplicationCommandOptionString,
		Name:        optPosition,
		Description: clipText(g.Format(), maxDescriptionLen),
		MaxLength:   solver.MaxPositionLen,
		// Autocomplete says while typing whether the text parses.
		Autocomplete: true,
	}, &discordgo.ApplicationCommandOption{
		Type:        discordgo.ApplicationCommandOptionAttachment,
		Name:        optPositionFile,
		Description: fmt.Sprintf("Or a text file with the position, up to %d characters (instead of position)", solver.MaxLongPositionLen),
	})
}

// findCommand returns the row of table with the given name, or nil.
func findCommand(table []slashCommand, name string) *slashCommand {
	k := slices.IndexFunc(table, func(c slashCommand) bool { return c.name == name })
	if k < 0 {
		return nil
	}
	return &table[k]
}
