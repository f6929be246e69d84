package commands

import (
	"bytes"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/solver"
)

// attachPicture attaches png, pos's picture, to the message and shows it
// as the embed's image; a nil png (left out: too large, or its gate was
// full) attaches nothing, and the text still answers.
func attachPicture(data *discordgo.InteractionResponseData, e *discordgo.MessageEmbed, pos solver.Position, png []byte) {
	if png == nil {
		return
	}
	name := pictureName(pos)
	// The transports list it as a new attachment; an update that carries
	// it replaces the message's old picture.
	data.Files = append(data.Files, &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(png)})
	e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
}

// pictureName is the file name of pos's picture.
func pictureName(pos solver.Position) string { return pos.Game().Name() + ".png" }

// keptPicture returns the picture attached to msg under pos's picture
// name, or nil.
func keptPicture(msg *discordgo.Message, pos solver.Position) *discordgo.MessageAttachment {
	if msg == nil {
		return nil
	}
	for _, a := range msg.Attachments {
		if a != nil && a.ID != "" && a.Filename == pictureName(pos) {
			return a
		}
	}
	return nil
}

// keepPicture makes an update keep the message's picture att and show it
// in e, instead of uploading it again.
func keepPicture(data *discordgo.InteractionResponseData, e *discordgo.MessageEmbed, att *discordgo.MessageAttachment) {
	data.Attachments = &[]*discordgo.MessageAttachment{{ID: att.ID, Filename: att.Filename}}
	e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + att.Filename}
}
