package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSettingsDocumented checks the one list of environment variables:
// the code reads only names in settings, through setting or requireEnv,
// and .env.example and docs/DISCORD.md document every one of them.
func TestSettingsDocumented(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	read := regexp.MustCompile(`(?:[sS]etting|requireEnv)\("([A-Z_]+)"`)
	direct := regexp.MustCompile(`os\.Getenv\(|\benv\(`)
	used := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range read.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
			if _, ok := settings[m[1]]; !ok {
				t.Errorf("%s reads %s, which settings does not list", f, m[1])
			}
		}
		if f != "settings.go" && direct.Match(b) {
			t.Errorf("%s reads the environment directly; use setting", f)
		}
	}
	example, err := os.ReadFile(filepath.Join("..", "..", ".env.example"))
	if err != nil {
		t.Fatal(err)
	}
	discordDoc, err := os.ReadFile(filepath.Join("..", "..", "docs", "DISCORD.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name := range settings {
		if !strings.Contains(string(discordDoc), "`"+name+"`") {
			t.Errorf("docs/DISCORD.md's table of settings does not name %s", name)
		}
		if !used[name] {
			t.Errorf("settings lists %s, which nothing reads", name)
		}
		if !regexp.MustCompile(`(?m)^#.*\b` + name + `\b|^` + name + `=`).Match(example) {
			t.Errorf(".env.example does not document %s", name)
		}
	}
}
