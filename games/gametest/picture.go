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

// testLargestPictures draws the positions at the slash command's limit,
// bare and annotated, within MaxSide×MaxSide, and every position reached
// from the starting positions of size 1, emptied ones included.
func testLargestPictures(t *testing.T, s Spec) {
	check := func(name string, pos solver.Position) {
		for _, ann := range []bool{false, true} {
			img, err := render.Draw(pos, render.Options{Annotate: ann})
			if err != nil {
				t.Fatalf("%s annotate=%v: %v", name, ann, err)
			}
			if b := img.Bounds(); b.Dx() <= 0 || b.Dy() <= 0 || b.Dx() > render.MaxSide || b.Dy() > render.MaxSide || b.Dx()*b.Dy() > render.MaxPixels {
				t.Errorf("%s annotate=%v: size %dx%d, want 1..%d each way and at most %d pixels", name, ann, b.Dx(), b.Dy(), render.MaxSide, render.MaxPixels)
			}
		}
		img, err := render.Draw(pos, render.Options{Annotate: true, MaxPixels: render.ReplyPixels})
		if err != nil {
			t.Fatalf("%s with the reply's cap: %v", name, err)
		}
		if b := img.Bounds(); b.Dx()*b.Dy() > render.ReplyPixels {
			t.Errorf("%s with the reply's cap: %dx%d, over %d pixels", name, b.Dx(), b.Dy(), render.ReplyPixels)
		}
	}
	for name, text := range s.Large {
		if testing.Short() || RaceEnabled {
			break
		}
		check(name, mustParse(t, s.Game, text, solver.ParseOptions{First: s.Game.PlayerName(0)}))
	}
	n := walk(t, s, 1, func(pos solver.Position) { check(fullKey(pos), pos) })
	long := s.Long(solver.MaxLongPositionLen)
	check("longest file", mustParse(t, s.Game, long, solver.ParseOptions{First: s.Game.PlayerName(0), Long: true}))
	t.Logf("%d large and %d small positions drawn", len(s.Large), n)
}

// BenchDraw measures drawing each position, annotated.
func BenchDraw(b *testing.B, g solver.Game, positions map[string]string) {
	for name, text := range positions {
		b.Run(name, func(b *testing.B) {
			pos := mustParse(b, g, text, solver.ParseOptions{First: g.PlayerName(0)})
			for b.Loop() {
				if _, err := render.Draw(pos, render.Options{Annotate: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
