package commands

import (
	"bytes"
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// largePicture is the position length (characters) from which drawing
// counts as heavy work and goes through the picture gate.
const largePicture = 1000

// attachPicture draws pos as a PNG, attaches it to the message and shows
// it as the embed's image. annotate adds the analysis, which names the
// winner, so hints only annotate their last level. A large position is
// drawn in the picture gate; when the gate is full, or the picture cannot
// be drawn (which is logged), it is left out: the text still answers.
//
// Positions longer than a slash command's option (uploaded as files) get
// no picture: drawn within the pixel limit their cells would be specks,
// and drawing them costs hundreds of megabytes.
func (r *Router) attachPicture(ctx context.Context, data *discordgo.InteractionResponseData, e *discordgo.MessageEmbed, pos solver.Position, annotate bool) {
	if len(pos.String()) > solver.MaxPositionLen {
		return
	}
	var buf bytes.Buffer
	draw := func(ctx context.Context) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return r.cfg.Draw(&buf, pos, render.Options{Annotate: annotate, MaxPixels: render.ReplyPixels})
	}
	gate := r.cfg.Pictures
	if len(pos.String()) < largePicture {
		gate = nil
	}
	if err := gate.Do(ctx, draw); err != nil {
		if fault.Code(err) != fault.EBusy && ctx.Err() == nil {
			r.cfg.Log.Error("drawing a position", "game", pos.Game().Name(), "err", err)
		}
		return
	}
	name := pictureName(pos)
	// The transports list it as a new attachment; an update that carries
	// it replaces the message's old picture.
	data.Files = append(data.Files, &discordgo.File{Name: name, ContentType: "image/png", Reader: &buf})
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
