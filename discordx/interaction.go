package discordx

import "github.com/bwmarrin/discordgo"

// UserID returns the id of the person who sent i: the member's user in a
// server, the user in a direct message, or "" when neither is present.
func UserID(i *discordgo.Interaction) string {
	switch {
	case i.Member != nil && i.Member.User != nil:
		return i.Member.User.ID
	case i.User != nil:
		return i.User.ID
	}
	return ""
}

// NoChoices is an autocomplete answer with no choices: the one answer an
// autocomplete interaction accepts besides choices.
func NoChoices() *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}},
	}
}

// Ephemeral is a new message with text that only the person who asked
// sees. Mentions in it (a game's owner, say) name people without pinging
// them.
func Ephemeral(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:         text,
			Flags:           discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
		},
	}
}
