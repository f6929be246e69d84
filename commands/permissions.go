package commands

import (
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// The permissions that govern what an interaction reply may carry.
// Send Messages is not among them: a reply to an interaction is the
// interaction's own message, which Discord delivers whether or not the
// app may post in the channel (in a DM, a group DM or a server without
// the bot, app_permissions never has it). When the user may not post
// there, Discord itself decides how the reply is shown.
const (
	permEmbeds = discordgo.PermissionEmbedLinks
	permFiles  = discordgo.PermissionAttachFiles
	permAdmin  = discordgo.PermissionAdministrator
)

// missingPermissions returns which of Embed Links and Attach Files the
// app lacks where i was sent (a locked channel, or a server whose
// @everyone may not embed or attach). Discord always sends
// app_permissions; a value of 0, which no real channel produces (in a DM
// it is ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE and more), means
// the field was absent and nothing is assumed missing.
func missingPermissions(i *discordgo.Interaction) int64 {
	p := i.AppPermissions
	if p == 0 || p&permAdmin != 0 {
		return 0
	}
	return (permEmbeds | permFiles) &^ p
}

// fitPermissions adapts a message reply to what the app may do where it
// was asked: without Embed Links the embeds become plain text, without
// Attach Files the pictures and files are left out, and one line says
// so. It never changes who sees the reply: a card asked for in public
// stays public.
func fitPermissions(i *discordgo.Interaction, resp *discordgo.InteractionResponse) {
	missing := missingPermissions(i)
	if missing == 0 || resp == nil || resp.Data == nil ||
		(resp.Type != discordgo.InteractionResponseChannelMessageWithSource && resp.Type != discordgo.InteractionResponseUpdateMessage) {
		return
	}
	d := resp.Data
	lostFiles := missing&permFiles != 0 && len(d.Files) > 0
	lostEmbeds := missing&permEmbeds != 0 && len(d.Embeds) > 0
	if !lostFiles && !lostEmbeds {
		return // nothing the reply carries needs what is missing
	}
	note := permissionNote(lostEmbeds, lostFiles)
	if lostFiles {
		d.Files = nil
		d.Attachments = &[]*discordgo.MessageAttachment{}
		for _, e := range d.Embeds {
			if e.Image != nil && strings.HasPrefix(e.Image.URL, "attachment://") {
				e.Image = nil
			}
		}
	}
	body := d.Content
	room := maxContentLen - utf8.RuneCountInString(note) - 2
	if lostEmbeds {
		var parts []string
		if body != "" {
			parts = append(parts, body)
		}
		for _, e := range d.Embeds {
			parts = append(parts, embedText(e, room-utf8.RuneCountInString(strings.Join(parts, "\n\n"))-2))
		}
		body = strings.Join(parts, "\n\n")
		d.Embeds = []*discordgo.MessageEmbed{}
	}
	d.Content = clipText(body, room)
	if d.Content == "" {
		d.Content = note
	} else {
		d.Content += "\n\n" + note
	}
}

// permissionNote is the one line that says what was left out of a reply
// and why: its embeds shown as text (lostEmbeds) and its pictures and
// files dropped (lostFiles).
func permissionNote(lostEmbeds, lostFiles bool) string {
	var lacks, left []string
	if lostEmbeds {
		lacks = append(lacks, "Embed Links")
		left = append(left, "the card is shown as plain text")
	}
	if lostFiles {
		lacks = append(lacks, "Attach Files")
		left = append(left, "the picture is left out")
	}
	return "-# nimtutor lacks " + joinAnd(lacks) + " here, so " + joinAnd(left) + "."
}

// joinAnd joins "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// embedText writes an embed as message text of about room characters:
// the title in bold, the description, fields as a bold name over the
// value, the footer. When the fields do not all fit, the last ones are
// kept (a card ends with its verdict, its move and what to do next) and
// the left-out ones are marked where they were.
func embedText(e *discordgo.MessageEmbed, room int) string {
	var head, foot string
	if e.Title != "" {
		head = "**" + e.Title + "**\n"
	}
	if e.Description != "" {
		head += e.Description + "\n"
	}
	if e.Footer != nil && e.Footer.Text != "" {
		foot = "\n-# " + e.Footer.Text
	}
	const gap = "\n*(some steps are left out here)*\n"
	left := room - utf8.RuneCountInString(head+foot+gap)
	fields := make([]string, len(e.Fields))
	keep := make([]bool, len(e.Fields))
	for k := len(e.Fields) - 1; k >= 0; k-- {
		fields[k] = "\n**" + e.Fields[k].Name + "**\n" + e.Fields[k].Value + "\n"
		if n := utf8.RuneCountInString(fields[k]); n <= left {
			keep[k], left = true, left-n
		} else {
			break
		}
	}
	var b strings.Builder
	b.WriteString(head)
	for k, f := range fields {
		switch {
		case keep[k]:
			b.WriteString(f)
		case k == 0 || keep[k-1]:
			b.WriteString(gap)
		}
	}
	return strings.TrimRight(b.String(), "\n") + foot
}
