package commands

import (
	"bytes"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// attachPicture draws pos as a PNG, attaches it to the message and shows
// it as the embed's image. annotate adds the analysis, which names the
// winner, so hints only annotate their last level. A picture that cannot
// be drawn is logged and left out: the text still answers.
//
// Positions longer than a slash command's option (uploaded as files) get
// no picture: drawn within the pixel limit their cells would be specks,
// and drawing them costs hundreds of megabytes.
func (r *Router) attachPicture(data *discordgo.InteractionResponseData, e *discordgo.MessageEmbed, pos solver.Position, annotate bool) {
	if len(pos.String()) > solver.MaxPositionLen {
		return
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, pos, render.Options{Annotate: annotate}); err != nil {
		r.log.Error("drawing a position", "game", pos.Game().Name(), "err", err)
		return
	}
	name := pos.Game().Name() + ".png"
	data.Files = append(data.Files, &discordgo.File{Name: name, ContentType: "image/png", Reader: &buf})
	// An update replaces the message's old attachments with these.
	data.Attachments = &[]*discordgo.MessageAttachment{}
	e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
}
