package binstring

import (
	"fmt"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Picture shows a binstring position: the characters with the 0s marked;
// with annotate, the runs of 1s and their lengths.
func (game) Picture(pos solver.Position, annotate bool) render.Picture {
	p := pos.(*BinaryString)
	s := p.Text()
	pic := &render.Row{Cells: make([]render.Cell, len(s))}
	pic.Head.Title = render.TitleLine(p, render.Plural(len(s), "character"))
	pic.Head.Lines = [][]render.Span{{{Text: "A move removes any substring; when the string is empty, fewer 0s win.", Color: render.Ink}}}
	pic.Head.Legend = []render.LegendItem{{Color: render.Zero, Text: "a 0: counts against whoever takes it"}}
	if held := p.Held(); held != [2]int{} {
		pic.Head.Lines = append(pic.Head.Lines, render.PlayersLine(Game, "0s already taken: ", held, "."))
	}
	for i := range len(s) {
		pic.Cells[i] = render.Cell{Text: "1", Ink: render.Ink}
		if s[i] == '0' {
			pic.Cells[i] = render.Cell{Fill: render.ZeroTint, Text: "0", Ink: render.Zero}
		}
	}
	if !annotate {
		return pic
	}
	_, an := p.Analyze()
	a := an.(Analysis)
	for _, r := range runsOf(s) {
		pic.Brackets = append(pic.Brackets, render.Bracket{From: r.start - 1, To: r.start + r.length - 2, Color: render.Nim,
			Label: fmt.Sprintf("%d", r.length), Tint: render.NimTint})
	}
	pic.Head.Legend = append(pic.Head.Legend, render.LegendItem{Color: render.Nim, Text: "run of 1s: a Nim heap of its length"})
	pic.Head.Lines = append(pic.Head.Lines,
		[]render.Span{{Text: fmt.Sprintf("0s left: %d (%s). ", a.Zeros, parity(a.Zeros)), Color: render.Zero},
			{Text: fmt.Sprintf("Runs of 1s: %s (XOR %d).", render.ListInts(a.Runs, 12), a.NimSum), Color: render.Nim}},
		render.VerdictLine(p))
	return pic
}
