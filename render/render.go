package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// MaxSide is the largest width or height of a picture, in pixels.
const MaxSide = 4096

// MaxPixels is the most pixels a picture has (about 2 megapixels): the
// layouts shrink cells and blocks until the picture fits, so that drawing
// and encoding the largest position stays cheap.
const MaxPixels = 2_000_000

// ReplyPixels is the pixel cap for a picture in a Discord reply, where it
// is shown about 500 pixels wide until opened: half of MaxPixels, which
// still leaves the largest position 8 to 10 pixels a cell.
const ReplyPixels = MaxPixels / 2

// fits reports whether a picture of w×h pixels is within MaxSide and the
// canvas's pixel cap.
func (c *Canvas) fits(w, h int) bool {
	return w <= MaxSide && h <= MaxSide && w*h <= c.maxPixels
}

// Options controls what the picture reveals.
type Options struct {
	// Annotate draws the analysis (pairs, counted gaps, cancelled stacks, grundy values).
	// Without it the picture shows only the bare position.
	Annotate bool
	// MaxPixels caps the picture's size; 0 or more than MaxPixels means
	// MaxPixels. Discord shows a reply's picture about 500 pixels wide, so
	// replies ask for less and cost less.
	MaxPixels int
}

// Drawer is a game's picture layout: the capability a game package adds
// to its solver.Game. Picture lays the position out as a Row of cells or
// as Shelves of columns; the package fits it in MaxPixels pixels, at most
// MaxSide on a side.
type Drawer interface {
	Picture(pos solver.Position, annotate bool) Picture
}

// Picture is a laid-out position: a *Row or a *Shelves.
type Picture interface {
	draw(c *Canvas) error
}

// ErrUnknownPosition is returned by Draw for a position of a game the
// package cannot draw.
var ErrUnknownPosition = errors.New("render: no picture for this kind of position")

// Draw draws pos as a paletted picture of at most MaxPixels pixels, at
// most MaxSide wide and high: a title line (game, position size, player
// to move), the position, and with opts.Annotate the numbers its solution
// is built from.
func Draw(pos solver.Position, opts Options) (*image.Paletted, error) {
	if pos == nil {
		return nil, fmt.Errorf("%w: nil", ErrUnknownPosition)
	}
	d, ok := pos.Game().(Drawer)
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownPosition, pos.Game().Name())
	}
	c, err := newFaces()
	if err != nil {
		return nil, err
	}
	c.maxPixels = MaxPixels
	if opts.MaxPixels > 0 && opts.MaxPixels < MaxPixels {
		c.maxPixels = opts.MaxPixels
	}
	if err := d.Picture(pos, opts.Annotate).draw(c); err != nil {
		return nil, err
	}
	return c.fit(), nil
}

// PNG draws pos as Draw does and writes it to w as a PNG file.
func PNG(w io.Writer, pos solver.Position, opts Options) error {
	img, err := Draw(pos, opts)
	if err != nil {
		return err
	}
	err = EncodePNG(w, img)
	putPix(img.Pix)
	return err
}

