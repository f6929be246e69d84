package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// findNulls returns the JSON paths of every null in v.
func findNulls(v any, path string) []string {
	switch v := v.(type) {
	case nil:
		return []string{path}
	case map[string]any:
		var out []string
		for k, x := range v {
			out = append(out, findNulls(x, path+"."+k)...)
		}
		return out
	case []any:
		var out []string
		for k, x := range v {
			out = append(out, findNulls(x, fmt.Sprintf("%s[%d]", path, k))...)
		}
		return out
	}
	return nil
}

// decodePayload returns the JSON of an encoded payload, the payload_json
// part of a multipart one.
func decodePayload(tb testing.TB, p payload) map[string]any {
	tb.Helper()
	if strings.HasPrefix(p.contentType, "multipart/") {
		js, _, _ := parseMultipart(tb, p.contentType, p.body)
		return js
	}
	return jsonOf(tb, p.body)
}

func TestWireResponses(t *testing.T) {
	picture := func() []*discordgo.File {
		return []*discordgo.File{{Name: "adapwns.png", ContentType: "image/png", Reader: strings.NewReader("\x89PNG")}}
	}
	tests := []struct {
		name string
		resp *discordgo.InteractionResponse
		want string // the JSON, or the payload_json of a multipart body
	}{
		{"message without lists has empty lists, not null",
			&discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "hi"}},
			`{"type":4,"data":{"content":"hi","embeds":[],"components":[],"attachments":[]}}`},
		{"picture listed as an attachment with id and filename",
			&discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{{Title: "Ada wins", Image: &discordgo.MessageEmbedImage{URL: "attachment://adapwns.png"}}}, Files: picture()}},
			`{"type":4,"data":{"content":"","embeds":[{"title":"Ada wins","image":{"url":"attachment://adapwns.png"}}],"components":[],"attachments":[{"id":"0","filename":"adapwns.png"}]}}`},
		{"update keeps an existing attachment and adds the new one",
			&discordgo.InteractionResponse{Type: 7, Data: &discordgo.InteractionResponseData{Attachments: &[]*discordgo.MessageAttachment{{ID: "1500000000000000001", Filename: "old.png", URL: "https://cdn/x"}}, Files: picture()}},
			`{"type":7,"data":{"content":"","embeds":[],"components":[],"attachments":[{"id":"1500000000000000001","filename":"old.png"},{"id":"0","filename":"adapwns.png"}]}}`},
		{"autocomplete with no suggestions has an empty choices list",
			&discordgo.InteractionResponse{Type: 8, Data: &discordgo.InteractionResponseData{}},
			`{"type":8,"data":{"choices":[]}}`},
		{"autocomplete without data has an empty choices list",
			&discordgo.InteractionResponse{Type: 8},
			`{"type":8,"data":{"choices":[]}}`},
		{"autocomplete choices",
			&discordgo.InteractionResponse{Type: 8, Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "..P.P", Value: "..P.P"}}}},
			`{"type":8,"data":{"choices":[{"name":"..P.P","value":"..P.P"}]}}`},
		{"modal with a Label",
			&discordgo.InteractionResponse{Type: 9, Data: &discordgo.InteractionResponseData{CustomID: "play:x", Title: "Your move", Components: []discordgo.MessageComponent{
				discordx.Label{Label: "Two numbers", Component: discordx.TextInput{CustomID: "move", Style: discordgo.TextInputShort, Required: true}},
			}}},
			`{"type":9,"data":{"custom_id":"play:x","title":"Your move","components":[{"type":18,"label":"Two numbers","component":{"type":4,"custom_id":"move","style":1,"required":true}}]}}`},
		{"public deferral has no data", &discordgo.InteractionResponse{Type: 5}, `{"type":5}`},
		{"private deferral carries only the flag",
			&discordgo.InteractionResponse{Type: 5, Data: &discordgo.InteractionResponseData{Content: "ignored", Flags: discordgo.MessageFlagsEphemeral}},
			`{"type":5,"data":{"flags":64}}`},
		{"silent acknowledgement has no data", &discordgo.InteractionResponse{Type: 6, Data: &discordgo.InteractionResponseData{}}, `{"type":6}`},
		{"pong", &discordgo.InteractionResponse{Type: 1}, `{"type":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := encodeResponse(tt.resp)
			if err != nil {
				t.Fatal(err)
			}
			got := decodePayload(t, p)
			var want map[string]any
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			if string(g) != string(w) {
				t.Errorf("got  %s\nwant %s", g, w)
			}
			if nulls := findNulls(got, ""); len(nulls) > 0 {
				t.Errorf("nulls at %v", nulls)
			}
		})
	}
}

func TestWireEditDropsEphemeralFlag(t *testing.T) {
	p, err := encodeMessage(&discordgo.InteractionResponseData{Content: "x", Flags: discordgo.MessageFlagsEphemeral}, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, p.body); got["flags"] != nil {
		t.Errorf("edit flags = %v, want none: an edit cannot change them", got["flags"])
	}
	p, _ = encodeMessage(&discordgo.InteractionResponseData{Content: "x", Flags: discordgo.MessageFlagsEphemeral}, false)
	if got := jsonOf(t, p.body); got["flags"] != 64.0 {
		t.Errorf("follow-up flags = %v, want 64", got["flags"])
	}
}

func TestWireFileWithoutContentIsAnEncodeError(t *testing.T) {
	_, err := encodeResponse(&discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Files: []*discordgo.File{{Name: "x.png"}}}})
	if err == nil || !strings.Contains(err.Error(), "no content") {
		t.Errorf("err = %v, want an encode error", err)
	}
}
