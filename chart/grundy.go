package chart

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"slices"
	"strconv"
)

// Grundy is a heap rule's Grundy values as the chart draws them: a bar a
// heap, the preperiod shaded, the periodic part in bands a period wide.
// It is plain data: the chart knows nothing of the rules.
type Grundy struct {
	// Rule names the rule in the title: "kayles", "subtract 1,3,4".
	Rule string
	// Values are the values of heaps 0, 1, 2, ….
	Values []int64
	// Proven reports that from heap Preperiod on the values repeat every
	// Period.
	Proven            bool
	Preperiod, Period int
}

// MaxBars is the most heaps a Grundy chart draws; a longer sequence is
// drawn from heap 0 to MaxBars-1, and the title says so.
const MaxBars = 300

// The Grundy chart's colours.
var (
	barPre      = color.RGBA{0x7f, 0x8c, 0x8d, 0xff} // preperiod bars
	barPeriod   = color.RGBA{0x2e, 0x9e, 0x5b, 0xff} // bars of the periodic part
	barNone     = color.RGBA{0x3b, 0x82, 0xf6, 0xff} // bars when no period is proven
	zeroMark    = color.RGBA{0xc0, 0x39, 0x2b, 0xff} // the mark under a heap of value 0
	bandPre     = color.RGBA{0xee, 0xee, 0xee, 0xff}
	bandPeriod  = color.RGBA{0xe6, 0xf4, 0xea, 0xff}
	periodStart = color.RGBA{0x1e, 0x6e, 0x3f, 0xff}
)

// GrundyLayout is where a Grundy chart puts its bars: the bar of heap n
// is Bars[n], from Base-Unit·g(n) to Base (empty for a value of 0,
// which is marked in red below the axis instead).
type GrundyLayout struct {
	Width, Height int
	// Base is the y of the axis: the row below every bar.
	Base int
	// Unit is the height of one unit of value, in pixels.
	Unit int
	// Bars holds one rectangle a heap drawn (at most MaxBars).
	Bars []image.Rectangle
}

// Margins and sizes of the Grundy chart.
const (
	gTop, gBottom, gLeft, gRight = 52, 58, 44, 16
	gPlotHeight                  = 260
	gMinWidth                    = 620
)

// LayoutGrundy places the bars of g.
func LayoutGrundy(g Grundy) GrundyLayout {
	n := min(len(g.Values), MaxBars)
	step := 16
	if n > 0 {
		step = min(16, max(3, 900/n))
	}
	top := int64(1)
	if n > 0 {
		top = max(1, slices.Max(g.Values[:n]))
	}
	unit := max(1, gPlotHeight/int(top))
	l := GrundyLayout{Unit: unit, Base: gTop + unit*int(top)}
	l.Width = max(gMinWidth, gLeft+gRight+n*step)
	l.Height = l.Base + gBottom
	for k := range n {
		x := gLeft + k*step
		l.Bars = append(l.Bars, image.Rect(x, l.Base-unit*int(g.Values[k]), x+step-1, l.Base))
	}
	return l
}

// GrundyPNG writes the chart of g as a PNG. The chart has few colours
// (flat fills, and text blended over a few backgrounds), so it is
// written with a palette, which PNG stores without per-row filtering
// at a fraction of the cost of full colour (the reply waits for it).
func GrundyPNG(w io.Writer, g Grundy) error {
	img, err := DrawGrundy(g)
	if err != nil {
		return err
	}
	if p, ok := paletted(img); ok {
		return png.Encode(w, p)
	}
	return png.Encode(w, img)
}

// paletted returns img with a palette of the colours it uses, or false
// when it uses more than 256.
func paletted(img *image.RGBA) (*image.Paletted, bool) {
	b := img.Bounds()
	index := map[color.RGBA]uint8{}
	var pal color.Palette
	out := image.NewPaletted(b, nil)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		orow := out.Pix[out.PixOffset(b.Min.X, y):]
		last, lastIdx := color.RGBA{}, uint8(0)
		for x := 0; x < b.Dx(); x++ {
			c := color.RGBA{row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]}
			if x > 0 && c == last {
				orow[x] = lastIdx
				continue
			}
			k, ok := index[c]
			if !ok {
				if len(pal) == 256 {
					return nil, false
				}
				k = uint8(len(pal))
				index[c] = k
				pal = append(pal, c)
			}
			orow[x], last, lastIdx = k, c, k
		}
	}
	out.Palette = pal
	return out, true
}

