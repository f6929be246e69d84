package abgame

import (
	"fmt"
	"image"
	"image/color"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Picture shows an abgame row: letters in their owner's colour with an
// arrow for their direction; with annotate, the facing pairs.
func (game) Picture(pos solver.Position, annotate bool) render.Picture {
	p := pos.(*ABRow)
	row := p.Row()
	pic := &render.Row{Tall: true, Cells: make([]render.Cell, len(row))}
	pic.Head.Title = render.TitleLine(p, render.Plural(len(row), "cell"))
	pic.Head.Lines = [][]render.Span{{{Text: "Letters 1, 3, 5, … move right, letters 2, 4, 6, … move left, over empty cells only.", Color: render.Ink}}}
	pic.Head.Legend = []render.LegendItem{{Color: render.PlayerInk[0], Text: "A's letters"}, {Color: render.PlayerInk[1], Text: "B's letters"}}
	k := 0
	for i := 0; i < len(row); i++ {
		if row[i] == '.' {
			continue
		}
		owner := solver.Player(row[i] - 'A')
		right := k%2 == 0
		k++
		ink := render.PlayerInk[owner]
		pic.Cells[i] = render.Cell{Fill: render.PlayerTint[owner], Text: row[i : i+1], Ink: ink,
			Mark: func(c *render.Canvas, r image.Rectangle) { arrow(c, r, right, ink) }}
	}
	if !annotate {
		return pic
	}
	_, an := p.Analyze()
	a := an.(Analysis)
	for _, pr := range a.Pairs {
		name := Game.PlayerName(pr.Owner)
		b := render.Bracket{From: pr.Left, To: pr.Right, Color: render.PlayerInk[pr.Owner],
			Label: fmt.Sprintf("reserve %d (%s)", pr.Gap, name), Tint: render.PlayerTint[pr.Owner]}
		switch pr.Kind {
		case NimPair:
			b.Color, b.Label, b.Tint = render.Nim, fmt.Sprintf("Nim %d", pr.Gap), render.NimTint
		case Edge:
			b.To, b.Label = pr.Right-1, fmt.Sprintf("to edge %d (%s)", pr.Gap, name)
		}
		pic.Brackets = append(pic.Brackets, b)
	}
	pic.Head.Legend = append(pic.Head.Legend, render.LegendItem{Color: render.Nim, Text: "facing A and B: a Nim heap"})
	pic.Head.Lines = append(pic.Head.Lines,
		append(render.PlayersLine(Game, "Reserve moves: ", [2]int{a.ReserveA, a.ReserveB}, ". "),
			render.Span{Text: fmt.Sprintf("Nim heaps: %s (XOR %d).", render.ListInts(a.NimHeaps, 12), a.NimSum), Color: render.Nim}),
		render.VerdictLine(p))
	return pic
}

// arrow draws a small arrow along the bottom of r, pointing right or left.
func arrow(c *render.Canvas, r image.Rectangle, right bool, col color.Color) {
	w := r.Dx()
	h := max(2, (r.Dy()-w)*2/3)
	cy := r.Max.Y - (r.Dy()-w)/2
	x0, x1 := r.Min.X+w/5, r.Max.X-w/5
	head := max(3, h)
	t := max(1, h/3)
	tip, base, lo, hi := x1, x1-head, x0, x1-head+1 // the head's tip and base, the shaft's ends
	if !right {
		tip, base, lo, hi = x0, x0+head, x0+head-1, x1
	}
	c.Rect(image.Rect(lo, cy-t/2-t%2, hi, cy+t/2+1), col)
	c.Triangle(image.Pt(base, cy-head/2-1), image.Pt(tip, cy), image.Pt(base, cy+head/2+1), col)
}
