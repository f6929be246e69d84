package main

import (
	"context"
	"io"
	"log/slog"
	"maps"
	"path/filepath"
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
