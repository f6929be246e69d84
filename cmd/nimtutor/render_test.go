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
