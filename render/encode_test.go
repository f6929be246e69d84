package render

import (
	"bytes"
	"errors"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestWritePaletted decodes what writePaletted writes with image/png: the
// same pixels and palette, for a flat picture, one with a see-through
// colour (tRNS), and one of noise whose data spans several IDAT chunks.
func TestWritePaletted(t *testing.T) {
	noise := image.NewPaletted(image.Rect(0, 0, 700, 400), color.Palette{color.White, color.Black, color.RGBA{200, 0, 0, 255}})
	r := rand.New(rand.NewPCG(1, 2))
	for i := range noise.Pix {
		noise.Pix[i] = uint8(r.IntN(3))
	}
	seeThrough := image.NewPaletted(image.Rect(0, 0, 5, 3), color.Palette{color.RGBA{0, 0, 0, 0}, color.RGBA{10, 20, 30, 255}})
	seeThrough.Pix[7] = 1
	flat := image.NewPaletted(image.Rect(0, 0, 1, 1), color.Palette{Background})
	for name, img := range map[string]*image.Paletted{"noise": noise, "see-through": seeThrough, "one pixel": flat} {
		var buf bytes.Buffer
		if err := writePaletted(&buf, img); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%s: image/png cannot read it: %v", name, err)
		}
		p, ok := got.(*image.Paletted)
		if !ok || p.Bounds() != img.Bounds() || !bytes.Equal(p.Pix, img.Pix) {
			t.Fatalf("%s: decoded %T %v with other pixels", name, got, got.Bounds())
		}
		for i, c := range img.Palette {
			if color.NRGBAModel.Convert(p.Palette[i]) != color.NRGBAModel.Convert(c) {
				t.Errorf("%s: colour %d is %v, want %v", name, i, p.Palette[i], c)
			}
		}
	}
	if n := noiseChunks(t, noise); n < 2 {
		t.Errorf("the noise picture took %d IDAT chunks; the test wants several", n)
	}
}

// noiseChunks counts the IDAT chunks of img's file.
func noiseChunks(t *testing.T, img *image.Paletted) int {
	var buf bytes.Buffer
	if err := writePaletted(&buf, img); err != nil {
		t.Fatal(err)
	}
	return bytes.Count(buf.Bytes(), []byte("IDAT"))
}

type failingWriter struct{}

var errFull = errors.New("disk full")

func (failingWriter) Write([]byte) (int, error) { return 0, errFull }

// TestWritePalettedErrors: an empty picture is refused, and a writer's
// error comes back.
func TestWritePalettedErrors(t *testing.T) {
	if err := writePaletted(&bytes.Buffer{}, image.NewPaletted(image.Rect(0, 0, 0, 5), color.Palette{Background})); err == nil {
		t.Error("an empty picture was written")
	}
	img := image.NewPaletted(image.Rect(0, 0, 300, 300), color.Palette{Background, Ink})
	if err := writePaletted(failingWriter{}, img); !errors.Is(err, errFull) {
		t.Errorf("got %v, want the writer's error", err)
	}
}

// TestAdler32 checks adler32Update against hash/adler32 on data with runs
// of zeros of every length around a word, split at odd places, and on a
// block of 0xff bytes, the worst case for overflow.
func TestAdler32(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		data := make([]byte, r.IntN(3*adlerBlock))
		for i := 0; i < len(data); {
			run := r.IntN(40)
			if r.IntN(2) == 0 {
				for k := 0; k < run && i < len(data); k, i = k+1, i+1 {
					data[i] = byte(r.IntN(256))
				}
			} else {
				i += run
			}
		}
		if trial == 0 {
			data = bytes.Repeat([]byte{0xff}, 3*adlerBlock+5)
		}
		cut := r.IntN(len(data) + 1)
		got := adler32Update(adler32Update(1, data[:cut]), data[cut:])
		if want := adler32.Checksum(data); got != want {
			t.Fatalf("trial %d (%d bytes, cut at %d): %08x, want %08x", trial, len(data), cut, got, want)
		}
	}
}

// BenchmarkAdler32 compares adler32Update with hash/adler32 on a row of a
// picture: mostly background, some cells of colour and text.
func BenchmarkAdler32(b *testing.B) {
	row := make([]byte, 1<<20)
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < len(row); i += 64 {
		if r.IntN(3) == 0 {
			c := byte(1 + r.IntN(30))
			for k := i; k < min(len(row), i+40); k++ {
				row[k] = c
			}
		}
	}
	b.Run("nimtutor", func(b *testing.B) {
		b.SetBytes(int64(len(row)))
		for b.Loop() {
			adler32Update(1, row)
		}
	})
	b.Run("hash-adler32", func(b *testing.B) {
		b.SetBytes(int64(len(row)))
		for b.Loop() {
			adler32.Checksum(row)
		}
	})
}
