package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestDefinitionsInstallEverywhere(t *testing.T) {
	for _, c := range Definitions() {
		if c.IntegrationTypes == nil || len(*c.IntegrationTypes) != 2 || (*c.IntegrationTypes)[0] != 0 || (*c.IntegrationTypes)[1] != 1 {
			t.Errorf("/%s integration_types = %v, want [0 1] (guild and user install)", c.Name, c.IntegrationTypes)
		}
		if c.Contexts == nil || len(*c.Contexts) != 3 || (*c.Contexts)[0] != 0 || (*c.Contexts)[1] != 1 || (*c.Contexts)[2] != 2 {
			t.Errorf("/%s contexts = %v, want [0 1 2] (servers, bot DMs, other DMs)", c.Name, c.Contexts)
		}
	}
}

func TestPermissionNote(t *testing.T) {
	for _, tc := range []struct {
		missing int64
		want    string
	}{
		{permSend, "-# Only you can see this: nimtutor lacks Send Messages here."},
		{permEmbeds, "-# Only you can see this: nimtutor lacks Embed Links here, so it is shown as plain text."},
		{permFiles, "-# Only you can see this: nimtutor lacks Attach Files here, so it is without pictures or files."},
		{permSend | permEmbeds | permFiles, "-# Only you can see this: nimtutor lacks Send Messages, Embed Links and Attach Files here, so it is shown as plain text, without pictures or files."},
	} {
		if got := permissionNote(tc.missing); got != tc.want {
			t.Errorf("permissionNote(%b) = %q, want %q", tc.missing, got, tc.want)
		}
	}
}

// TestLockedRepliesFitDiscordLimits sends every subcommand with long
// positions where the app may not post, embed or attach: the replies turn
// into ephemeral text and still fit.
func TestLockedRepliesFitDiscordLimits(t *testing.T) {
	r, _ := newTestRouter(t)
	for game, p := range mediumPositions() {
		for _, sub := range []string{"solve", "hint", "play", "verify"} {
			t.Run(game+"/"+sub, func(t *testing.T) {
				opts := []any{optPosition, p[0]}
				if p[1] != "" {
					opts = append(opts, optFirst, p[1])
				}
				i := command(student, game, sub, opts...)
				i.AppPermissions = discordgo.PermissionViewChannel
				if !r.Private(i) {
					t.Errorf("Private = false, want true so a deferral is ephemeral too")
				}
				resp := r.Handle(context.Background(), i)
				checkLimits(t, resp)
				d := resp.Data
				if d.Flags&discordgo.MessageFlagsEphemeral == 0 || len(d.Embeds) != 0 || len(d.Files) != 0 {
					t.Errorf("flags %v, %d embeds, %d files; want ephemeral text only", d.Flags, len(d.Embeds), len(d.Files))
				}
				if !strings.HasSuffix(d.Content, "without pictures or files.") {
					t.Errorf("content does not end with the note: …%q", d.Content[max(0, len(d.Content)-120):])
				}
			})
		}
	}
}
