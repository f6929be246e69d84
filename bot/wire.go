package bot

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// This file is the one place that turns responses into the JSON Discord
// reads: the body of an HTTP answer, of an interaction callback, of an
// edit of the original response and of a follow-up. discordgo's own
// encoding sends "components": null and "embeds": null, drops an empty
// choices list and cannot list new files as attachments; Discord rejects
// or misreads those, so the transports encode here instead.

// wireMessage is a message as sent in a response, an edit or a
// follow-up. Lists are never null: an edit replaces the whole message,
// so an empty list clears what was there.
type wireMessage struct {
	Content         string                            `json:"content"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	Components      []discordgo.MessageComponent      `json:"components"`
	Attachments     []wireAttachment                  `json:"attachments"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
}

// wireAttachment is a partial attachment: the id is the index of a file
// uploaded with the message (files[n]) or the id of an attachment to keep.
// Both are snowflakes in Discord's schema, so both are strings: "0" for
// files[0].
type wireAttachment struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
}

// wireChoices is the data of an autocomplete result; choices is always
// present, empty when there is nothing to suggest.
type wireChoices struct {
	Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
}

// wireModal is the data of a modal.
type wireModal struct {
	CustomID   string                       `json:"custom_id"`
	Title      string                       `json:"title"`
	Components []discordgo.MessageComponent `json:"components"`
}

// wireDeferral is the data of a "thinking…" deferral: only its flags.
type wireDeferral struct {
	Flags discordgo.MessageFlags `json:"flags,omitempty"`
}

// wireResponse is an interaction response.
type wireResponse struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data any                               `json:"data,omitempty"`
}

// payload is an encoded request body, ready to send (and to send again
// on a retry: file readers are read once, here).
type payload struct {
	contentType string
	body        []byte
	// auth is the Authorization header, for the calls made as the bot
	// user; "" for the interaction endpoints, which need none.
	auth string
}

// messageOf returns the wire form of message data and the files it
// uploads. forEdit drops the ephemeral flag, which an edit cannot change.
func messageOf(d *discordgo.InteractionResponseData, forEdit bool) (wireMessage, []*discordgo.File) {
	d = cmp.Or(d, &discordgo.InteractionResponseData{})
	m := wireMessage{
		Content:         d.Content,
		Embeds:          orEmpty(d.Embeds),
		Components:      orEmpty(d.Components),
		AllowedMentions: d.AllowedMentions,
		Flags:           d.Flags & (discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsSuppressEmbeds),
		Attachments:     []wireAttachment{},
	}
	if forEdit {
		m.Flags &^= discordgo.MessageFlagsEphemeral
	}
	if d.Attachments != nil {
		for _, a := range *d.Attachments {
			if a != nil && a.ID != "" {
				m.Attachments = append(m.Attachments, wireAttachment{ID: a.ID, Filename: a.Filename})
			}
		}
	}
	for k, f := range d.Files {
		m.Attachments = append(m.Attachments, wireAttachment{ID: strconv.Itoa(k), Filename: f.Name})
	}
	return m, d.Files
}

// orEmpty returns s, or an empty list for nil: Discord misreads null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// responseOf returns the wire form of an interaction response and the
// files it uploads.
func responseOf(resp *discordgo.InteractionResponse) (wireResponse, []*discordgo.File) {
	d := cmp.Or(resp.Data, &discordgo.InteractionResponseData{})
	w := wireResponse{Type: resp.Type}
	var files []*discordgo.File
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		w.Data, files = messageOf(d, false)
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		w.Data = wireChoices{Choices: orEmpty(d.Choices)}
	case discordgo.InteractionResponseModal:
		w.Data = wireModal{CustomID: d.CustomID, Title: d.Title, Components: orEmpty(d.Components)}
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if d.Flags != 0 {
			w.Data = wireDeferral{Flags: d.Flags & discordgo.MessageFlagsEphemeral}
		}
	}
	return w, files
}

// encodeResponse encodes an interaction response: JSON, or multipart/
// form-data with a payload_json part and files[n] parts when it uploads
// files.
func encodeResponse(resp *discordgo.InteractionResponse) (payload, error) {
	return encode(responseOf(resp))
}

// encodeMessage encodes message data for an edit or a follow-up.
func encodeMessage(d *discordgo.InteractionResponseData, forEdit bool) (payload, error) {
	return encode(messageOf(d, forEdit))
}

// errEncode marks a response that cannot be encoded: a bug in the
// handler that built it.
var errEncode = errors.New("cannot encode the response")

// encode marshals v, as multipart/form-data when there are files.
func encode(v any, files []*discordgo.File) (payload, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return payload{}, fmt.Errorf("%w: %w", errEncode, err)
	}
	for _, f := range files {
		if f == nil || f.Reader == nil {
			return payload{}, fmt.Errorf("%w: a file has no content", errEncode)
		}
	}
	if len(files) == 0 {
		return payload{contentType: "application/json", body: js}, nil
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	part := func(disposition, contentType string, content io.Reader) error {
		w, err := mw.CreatePart(textproto.MIMEHeader{"Content-Disposition": {disposition}, "Content-Type": {contentType}})
		if err == nil {
			_, err = io.Copy(w, content)
		}
		return err
	}
	err = part(`form-data; name="payload_json"`, "application/json", bytes.NewReader(js))
	for k, f := range files {
		if err == nil {
			err = part(fmt.Sprintf(`form-data; name="files[%d]"; filename="%s"`, k, quoteName(f.Name)), cmp.Or(f.ContentType, "application/octet-stream"), f.Reader)
		}
	}
	if err == nil {
		err = mw.Close()
	}
	if err != nil {
		return payload{}, fmt.Errorf("%w with files: %w", errEncode, err)
	}
	return payload{contentType: mw.FormDataContentType(), body: buf.Bytes()}, nil
}

// quoteName escapes a file name for a Content-Disposition header.
var quoteName = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", "", "\n", "").Replace
