package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// envelopeJSON wraps data in an interaction of type typ.
func envelopeJSON(typ, data string) string {
	return `{"id":"1200000000000000009","application_id":"1000000000000000001","type":` + typ +
		`,"token":"tok","version":1,"member":{"user":{"id":"7","username":"dee"}},"data":` + data + `}`
}

// labelModal is a modal submission as Discord sends a form built with a
// Label: the text input sits in the Label's "component".
const labelModal = `{"custom_id":"play:abgame:x","components":[{"type":18,"id":1,"component":{"type":4,"id":2,"custom_id":"move","value":"5 4"}}]}`

func TestReadInteraction(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		// wantBad: refused outright (HTTP 400); wantField: answered with a
		// message naming this path; else read.
		wantBad   string
		wantField string
		check     func(t *testing.T, i *discordgo.Interaction)
	}{
		{name: "Label-wrapped text input in a modal submission", raw: envelopeJSON("5", labelModal),
			check: func(t *testing.T, i *discordgo.Interaction) {
				d := i.Data.(discordgo.ModalSubmitInteractionData)
				if v, ok := discordx.TextValue(d.Components, "move"); !ok || v != "5 4" {
					t.Errorf("move = %q %v, want 5 4", v, ok)
				}
			}},
		{name: "text input in an action row", raw: envelopeJSON("5", `{"custom_id":"m","components":[{"type":1,"components":[{"type":4,"custom_id":"move","value":"1 2"}]}]}`),
			check: func(t *testing.T, i *discordgo.Interaction) {
				d := i.Data.(discordgo.ModalSubmitInteractionData)
				if v, _ := discordx.TextValue(d.Components, "move"); v != "1 2" {
					t.Errorf("move = %q, want 1 2", v)
				}
			}},
		{name: "unknown component type in a modal is kept", raw: envelopeJSON("5", `{"custom_id":"m","components":[{"type":77,"x":1},{"type":18,"component":{"type":4,"custom_id":"move","value":"3 3"}}]}`),
			check: func(t *testing.T, i *discordgo.Interaction) {
				d := i.Data.(discordgo.ModalSubmitInteractionData)
				if u, ok := d.Components[0].(discordx.Unknown); !ok || u.Kind != 77 {
					t.Errorf("first component = %#v, want Unknown of type 77", d.Components[0])
				}
			}},
		{name: "modal text input value is a number", raw: envelopeJSON("5", `{"custom_id":"m","components":[{"type":18,"component":{"type":4,"custom_id":"move","value":54}}]}`),
			wantField: "data.components[0].component.value"},
		{name: "modal text input value is null", raw: envelopeJSON("5", `{"custom_id":"m","components":[{"type":18,"component":{"type":4,"custom_id":"move","value":null}}]}`),
			wantField: "data.components[0].component.value"},
		{name: "Label without its component", raw: envelopeJSON("5", `{"custom_id":"m","components":[{"type":18,"label":"x"}]}`),
			wantField: "data.components[0].component"},
		{name: "modal without custom_id", raw: envelopeJSON("5", `{"components":[]}`), wantField: "data.custom_id"},
		{name: "modal custom_id is a number", raw: envelopeJSON("5", `{"custom_id":5,"components":[]}`), wantField: "data.custom_id"},
		{name: "modal components not a list", raw: envelopeJSON("5", `{"custom_id":"m","components":"x"}`), wantField: "data.components"},
		{name: "click custom_id is null", raw: envelopeJSON("3", `{"custom_id":null,"component_type":2}`), wantField: "data.custom_id"},
		{name: "select value is a number", raw: envelopeJSON("3", `{"custom_id":"play:x","component_type":3,"values":[54]}`), wantField: "data.values[0]"},
		{name: "select values not a list", raw: envelopeJSON("3", `{"custom_id":"play:x","component_type":3,"values":"5 4"}`), wantField: "data.values"},
		{name: "command name is a number", raw: envelopeJSON("2", `{"name":5}`), wantField: "data.name"},
		{name: "option type is text", raw: envelopeJSON("2", `{"name":"adapwns","options":[{"name":"solve","type":"1"}]}`), wantField: "data.options.type"},
		{name: "option is null", raw: envelopeJSON("2", `{"name":"adapwns","options":[null]}`), wantField: "data.options[0]"},
		// Option values of the wrong JSON type or null reach the handler,
		// which knows the types the command table wants.
		{name: "option value of the wrong JSON type reaches the handler", raw: envelopeJSON("2", `{"name":"adapwns","options":[{"name":"solve","type":1,"options":[{"name":"position","type":3,"value":42}]}]}`),
			check: func(t *testing.T, i *discordgo.Interaction) {
				o := i.ApplicationCommandData().Options[0].Options[0]
				if o.Value != 42.0 {
					t.Errorf("value = %#v, want 42", o.Value)
				}
			}},
		{name: "null option value reaches the handler", raw: envelopeJSON("2", `{"name":"adapwns","options":[{"name":"solve","type":1,"options":[{"name":"position","type":3,"value":null}]}]}`),
			check: func(t *testing.T, i *discordgo.Interaction) {
				if o := i.ApplicationCommandData().Options[0].Options[0]; o.Value != nil {
					t.Errorf("value = %#v, want nil", o.Value)
				}
			}},
		{name: "click on a message with an unknown component type", raw: strings.Replace(envelopeJSON("3", `{"custom_id":"hint:x","component_type":2}`), `"version":1`, `"version":1,"message":{"id":"55","flags":64,"components":[{"type":99}]}`, 1),
			check: func(t *testing.T, i *discordgo.Interaction) {
				if i.Message == nil || i.Message.ID != "55" || i.Message.Flags != discordgo.MessageFlagsEphemeral {
					t.Errorf("message = %+v, want id 55 with its flags", i.Message)
				}
			}},
		{name: "data missing entirely", raw: `{"id":"1","application_id":"2","type":2,"token":"t"}`,
			check: func(t *testing.T, i *discordgo.Interaction) {
				if _, ok := i.Data.(discordgo.ApplicationCommandInteractionData); !ok {
					t.Errorf("data = %T, want empty command data", i.Data)
				}
			}},
		{name: "interaction type 6", raw: envelopeJSON("6", `{}`), wantBad: "unknown interaction type 6"},
		{name: "interaction type 7", raw: envelopeJSON("7", `{}`), wantBad: "unknown interaction type 7"},
		{name: "interaction type 99", raw: envelopeJSON("99", `{}`), wantBad: "unknown interaction type 99"},
		{name: "interaction type 0", raw: envelopeJSON("0", `{}`), wantBad: "unknown interaction type 0"},
		{name: "type is text", raw: envelopeJSON(`"2"`, `{}`), wantBad: "no interaction type"},
		{name: "type is null", raw: envelopeJSON(`null`, `{}`), wantBad: "no interaction type"},
		{name: "no type", raw: `{"id":"1","token":"t"}`, wantBad: "no interaction type"},
		{name: "not JSON", raw: `{"type":`, wantBad: "malformed"},
		{name: "JSON list", raw: `[1,2]`, wantBad: "malformed"},
		{name: "no token", raw: `{"id":"1","application_id":"2","type":2,"data":{}}`, wantBad: "no id or token"},
		{name: "user id of 5,000 digits", raw: strings.Replace(envelopeJSON("2", `{}`), `"id":"7"`, `"id":"`+strings.Repeat("9", 5000)+`"`, 1), wantBad: "member.user.id is not a Discord id"},
		{name: "user id with a sign", raw: strings.Replace(envelopeJSON("2", `{}`), `"id":"7"`, `"id":"+7"`, 1), wantBad: "member.user.id is not a Discord id"},
		{name: "user id over 2^64", raw: strings.Replace(envelopeJSON("2", `{}`), `"id":"7"`, `"id":"18446744073709551616"`, 1), wantBad: "member.user.id"},
		{name: "interaction id with letters", raw: strings.Replace(envelopeJSON("2", `{}`), `1200000000000000009`, `12000x`, 1), wantBad: "id is not a Discord id"},
		{name: "application id missing", raw: strings.Replace(envelopeJSON("2", `{}`), `"application_id":"1000000000000000001",`, ``, 1), wantBad: "application_id is missing"},
		{name: "guild id with a leading zero", raw: strings.Replace(envelopeJSON("2", `{}`), `"version":1`, `"version":1,"guild_id":"0123"`, 1), wantBad: "guild_id"},
		{name: "channel object id not a number", raw: strings.Replace(envelopeJSON("2", `{}`), `"version":1`, `"version":1,"channel":{"id":"general","type":0}`, 1), wantBad: "channel.id"},
		{name: "DM user id not a number", raw: strings.Replace(envelopeJSON("2", `{}`), `"member":{"user":{"id":"7","username":"dee"}}`, `"user":{"id":"dee","username":"dee"}`, 1), wantBad: "user.id"},
		{name: "message id not a number", raw: strings.Replace(envelopeJSON("3", `{"custom_id":"hint:x","component_type":2}`), `"version":1`, `"version":1,"message":{"id":"m1","flags":0}`, 1), wantBad: "message.id"},
		{name: "user option not a snowflake", raw: envelopeJSON("2", `{"name":"progress","options":[{"name":"user","type":6,"value":"`+strings.Repeat("1", 300)+`"}]}`), wantBad: "data.options[0].value is not a Discord id"},
		{name: "ids of every kind, as Discord sends them", raw: strings.Replace(envelopeJSON("2", `{"name":"progress","options":[{"name":"user","type":6,"value":"222222222222222222"}]}`), `"version":1`, `"version":1,"guild_id":"1300000000000000001","channel_id":"1400000000000000001","channel":{"id":"1400000000000000001","type":0}`, 1),
			check: func(t *testing.T, i *discordgo.Interaction) {
				if i.GuildID != "1300000000000000001" || i.ChannelID != "1400000000000000001" {
					t.Errorf("guild %q channel %q", i.GuildID, i.ChannelID)
				}
			}},
		{name: "member is a number", raw: strings.Replace(envelopeJSON("2", `{}`), `{"user":{"id":"7","username":"dee"}}`, `5`, 1), wantBad: "malformed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i, err := readInteraction([]byte(tt.raw))
			bad, isBad := errors.AsType[*badInteraction](err)
			fe, isField := errors.AsType[*discordx.FieldError](err)
			switch {
			case tt.wantBad != "":
				if !isBad || !strings.Contains(bad.msg, tt.wantBad) {
					t.Fatalf("err = %v, want a refusal containing %q", err, tt.wantBad)
				}
			case tt.wantField != "":
				if !isField || fe.Path != tt.wantField {
					t.Fatalf("err = %v, want a field error at %s", err, tt.wantField)
				}
				if i == nil || i.ID == "" || i.Token == "" {
					t.Fatalf("interaction = %+v, want one that can be answered", i)
				}
				// Code switching on the type must find data of that type.
				switch i.Type {
				case discordgo.InteractionApplicationCommand:
					_ = i.ApplicationCommandData()
				case discordgo.InteractionMessageComponent:
					_ = i.MessageComponentData()
				case discordgo.InteractionModalSubmit:
					_ = i.ModalSubmitData()
				}
			default:
				if err != nil {
					t.Fatalf("err = %v, want none", err)
				}
				if tt.check != nil {
					tt.check(t, i)
				}
			}
		})
	}
}
