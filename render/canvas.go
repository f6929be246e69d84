package render

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// fonts are the embedded Go fonts, regular and bold, parsed once. A
// parsed font is safe for concurrent use; a face made from it is not, so
// each face is guarded by a mutex.
var fonts = sync.OnceValues(func() (map[bool]*opentype.Font, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	bold, err := opentype.Parse(gobold.TTF)
	return map[bool]*opentype.Font{false: regular, true: bold}, err
})

// glyph is a rasterised rune, kept so that a row of 6000 cells
// rasterises each digit or letter once. A glyph is never changed once
// made, so drawings share it.
type glyph struct {
	mask    *image.Alpha
	off     image.Point // mask's top left relative to the dot
	advance int
}

// face is a font at one size with a glyph cache. Faces are made once per
// size and shared by every drawing: the glyph cache is the costly part.
type face struct {
	ascent int
	height int
	// ascii holds the glyphs of ASCII runes once made: read without a lock.
	ascii [128]atomic.Pointer[glyph]

	mu     sync.Mutex
	f      font.Face
	glyphs map[rune]*glyph
}

// faceKey names a face in the shared set.
type faceKey struct {
	bold bool
	size float64
}

var (
	facesMu sync.Mutex
	faces   = map[faceKey]*face{}
)

// maxFaces bounds the shared faces: the layouts use a few sizes each.
const maxFaces = 64

// newFace returns the shared face of the given weight and size.
func newFace(bold bool, size float64) (*face, error) {
	key := faceKey{bold, size}
	facesMu.Lock()
	defer facesMu.Unlock()
	if fc, ok := faces[key]; ok {
		return fc, nil
	}
	ttfs, err := fonts()
	if err != nil {
		return nil, fmt.Errorf("render: loading fonts: %w", err)
	}
	f, err := opentype.NewFace(ttfs[bold], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("render: making a %.0f px face: %w", size, err)
	}
	m := f.Metrics()
	fc := &face{f: f, ascent: m.Ascent.Ceil(), height: m.Ascent.Ceil() + m.Descent.Ceil(), glyphs: map[rune]*glyph{}}
	if len(faces) < maxFaces {
		faces[key] = fc
	}
	return fc, nil
}

func (fc *face) glyph(r rune) *glyph {
	if r >= 0 && r < 128 {
		if g := fc.ascii[r].Load(); g != nil {
			return g
		}
	}
	fc.mu.Lock()
	defer fc.mu.Unlock()
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
	if len(fc.glyphs) < 4096 {
		fc.glyphs[r] = g
	}
	if r >= 0 && r < 128 {
		fc.ascii[r].Store(g)
	}
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
// marks on cells (a pawn, an arrow) with its Rect, Triangle and Disc. It
// draws into a paletted image: one byte a pixel, so filling, drawing and
// encoding the PNG cost a quarter of what a full-colour picture costs. The palette is
// built as colours are used: the handful of the palette in render.go, and
// for text the blends of a colour over a background at a few levels of
// coverage, which is all the anti-aliasing a label needs.
type Canvas struct {
	img *image.Paletted
	// index finds a colour's palette entry; last and lastIdx remember the
	// latest lookup, since drawing uses one colour many times in a row.
	index   map[color.RGBA]uint8
	last    color.RGBA
	lastIdx uint8
	// blends holds, per text colour's entry, the entry of that colour over
	// each background entry at each coverage level, plus one; 0 is unknown.
	blends map[uint8]*[256][coverageLevels]uint16
	// title, text, label and small are the faces for the title line, the
	// header lines, labels of brackets and stacks, and cell numbers.
	title, text, label, small *face
	// maxPixels caps the picture's size (see Options.MaxPixels).
	maxPixels int
}

// coverageLevels is how many steps of partial coverage text is drawn
// with, besides none and full.
const coverageLevels = 3

// newFaces returns a canvas with its faces.
func newFaces() (*Canvas, error) {
	c := &Canvas{}
	var errs [4]error
	c.title, errs[0] = newFace(true, 18)
	c.text, errs[1] = newFace(false, 14)
	c.label, errs[2] = newFace(false, 12)
	c.small, errs[3] = newFace(false, 11)
	if err := cmp.Or(errs[:]...); err != nil {
		return nil, err
	}
	return c, nil
}

// start allocates a white picture of w×h pixels: entry 0 of the palette
// is the background, and a new picture is all zeros.
func (c *Canvas) start(w, h int) {
	c.img = &image.Paletted{Pix: getPix(w * h), Stride: w, Rect: image.Rect(0, 0, w, h)}
	c.img.Palette = make(color.Palette, 1, 256)
	c.img.Palette[0] = Background
	c.index = map[color.RGBA]uint8{Background: 0}
	c.last, c.lastIdx = Background, 0
	c.blends = map[uint8]*[256][coverageLevels]uint16{}
}

// pixels keeps the pixel buffers of pictures PNG has written, for the
// next picture: a reply's picture is up to a megabyte, and allocating a
// fresh one each time kept the garbage collector busy.
var pixels sync.Pool

// getPix returns a buffer of n zero bytes, reused when one is free.
func getPix(n int) []byte {
	if b, ok := pixels.Get().(*[]byte); ok && cap(*b) >= n {
		buf := (*b)[:n]
		clear(buf)
		return buf
	}
	return make([]byte, n)
}

// putPix gives back a buffer from getPix that nothing uses any more.
func putPix(b []byte) { pixels.Put(&b) }

// rgba returns col as opaque RGBA.
func rgba(col color.Color) color.RGBA {
	if c, ok := col.(color.RGBA); ok {
		return c
	}
	r, g, b, _ := col.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
}

// colorIndex returns col's palette entry, adding it while there is room;
// a full palette gives the nearest entry.
func (c *Canvas) colorIndex(col color.Color) uint8 {
	k := rgba(col)
	if k == c.last {
		return c.lastIdx
	}
	if i, ok := c.index[k]; ok {
		c.last, c.lastIdx = k, i
		return i
	}
	if len(c.img.Palette) == 256 {
		return uint8(c.img.Palette.Index(k))
	}
	i := uint8(len(c.img.Palette))
	c.img.Palette = append(c.img.Palette, k)
	c.index[k] = i
	return i
}

// blend returns the entry of fg drawn over entry bg at coverage level
// (1..coverageLevels) out of coverageLevels+1.
func (c *Canvas) blend(fg color.RGBA, bg, level uint8) uint8 {
	b := rgba(c.img.Palette[bg])
	t := uint32(level) * 255 / (coverageLevels + 1)
	mix := func(f, g uint8) uint8 { return uint8((uint32(f)*t + uint32(g)*(255-t) + 127) / 255) }
	return c.colorIndex(color.RGBA{mix(fg.R, b.R), mix(fg.G, b.G), mix(fg.B, b.B), 0xff})
}

// Rect fills r with col.
func (c *Canvas) Rect(r image.Rectangle, col color.Color) {
	r = r.Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	i := c.colorIndex(col)
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.img.Pix[c.img.PixOffset(r.Min.X, y):][:w]
		for k := range row {
			row[k] = i
		}
	}
}

