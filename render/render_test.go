package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// parse reads a position of game, failing the test on error.
func parse(tb testing.TB, game, text, first string) solver.Position {
	tb.Helper()
	g, err := solver.Lookup(game)
	if err != nil {
		tb.Fatal(err)
	}
	pos, err := g.Parse(text, solver.ParseOptions{First: first})
	if err != nil {
		tb.Fatalf("parse %s %q: %v", game, text, err)
	}
	return pos
}

// pixelHash is the sha256 of the picture's RGBA pixels and size, so that
// a change in PNG encoding does not break the golden files.
func pixelHash(img image.Image) string {
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	h := sha256.New()
	fmt.Fprintf(h, "%dx%d\n", b.Dx(), b.Dy())
	h.Write(rgba.Pix)
	return hex.EncodeToString(h.Sum(nil))
}

// goldenCases are small positions whose pictures are kept in testdata/.
var goldenCases = []struct {
	name, game, pos, first string
}{
	{"binim2", "binim2", "0110 10 0 111 1001 01", "Dum"},
	{"binim", "binim", "010 101 0 0110 1 11", "Dum"},
	{"abgame", "abgame", "A..B.A..B.A...A..B", ""},
	{"adapwns", "adapwns", "..P.P...P.P..PP.", ""},
	{"binstring", "binstring", "0110011101000111", ""},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		for _, ann := range []bool{false, true} {
			name := tc.name + "_bare"
			if ann {
				name = tc.name + "_annotated"
			}
			t.Run(name, func(t *testing.T) {
				pos := parse(t, tc.game, tc.pos, tc.first)
				img, err := Draw(pos, Options{Annotate: ann})
				if err != nil {
					t.Fatal(err)
				}
				got := pixelHash(img)
				hashFile := filepath.Join("testdata", name+".sha256")
				if *update {
					var buf bytes.Buffer
					enc := png.Encoder{CompressionLevel: png.BestCompression}
					if err := enc.Encode(&buf, img); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join("testdata", name+".png"), buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(hashFile, []byte(got+"\n"), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(hashFile)
				if err != nil {
					t.Fatalf("%v (run go test ./render -update)", err)
				}
				if got != strings.TrimSpace(string(want)) {
					t.Errorf("pixels changed: got sha256 %s, want %s; look at the picture and run go test ./render -update", got, want)
				}
			})
		}
	}
}

// largest returns the largest positions of each game: 6000-cell rows and
// 50 stacks of 50.
func largest(tb testing.TB) map[string]solver.Position {
	tb.Helper()
	var stacks []string
	seed := uint32(1)
	for range 50 {
		var b strings.Builder
		for range 50 {
			seed = seed*1664525 + 1013904223
			b.WriteByte("01"[seed>>31])
		}
		stacks = append(stacks, b.String())
	}
	row := func(unit string) string { return strings.Repeat(unit, solver.MaxPositionLen/len(unit)) }
	return map[string]solver.Position{
		"binim2":          parse(tb, "binim2", strings.Join(stacks, " "), "Dum"),
		"binim":           parse(tb, "binim", strings.Join(stacks, " "), "Dee"),
		"abgame":          parse(tb, "abgame", row("A..B.A...B.AB.B.A.."), ""),
		"abgame_dense":    parse(tb, "abgame", row("AB"), ""),
		"adapwns":         parse(tb, "adapwns", row("..P.P...P"), ""),
		"adapwns_dense":   parse(tb, "adapwns", row("P"), ""),
		"binstring":       parse(tb, "binstring", row("0110111001"), ""),
		"binstring_dense": parse(tb, "binstring", row("01"), ""),
	}
}

func TestLargestFits(t *testing.T) {
	for name, pos := range largest(t) {
		for _, ann := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/annotate=%v", name, ann), func(t *testing.T) {
				img, err := Draw(pos, Options{Annotate: ann})
				if err != nil {
					t.Fatal(err)
				}
				b := img.Bounds()
				if b.Dx() <= 0 || b.Dy() <= 0 || b.Dx() > MaxSide || b.Dy() > MaxSide || b.Dx()*b.Dy() > MaxPixels {
					t.Errorf("size %dx%d, want 1..%d each way and at most %d pixels", b.Dx(), b.Dy(), MaxSide, MaxPixels)
				}
				var buf bytes.Buffer
				if err := PNG(&buf, pos, Options{Annotate: ann}); err != nil {
					t.Fatal(err)
				}
				if buf.Len() > maxPNGBytes {
					t.Errorf("PNG has %d bytes, want at most %d", buf.Len(), maxPNGBytes)
				}
				t.Logf("%s annotate=%v: %dx%d", name, ann, b.Dx(), b.Dy())
			})
		}
	}
}

