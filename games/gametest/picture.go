package gametest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// pixelHash is the sha256 of a picture's RGBA pixels and size, so that a
// change in PNG encoding does not break the golden files.
func pixelHash(img image.Image) string {
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	h := sha256.New()
	fmt.Fprintf(h, "%dx%d\n", b.Dx(), b.Dy())
	h.Write(rgba.Pix)
	return hex.EncodeToString(h.Sum(nil))
}

// testPictureGolden compares the pictures of Spec.Drawn, bare and
// annotated, with the hashes of their pixels in testdata; go test -update
// rewrites the hashes and the PNG files to look at.
func testPictureGolden(t *testing.T, s Spec) {
	for _, c := range s.Drawn {
		for _, ann := range []bool{false, true} {
			name := "picture_" + c.Name + "_bare"
			if ann {
				name = "picture_" + c.Name + "_annotated"
			}
			t.Run(name, func(t *testing.T) {
				img, err := render.Draw(c.position(t, s.Game), render.Options{Annotate: ann})
				if err != nil {
					t.Fatal(err)
				}
				got := pixelHash(img)
				roundTrip(t, img)
				hashFile := filepath.Join("testdata", name+".sha256")
				if *Update {
					var buf bytes.Buffer
					if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join("testdata", name+".png"), buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				golden(t, hashFile, got+"\n")
			})
		}
	}
}

// maxPNGBytes is the most a picture of the largest position may weigh.
const maxPNGBytes = 200 << 10

// testLargestPictures draws the positions at the slash command's limit,
// bare and annotated, within MaxSide on a side and MaxPixels (ReplyPixels
// when a reply asks for it), as PNGs of at most maxPNGBytes, and every
// position reached from the starting positions of size 1, emptied ones
// included.
func testLargestPictures(t *testing.T, s Spec) {
	check := func(name string, pos solver.Position, large bool) {
		variants := []render.Options{{}, {Annotate: true}}
		if large {
			variants = append(variants, render.Options{Annotate: true, MaxPixels: render.ReplyPixels})
		}
		for _, opts := range variants {
			img, err := render.Draw(pos, opts)
			if err != nil {
				t.Fatalf("%s %+v: %v", name, opts, err)
			}
			most := render.MaxPixels
			if opts.MaxPixels > 0 {
				most = opts.MaxPixels
			}
			if b := img.Bounds(); b.Dx() <= 0 || b.Dy() <= 0 || b.Dx() > render.MaxSide || b.Dy() > render.MaxSide || b.Dx()*b.Dy() > most {
				t.Errorf("%s %+v: size %dx%d, want 1..%d each way and at most %d pixels", name, opts, b.Dx(), b.Dy(), render.MaxSide, most)
			}
			if !large {
				continue
			}
			var buf bytes.Buffer
			if err := render.PNG(&buf, pos, opts); err != nil {
				t.Fatal(err)
			}
			if buf.Len() > maxPNGBytes {
				t.Errorf("%s %+v: PNG has %d bytes, want at most %d", name, opts, buf.Len(), maxPNGBytes)
			}
		}
	}
	for name, text := range s.Large {
		if testing.Short() || RaceEnabled {
			break
		}
		check(name, mustParse(t, s.Game, text, solver.ParseOptions{First: s.Game.PlayerName(0)}), true)
	}
	n := walk(t, s, 1, func(pos solver.Position) { check(fullKey(pos), pos, false) })
	// Replies draw no picture of a position given as a file, but the
	// command line does: the longest one fits too.
	long := mustParse(t, s.Game, s.Long(solver.MaxLongPositionLen), solver.ParseOptions{First: s.Game.PlayerName(0), Long: true})
	if img, err := render.Draw(long, render.Options{Annotate: true}); err != nil {
		t.Fatalf("longest file: %v", err)
	} else if b := img.Bounds(); b.Dx()*b.Dy() > render.MaxPixels || b.Dx() > render.MaxSide || b.Dy() > render.MaxSide {
		t.Errorf("longest file: size %dx%d, over the limits", b.Dx(), b.Dy())
	}
	t.Logf("%d large and %d small positions drawn", len(s.Large), n)
}

// roundTrip encodes img as render.PNG does and decodes it: the pixels
// come back, 8 bits a pixel.
func roundTrip(t *testing.T, img *image.Paletted) {
	t.Helper()
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := got.(*image.Paletted); !ok || len(p.Palette) != len(img.Palette) || got.Bounds() != img.Bounds() {
		t.Fatalf("decoded %T %v, want a paletted picture of %v with its %d colours", got, got.Bounds(), img.Bounds(), len(img.Palette))
	}
	if pixelHash(got) != pixelHash(img) {
		t.Errorf("pixels differ after a round trip through PNG")
	}
}

// BenchDraw measures drawing each position, annotated, and drawing and
// encoding it as a PNG, as a reply does.
func BenchDraw(b *testing.B, g solver.Game, positions map[string]string) {
	for name, text := range positions {
		pos := mustParse(b, g, text, solver.ParseOptions{First: g.PlayerName(0)})
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := render.Draw(pos, render.Options{Annotate: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/png", func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := render.PNG(&buf, pos, render.Options{Annotate: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
		// The baseline: the same picture through image/png at its fastest.
		b.Run(name+"/png/image-png", func(b *testing.B) {
			var buf bytes.Buffer
			enc := png.Encoder{CompressionLevel: png.BestSpeed}
			for b.Loop() {
				buf.Reset()
				img, err := render.Draw(pos, render.Options{Annotate: true})
				if err != nil {
					b.Fatal(err)
				}
				if err := enc.Encode(&buf, img); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}
