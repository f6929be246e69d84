package discordx

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// ComponentLabel is the type of a Label component, which discordgo v0.29
// does not know.
const ComponentLabel discordgo.ComponentType = 18

// Label is a top-level modal component that gives one interactive
// component (here a text input) a label and an optional description.
// Discord recommends it over a text input in an action row, and sends it
// back in the modal's submission with the input's value inside.
type Label struct {
	// ID is the optional numeric component identifier.
	ID int `json:"id,omitempty"`
	// Label is the text above the component, at most 45 characters.
	Label string `json:"label"`
	// Description is smaller text under the label, at most 100 characters.
	Description string `json:"description,omitempty"`
	// Component is the wrapped component: a TextInput when building a
	// modal, a *discordgo.TextInput when read from a submission.
	Component discordgo.MessageComponent `json:"component"`
}

var _ discordgo.MessageComponent = Label{}

// Type returns ComponentLabel.
func (Label) Type() discordgo.ComponentType { return ComponentLabel }

// MarshalJSON encodes the label as Discord expects it.
func (l Label) MarshalJSON() ([]byte, error) {
	type fields Label // without this method
	return json.Marshal(struct {
		Type discordgo.ComponentType `json:"type"`
		fields
	}{ComponentLabel, fields(l)})
}

// TextInput is a text input to put inside a Label. Unlike
// discordgo.TextInput it has no label of its own (the Label carries it),
// so none is sent.
type TextInput struct {
	ID          int                      `json:"id,omitempty"`
	CustomID    string                   `json:"custom_id"`
	Style       discordgo.TextInputStyle `json:"style"`
	Placeholder string                   `json:"placeholder,omitempty"`
	Value       string                   `json:"value,omitempty"`
	Required    bool                     `json:"required"`
	MinLength   int                      `json:"min_length,omitempty"`
	MaxLength   int                      `json:"max_length,omitempty"`
}

var _ discordgo.MessageComponent = TextInput{}

// Type returns discordgo.TextInputComponent.
func (TextInput) Type() discordgo.ComponentType { return discordgo.TextInputComponent }

// MarshalJSON encodes the text input without a label.
func (t TextInput) MarshalJSON() ([]byte, error) {
	type fields TextInput // without this method
	return json.Marshal(struct {
		Type discordgo.ComponentType `json:"type"`
		fields
	}{discordgo.TextInputComponent, fields(t)})
}

// Unknown is a component of a type this package cannot read. It keeps
// the raw JSON, so a message or submission that holds one is still read
// and the component is passed on unchanged.
type Unknown struct {
	// Kind is the component's type number.
	Kind discordgo.ComponentType
	// Raw is the component's JSON.
	Raw json.RawMessage
}

var _ discordgo.MessageComponent = Unknown{}

// Type returns the component's type number.
func (u Unknown) Type() discordgo.ComponentType { return u.Kind }

// MarshalJSON returns the component's JSON as it was read.
func (u Unknown) MarshalJSON() ([]byte, error) {
	if len(u.Raw) == 0 {
		return []byte("null"), nil
	}
	return u.Raw, nil
}

// FieldError reports a part of Discord's JSON that cannot be read: where
// it is (a JSON path such as "data.components[0].component.value") and
// what is wrong.
type FieldError struct {
	Path string
	Msg  string
}

// Error returns "path: message".
func (e *FieldError) Error() string { return e.Path + ": " + e.Msg }

// JSONKind names the JSON type of a decoded value for messages: "text",
// "a number", "true or false", "null", "a list" or "an object".
func JSONKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "text"
	case float64, json.Number:
		return "a number"
	case bool:
		return "true or false"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// rawKind names the JSON type of raw JSON, as JSONKind does.
func rawKind(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return "not JSON"
	}
	return JSONKind(v)
}

// maxDepth bounds how deeply components may nest: a modal holds labels
// that hold inputs, a message holds containers that hold sections.
const maxDepth = 8

// ParseComponents reads a JSON list of components at path. Action rows,
// text inputs and labels are read here, with their children; other types
// discordgo knows are read by discordgo; unknown types become Unknown.
// A text input whose value is not text is a *FieldError.
func ParseComponents(raw json.RawMessage, path string) ([]discordgo.MessageComponent, error) {
	return parseList(raw, path, 0)
}

