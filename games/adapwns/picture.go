package adapwns

import (
	"fmt"
	"image"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Picture shows an adapwns board: the pawns; with annotate, each gap's
// size and the counted gaps with their grundy values.
func (game) Picture(pos solver.Position, annotate bool) render.Picture {
	p := pos.(*Board)
	cells := p.Cells()
	pic := &render.Row{Cells: make([]render.Cell, len(cells))}
	pic.Head.Title = render.TitleLine(p, render.Plural(len(cells), "cell"))
	pic.Head.Lines = [][]render.Span{{{Text: "A pawn moves 1 or 2 cells to the left, over empty cells only.", Color: render.Ink}}}
	for i := 0; i < len(cells); i++ {
		if cells[i] == 'P' {
			pic.Cells[i] = render.Cell{Mark: pawn}
		}
	}
	if !annotate {
		return pic
	}
	_, an := p.Analyze()
	a := an.(Analysis)
	countedSizes := make([]int, 0, len(a.Significant))
	for i, g := range a.Gaps {
		cell := a.Pawns[i]
		b := render.Bracket{From: cell - g, To: cell - 1, Color: render.Muted, Label: fmt.Sprintf("%d", g)}
		if counted(i, len(a.Gaps)) {
			b.Color, b.Tint = render.Nim, render.NimTint
			b.Label = fmt.Sprintf("%d: g=%d", g, g%3)
			countedSizes = append(countedSizes, g)
		}
		pic.Brackets = append(pic.Brackets, b)
	}
	pic.Head.Legend = []render.LegendItem{{Color: render.Nim, Text: "counted gap, size: g = size mod 3"}, {Color: render.Muted, Text: "gap that does not count"}}
	pic.Head.Lines = append(pic.Head.Lines,
		[]render.Span{{Text: "Gaps (empty cells before each pawn): " + render.ListInts(a.Gaps, 16) + ".", Color: render.Ink}},
		[]render.Span{{Text: "Counted (every other, from the right): ", Color: render.Ink}, {Text: render.ListInts(countedSizes, 12), Color: render.Nim},
			{Text: "; g = ", Color: render.Ink}, {Text: render.ListInts(a.Grundy, 12), Color: render.Nim}, {Text: fmt.Sprintf("; XOR %d.", a.Xor), Color: render.Ink}},
		render.VerdictLine(p))
	return pic
}

// pawn draws a pawn in cell r.
func pawn(c *render.Canvas, r image.Rectangle) {
	w := r.Dx()
	cx := r.Min.X + w/2
	head := r.Min.Y + w*30/100
	foot := r.Max.Y - w*18/100
	c.Triangle(image.Pt(cx, head), image.Pt(cx-w*22/100, foot), image.Pt(cx+w*22/100, foot), render.Ink)
	c.Disc(cx, head, max(1, w*14/100), render.Ink)
	c.Rect(image.Rect(cx-w*28/100, foot-max(1, w*6/100), cx+w*28/100+1, foot+max(1, w*6/100)), render.Ink)
}
