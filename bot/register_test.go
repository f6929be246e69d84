package bot

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
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
			got0, err := Register(context.Background(), s, "1000000000000000001", tt.guild, tt.cmds)
			if err != nil {
				t.Fatalf("Register: %v", err)
			}
			if ids := IDsOf(got0); len(ids) != tt.wantN {
				t.Errorf("ids %v, want one for each of the %d commands", ids, tt.wantN)
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
	if _, err := Register(context.Background(), s, "", "", nil); !errors.Is(err, ErrNoAppID) {
		t.Errorf("without app id = %v, want ErrNoAppID", err)
	}
	fake.status = http.StatusUnauthorized
	_, err := Register(context.Background(), s, "1000000000000000001", "", nil)
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusUnauthorized {
		t.Errorf("on 401 = %v, want a wrapped *discordgo.RESTError with status 401", err)
	}
}

func TestCommandIDsRoundTrip(t *testing.T) {
	fake := newFakeDiscord(t)
	s := restSession("Bot test-token", fake.client())
	cmds := []*discordgo.ApplicationCommand{{Name: "adapwns", Description: "d"}, {Name: "help", Description: "h"}}
	got, err := Register(context.Background(), s, "1000000000000000001", "", cmds)
	if err != nil {
		t.Fatal(err)
	}
	fake.next(t)
	ids := IDsOf(got)
	want := CommandIDs{"adapwns": "1900000000000000000", "help": "1900000000000000001"}
	if !maps.Equal(ids, want) {
		t.Fatalf("IDsOf = %v, want %v", ids, want)
	}
	path := filepath.Join(t.TempDir(), "ids.json")
	if err := SaveCommandIDs(path, "1000000000000000001", "", ids); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadCommandIDs(path, "1000000000000000001")
	if err != nil || !maps.Equal(loaded, want) {
		t.Errorf("LoadCommandIDs = %v, %v; want %v", loaded, err, want)
	}
	if _, err := LoadCommandIDs(path, "1000000000000000002"); err == nil || !strings.Contains(err.Error(), "register again") {
		t.Errorf("ids of another application: err = %v, want a hint to register again", err)
	}
	if _, err := LoadCommandIDs(filepath.Join(t.TempDir(), "none.json"), ""); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: err = %v, want os.ErrNotExist", err)
	}
	fetched, err := FetchCommandIDs(context.Background(), s, "1000000000000000001", "")
	if err != nil || !maps.Equal(fetched, want) {
		t.Errorf("FetchCommandIDs = %v, %v; want %v", fetched, err, want)
	}
	if r := fake.next(t); r.Method != http.MethodGet || r.Path != "/api/v9/applications/1000000000000000001/commands" {
		t.Errorf("fetch = %s %s", r.Method, r.Path)
	}
}

// restSession returns a discordgo session used only as a REST client.
func restSession(token string, client *http.Client) *discordgo.Session {
	s, _ := discordgo.New(token)
	s.StateEnabled = false
	s.Client = client
	return s
}