func parseList(raw json.RawMessage, path string, depth int) ([]discordgo.MessageComponent, error) {
	if isNull(raw) {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, &FieldError{Path: path, Msg: "should be a list of components, but is " + rawKind(raw)}
	}
	out := make([]discordgo.MessageComponent, 0, len(items))
	for k, item := range items {
		c, err := parseComponent(item, fmt.Sprintf("%s[%d]", path, k), depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func parseComponent(raw json.RawMessage, path string, depth int) (discordgo.MessageComponent, error) {
	if depth > maxDepth {
		return nil, &FieldError{Path: path, Msg: "components nest too deeply"}
	}
	// The fields of the types read here; a text input's custom_id and
	// value must be text, labels are taken when they are.
	var head struct {
		Type        json.RawMessage `json:"type"`
		ID          json.RawMessage `json:"id"`
		Components  json.RawMessage `json:"components"`
		Component   json.RawMessage `json:"component"`
		CustomID    json.RawMessage `json:"custom_id"`
		Value       json.RawMessage `json:"value"`
		Label       any             `json:"label"`
		Description any             `json:"description"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, &FieldError{Path: path, Msg: "should be a component object, but is " + rawKind(raw)}
	}
	var kind discordgo.ComponentType
	if err := json.Unmarshal(head.Type, &kind); err != nil || isNull(head.Type) {
		return nil, &FieldError{Path: path + ".type", Msg: "should be a component type number, but is " + rawKind(head.Type)}
	}
	var id int
	if !isNull(head.ID) && json.Unmarshal(head.ID, &id) != nil {
		return nil, &FieldError{Path: path + ".id", Msg: "should be a number, but is " + rawKind(head.ID)}
	}
	switch kind {
	case discordgo.ActionsRowComponent:
		children, err := parseList(head.Components, path+".components", depth)
		if err != nil {
			return nil, err
		}
		return &discordgo.ActionsRow{Components: children, ID: id}, nil
	case discordgo.TextInputComponent:
		in := &discordgo.TextInput{ID: id}
		if err := TextField(head.CustomID, path+".custom_id", &in.CustomID, true); err != nil {
			return nil, err
		}
		if err := TextField(head.Value, path+".value", &in.Value, false); err != nil {
			return nil, err
		}
		in.Label, _ = head.Label.(string)
		return in, nil
	case ComponentLabel:
		label, _ := head.Label.(string)
		desc, _ := head.Description.(string)
		if isNull(head.Component) {
			return nil, &FieldError{Path: path + ".component", Msg: "is missing; a label wraps one component"}
		}
		child, err := parseComponent(head.Component, path+".component", depth+1)
		if err != nil {
			return nil, err
		}
		return &Label{Label: label, Description: desc, Component: child, ID: id}, nil
	}
	c, err := discordgo.MessageComponentFromJSON(raw)
	if err != nil {
		return Unknown{Kind: kind, Raw: append(json.RawMessage(nil), raw...)}, nil
	}
	return c, nil
}

// TextField decodes raw, the field at path, into *dst when it is a JSON
// string. A missing value is a *FieldError only when required; null and
// other types always are.
func TextField(raw json.RawMessage, path string, dst *string, required bool) error {
	if len(raw) == 0 {
		if required {
			return &FieldError{Path: path, Msg: "is missing"}
		}
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil || isNull(raw) {
		return &FieldError{Path: path, Msg: "should be text, but is " + rawKind(raw)}
	}
	return nil
}

// isNull reports whether raw is absent or JSON null.
func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || bytes.Equal(t, []byte("null"))
}

// TextValue returns the value of the text input with the given custom_id
// in a submitted modal, whether it sits in an action row (the old way) or
// in a Label (the new way), and reports whether it was found.
func TextValue(components []discordgo.MessageComponent, customID string) (string, bool) {
	return textValue(components, customID, 0)
}

func textValue(components []discordgo.MessageComponent, customID string, depth int) (string, bool) {
	if depth > maxDepth {
		return "", false
	}
	for _, c := range components {
		if t, ok := As[discordgo.TextInput](c); ok && t.CustomID == customID {
			return t.Value, true
		}
		if t, ok := As[TextInput](c); ok && t.CustomID == customID {
			return t.Value, true
		}
		var inner []discordgo.MessageComponent
		if l, ok := As[Label](c); ok {
			inner = []discordgo.MessageComponent{l.Component}
		} else if r, ok := As[discordgo.ActionsRow](c); ok {
			inner = r.Components
		}
		if v, ok := textValue(inner, customID, depth+1); ok {
			return v, true
		}
	}
	return "", false
}

// As returns c as a *T when it holds a T or a non-nil *T: discordgo reads
// components as pointers, and handlers build them as values.
func As[T any](c discordgo.MessageComponent) (*T, bool) {
	switch x := any(c).(type) {
	case T:
		return &x, true
	case *T:
		return x, x != nil
	}
	return nil, false
}
