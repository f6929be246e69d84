package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunRender(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		args    []string
		file    string // written, relative to dir; "" for none
		wantErr string
	}{
		{"flags after", []string{"binim2", "010 101", "--first", "Dee", "-o", "a.png"}, "a.png", ""},
		{"flags before", []string{"--first=dum", "-o", "b.png", "binim", "010", "101"}, "b.png", ""},
		{"bare", []string{"adapwns", "--bare", "..P.P", "-o", "c.png"}, "c.png", ""},
		{"default name", []string{"binstring", "0110"}, "binstring.png", ""},
		{"unknown game", []string{"chess", "x"}, "", `"chess" is not a game`},
		{"bad position", []string{"abgame", "A.x", "-o", "d.png"}, "", "character 3 is 'x'"},
		{"missing first", []string{"binim2", "01"}, "", "Dee or Dum"},
		{"missing position", []string{"abgame"}, "", "give a game and a position"},
		{"split row", []string{"abgame", "A.", "B"}, "", "character 3 is ' '"},
		{"unknown flag", []string{"abgame", "A.B", "--colour"}, "", "flag provided but not defined"},
		{"values", []string{"values", "subtract", "1,3,4", "--n", "40"}, "subtract-1_3_4-values.png", ""},
		{"values named", []string{"values", "kayles", "-o", "k.png"}, "k.png", ""},
		{"values of nim", []string{"values", "nim"}, "", "in Nim a heap of n is worth n itself"},
		{"values without rule", []string{"values"}, "", "render values needs a rule"},
		{"values bare", []string{"values", "kayles", "--bare"}, "", "--bare is for a position"},
		{"n for a position", []string{"nim", "3", "--n", "4"}, "", "--n is for render values"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(dir)
			var stdout bytes.Buffer
			err := runRender(context.Background(), tc.args, &stdout)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := png.Decode(f); err != nil {
				t.Errorf("%s is not a PNG: %v", tc.file, err)
			}
		})
	}
}

// TestRenderValuesDocPicture keeps docs/kayles-values.png, the chart
// GAMES.md shows, what `nimtutor render values kayles` draws today
// (-update rewrites it; look at it first).
func TestRenderValuesDocPicture(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := runRender(context.Background(), []string{"values", "kayles"}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "kayles-values.png"))
	if err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(repoRoot, "docs", "kayles-values.png")
	if *update {
		if err := os.WriteFile(doc, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want, err := os.ReadFile(doc); err != nil || !bytes.Equal(got, want) {
		t.Errorf("docs/kayles-values.png is not what render values kayles draws (%v); look at it and run go test ./cmd/nimtutor -run TestRenderValuesDocPicture -update", err)
	}
}
