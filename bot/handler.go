package bot

import (
	"context"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
	"github.com/nimtutor/nimtutor/fault"
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

// Pacer is implemented by a Handler that knows which answers are slow.
// Slow reports whether the answer to i is expected to take long (an
// exhaustive search); the transports then defer it after QuickDeferAfter
// instead of waiting the full deferral threshold, so that it does not hold
// the request open. A quick answer (a refusal, a busy notice) still goes
// inline if it comes within QuickDeferAfter.
type Pacer interface {
	Slow(i *discordgo.Interaction) bool
}

// QuickDeferAfter is how long the transports wait for an answer the
// Handler reports as slow before deferring it.
const QuickDeferAfter = 50 * time.Millisecond

// somethingWentWrong is the text users see when a handler panics or returns
// nothing: the one apology, fault.Apology; the details go to the log only.
const somethingWentWrong = fault.Apology

// errorResponse is the answer for an interaction whose handler failed. An
// autocomplete interaction can only be answered with choices, so it gets
// none.
func errorResponse(i *discordgo.Interaction) *discordgo.InteractionResponse {
	return apology(i, somethingWentWrong)
}

// emptyChoices answers an autocomplete interaction with no suggestions.
func emptyChoices() *discordgo.InteractionResponse { return discordx.NoChoices() }

// orDiscard returns log, or a logger that discards when log is nil.
func orDiscard(log *slog.Logger) *slog.Logger {
	if log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return log
}

// userID returns the id of the user who caused i (discordx.UserID).
func userID(i *discordgo.Interaction) string { return discordx.UserID(i) }

// logAttrs returns the fields that identify an interaction in logs. It
// never includes the interaction token or the payload.
func logAttrs(i *discordgo.Interaction) []any {
	attrs := []any{"interaction", i.ID, "type", i.Type.String()}
	if u := userID(i); u != "" {
		attrs = append(attrs, "user", u)
	}
	if i.GuildID != "" {
		attrs = append(attrs, "guild", i.GuildID)
	}
	// Not i.ApplicationCommandData(): it panics on other data.
	switch d := i.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		attrs = append(attrs, "command", d.Name)
	case discordgo.MessageComponentInteractionData:
		attrs = append(attrs, "custom_id", d.CustomID)
	case discordgo.ModalSubmitInteractionData:
		attrs = append(attrs, "custom_id", d.CustomID)
	}
	return attrs
}
