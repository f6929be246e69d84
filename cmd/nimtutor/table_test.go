package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
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

func TestCommandsJSONPositionOptions(t *testing.T) {
	tops, values := 0, 0
	for _, c := range commandsJSON(t) {
		if _, err := solver.Lookup(c.Name); err != nil || len(c.Options) == 0 || c.Options[0].Type != 1 {
			tops++ // /judge, /help, /session (whose subcommands take no position)
			continue
		}
		for _, sub := range c.Options {
			byName := map[string]jsonOption{}
			for _, o := range sub.Options {
				byName[o.Name] = o
			}
			if c.Name == "heaps" && sub.Name == "values" {
				// A game's own subcommand: it asks about a rule, not a position.
				if rule := byName["rule"]; rule.Type != 3 || !rule.Required || !rule.Autocomplete || len(byName) != 2 {
					t.Errorf("/heaps values options %+v, want a required rule with autocomplete, and n", sub.Options)
				}
				values++
				continue
			}
			pos, file := byName["position"], byName["position_file"]
			if pos.Type != 3 || pos.Required || !pos.Autocomplete {
				t.Errorf("/%s %s position = %+v, want an optional string with autocomplete", c.Name, sub.Name, pos)
			}
			if file.Type != 11 || file.Required {
				t.Errorf("/%s %s position_file = %+v, want an optional attachment (type 11)", c.Name, sub.Name, file)
			}
		}
	}
	if tops == 0 {
		t.Errorf("no top-level command such as /judge")
	}
	if values != 1 {
		t.Errorf("/heaps values listed %d times, want once", values)
	}
}

func TestConsoleFiles(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(input, []byte("3\nA.B\nA..B\nA..B.A..B\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pos := filepath.Join(dir, "pos.txt")
	if err := os.WriteFile(pos, []byte(strings.Repeat("..P", 3000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "/judge game:abgame file:"+input+"\n/adapwns solve position_file:"+pos+"\n", "console", "--pictures", dir)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"== Judged 3 tests of abgame ==", "A: 2 · B: 1", "File: " + filepath.Join(dir, "abgame-answers.txt"), "(9000 characters in all)"} {
		if !strings.Contains(out, want) {
			t.Errorf("console output lacks %q:\n%s", want, out)
		}
	}
	answers, err := os.ReadFile(filepath.Join(dir, "abgame-answers.txt"))
	if err != nil || string(answers) != "A\nA\nB\n" {
		t.Errorf("answers file %q, %v", answers, err)
	}
}

func TestConsoleHelpAndOptionMistakes(t *testing.T) {
	code, out, _ := runCLI(t, "/help\n/help now\n/judge game:abgame\n/judge game:abgame file:/no/such/file\nhelp\n", "console")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"== nimtutor: game theory through contest games ==", "`/adapwns solve` `position:..P.P`",
		"/help: this command takes no options",
		"/judge: the option file: is required",
		"file: stat /no/such/file",
		"Type a slash command, for example:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("console output lacks %q:\n%s", want, out)
		}
	}
}