// frame draws the outline of r, t pixels thick.
func (c *Canvas) frame(r image.Rectangle, t int, col color.Color) {
	c.Rect(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+t), col)
	c.Rect(image.Rect(r.Min.X, r.Max.Y-t, r.Max.X, r.Max.Y), col)
	c.Rect(image.Rect(r.Min.X, r.Min.Y, r.Min.X+t, r.Max.Y), col)
	c.Rect(image.Rect(r.Max.X-t, r.Min.Y, r.Max.X, r.Max.Y), col)
}

// textAt draws s with its baseline at y, starting at x, and returns the x
// after it. Each pixel's coverage is rounded to one of a few levels and
// the colour blended over what is under it.
func (c *Canvas) textAt(fc *face, x, y int, s string, col color.Color) int {
	fg := rgba(col)
	full := c.colorIndex(fg)
	tab := c.blends[full]
	if tab == nil {
		tab = new([256][coverageLevels]uint16)
		c.blends[full] = tab
	}
	for _, r := range s {
		g := fc.glyph(r)
		p := image.Pt(x, y).Add(g.off)
		dst := image.Rectangle{Min: p, Max: p.Add(g.mask.Rect.Size())}.Intersect(c.img.Rect)
		for py := dst.Min.Y; py < dst.Max.Y; py++ {
			m := g.mask.Pix[g.mask.PixOffset(dst.Min.X-p.X, py-p.Y):]
			row := c.img.Pix[c.img.PixOffset(dst.Min.X, py):][:dst.Dx()]
			for k := range row {
				level := (uint32(m[k])*(coverageLevels+1) + 127) / 255
				switch {
				case level == 0:
				case level > coverageLevels:
					row[k] = full
				default:
					e := &tab[row[k]][level-1]
					if *e == 0 {
						*e = uint16(c.blend(fg, row[k], uint8(level))) + 1
					}
					row[k] = uint8(*e - 1)
				}
			}
		}
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
	pts := [3]image.Point{a, b, d}
	for y := min(a.Y, b.Y, d.Y); y <= max(a.Y, b.Y, d.Y); y++ {
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

// layout measures the header and, when draw is set, draws it with its
// top left at (x, y); it returns the header's width and height.
func (h Header) layout(c *Canvas, x, y int, draw bool) (int, int) {
	text := func(fc *face, x, y int, s string, col color.Color) int {
		if !draw {
			return x + fc.width(s)
		}
		return c.textAt(fc, x, y+fc.ascent, s, col)
	}
	top := y
	w := text(c.title, x, y, h.Title, Ink) - x
	y += c.title.height + lineGap
	for _, l := range h.Lines {
		lx := x
		for _, s := range l {
			lx = text(c.text, lx, y, s.Text, s.Color)
		}
		w, y = max(w, lx-x), y+c.text.height+lineGap/2
	}
	if len(h.Legend) > 0 {
		lx := x
		for _, it := range h.Legend {
			if draw {
				sy := y + (c.text.height-swatchSz)/2
				c.Rect(image.Rect(lx, sy, lx+swatchSz, sy+swatchSz), it.Color)
			}
			lx = text(c.text, lx+swatchSz+6, y, it.Text, Ink) + 18
		}
		w, y = max(w, lx-x), y+c.text.height+lineGap/2
	}
	return w, y + lineGap - top
}
