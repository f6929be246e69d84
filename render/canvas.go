package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The embedded Go fonts, parsed once. A parsed font is safe for concurrent
// use; the faces made from it are not, so every drawing makes its own.
var (
	fontsOnce           sync.Once
	regularTTF, boldTTF *opentype.Font
	fontsErr            error
)

func loadFonts() error {
	fontsOnce.Do(func() {
		regularTTF, fontsErr = opentype.Parse(goregular.TTF)
		if fontsErr != nil {
			return
		}
		boldTTF, fontsErr = opentype.Parse(gobold.TTF)
	})
	return fontsErr
}

// glyph is a rasterised rune, kept so that a row of 6000 cells
// rasterises each digit or letter once.
type glyph struct {
	mask    *image.Alpha
	off     image.Point // mask's top left relative to the dot
	advance int
}

// face is a font at one size with a glyph cache.
type face struct {
	f      font.Face
	ascent int
	height int
	glyphs map[rune]*glyph
}

func newFace(bold bool, size float64) (*face, error) {
	if err := loadFonts(); err != nil {
		return nil, fmt.Errorf("render: loading fonts: %w", err)
	}
	ttf := regularTTF
	if bold {
		ttf = boldTTF
	}
	f, err := opentype.NewFace(ttf, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("render: making a %.0f px face: %w", size, err)
	}
	m := f.Metrics()
	return &face{f: f, ascent: m.Ascent.Ceil(), height: m.Ascent.Ceil() + m.Descent.Ceil(), glyphs: map[rune]*glyph{}}, nil
}

func (fc *face) glyph(r rune) *glyph {
	if g, ok := fc.glyphs[r]; ok {
		return g
	}
	dr, mask, maskp, adv, ok := fc.f.Glyph(fixed.Point26_6{}, r)
	if !ok {
		dr, mask, maskp, adv, _ = fc.f.Glyph(fixed.Point26_6{}, '?')
	}
	a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
	if mask != nil {
		draw.Draw(a, a.Bounds(), mask, maskp, draw.Src)
	}
	g := &glyph{mask: a, off: dr.Min, advance: adv.Round()}
	fc.glyphs[r] = g
	return g
}

// width returns the advance of s in pixels.
func (fc *face) width(s string) int {
	w := 0
	for _, r := range s {
		w += fc.glyph(r).advance
	}
	return w
}

// Canvas is a picture being drawn, with its faces. Game packages draw
// marks on cells (a pawn, an arrow) with its Rect, Triangle and Disc.
type Canvas struct {
	img *image.RGBA
	// title, text, label and small are the faces for the title line, the
	// header lines, labels of brackets and stacks, and cell numbers.
	title, text, label, small *face
}

func newFaces() (*Canvas, error) {
	c := &Canvas{}
	var err error
	if c.title, err = newFace(true, 18); err != nil {
		return nil, err
	}
	if c.text, err = newFace(false, 14); err != nil {
		return nil, err
	}
	if c.label, err = newFace(false, 12); err != nil {
		return nil, err
	}
	if c.small, err = newFace(false, 11); err != nil {
		return nil, err
	}
	return c, nil
}

// start allocates a white picture of w×h pixels.
func (c *Canvas) start(w, h int) {
	c.img = image.NewRGBA(image.Rect(0, 0, w, h))
	// Fill by doubling copies: twice as fast as draw.Draw on big pictures.
	pix := c.img.Pix
	if len(pix) == 0 {
		return
	}
	bg := Background
	copy(pix, []byte{bg.R, bg.G, bg.B, bg.A})
	for k := 4; k < len(pix); k *= 2 {
		copy(pix[k:], pix[:k])
	}
}

// Rect fills r with col.
func (c *Canvas) Rect(r image.Rectangle, col color.Color) {
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Over)
}

// frame draws the outline of r, t pixels thick.
func (c *Canvas) frame(r image.Rectangle, t int, col color.Color) {
	c.Rect(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+t), col)
	c.Rect(image.Rect(r.Min.X, r.Max.Y-t, r.Max.X, r.Max.Y), col)
	c.Rect(image.Rect(r.Min.X, r.Min.Y, r.Min.X+t, r.Max.Y), col)
	c.Rect(image.Rect(r.Max.X-t, r.Min.Y, r.Max.X, r.Max.Y), col)
}

