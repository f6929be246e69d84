package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ (help pages, and the commands the docs show)")

// listedFlag matches a flag's line in a -h listing: "  -name type".
var listedFlag = regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`)

// helpFlags returns the flags `nimtutor CMD -h` lists.
func helpFlags(tb testing.TB, cmd string) []string {
	tb.Helper()
	code, out, errOut := runCLI(tb, "", cmd, "-h")
	if code != 0 {
		tb.Fatalf("nimtutor %s -h: exit %d: %s", cmd, code, errOut)
	}
	var names []string
	for _, m := range listedFlag.FindAllStringSubmatch(out, -1) {
		names = append(names, m[1])
	}
	return names
}

// TestCommandHelp runs `nimtutor CMD -h` for every subcommand: it exits
// 0, writes only to standard output, matches testdata/help/CMD.txt, lists
// every flag the synopsis names, and prints the same as --help and
// `nimtutor help CMD`.
func TestCommandHelp(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	flagInSynopsis := regexp.MustCompile(`(?:^|[\s\[|])--?([a-z][a-z0-9-]*)`)
	for _, c := range subcommands {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", c.name, "-h")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, errOut)
			}
			if !strings.HasPrefix(out, "usage: nimtutor "+c.name) || !strings.Contains(out, "\nFlags:\n") {
				t.Errorf("the help lacks its usage line or its flags:\n%s", out)
			}
			for _, alt := range [][]string{{c.name, "--help"}, {"help", c.name}} {
				code, got, errOut := runCLI(t, "", alt...)
				if code != 0 || got != out {
					t.Errorf("nimtutor %s: exit %d (stderr %q), output\n%s\nwant what -h prints:\n%s", strings.Join(alt, " "), code, errOut, got, out)
				}
			}
			listed := helpFlags(t, c.name)
			for _, m := range flagInSynopsis.FindAllStringSubmatch(c.args, -1) {
				if !slices.Contains(listed, m[1]) {
					t.Errorf("the synopsis names --%s, but -h lists only %v", m[1], listed)
				}
			}
			golden(t, filepath.Join("testdata", "help", c.name+".txt"), out)
		})
	}
}

// golden compares got with the file at path, or rewrites the file with
// -update.
func golden(tb testing.TB, path, got string) {
	tb.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v (go test ./cmd/nimtutor -update writes it)", err)
	}
	if got != string(want) {
		tb.Errorf("output differs from %s (go test ./cmd/nimtutor -update rewrites it; review the diff):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// TestHelpList checks `nimtutor help`: each game on a line of its own as
// a word with its title, and every subcommand with its summary in one
// aligned column.
func TestHelpList(t *testing.T) {
	code, out, errOut := runCLI(t, "", "help")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if strings.Contains(out, "[") && strings.Contains(out, "binim2 binim") {
		t.Errorf("the games are printed as a Go slice:\n%s", out)
	}
	lines := strings.Split(out, "\n")
	column := -1
	for _, g := range solver.Games() {
		k := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "  "+g.Name()+" ") })
		if k < 0 || !strings.HasSuffix(lines[k], g.Title()) {
			t.Errorf("no line for the game %s with its title %q:\n%s", g.Name(), g.Title(), out)
		}
	}
	for _, c := range subcommands {
		k := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "  "+c.name+" ") })
		if k < 0 {
			t.Errorf("no line for the command %s:\n%s", c.name, out)
			continue
		}
		col := strings.Index(lines[k], c.summary)
		if col < 0 || (column >= 0 && col != column) {
			t.Errorf("command %s: its summary starts at column %d, the others' at %d:\n%s", c.name, col, column, out)
		}
		column = col
	}
	// With no command at all and -h, the same list.
	if code, got, _ := runCLI(t, "", "-h"); code != 0 || got != out {
		t.Errorf("nimtutor -h: exit %d, output\n%s\nwant nimtutor help's", code, got)
	}
}

// TestFlagsMatchSlashOptions checks that each option of the slash
// commands the command line mirrors is a flag of the same name, with a
// dash for the underscore: /GAME why other_move is `why --other-move`.
func TestFlagsMatchSlashOptions(t *testing.T) {
	// Options that are arguments on the command line, or mean nothing
	// there: the position (and its file), the game, the spoiler tag,
	// /judge's uploaded file (the command line reads standard input).
	notFlags := []string{"position", "position_file", "game", "spoiler", "file"}
	mirrored := map[string]bool{"solve": true, "hint": true, "moves": true, "why": true, "verify": true, "play": true, "practice": true, "judge": true, "check": true}
	checked := 0
	var walk func(cli string, opts []*discordgo.ApplicationCommandOption)
	walk = func(cli string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
				walk(o.Name, o.Options)
				continue
			}
			if !mirrored[cli] || slices.Contains(notFlags, o.Name) {
				continue
			}
			want := strings.ReplaceAll(o.Name, "_", "-")
			if got := helpFlags(t, cli); !slices.Contains(got, want) {
				t.Errorf("the slash option %s of %s has no flag --%s; the flags are %v", o.Name, cli, want, got)
			}
			checked++
		}
	}
	for _, c := range commands.Definitions() {
		walk(c.Name, c.Options)
	}
	if checked < 10 {
		t.Fatalf("checked %d options; the walk missed the table", checked)
	}
	t.Logf("%d slash options have their flag", checked)
}

// TestOldFlagNames checks that a renamed flag keeps its old name, hidden
// from -h: `why --other` is `why --other-move`.
func TestOldFlagNames(t *testing.T) {
	args := []string{"why", "nim", "3 4 5", "--move", "1 3"}
	_, want, _ := runCLI(t, "", append(args, "--other-move", "2 4")...)
	code, got, errOut := runCLI(t, "", append(args, "--other", "2 4")...)
	if code != 0 || got != want || want == "" {
		t.Errorf("--other: exit %d (%s), output\n%s\nwant --other-move's\n%s", code, errOut, got, want)
	}
	if listed := helpFlags(t, "why"); slices.Contains(listed, "other") {
		t.Errorf("why -h lists the old name --other: %v", listed)
	}
}
