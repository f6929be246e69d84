package commands

import (
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on a message, in characters.
const (
	maxContentLen     = 2000
	maxTitleLen       = 256
	maxDescLen        = 4096
	maxFields         = 25
	maxFieldNameLen   = 256
	maxFieldValueLen  = 1024
	maxFooterLen      = 2048
	maxEmbedTotal     = 6000
	maxCustomIDLen    = 100
	maxButtonsPerRow  = 5
	maxSelectOptions  = 25
	maxButtonLabelLen = 80
)

// clipText shortens s to at most n characters. It cuts after the last
// whole sentence or line that fits and marks the cut with "…", so text is
// never cut mid-sentence when a sentence boundary exists.
func clipText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	cut := string(runes[:n-1])
	best := -1
	for _, sep := range []string{"\n", ". ", "! ", "? "} {
		if k := strings.LastIndex(cut, sep); k > best {
			best = k + len(sep) - 1 // the separator's last byte
		}
	}
	if best > len(cut)/2 {
		cut = strings.TrimRight(cut[:best+1], " \n")
	}
	return cut + "…"
}

// fitResponse makes a response respect Discord's limits, so that Discord
// never rejects a reply: every text is clipped at a sentence, fields past
// the 25th or past the 6000-character total are dropped with a note.
// Replies are built to fit; this is the last guard.
func fitResponse(resp *discordgo.InteractionResponse) {
	if resp == nil || resp.Data == nil {
		return
	}
	d := resp.Data
	d.Content = clipText(d.Content, maxContentLen)
	budget := maxEmbedTotal
	for _, e := range d.Embeds {
		fitEmbed(e, &budget)
	}
}

// fitEmbed clips one embed; budget is what is left of the 6000 characters
// shared by all embeds of a message.
func fitEmbed(e *discordgo.MessageEmbed, budget *int) {
	use := func(s string, limit int) string {
		s = clipText(s, min(limit, max(*budget, 1)))
		*budget -= utf8.RuneCountInString(s)
		return s
	}
	e.Title = use(e.Title, maxTitleLen)
	if e.Footer != nil {
		e.Footer.Text = use(e.Footer.Text, maxFooterLen)
	}
	e.Description = use(e.Description, maxDescLen)
	const note = "Some steps are left out here; the command line prints them all."
	var kept []*discordgo.MessageEmbedField
	for i, f := range e.Fields {
		need := utf8.RuneCountInString(f.Name) + min(utf8.RuneCountInString(f.Value), 200)
		if i >= maxFields-1 && i < len(e.Fields)-1 || need > *budget-len(note)-10 {
			if *budget > len(note)+10 {
				kept = append(kept, &discordgo.MessageEmbedField{Name: "…", Value: use(note, maxFieldValueLen)})
			}
			break
		}
		f.Name = use(f.Name, maxFieldNameLen)
		f.Value = use(f.Value, min(maxFieldValueLen, *budget-len(note)-10))
		kept = append(kept, f)
	}
	e.Fields = kept
}
