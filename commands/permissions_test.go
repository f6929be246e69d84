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
		embeds, files bool
		want          string
	}{
		{true, false, "-# nimtutor lacks Embed Links here, so the card is shown as plain text."},
		{false, true, "-# nimtutor lacks Attach Files here, so the picture is left out."},
		{true, true, "-# nimtutor lacks Embed Links and Attach Files here, so the card is shown as plain text and the picture is left out."},
	} {
		if got := permissionNote(tc.embeds, tc.files); got != tc.want {
			t.Errorf("permissionNote(%v, %v) = %q, want %q", tc.embeds, tc.files, got, tc.want)
		}
	}
}

// TestNoSendMessagesStaysPublic checks what Discord sends in a DM, a
// group DM and a server that has not added the bot: app_permissions
// without Send Messages. An interaction reply does not need it, so the
// card stays public, whole and without a note.
func TestNoSendMessagesStaysPublic(t *testing.T) {
	r, _ := newTestRouter(t)
	for name, perms := range map[string]int64{
		"group DM (ATTACH_FILES|EMBED_LINKS|MENTION_EVERYONE|SEND_POLLS)": 562949953601536,
		"DM with the bot (and USE_EXTERNAL_EMOJIS)":                       562949953601536 | discordgo.PermissionUseExternalEmojis,
		"server: everything but Send Messages":                            discordgo.PermissionAll &^ discordgo.PermissionAdministrator &^ discordgo.PermissionSendMessages,
	} {
		t.Run(name, func(t *testing.T) {
			i := command(student, "adapwns", "solve", optPosition, "..P.P")
			i.AppPermissions = perms
			if r.Private(i) {
				t.Errorf("Private = true, want false: a public card must not be deferred as private")
			}
			resp := r.Handle(context.Background(), i)
			d := resp.Data
			if d.Flags&discordgo.MessageFlagsEphemeral != 0 {
				t.Errorf("flags %v: the card was made private", d.Flags)
			}
			if len(d.Embeds) == 0 || len(d.Files) == 0 {
				t.Errorf("%d embeds, %d files; want the card with its picture", len(d.Embeds), len(d.Files))
			}
			if strings.Contains(d.Content, "lacks") {
				t.Errorf("content %q carries a permission note", d.Content)
			}
		})
	}
}

// TestLockedRepliesFitDiscordLimits sends every subcommand with long
// positions where the app may neither embed nor attach: the replies turn
// into public text and still fit.
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
				resp := r.Handle(context.Background(), i)
				checkLimits(t, resp)
				d := resp.Data
				if r.Private(i) != (d.Flags&discordgo.MessageFlagsEphemeral != 0) {
					t.Errorf("Private = %v but flags %v: the deferral and the reply disagree", r.Private(i), d.Flags)
				}
				if len(d.Embeds) != 0 || len(d.Files) != 0 {
					t.Errorf("%d embeds, %d files; want text only", len(d.Embeds), len(d.Files))
				}
				if strings.Contains(d.Content, "nimtutor lacks") && !strings.HasSuffix(d.Content, "here, so the card is shown as plain text and the picture is left out.") &&
					!strings.HasSuffix(d.Content, "here, so the card is shown as plain text.") {
					t.Errorf("content does not end with the note: …%q", d.Content[max(0, len(d.Content)-120):])
				}
			})
		}
	}
}