// DrawGrundy draws the chart of g: a bar a heap, its height the heap's
// value, on a scale at the left; heaps of value 0 (lost for the player
// to move) marked red under the axis; the preperiod shaded grey and the
// periodic part in green bands, one a period, its start marked; the
// heap numbers below.
func DrawGrundy(g Grundy) (*image.RGBA, error) {
	fc, err := loadFace()
	if err != nil {
		return nil, fmt.Errorf("chart: font: %w", err)
	}
	if len(g.Values) == 0 {
		return nil, ErrEmpty
	}
	l := LayoutGrundy(g)
	n := len(l.Bars)
	img := image.NewRGBA(image.Rect(0, 0, l.Width, l.Height))
	draw.Draw(img, img.Bounds(), &image.Uniform{background}, image.Point{}, draw.Src)
	step := l.Bars[0].Dx() + 1
	plotTop := gTop - 4
	// Bands: the preperiod, then the periods.
	periodic := g.Proven && g.Period > 0
	if periodic {
		if pre := min(g.Preperiod, n); pre > 0 {
			fillRect(img, image.Rect(gLeft, plotTop, gLeft+pre*step, l.Base), bandPre)
		}
		for k, start := 0, g.Preperiod; start < n; k, start = k+1, start+g.Period {
			if k%2 == 0 {
				fillRect(img, image.Rect(gLeft+start*step, plotTop, gLeft+min(start+g.Period, n)*step, l.Base), bandPeriod)
			}
		}
	}
	// The scale: a line at every tick of value.
	top := (l.Base - gTop) / l.Unit
	tick := 1
	for top/tick > 8 {
		tick = next125(tick)
	}
	for v := 0; v <= top; v += tick {
		y := l.Base - v*l.Unit
		hline(img, gLeft-4, gLeft-1, y, ink)
		label := strconv.Itoa(v)
		text(img, fc, gLeft-8-textWidth(fc, label), y+4, label, ink)
	}
	// The period's start: a line in the gap before its first bar, drawn
	// under the bars.
	if periodic && g.Preperiod < n {
		x := gLeft + g.Preperiod*step
		vline(img, x-1, plotTop-2, l.Base, periodStart)
		vline(img, x, plotTop-2, l.Base, periodStart)
	}
	// Bars, and the zero marks.
	for k, r := range l.Bars {
		col := barNone
		if periodic {
			col = barPeriod
			if k < g.Preperiod {
				col = barPre
			}
		}
		if r.Dy() > 0 {
			fillRect(img, r, col)
		} else {
			fillRect(img, image.Rect(r.Min.X, l.Base+2, r.Max.X, l.Base+6), zeroMark)
		}
	}
	vline(img, gLeft-1, plotTop, l.Base, ink)
	hline(img, gLeft-1, gLeft+n*step, l.Base+1, ink)
	// Heap numbers: every 5th, 10th, … heap, and the period's start.
	every := 5
	for textWidth(fc, strconv.Itoa(n))+6 > every*step {
		every = next125(every)
	}
	for k := 0; k < n; k += every {
		label := strconv.Itoa(k)
		cx := gLeft + k*step + step/2
		vline(img, cx, l.Base+7, l.Base+10, ink)
		text(img, fc, cx-textWidth(fc, label)/2, l.Base+23, label, ink)
	}
	// Title and what the colours mean.
	title := fmt.Sprintf("Grundy values of %s, heaps 0 to %d", g.Rule, n-1)
	if n < len(g.Values) {
		title += fmt.Sprintf(" (of 0 to %d)", len(g.Values)-1)
	}
	text(img, fc, gLeft, 18, title, ink)
	sub := "No period proven within the budget."
	if periodic {
		sub = fmt.Sprintf("Preperiod: heaps 0 to %d (grey). Period %d from heap %d on (green bands, one a period).", g.Preperiod-1, g.Period, g.Preperiod)
		if g.Preperiod == 0 {
			sub = fmt.Sprintf("No preperiod. Period %d from heap 0 on (green bands, one a period).", g.Period)
		}
	}
	text(img, fc, gLeft, 36, sub, ink)
	fillRect(img, image.Rect(gLeft, l.Height-16, gLeft+10, l.Height-12), zeroMark)
	text(img, fc, gLeft+16, l.Height-8, "value 0: the player to move loses on that heap alone. Bar height: the heap's value.", ink)
	return img, nil
}

// next125 is the tick after t in 1, 2, 5, 10, 20, 50, ….
func next125(t int) int {
	switch s := strconv.Itoa(t)[0]; s {
	case '1':
		return t * 2
	case '2':
		return t * 5 / 2
	}
	return t * 2
}

// ReadGrundy reads the values back from a drawn chart laid out as l: the
// height of each bar in units, from its middle column. A test compares
// them with the sequence the chart was drawn from, so that the picture
// is checked, not only the numbers given to it.
func (l GrundyLayout) ReadGrundy(img image.Image) []int64 {
	out := make([]int64, len(l.Bars))
	for k, r := range l.Bars {
		x := (r.Min.X + r.Max.X - 1) / 2
		h := 0
		for y := l.Base - 1; y >= 0 && isBar(img.At(x, y)); y-- {
			h++
		}
		out[k] = int64(h / l.Unit)
		if h%l.Unit != 0 {
			out[k] = -1 // not a whole number of units: the picture is wrong
		}
		if h == 0 && !same(img.At(x, l.Base+3), zeroMark) {
			out[k] = -1 // an empty bar without its zero mark
		}
	}
	return out
}

func isBar(c color.Color) bool {
	return same(c, barPre) || same(c, barPeriod) || same(c, barNone)
}

func same(c color.Color, want color.RGBA) bool {
	r, g, b, a := c.RGBA()
	return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B && uint8(a>>8) == want.A
}
