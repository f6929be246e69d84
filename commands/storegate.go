package commands

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Answers that read or write the practice store wait on the database,
// not on the cores, so they take no slot of the Work gate: while the
// database is stalled each of them waits out its deadline, and in the
// gate they would hold every slot and make the answers that need no
// database (solve, hint, moves, why, verify) wait behind them.

// storeCommands are the top-level commands whose answers use the store.
var storeCommands = map[string]bool{
	"practice": true, "progress": true, "history": true, "forget": true, "export": true,
	"daily": true, "leaderboard": true, "learn": true, "session": true, "duel": true,
}

// storeControls are the custom_id prefixes of controls whose answers use
// the store.
var storeControls = map[string]bool{
	pracPrefix: true, learnPrefix: true, forgetPrefix: true, recPrefix: true, playPrefix: true, sessPrefix: true, duelPrefix: true,
}

// usesStore reports whether answering i reads or writes the practice
// store: the commands above, /GAME play (which stores the game), and
// clicks on their controls.
func usesStore(i *discordgo.Interaction) bool {
	var id string
	switch data := i.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		if storeCommands[data.Name] {
			return true
		}
		return len(data.Options) == 1 && data.Options[0] != nil && data.Options[0].Name == "play"
	case discordgo.MessageComponentInteractionData:
		id = data.CustomID
	case discordgo.ModalSubmitInteractionData:
		id = data.CustomID
	}
	prefix, _, _ := strings.Cut(id, ":")
	return storeControls[prefix]
}
