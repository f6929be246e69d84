package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
)

// defaultCommandIDsPath is where `nimtutor register` saves the ids Discord
// gave the commands, unless NIMTUTOR_COMMAND_IDS names another file.
const defaultCommandIDsPath = "nimtutor-commands.json"

// fetchIDsTimeout bounds asking Discord for the command ids at start-up.
const fetchIDsTimeout = 10 * time.Second

// commandIDsPath returns NIMTUTOR_COMMAND_IDS or the default.
func commandIDsPath() string {
	return cmp.Or(setting("NIMTUTOR_COMMAND_IDS"), defaultCommandIDsPath)
}

// discordConfig is the part of the router's configuration that only a
// Discord transport needs: the command ids for mentions and the
// downloader of attachments, limited to NIMTUTOR_ATTACHMENT_HOSTS
// (Discord's attachment hosts when unset).
func discordConfig(ctx context.Context, log *slog.Logger, token string) (commands.Config, error) {
	hosts, err := bot.ParseAttachmentHosts(setting("NIMTUTOR_ATTACHMENT_HOSTS"))
	if err != nil {
		return commands.Config{}, fmt.Errorf("NIMTUTOR_ATTACHMENT_HOSTS: %w", err)
	}
	return commands.Config{
		CommandIDs:  loadCommandIDs(ctx, log, token),
		Attachments: bot.NewDownloader(hosts, bot.DefaultDownloadTimeout, log),
	}, nil
}

// loadCommandIDs returns the command ids for mentions: asked from Discord
// when the token and DISCORD_APP_ID are set (the guild's commands with
// DISCORD_GUILD_ID, the global ones otherwise), else read from the file
// `nimtutor register` saved. Without either, mentions are plain text.
func loadCommandIDs(ctx context.Context, log *slog.Logger, token string) map[string]string {
	appID := setting("DISCORD_APP_ID")
	guild := setting("DISCORD_GUILD_ID")
	if token != "" && appID != "" {
		ctx, cancel := context.WithTimeout(ctx, fetchIDsTimeout)
		defer cancel()
		s, _ := discordgo.New("Bot " + token) // New never fails.
		s.StateEnabled = false
		ids, err := bot.FetchCommandIDs(ctx, s, appID, guild)
		if err == nil && len(ids) > 0 {
			log.Info("command ids fetched from Discord", "commands", len(ids))
			return ids
		}
		log.Warn("could not fetch the command ids; trying the saved ones", "err", err)
	}
	path := commandIDsPath()
	ids, err := bot.LoadCommandIDs(path, appID)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			log.Info("no command ids (run nimtutor register); command mentions are plain text", "file", path)
		} else {
			log.Warn("command mentions are plain text", "err", err)
		}
		return nil
	}
	log.Info("command ids read", "file", path, "commands", len(ids))
	return ids
}
