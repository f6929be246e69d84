package render

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// fakeGame draws whatever picture it holds; every other method of
// solver.Game is left to the nil interface it embeds, unused here.
type fakeGame struct {
	solver.Game
	pic func() Picture
}

func (g fakeGame) Picture(solver.Position, bool) Picture { return g.pic() }

var _ Drawer = fakeGame{}

// fakePos is a position of a fakeGame.
type fakePos struct {
	solver.Position
	g fakeGame
}

func (p fakePos) Game() solver.Game { return p.g }

// drawn draws pic through Draw, as a game would have it drawn.
func drawn(tb testing.TB, pic func() Picture) image.Image {
	tb.Helper()
	img, err := Draw(fakePos{g: fakeGame{pic: pic}}, Options{Annotate: true})
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

// row is a row of n cells, every third with a letter and a mark, with a
// bracket over every 5 cells.
func row(n int) func() Picture {
	return func() Picture {
		p := &Row{Head: Header{Title: "A row", Lines: [][]Span{{{"A line of text.", Ink}}}, Legend: []LegendItem{{Nim, "a bracket"}}}, Tall: true}
		for i := range n {
			c := Cell{}
			if i%3 == 0 {
				c = Cell{Fill: PlayerTint[0], Text: "A", Ink: PlayerInk[0], Mark: func(c *Canvas, r image.Rectangle) {
					c.Triangle(r.Min, image.Pt(r.Max.X, r.Min.Y), r.Max, Ink)
					c.Disc(r.Min.X+r.Dx()/2, r.Max.Y-2, 2, Ink)
				}}
			}
			p.Cells = append(p.Cells, c)
		}
		for i := 0; i+4 < n; i += 5 {
			p.Brackets = append(p.Brackets, Bracket{From: i, To: i + 4, Color: Nim, Label: fmt.Sprint(i), Tint: NimTint})
		}
		p.Brackets = append(p.Brackets, Bracket{From: 1, To: 0, Color: Muted, Label: "0"}) // an empty gap
		return p
	}
}

// shelves is k columns of n blocks on two shelves.
func shelves(k, n int) func() Picture {
	return func() Picture {
		p := &Shelves{Head: Header{Title: "Stacks"}}
		for s := range 2 {
			sh := Shelf{Caption: fmt.Sprintf("Shelf %d", s)}
			for c := range k {
				col := Column{Num: c + 1, Tag: "tag", TagInk: Muted}
				for b := range n {
					col.Blocks = append(col.Blocks, Block{Fill: PlayerInk[b%2], Ink: Background, Text: "01"[b%2 : b%2+1]})
				}
				sh.Columns = append(sh.Columns, col)
			}
			p.Shelves = append(p.Shelves, sh)
		}
		return p
	}
}

// TestLayoutsFit draws rows and shelves from tiny to far beyond any
// contest: each fits in MaxSide×MaxSide.
func TestLayoutsFit(t *testing.T) {
	for name, pic := range map[string]func() Picture{
		"empty row":          row(0),
		"one cell":           row(1),
		"row of 6000":        row(6000),
		"row of 20000":       row(20000),
		"no shelves":         func() Picture { return &Shelves{Head: Header{Title: "Nothing"}} },
		"50 stacks of 50":    shelves(50, 50),
		"one stack of 20000": shelves(1, 20000),
		"3000 stacks of 1":   shelves(3000, 1),
	} {
		t.Run(name, func(t *testing.T) {
			b := drawn(t, pic).Bounds()
			if b.Dx() <= 0 || b.Dy() <= 0 || b.Dx() > MaxSide || b.Dy() > MaxSide {
				t.Errorf("size %dx%d, want 1..%d each way", b.Dx(), b.Dy(), MaxSide)
			}
		})
	}
}

func TestDrawRejectsUnknown(t *testing.T) {
	if _, err := Draw(nil, Options{}); !errors.Is(err, ErrUnknownPosition) {
		t.Errorf("Draw(nil): %v", err)
	}
	if _, err := Draw(plainPos{g: noDrawerGame{}}, Options{}); !errors.Is(err, ErrUnknownPosition) {
		t.Errorf("Draw of a game without a picture: %v", err)
	}
}

// noDrawerGame is a game without a picture layout.
type noDrawerGame struct{ solver.Game }

func (noDrawerGame) Name() string { return "nodrawer" }

// plainPos is a position of a noDrawerGame.
type plainPos struct {
	solver.Position
	g noDrawerGame
}

func (p plainPos) Game() solver.Game { return p.g }

// hash is the sha256 of a picture's pixels.
func hash(img image.Image) string {
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	h := sha256.Sum256(rgba.Pix)
	return hex.EncodeToString(h[:])
}

// TestDrawConcurrent draws from several goroutines at once: each drawing
// has its own faces, so the pictures must not change.
func TestDrawConcurrent(t *testing.T) {
	pics := []func() Picture{row(40), row(500), shelves(6, 8)}
	want := make([]string, len(pics))
	for i, p := range pics {
		want[i] = hash(drawn(t, p))
	}
	errs := make(chan error, 4*len(pics))
	for range 4 {
		for i, p := range pics {
			go func() {
				img, err := Draw(fakePos{g: fakeGame{pic: p}}, Options{Annotate: true})
				if err == nil && hash(img) != want[i] {
					err = fmt.Errorf("picture %d: pixels differ when drawn concurrently", i)
				}
				errs <- err
			}()
		}
	}
	for range 4 * len(pics) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestHelpers(t *testing.T) {
	if got := ListInts([]int{1, 2, 3, 4}, 2); got != "1, 2, … (2 more)" {
		t.Errorf("ListInts = %q", got)
	}
	if got := ListInts(nil, 2); got != "none" {
		t.Errorf("ListInts(nil) = %q", got)
	}
	if got := Plural(1, "stack") + ", " + Plural(3, "cell"); got != "1 stack, 3 cells" {
		t.Errorf("Plural: %q", got)
	}
}
