package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bwmarrin/discordgo"
)

// CommandIDs maps a command's name to the id Discord gave it when it was
// registered. Command mentions (</adapwns hint:ID>) need the id.
type CommandIDs map[string]string

// IDsOf returns the ids of registered commands, as Register and the API
// return them. Commands without an id are left out.
func IDsOf(cmds []*discordgo.ApplicationCommand) CommandIDs {
	ids := CommandIDs{}
	for _, c := range cmds {
		if c != nil && c.ID != "" && c.Name != "" {
			ids[c.Name] = c.ID
		}
	}
	return ids
}

// commandIDsFile is the file SaveCommandIDs writes.
type commandIDsFile struct {
	AppID    string     `json:"application_id"`
	GuildID  string     `json:"guild_id,omitempty"`
	Commands CommandIDs `json:"commands"`
}

// SaveCommandIDs writes ids to path, with the application and guild they
// belong to, replacing the file atomically.
func SaveCommandIDs(path, appID, guildID string, ids CommandIDs) error {
	b, err := json.MarshalIndent(commandIDsFile{AppID: appID, GuildID: guildID, Commands: ids}, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".nimtutor-commands-*")
	if err == nil {
		defer os.Remove(tmp.Name())
		_, err = tmp.Write(append(b, '\n'))
		if err = errors.Join(err, tmp.Close()); err == nil {
			err = os.Rename(tmp.Name(), path)
		}
	}
	if err != nil {
		return fmt.Errorf("saving command ids: %w", err)
	}
	return nil
}

// LoadCommandIDs reads the ids SaveCommandIDs wrote for appID; with an
// empty appID any application's ids are accepted. A missing file is
// reported with an error that wraps os.ErrNotExist.
func LoadCommandIDs(path, appID string) (CommandIDs, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading command ids: %w", err)
	}
	var f commandIDsFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("reading command ids from %s: %w", path, err)
	}
	if appID != "" && f.AppID != appID {
		return nil, fmt.Errorf("%s holds the command ids of application %s, not %s; run nimtutor register again", path, f.AppID, appID)
	}
	if len(f.Commands) == 0 {
		return nil, errors.New(path + " holds no command ids")
	}
	return f.Commands, nil
}

// FetchCommandIDs asks Discord for the ids of the application's commands:
// those of guild guildID when it is not empty, the global ones otherwise.
func FetchCommandIDs(ctx context.Context, s *discordgo.Session, appID, guildID string) (CommandIDs, error) {
	if appID == "" {
		return nil, ErrNoAppID
	}
	cmds, err := s.ApplicationCommands(appID, guildID, discordgo.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("fetching the command ids: %w", err)
	}
	return IDsOf(cmds), nil
}