// EncodePNG writes a picture Draw made to w as a PNG file, by
// writePaletted, with the deflate of github.com/klauspost/compress:
// image/png's compress/flate at its fastest level and its pure-Go checksum
// took a quarter of the CPU of a busy server (BenchmarkDraw in each game
// compares the two).
func EncodePNG(w io.Writer, img *image.Paletted) error {
	if err := writePaletted(w, img); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// fit scales the picture down to fit MaxSide and the pixel cap, picking
// the nearest pixel (a paletted picture has no colours between its own).
// The layouts choose sizes that fit, so this only happens for positions
// far beyond the contests' limits, such as a single stack of thousands of
// symbols.
func (c *Canvas) fit() *image.Paletted {
	img := c.img
	b := img.Bounds()
	if c.fits(b.Dx(), b.Dy()) {
		return img
	}
	scale := min(float64(MaxSide)/float64(b.Dx()), float64(MaxSide)/float64(b.Dy()),
		math.Sqrt(float64(c.maxPixels)/float64(b.Dx())/float64(b.Dy())))
	w := max(1, min(MaxSide, int(float64(b.Dx())*scale)))
	h := max(1, min(MaxSide, int(float64(b.Dy())*scale)))
	dst := &image.Paletted{Pix: getPix(w * h), Stride: w, Rect: image.Rect(0, 0, w, h), Palette: img.Palette}
	defer putPix(img.Pix)
	// The source column of each column, worked out once; a row whose
	// source row is the previous row's is a copy of it.
	cols := make([]int, w)
	for x := range cols {
		cols[x] = x * b.Dx() / w
	}
	prev := -1
	for y := range h {
		sy := b.Min.Y + y*b.Dy()/h
		row := dst.Pix[dst.PixOffset(0, y):][:w]
		if sy == prev {
			copy(row, dst.Pix[dst.PixOffset(0, y-1):][:w])
			continue
		}
		prev = sy
		src := img.Pix[img.PixOffset(b.Min.X, sy):][:b.Dx()]
		for x, sx := range cols {
			row[x] = src[sx]
		}
	}
	return dst
}

// The palette. Player 0 (Dee, A) is blue and player 1 (Dum, B) orange,
// a pair that colour-blind readers can tell apart.
var (
	Background = color.RGBA{0xff, 0xff, 0xff, 0xff}
	Ink        = color.RGBA{0x22, 0x22, 0x22, 0xff}
	Muted      = color.RGBA{0x77, 0x77, 0x77, 0xff}
	Grid       = color.RGBA{0xb8, 0xb8, 0xb8, 0xff}
	Grey       = color.RGBA{0xd6, 0xd6, 0xd6, 0xff}
	Nim        = color.RGBA{0x1a, 0x93, 0x50, 0xff}
	NimTint    = color.RGBA{0xdc, 0xf3, 0xe5, 0xff}
	Zero       = color.RGBA{0xc0, 0x1c, 0x28, 0xff}
	ZeroTint   = color.RGBA{0xfb, 0xe0, 0xe2, 0xff}
	PlayerInk  = [2]color.RGBA{{0x1f, 0x5f, 0xc8, 0xff}, {0xe0, 0x6c, 0x00, 0xff}}
	PlayerTint = [2]color.RGBA{{0xdc, 0xe7, 0xfa, 0xff}, {0xfd, 0xe9, 0xd3, 0xff}}
)

// Plural returns "1 stack" or "3 stacks".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// ListInts joins at most limit numbers with ", ", saying how many more
// there are, so that a header line stays short.
func ListInts(xs []int, limit int) string {
	if len(xs) == 0 {
		return "none"
	}
	parts := make([]string, 0, limit+1)
	for _, x := range xs[:min(len(xs), limit)] {
		parts = append(parts, strconv.Itoa(x))
	}
	if len(xs) > limit {
		parts = append(parts, fmt.Sprintf("… (%d more)", len(xs)-limit))
	}
	return strings.Join(parts, ", ")
}

// VerdictLine is the header line that says who wins with best play. It
// uses the formula alone, which is quick on any size.
func VerdictLine(pos solver.Position) []Span {
	o, _ := pos.Analyze()
	w, ok := solver.WinnerOf(pos.ToMove(), o)
	if !ok {
		return []Span{{"With best play: a tie.", Ink}}
	}
	name := pos.Game().PlayerName(w)
	return []Span{{"With best play: ", Ink}, {name + " wins", PlayerInk[w]}, {".", Ink}}
}

// PlayersLine is a header line that gives each player of g a number in
// the player's colour, between before and after in ink: "Moves: Dee 3,
// Dum 2."
func PlayersLine(g solver.Game, before string, n [2]int, after string) []Span {
	return []Span{{before, Ink}, {fmt.Sprintf("%s %d", g.PlayerName(0), n[0]), PlayerInk[0]}, {", ", Ink},
		{fmt.Sprintf("%s %d", g.PlayerName(1), n[1]), PlayerInk[1]}, {after, Ink}}
}

// TitleLine is a picture's first line: the game, the position's size and
// the player to move.
func TitleLine(pos solver.Position, size string) string {
	g := pos.Game()
	return fmt.Sprintf("%s — %s, %s to move", g.Title(), size, g.PlayerName(pos.ToMove()))
}
