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
func (r *Router) attachPicture(data *discordgo.InteractionResponseData, e *discordgo.MessageEmbed, pos solver.Position, annotate bool) {
	var buf bytes.Buffer
	if err := render.PNG(&buf, pos, render.Options{Annotate: annotate}); err != nil {
		r.log.Error("drawing a position", "game", pos.Game().Name(), "err", err)
		return
	}
	name := pos.Game().Name() + ".png"
	// The transports list it as a new attachment; an update that carries
	// it replaces the message's old picture.
	data.Files = append(data.Files, &discordgo.File{Name: name, ContentType: "image/png", Reader: &buf})
	e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
}
