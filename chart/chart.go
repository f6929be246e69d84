// Package chart draws charts as PNGs: a learner's rating over time, one
// line per game, with the rating scale on the left and the dates below;
// and a heap rule's Grundy values, a bar a heap, with the preperiod and
// the period marked (grundy.go). It knows nothing of Discord, the store
// or the games' rules: it draws the numbers it is given.
package chart

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"sync"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Point is one rating at one time.
type Point struct {
	At     time.Time
	Rating float64
}

// Series is one line: a game's ratings, oldest first.
type Series struct {
	Name   string
	Points []Point
}

// Size of the picture, in pixels.
const (
	Width  = 720
	Height = 360
)

// ErrEmpty reports a chart with no point to draw.
var ErrEmpty = errors.New("chart: nothing to draw")

// loadFace parses the font once.
var loadFace = sync.OnceValues(func() (font.Face, error) {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: 13, DPI: 72, Hinting: font.HintingFull})
})

// palette gives each series its colour, in order.
var palette = []color.RGBA{
	{0x3b, 0x82, 0xf6, 0xff}, {0xe6, 0x7e, 0x22, 0xff}, {0x2e, 0x9e, 0x5b, 0xff},
	{0xc0, 0x39, 0x2b, 0xff}, {0x8e, 0x44, 0xad, 0xff}, {0x16, 0xa0, 0x85, 0xff},
}

var (
	background = color.RGBA{0xff, 0xff, 0xff, 0xff}
	ink        = color.RGBA{0x33, 0x33, 0x33, 0xff}
	grid       = color.RGBA{0xe3, 0xe3, 0xe3, 0xff}
)

// Margins around the plot area.
const (
	left, right, top, bottom = 56, 16, 34, 40
)

// RatingPNG writes the chart of the series as a PNG. Each point is one
// answer; the x axis is the answer's time.
func RatingPNG(w io.Writer, title string, series []Series) error {
	img, err := Draw(title, series)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// Draw draws the chart.
func Draw(title string, series []Series) (*image.RGBA, error) {
	fc, err := loadFace()
	if err != nil {
		return nil, fmt.Errorf("chart: font: %w", err)
	}
	var all []Point
	for _, s := range series {
		all = append(all, s.Points...)
	}
	if len(all) == 0 {
		return nil, ErrEmpty
	}
	byTime := func(a, b Point) int { return a.At.Compare(b.At) }
	byRating := func(a, b Point) int { return cmp.Compare(a.Rating, b.Rating) }
	t0, t1 := slices.MinFunc(all, byTime).At, slices.MaxFunc(all, byTime).At
	lo, hi := slices.MinFunc(all, byRating).Rating, slices.MaxFunc(all, byRating).Rating
	// Round the scale out to 50s, at least 100 wide.
	lo, hi = math.Floor(lo/50)*50, math.Ceil(hi/50)*50
	if hi-lo < 100 {
		mid := (lo + hi) / 2
		lo, hi = math.Floor((mid-50)/50)*50, math.Ceil((mid+50)/50)*50
	}
	span := t1.Sub(t0)
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(img, img.Bounds(), &image.Uniform{background}, image.Point{}, draw.Src)
	plot := image.Rect(left, top, Width-right, Height-bottom)
	x := func(at time.Time) int {
		if span <= 0 {
			return (plot.Min.X + plot.Max.X) / 2
		}
		return plot.Min.X + int(float64(plot.Dx())*float64(at.Sub(t0))/float64(span))
	}
	y := func(r float64) int { return plot.Max.Y - int(float64(plot.Dy())*(r-lo)/(hi-lo)) }
	// Grid and scale every 50 (or 100, 200 for wide ranges).
	step := 50.0
	for (hi-lo)/step > 8 {
		step *= 2
	}
	for r := lo; r <= hi+0.5; r += step {
		hline(img, plot.Min.X, plot.Max.X, y(r), grid)
		label := fmt.Sprintf("%.0f", r)
		text(img, fc, plot.Min.X-6-textWidth(fc, label), y(r)+4, label, ink)
	}
	vline(img, plot.Min.X, plot.Min.Y, plot.Max.Y, ink)
	hline(img, plot.Min.X, plot.Max.X, plot.Max.Y, ink)
	// Dates at both ends.
	text(img, fc, plot.Min.X, plot.Max.Y+18, t0.Format("2 Jan 2006"), ink)
	if span > 0 {
		end := t1.Format("2 Jan 2006")
		text(img, fc, plot.Max.X-textWidth(fc, end), plot.Max.Y+18, end, ink)
	}
	text(img, fc, left, 20, title, ink)
	// Lines, then a legend along the bottom.
	lx := plot.Min.X
	for k, s := range series {
		col := palette[k%len(palette)]
		for i, p := range s.Points {
			px, py := x(p.At), y(p.Rating)
			dot(img, px, py, col)
			if i > 0 {
				q := s.Points[i-1]
				line(img, x(q.At), y(q.Rating), px, py, col)
			}
		}
		if len(s.Points) > 0 {
			fillRect(img, image.Rect(lx, Height-14, lx+10, Height-4), col)
			text(img, fc, lx+14, Height-4, s.Name, ink)
			lx += 24 + textWidth(fc, s.Name)
		}
	}
	return img, nil
}

func text(img *image.RGBA, fc font.Face, x, y int, s string, col color.Color) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: fc, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func textWidth(fc font.Face, s string) int { return font.MeasureString(fc, s).Ceil() }

func hline(img *image.RGBA, x0, x1, y int, col color.RGBA) {
	fillRect(img, image.Rect(x0, y, x1+1, y+1), col)
}

func vline(img *image.RGBA, x, y0, y1 int, col color.RGBA) {
	fillRect(img, image.Rect(x, y0, x+1, y1+1), col)
}

func fillRect(img *image.RGBA, r image.Rectangle, col color.RGBA) {
	draw.Draw(img, r, &image.Uniform{col}, image.Point{}, draw.Src)
}

func dot(img *image.RGBA, cx, cy int, col color.RGBA) {
	fillRect(img, image.Rect(cx-2, cy-2, cx+3, cy+3), col)
}

// line draws a two-pixel line from (x0, y0) to (x1, y1).
func line(img *image.RGBA, x0, y0, x1, y1 int, col color.RGBA) {
	steps := max(x1-x0, x0-x1, y1-y0, y0-y1, 1)
	for i := 0; i <= steps; i++ {
		x := x0 + (x1-x0)*i/steps
		y := y0 + (y1-y0)*i/steps
		img.SetRGBA(x, y, col)
		img.SetRGBA(x, y+1, col)
	}
}
