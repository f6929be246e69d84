package discordx

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestLabelJSON(t *testing.T) {
	l := Label{Label: "Two numbers", Description: "e.g. 5 4", Component: TextInput{CustomID: "move", Style: discordgo.TextInputShort, Required: true, MaxLength: 20}}
	got, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":18,"label":"Two numbers","description":"e.g. 5 4","component":{"type":4,"custom_id":"move","style":1,"required":true,"max_length":20}}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Read back as a submission would carry it.
	c, err := parseComponent(got, "c", 0)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := TextValue([]discordgo.MessageComponent{c}, "move"); !ok || v != "" {
		t.Errorf("TextValue = %q %v, want the empty value found", v, ok)
	}
}

func TestTextValueWrappers(t *testing.T) {
	in := &discordgo.TextInput{CustomID: "move", Value: "5 4"}
	for name, comps := range map[string][]discordgo.MessageComponent{
		"label pointer":   {&Label{Component: in}},
		"label value":     {Label{Component: *in}},
		"row pointer":     {&discordgo.ActionsRow{Components: []discordgo.MessageComponent{in}}},
		"row value":       {discordgo.ActionsRow{Components: []discordgo.MessageComponent{*in}}},
		"after other one": {&Label{Component: &discordgo.TextInput{CustomID: "note"}}, &Label{Component: in}},
	} {
		if v, ok := TextValue(comps, "move"); !ok || v != "5 4" {
			t.Errorf("%s: TextValue = %q %v, want 5 4", name, v, ok)
		}
	}
	if _, ok := TextValue([]discordgo.MessageComponent{&Label{Component: in}}, "other"); ok {
		t.Error("found an input that is not there")
	}
}

func TestParseComponentsErrors(t *testing.T) {
	deep := `{"type":4,"custom_id":"x","value":"v"}`
	for range maxDepth + 2 {
		deep = `{"type":18,"component":` + deep + `}`
	}
	tests := []struct {
		name, raw, wantPath string
	}{
		{"not a list", `{"type":1}`, "c"},
		{"component not an object", `[5]`, "c[0]"},
		{"type missing", `[{"custom_id":"x"}]`, "c[0].type"},
		{"type is text", `[{"type":"4"}]`, "c[0].type"},
		{"id is text", `[{"type":4,"id":"x","custom_id":"m"}]`, "c[0].id"},
		{"input without custom_id", `[{"type":4,"value":"x"}]`, "c[0].custom_id"},
		{"input value a list", `[{"type":1,"components":[{"type":4,"custom_id":"m","value":[1]}]}]`, "c[0].components[0].value"},
		{"nesting too deep", `[` + deep + `]`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseComponents(json.RawMessage(tt.raw), "c")
			fe, ok := errors.AsType[*FieldError](err)
			if !ok {
				t.Fatalf("err = %v, want a FieldError", err)
			}
			if tt.wantPath != "" && fe.Path != tt.wantPath {
				t.Errorf("path = %q, want %q", fe.Path, tt.wantPath)
			}
			if tt.wantPath == "" && !strings.Contains(fe.Msg, "too deeply") {
				t.Errorf("err = %v, want nesting too deep", fe)
			}
		})
	}
}

func TestParseComponentsKeepsKnownAndUnknown(t *testing.T) {
	got, err := ParseComponents(json.RawMessage(`[{"type":2,"label":"Hint","style":1,"custom_id":"h"},{"type":42,"x":[1]}]`), "c")
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := got[0].(*discordgo.Button); !ok || b.CustomID != "h" {
		t.Errorf("first = %#v, want the button", got[0])
	}
	u, ok := got[1].(Unknown)
	if !ok || u.Type() != 42 {
		t.Fatalf("second = %#v, want Unknown type 42", got[1])
	}
	if b, _ := json.Marshal(u); string(b) != `{"type":42,"x":[1]}` {
		t.Errorf("Unknown marshals to %s, want its JSON unchanged", b)
	}
}