// text draws s with its baseline at y, starting at x, and returns the x
// after it.
func (c *Canvas) textAt(fc *face, x, y int, s string, col color.Color) int {
	src := image.NewUniform(col)
	for _, r := range s {
		g := fc.glyph(r)
		p := image.Pt(x, y).Add(g.off)
		draw.DrawMask(c.img, image.Rectangle{Min: p, Max: p.Add(g.mask.Rect.Size())}, src, image.Point{}, g.mask, image.Point{}, draw.Over)
		x += g.advance
	}
	return x
}

// centred draws s centred horizontally on cx and vertically in the band
// [top, top+h).
func (c *Canvas) centred(fc *face, cx, top, h int, s string, col color.Color) {
	w := fc.width(s)
	base := top + (h-fc.height)/2 + fc.ascent
	c.textAt(fc, cx-w/2, base, s, col)
}

// Triangle fills the triangle a, b, d.
func (c *Canvas) Triangle(a, b, d image.Point, col color.Color) {
	minY := min(a.Y, b.Y, d.Y)
	maxY := max(a.Y, b.Y, d.Y)
	pts := [3]image.Point{a, b, d}
	for y := minY; y <= maxY; y++ {
		fy := float64(y) + 0.5
		lo, hi := 1e9, -1e9
		for i := range 3 {
			p, q := pts[i], pts[(i+1)%3]
			if (float64(p.Y) <= fy) == (float64(q.Y) <= fy) {
				continue
			}
			x := float64(p.X) + (fy-float64(p.Y))*float64(q.X-p.X)/float64(q.Y-p.Y)
			lo, hi = min(lo, x), max(hi, x)
		}
		if lo <= hi {
			c.Rect(image.Rect(int(lo+0.5), y, int(hi+0.5), y+1), col)
		}
	}
}

// Disc fills the circle of radius r around (cx, cy).
func (c *Canvas) Disc(cx, cy, r int, col color.Color) {
	for dy := -r; dy <= r; dy++ {
		dx := 0
		for (dx+1)*(dx+1)+dy*dy <= r*r {
			dx++
		}
		c.Rect(image.Rect(cx-dx, cy+dy, cx+dx+1, cy+dy+1), col)
	}
}

// Span is one piece of a header line in its own colour.
type Span struct {
	Text  string
	Color color.Color
}

// Header is the title, the lines below it and the legend, drawn above
// every picture.
type Header struct {
	Title  string
	Lines  [][]Span
	Legend []LegendItem
}

// LegendItem is a coloured swatch and what it means.
type LegendItem struct {
	Color color.Color
	Text  string
}

const (
	margin   = 16
	lineGap  = 6
	swatchSz = 12
)

// size returns the width and height the header needs.
func (h Header) size(c *Canvas) (int, int) {
	w := c.title.width(h.Title)
	y := c.title.height + lineGap
	for _, l := range h.Lines {
		lw := 0
		for _, s := range l {
			lw += c.text.width(s.Text)
		}
		w = max(w, lw)
		y += c.text.height + lineGap/2
	}
	if len(h.Legend) > 0 {
		lw := 0
		for _, it := range h.Legend {
			lw += swatchSz + 6 + c.text.width(it.Text) + 18
		}
		w = max(w, lw)
		y += c.text.height + lineGap/2
	}
	return w, y + lineGap
}

// draw draws the header with its top left at (x, y) and returns its height.
func (h Header) draw(c *Canvas, x, y int) {
	c.textAt(c.title, x, y+c.title.ascent, h.Title, Ink)
	y += c.title.height + lineGap
	for _, l := range h.Lines {
		lx := x
		for _, s := range l {
			lx = c.textAt(c.text, lx, y+c.text.ascent, s.Text, s.Color)
		}
		y += c.text.height + lineGap/2
	}
	lx := x
	for _, it := range h.Legend {
		top := y + (c.text.height-swatchSz)/2
		c.Rect(image.Rect(lx, top, lx+swatchSz, top+swatchSz), it.Color)
		lx = c.textAt(c.text, lx+swatchSz+6, y+c.text.ascent, it.Text, Ink) + 18
	}
}
