package bot

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestRegister(t *testing.T) {
	cmds := []*discordgo.ApplicationCommand{
		{Name: "solve", Description: "Solve a position", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "binim2", Description: "Binary Nim, misère"},
		}},
		{Name: "games", Description: "List the games"},
	}
	tests := []struct {
		name     string
		guild    string
		cmds     []*discordgo.ApplicationCommand
		wantPath string
		wantN    int
	}{
		{"guild", "1300000000000000001", cmds, "/api/v9/applications/1000000000000000001/guilds/1300000000000000001/commands", 2},
		{"global", "", cmds, "/api/v9/applications/1000000000000000001/commands", 2},
		{"nil table clears", "", nil, "/api/v9/applications/1000000000000000001/commands", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := newFakeDiscord(t)
			s := restSession("Bot test-token", fake.client())
			if err := Register(context.Background(), s, "1000000000000000001", tt.guild, tt.cmds); err != nil {
				t.Fatalf("Register: %v", err)
			}
			got := fake.next(t)
			if got.Method != http.MethodPut || got.Path != tt.wantPath {
				t.Errorf("request = %s %s, want PUT %s", got.Method, got.Path, tt.wantPath)
			}
			if got.Auth != "Bot test-token" {
				t.Errorf("Authorization = %q, want the bot token", got.Auth)
			}
			var sent []map[string]any
			if err := json.Unmarshal(got.Body, &sent); err != nil || sent == nil || len(sent) != tt.wantN {
				t.Errorf("body = %s (%v), want a JSON list of %d commands", got.Body, err, tt.wantN)
			}
			fake.none(t)
		})
	}
}

func TestRegisterErrors(t *testing.T) {
	fake := newFakeDiscord(t)
	s := restSession("Bot test-token", fake.client())
	if err := Register(context.Background(), s, "", "", nil); !errors.Is(err, ErrNoAppID) {
		t.Errorf("without app id = %v, want ErrNoAppID", err)
	}
	fake.status = http.StatusUnauthorized
	err := Register(context.Background(), s, "1000000000000000001", "", nil)
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusUnauthorized {
		t.Errorf("on 401 = %v, want a wrapped *discordgo.RESTError with status 401", err)
	}
}

// restSession returns a discordgo session used only as a REST client.
func restSession(token string, client *http.Client) *discordgo.Session {
	s, _ := discordgo.New(token)
	s.StateEnabled = false
	s.Client = client
	return s
}