// TestEveryGame draws small, mid-game and edge positions of every game,
// with and without analysis.
func TestEveryGame(t *testing.T) {
	tests := []struct {
		name, game, pos, first string
		moves                  []solver.Move
	}{
		{"binim2 one stack", "binim2", "1", "Dum", nil},
		{"binim2 after a move", "binim2", "0011 1100 0101", "Dee", []solver.Move{solver.StackMove{Stack: 1, Take: 2}}},
		{"binim2 emptied", "binim2", "0", "Dee", []solver.Move{solver.StackMove{Stack: 1, Take: 1}}},
		{"binim after moves", "binim", "0011 1100 0101 1", "Dum", []solver.Move{solver.StackMove{Stack: 2, Take: 1}, solver.StackMove{Stack: 1, Take: 1}}},
		{"binim long stack", "binim", strings.Repeat("01", 3000), "Dee", nil},
		{"binim many stacks", "binim", strings.Repeat("0 1 ", 1500), "Dee", nil},
		{"abgame one cell", "abgame", "A", "", nil},
		{"abgame empty row", "abgame", "...", "", nil},
		{"abgame after a move", "abgame", "A..B.A..B", "", []solver.Move{solver.CellMove{From: 1, To: 2}}},
		{"adapwns no pawns", "adapwns", "....", "", nil},
		{"adapwns after a move", "adapwns", "..P.P", "", []solver.Move{solver.CellMove{From: 3, To: 1}}},
		{"binstring one", "binstring", "0", "", nil},
		{"binstring after a move", "binstring", "0110011", "", []solver.Move{solver.RangeMove{Start: 2, End: 4}}},
		{"binstring emptied", "binstring", "01", "", []solver.Move{solver.RangeMove{Start: 1, End: 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := parse(t, tc.game, tc.pos, tc.first)
			for _, m := range tc.moves {
				next, err := pos.Play(m)
				if err != nil {
					t.Fatalf("play %v: %v", m, err)
				}
				pos = next
			}
			for _, ann := range []bool{false, true} {
				var buf bytes.Buffer
				if err := PNG(&buf, pos, Options{Annotate: ann}); err != nil {
					t.Fatalf("annotate=%v: %v", ann, err)
				}
				img, err := png.Decode(&buf)
				if err != nil {
					t.Fatalf("annotate=%v: decoding: %v", ann, err)
				}
				if b := img.Bounds(); b.Dx() > MaxSide || b.Dy() > MaxSide || b.Empty() {
					t.Errorf("annotate=%v: size %dx%d", ann, b.Dx(), b.Dy())
				}
			}
		})
	}
}

func TestDrawRejectsUnknown(t *testing.T) {
	if _, err := Draw(nil, Options{}); err == nil {
		t.Error("Draw(nil) gave no error")
	}
}

// maxPNGBytes is the most a picture of the largest position may weigh.
const maxPNGBytes = 200 << 10

// BenchmarkPNG draws and encodes the largest position of each game, as a
// reply does, with the same positions drawn in full colour and encoded
// as the picture code did before (RGBA, BestSpeed) as the baseline.
func BenchmarkPNG(b *testing.B) {
	big := largest(b)
	for _, name := range []string{"binim2", "binim", "abgame", "abgame_dense", "adapwns", "adapwns_dense", "binstring", "binstring_dense"} {
		pos := big[name]
		b.Run(name+"/paletted", func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := PNG(&buf, pos, Options{Annotate: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
		b.Run(name+"/rgba-baseline", func(b *testing.B) {
			img, err := Draw(pos, Options{Annotate: true})
			if err != nil {
				b.Fatal(err)
			}
			rgba := image.NewRGBA(img.Bounds())
			draw.Draw(rgba, rgba.Rect, img, image.Point{}, draw.Src)
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				enc := png.Encoder{CompressionLevel: png.BestSpeed}
				if err := enc.Encode(&buf, rgba); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}

func BenchmarkDraw(b *testing.B) {
	big := largest(b)
	var cases []struct {
		name string
		pos  solver.Position
	}
	for _, tc := range goldenCases {
		cases = append(cases, struct {
			name string
			pos  solver.Position
		}{tc.name + "/small", parse(b, tc.game, tc.pos, tc.first)})
	}
	for _, name := range []string{"binim2", "binim", "abgame", "abgame_dense", "adapwns", "adapwns_dense", "binstring", "binstring_dense"} {
		cases = append(cases, struct {
			name string
			pos  solver.Position
		}{strings.Replace(name+"/max", "_dense/max", "/max_dense", 1), big[name]})
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Draw(tc.pos, Options{Annotate: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDrawConcurrent draws the golden positions from several goroutines
// at once: each drawing has its own faces, so the pictures must not change.
func TestDrawConcurrent(t *testing.T) {
	want := make([]string, len(goldenCases))
	positions := make([]solver.Position, len(goldenCases))
	for i, tc := range goldenCases {
		positions[i] = parse(t, tc.game, tc.pos, tc.first)
		img, err := Draw(positions[i], Options{Annotate: true})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = pixelHash(img)
	}
	errs := make(chan error, 4*len(positions))
	for range 4 {
		for i, pos := range positions {
			go func() {
				img, err := Draw(pos, Options{Annotate: true})
				if err == nil && pixelHash(img) != want[i] {
					err = fmt.Errorf("%s: pixels differ when drawn concurrently", goldenCases[i].name)
				}
				errs <- err
			}()
		}
	}
	for range 4 * len(positions) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestPNGRoundTrip encodes pictures with few and many colours and decodes
// them: the pixels come back, 8 bits a pixel.
func TestPNGRoundTrip(t *testing.T) {
	for _, tc := range goldenCases {
		for _, ann := range []bool{false, true} {
			pos := parse(t, tc.game, tc.pos, tc.first)
			img, err := Draw(pos, Options{Annotate: ann})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := PNG(&buf, pos, Options{Annotate: ann}); err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if p, ok := got.(*image.Paletted); !ok || len(p.Palette) < 17 || cfg.Width != img.Bounds().Dx() {
				t.Fatalf("%s: decoded %T, %d wide", tc.name, got, cfg.Width)
			}
			if pixelHash(got) != pixelHash(img) {
				t.Errorf("%s annotate=%v: pixels differ after a round trip", tc.name, ann)
			}
		}
	}
}

// TestMaxPixelsOption draws the largest positions under a smaller cap.
func TestMaxPixelsOption(t *testing.T) {
	for name, pos := range largest(t) {
		img, err := Draw(pos, Options{Annotate: true, MaxPixels: ReplyPixels})
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx()*b.Dy() > ReplyPixels {
			t.Errorf("%s: %dx%d, over %d pixels", name, b.Dx(), b.Dy(), ReplyPixels)
		}
	}
}
