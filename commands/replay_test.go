package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestReplay feeds captured interaction payloads (testdata/interactions)
// through the router and compares the responses with the golden files in
// testdata/responses. Regenerate with: go test ./commands -update
func TestReplay(t *testing.T) {
	files, err := filepath.Glob("testdata/interactions/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no captured interactions: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			r, _ := newTestRouter(t)
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var i discordgo.Interaction
			if err := json.Unmarshal(raw, &i); err != nil {
				t.Fatalf("decoding %s: %v", file, err)
			}
			resp := r.Handle(context.Background(), &i)
			checkLimits(t, resp)
			got, err := json.MarshalIndent(resp, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := filepath.Join("testdata", "responses", name+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no golden file (run go test ./commands -update): %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("response differs from %s (go test ./commands -update rewrites it):\ngot:\n%s", golden, got)
			}
		})
	}
}
