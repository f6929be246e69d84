package nim

import (
	"fmt"
	"strconv"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Picture shows each heap as a column of its binary digits, the 1s
// bright, the lowest bit on the floor, with the heap's size under it;
// with annotate, the XOR as a last column, its bits in Nim green.
func (g *game) Picture(pos solver.Position, annotate bool) render.Picture {
	p := pos.(*Heaps)
	t := tallyOf(p.heaps)
	pic := &render.Shelves{}
	pic.Head.Title = render.TitleLine(p, render.Plural(len(p.heaps), "heap"))
	rule := "Whoever takes the last object wins."
	if g.misere {
		rule = "Misère: whoever takes the last object loses."
	}
	pic.Head.Lines = [][]render.Span{{{Text: "A move takes any number of objects from one heap. " + rule, Color: render.Ink}}}
	pic.Head.Legend = []render.LegendItem{{Color: render.PlayerInk[0], Text: "a 1 bit"}, {Color: render.PlayerTint[0], Text: "a 0 bit"}}
	w := width(p.heaps)
	shelf := render.Shelf{Caption: "Heaps in binary (lowest bit at the bottom)"}
	for i, h := range p.heaps {
		shelf.Columns = append(shelf.Columns, render.Column{Num: i + 1, Blocks: render.BitBlocks(int64(h), w, render.PlayerInk[0], render.PlayerTint[0]),
			Tag: strconv.Itoa(h), TagInk: render.Ink})
	}
	if annotate {
		shelf.Columns = append(shelf.Columns, render.Column{Blocks: render.BitBlocks(int64(t.x), w, render.Nim, render.NimTint),
			Tag: "XOR " + strconv.Itoa(t.x), TagInk: render.Nim})
		line := []render.Span{{Text: fmt.Sprintf("XOR of the heaps: %d (binary %b). ", t.x, t.x), Color: render.Nim}}
		if g.misere {
			line = append(line, render.Span{Text: fmt.Sprintf("Heaps of 2 or more: %d; heaps of 1: %d.", t.big, t.ones), Color: render.Ink})
		}
		pic.Head.Lines = append(pic.Head.Lines, line, render.VerdictLine(p))
		shelf.Caption += "; the last column is the XOR"
	}
	pic.Shelves = []render.Shelf{shelf}
	return pic
}
