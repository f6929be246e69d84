package chart

import (
	"bytes"
	"errors"
	"image/png"
	"slices"
	"testing"
)

// TestGrundyBarsReadBack draws sequences of every shape and reads the
// bars back from the decoded PNG: each bar's height in units is its
// value, a value of 0 has its red mark, and a sequence longer than
// MaxBars is drawn up to it.
func TestGrundyBarsReadBack(t *testing.T) {
	long := make([]int64, 1000)
	for k := range long {
		long[k] = int64(k*7%23) % 13
	}
	for _, tc := range []struct {
		name string
		g    Grundy
	}{
		{"periodic", Grundy{Rule: "subtract 1,3,4", Values: []int64{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1}, Proven: true, Period: 7}},
		{"preperiod", Grundy{Rule: "x", Values: []int64{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2}, Proven: true, Preperiod: 5, Period: 4}},
		{"none proven", Grundy{Rule: "y", Values: long}},
		{"all zero", Grundy{Rule: "z", Values: []int64{0, 0, 0}}},
		{"one tall", Grundy{Rule: "w", Values: []int64{0, 400}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := GrundyPNG(&buf, tc.g); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			l := LayoutGrundy(tc.g)
			if img.Bounds().Dx() != l.Width || img.Bounds().Dy() != l.Height {
				t.Errorf("size %v, layout %dx%d", img.Bounds(), l.Width, l.Height)
			}
			want := tc.g.Values[:min(len(tc.g.Values), MaxBars)]
			if got := l.ReadGrundy(img); !slices.Equal(got, want) {
				t.Errorf("bars read back\n got %v\nwant %v", got, want)
			}
		})
	}
	if err := GrundyPNG(&bytes.Buffer{}, Grundy{Rule: "none"}); !errors.Is(err, ErrEmpty) {
		t.Errorf("no values: %v, want ErrEmpty", err)
	}
}

// TestGrundyGolden keeps the picture of a sequence with a preperiod as
// testdata/grundy.png: look at it after a change, then -update.
func TestGrundyGolden(t *testing.T) {
	var buf bytes.Buffer
	g := Grundy{Rule: "a made-up rule", Values: []int64{0, 1, 1, 0, 2, 1, 3, 0, 2, 2, 3, 1, 1, 0, 3, 1, 2, 0, 2, 2, 3, 1, 1, 0, 3, 1, 2, 0, 2, 2}, Proven: true, Preperiod: 4, Period: 10}
	if err := GrundyPNG(&buf, g); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "grundy.png", buf.Bytes())
}

// BenchmarkGrundyPNG measures drawing and encoding the chart of 300
// values (the most a chart draws).
//
//	go test ./chart -run '^$' -bench Grundy
func BenchmarkGrundyPNG(b *testing.B) {
	g := Grundy{Rule: "bench", Proven: true, Preperiod: 71, Period: 12}
	for k := range MaxBars {
		g.Values = append(g.Values, int64(k*7%23)%9)
	}
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			if _, err := DrawGrundy(g); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("png", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := GrundyPNG(&buf, g); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(buf.Len()), "bytes")
	})
}
