package bot

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// badInteraction is a request that cannot be treated as an interaction at
// all: not JSON, no type, a type nimtutor does not handle, or no id or
// token to answer with. Over HTTP it gets a 400 with a JSON error; over
// the gateway, a log line.
type badInteraction struct {
	msg string
	// typ is the interaction type when it was read, for logs.
	typ int
}

func (e *badInteraction) Error() string { return e.msg }

// errDuplicate reports an interaction id seen before.
var errDuplicate = errors.New("interaction already received")

// envelope is an interaction with its data and message left raw: they are
// read separately, so that a part discordgo cannot read (a Label in a
// modal, an option of an odd type) does not make the whole unreadable.
type envelope struct {
	plainInteraction
	Data    json.RawMessage `json:"data"`
	Message json.RawMessage `json:"message"`
	// Channel is the partial channel Discord sends beside channel_id;
	// discordgo does not keep it, only its id is checked.
	Channel *struct {
		ID string `json:"id"`
	} `json:"channel"`
}

// plainInteraction is discordgo.Interaction without its UnmarshalJSON.
type plainInteraction discordgo.Interaction

// readInteraction reads raw interaction JSON as Discord sends it over
// HTTP or the gateway. It returns:
//   - the interaction and nil when it can be handled;
//   - the interaction and a *discordx.FieldError when the envelope is
//     fine (it can be answered) but its data cannot be read: the caller
//     answers with a message naming the field;
//   - nil and a *badInteraction when it cannot be answered at all.
func readInteraction(raw []byte) (*discordgo.Interaction, error) {
	var head struct {
		Type json.RawMessage `json:"type"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, &badInteraction{msg: "malformed interaction: not a JSON object: " + shortErr(err)}
	}
	var typ int
	if len(head.Type) == 0 || json.Unmarshal(head.Type, &typ) != nil || bytes.Equal(head.Type, []byte("null")) {
		return nil, &badInteraction{msg: "malformed interaction: no interaction type number"}
	}
	switch discordgo.InteractionType(typ) {
	case discordgo.InteractionPing, discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent,
		discordgo.InteractionApplicationCommandAutocomplete, discordgo.InteractionModalSubmit:
	default:
		return nil, &badInteraction{msg: fmt.Sprintf("unknown interaction type %d", typ), typ: typ}
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return nil, &badInteraction{msg: "malformed interaction: " + shortErr(err), typ: typ}
	}
	i := discordgo.Interaction(env.plainInteraction)
	i.Type = discordgo.InteractionType(typ)
	if i.Type != discordgo.InteractionPing && (i.ID == "" || i.Token == "") {
		return nil, &badInteraction{msg: "malformed interaction: no id or token to answer with", typ: typ}
	}
	if len(env.Message) > 0 && !bytes.Equal(bytes.TrimSpace(env.Message), []byte("null")) {
		i.Message = readMessage(env.Message)
	}
	channel := ""
	if env.Channel != nil {
		channel = env.Channel.ID
	}
	if err := checkSnowflakes(&i, channel); err != nil {
		return nil, &badInteraction{msg: "malformed interaction: " + err.Error(), typ: typ}
	}
	if i.Type == discordgo.InteractionPing {
		return &i, nil
	}
	data, err := readData(i.Type, env.Data)
	i.Data = data
	if d, ok := data.(discordgo.ApplicationCommandInteractionData); ok {
		if err := checkOptionIDs(d.Options, "data.options"); err != nil {
			return nil, &badInteraction{msg: "malformed interaction: " + err.Error(), typ: typ}
		}
	}
	return &i, err
}

// isSnowflake reports whether s is a Discord id: a decimal uint64, with
// no sign, no leading zero and no spaces.
func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 || (s[0] == '0' && len(s) > 1) {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// checkSnowflakes checks the ids of i that nimtutor keeps, puts in a
// custom_id or logs: the interaction's, the application's, the guild's,
// the channel's (channel_id and channel.id), the user's and the
// message's. An id that is not a
// snowflake is named in the error, its value left out (it may be huge).
// Absent optional ids are fine; the interaction id and the application
// id are required.
func checkSnowflakes(i *discordgo.Interaction, channel string) error {
	ids := []struct {
		field, value string
		required     bool
	}{
		{"id", i.ID, true},
		{"application_id", i.AppID, true},
		{"guild_id", i.GuildID, false},
		{"channel_id", i.ChannelID, false},
	}
	add := func(field, value string) {
		ids = append(ids, struct {
			field, value string
			required     bool
		}{field, value, true})
	}
	if channel != "" {
		add("channel.id", channel)
	}
	if i.Member != nil && i.Member.User != nil {
		add("member.user.id", i.Member.User.ID)
	}
	if i.User != nil {
		add("user.id", i.User.ID)
	}
	if i.Message != nil {
		add("message.id", i.Message.ID)
	}
	for _, id := range ids {
		if id.value == "" && !id.required {
			continue
		}
		if !isSnowflake(id.value) {
			if id.value == "" {
				return fmt.Errorf("%s is missing", id.field)
			}
			return fmt.Errorf("%s is not a Discord id (a decimal number below 2^64), %d characters", id.field, len(id.value))
		}
	}
	return nil
}

// checkOptionIDs checks that the values of options that name a user, a
// channel, a role, a mentionable or an attachment are snowflakes: they
// reach custom_ids and the database as ids.
func checkOptionIDs(opts []*discordgo.ApplicationCommandInteractionDataOption, path string) error {
	for k, o := range opts {
		if o == nil {
			continue
		}
		p := fmt.Sprintf("%s[%d]", path, k)
		switch o.Type {
		case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel, discordgo.ApplicationCommandOptionRole,
			discordgo.ApplicationCommandOptionMentionable, discordgo.ApplicationCommandOptionAttachment:
			s, ok := o.Value.(string)
			if !ok || !isSnowflake(s) {
				return fmt.Errorf("%s.value is not a Discord id (a decimal number below 2^64)", p)
			}
		}
		if err := checkOptionIDs(o.Options, p+".options"); err != nil {
			return err
		}
	}
	return nil
}

// readData reads the data of an interaction of type typ. On an error it
// still returns data of the right type (empty), so that code switching on
// the type finds what it expects.
func readData(typ discordgo.InteractionType, raw json.RawMessage) (discordgo.InteractionData, error) {
	if len(raw) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		raw = []byte("{}")
	}
	switch typ {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		var d discordgo.ApplicationCommandInteractionData
		if err := json.Unmarshal(raw, &d); err != nil {
			return discordgo.ApplicationCommandInteractionData{}, jsonFieldError("data", err)
		}
		if err := checkOptions(d.Options, "data.options", 0); err != nil {
			return discordgo.ApplicationCommandInteractionData{}, err
		}
		return d, nil
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		// Both name what was used by a custom_id.
		var d struct {
			CustomID      json.RawMessage `json:"custom_id"`
			ComponentType json.RawMessage `json:"component_type"`
			Values        json.RawMessage `json:"values"`
			Components    json.RawMessage `json:"components"`
		}
		var customID string
		err := json.Unmarshal(raw, &d)
		if err != nil {
			err = &discordx.FieldError{Path: "data", Msg: "should be an object"}
		} else {
			err = discordx.TextField(d.CustomID, "data.custom_id", &customID, true)
		}
		if typ == discordgo.InteractionModalSubmit {
			form := discordgo.ModalSubmitInteractionData{CustomID: customID}
			if err == nil {
				form.Components, err = discordx.ParseComponents(d.Components, "data.components")
			}
			return form, err
		}
		var none discordgo.MessageComponentInteractionData
		if err != nil {
			return none, err
		}
		out := discordgo.MessageComponentInteractionData{CustomID: customID}
		if len(d.ComponentType) > 0 && json.Unmarshal(d.ComponentType, &out.ComponentType) != nil {
			return none, &discordx.FieldError{Path: "data.component_type", Msg: "should be a number"}
		}
		if len(d.Values) > 0 && !bytes.Equal(bytes.TrimSpace(d.Values), []byte("null")) {
			var values []any
			if err := json.Unmarshal(d.Values, &values); err != nil {
				return none, &discordx.FieldError{Path: "data.values", Msg: "should be a list of choices"}
			}
			for k, v := range values {
				s, ok := v.(string)
				if !ok {
					return none, &discordx.FieldError{Path: fmt.Sprintf("data.values[%d]", k), Msg: "should be text, but is " + discordx.JSONKind(v)}
				}
				out.Values = append(out.Values, s)
			}
		}
		return out, nil
	}
	return nil, nil
}

// maxOptionDepth is how deeply options nest: a subcommand group holds
// subcommands, which hold options.
const maxOptionDepth = 3

// checkOptions checks the shape of command options; their values are
// checked against the command table by the handler, which knows the
// types it expects.
func checkOptions(opts []*discordgo.ApplicationCommandInteractionDataOption, path string, depth int) error {
	if depth > maxOptionDepth && len(opts) > 0 {
		return &discordx.FieldError{Path: path, Msg: "options nest too deeply"}
	}
	for k, o := range opts {
		p := fmt.Sprintf("%s[%d]", path, k)
		if o == nil {
			return &discordx.FieldError{Path: p, Msg: "should be an option object, but is null"}
		}
		if err := checkOptions(o.Options, p+".options", depth+1); err != nil {
			return err
		}
	}
	return nil
}

// readMessage reads the message a component was on. A message nimtutor
// cannot read in full (a component type discordgo lacks, say) is read
// without its components: only its id and flags matter here.
func readMessage(raw json.RawMessage) *discordgo.Message {
	var m discordgo.Message
	if err := json.Unmarshal(raw, &m); err == nil {
		return &m
	}
	var min struct {
		ID    string                 `json:"id"`
		Flags discordgo.MessageFlags `json:"flags"`
	}
	_ = json.Unmarshal(raw, &min)
	return &discordgo.Message{ID: min.ID, Flags: min.Flags}
}

// jsonFieldError turns a decoding error into a FieldError naming the
// field, as far as encoding/json says which.
func jsonFieldError(prefix string, err error) error {
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		path := prefix
		if te.Field != "" {
			path += "." + te.Field
		}
		return &discordx.FieldError{Path: path, Msg: fmt.Sprintf("should be %s, but is %s", goKind(te.Type.String()), jsonName(te.Value))}
	}
	return &discordx.FieldError{Path: prefix, Msg: shortErr(err)}
}

// goKind names a Go type the way a person reads JSON.
func goKind(t string) string {
	switch {
	case t == "string":
		return "text"
	case strings.Contains(t, "int"), strings.Contains(t, "float"), strings.HasSuffix(t, "Type"):
		return "a number"
	case t == "bool":
		return "true or false"
	case strings.HasPrefix(t, "[]"):
		return "a list"
	}
	return "an object"
}

// jsonNames name the JSON kinds encoding/json reports ("string", "bool").
var jsonNames = map[string]string{"string": "text", "bool": "true or false", "array": "a list", "object": "an object"}

// jsonName names the JSON kind encoding/json reports ("number", "string").
func jsonName(v string) string {
	if strings.HasPrefix(v, "number") {
		return "a number"
	}
	return cmp.Or(jsonNames[v], v)
}

// shortErr returns err's text, clipped for a log line or a reply.
func shortErr(err error) string {
	s := err.Error()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
