package main

import (
	"context"
	"io"
	"log/slog"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/bot"
)

func TestLoadCommandIDsFromFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.json")
	want := bot.CommandIDs{"adapwns": "1300000000000000004", "help": "1300000000000000006"}
	if err := bot.SaveCommandIDs(path, "1000000000000000001", "", want); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tc := range []struct {
		name string
		env  map[string]string
		want map[string]string
	}{
		{"saved by register", map[string]string{"NIMTUTOR_COMMAND_IDS": path, "DISCORD_APP_ID": "1000000000000000001"}, want},
		{"any application when the id is unset", map[string]string{"NIMTUTOR_COMMAND_IDS": path}, want},
		{"another application's file", map[string]string{"NIMTUTOR_COMMAND_IDS": path, "DISCORD_APP_ID": "2"}, nil},
		{"no file", map[string]string{"NIMTUTOR_COMMAND_IDS": filepath.Join(t.TempDir(), "none.json")}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setEnv(t, tc.env)
			if got := loadCommandIDs(context.Background(), log, ""); !maps.Equal(got, tc.want) {
				t.Errorf("loadCommandIDs = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDiscordConfigAttachmentHosts(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tc := range []struct {
		hosts, err string
	}{
		{"", ""},
		{"cdn.discordapp.com,127.0.0.1:8080", ""},
		{"https://cdn.discordapp.com", "NIMTUTOR_ATTACHMENT_HOSTS: attachment host \"https://cdn.discordapp.com\": give host or host:port"},
	} {
		setEnv(t, map[string]string{"NIMTUTOR_ATTACHMENT_HOSTS": tc.hosts, "NIMTUTOR_COMMAND_IDS": filepath.Join(t.TempDir(), "none.json")})
		cfg, err := discordConfig(context.Background(), log, "")
		switch {
		case tc.err == "" && (err != nil || cfg.Attachments == nil):
			t.Errorf("hosts %q: %v, attachments %v", tc.hosts, err, cfg.Attachments)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("hosts %q: err %v, want %q", tc.hosts, err, tc.err)
		}
	}
}
