package bot

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestReplay feeds the captured interactions in testdata/*.json, signed as
// Discord signs them, through the HTTP handler with echoHandler, and
// compares status, content type and body with testdata/*.golden.
func TestReplay(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no interactions in testdata")
	}
	pub, priv := newKey(t)
	h := NewHTTPHandler(pub, echoHandler(), WithClock(func() time.Time { return testNow }), WithSender(&fakeSender{}), WithLogger(testLogger(t)))
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".json")
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			w := serve(h, signed(t, priv, testNow, body))
			got := renderResponse(t, w.Code, w.Header().Get("Content-Type"), w.Body.Bytes())
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./bot/ -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("response differs from %s\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

// renderResponse formats an HTTP response for a golden file, indenting a
// JSON body.
func renderResponse(tb testing.TB, status int, contentType string, body []byte) []byte {
	tb.Helper()
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "status: %d\ncontent-type: %s\n\n", status, contentType)
	if err := json.Indent(&buf, body, "", "  "); err != nil {
		tb.Fatalf("response body is not JSON: %v\n%s", err, body)
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}
