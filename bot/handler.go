package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// Handler answers interactions; commands.Router implements it.
type Handler interface {
	// Handle returns the response to one interaction (a command, a component
	// click or a modal submit). It recovers its own panics and returns an
	// ephemeral "something went wrong" response for them. It may be slow.
	Handle(ctx context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse
	// Private reports whether the reply to i will be ephemeral, so that a
	// deferral can carry the ephemeral flag up front.
	Private(i *discordgo.Interaction) bool
}
