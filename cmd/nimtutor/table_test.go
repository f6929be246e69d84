package main

import (
	"encoding/json"
	"slices"
	"testing"
)

// jsonCommand is what `nimtutor commands --json` prints for one command.
type jsonCommand struct {
	Name             string       `json:"name"`
	IntegrationTypes []int        `json:"integration_types"`
	Contexts         []int        `json:"contexts"`
	Options          []jsonOption `json:"options"`
}

type jsonOption struct {
	Type         int          `json:"type"`
	Name         string       `json:"name"`
	Required     bool         `json:"required"`
	Autocomplete bool         `json:"autocomplete"`
	Options      []jsonOption `json:"options"`
}

// commandsJSON runs `nimtutor commands --json` and decodes it.
func commandsJSON(tb testing.TB) []jsonCommand {
	tb.Helper()
	code, out, errOut := runCLI(tb, "", "commands", "--json")
	if code != 0 {
		tb.Fatalf("exit %d: %s", code, errOut)
	}
	var cmds []jsonCommand
	if err := json.Unmarshal([]byte(out), &cmds); err != nil {
		tb.Fatal(err)
	}
	return cmds
}

func TestCommandsJSONInstallFields(t *testing.T) {
	for _, c := range commandsJSON(t) {
		if !slices.Equal(c.IntegrationTypes, []int{0, 1}) || !slices.Equal(c.Contexts, []int{0, 1, 2}) {
			t.Errorf("/%s: integration_types %v contexts %v, want [0 1] and [0 1 2]", c.Name, c.IntegrationTypes, c.Contexts)
		}
	}
}
