package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// ErrNoAppID is returned by Register without an application id.
var ErrNoAppID = errors.New("bot: no application id")

// Register replaces the application's slash commands with cmds in one bulk
// overwrite: in the guild guildID when it is not empty (visible at once,
// good for development), globally otherwise (may take up to an hour to
// appear). Commands missing from cmds are deleted. It returns the commands
// as Discord stored them, with the ids that command mentions need.
func Register(ctx context.Context, s *discordgo.Session, appID, guildID string, cmds []*discordgo.ApplicationCommand) ([]*discordgo.ApplicationCommand, error) {
	if appID == "" {
		return nil, ErrNoAppID
	}
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{} // "[]", not "null": delete all
	}
	scope := "global"
	if guildID != "" {
		scope = "guild " + guildID
	}
	got, err := s.ApplicationCommandBulkOverwrite(appID, guildID, cmds, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("registering %d commands (%s): %w", len(cmds), scope, err)
	}
	return got, nil
}
