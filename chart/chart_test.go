package chart

import (
	"bytes"
	"errors"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the charts in testdata")

func TestRatingPNG(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	var a, b Series
	a.Name, b.Name = "adapwns", "binim2"
	r := 1500.0
	for i := range 20 {
		r += float64((i*37)%90 - 35)
		a.Points = append(a.Points, Point{At: t0.Add(time.Duration(i) * 7 * time.Hour), Rating: r})
		if i%2 == 0 {
			b.Points = append(b.Points, Point{At: t0.Add(time.Duration(i) * 9 * time.Hour), Rating: 1500 - float64(i*12)})
		}
	}
	var buf bytes.Buffer
	if err := RatingPNG(&buf, "Rating over time", []Series{a, b}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
		t.Errorf("size %v", img.Bounds())
	}
	// A line's colour appears in the plot area.
	found := false
	for x := left; x < Width-right && !found; x++ {
		for y := top; y < Height-bottom; y++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 == 0x3b && g>>8 == 0x82 && b>>8 == 0xf6 {
				found = true
				break
			}
		}
	}
	if !found {
		t.Error("the first series is not drawn")
	}
	checkGolden(t, "progress.png", buf.Bytes())
	// One point only, and no points.
	if err := RatingPNG(&bytes.Buffer{}, "one", []Series{{Name: "x", Points: a.Points[:1]}}); err != nil {
		t.Errorf("one point: %v", err)
	}
	if err := RatingPNG(&bytes.Buffer{}, "none", nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("no points: %v, want ErrEmpty", err)
	}
}

// checkGolden compares a drawn chart with testdata/name, which -update
// rewrites.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./chart -update)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("the chart differs from %s; look at it and run go test ./chart -update", golden)
	}
}
