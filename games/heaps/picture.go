package heaps

import (
	"fmt"
	"math/bits"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// maxPictureColumns is the most components a picture draws; the rest are
// counted in the caption.
const maxPictureColumns = 40

// Picture shows each component as a column of its value's binary digits,
// tagged with the component itself; with annotate, the XOR as a last
// column and the verdict. A lone Wythoff or Moore position shows its
// heaps in binary instead, the columns Moore's theorem counts.
func (g *game) Picture(pos solver.Position, annotate bool) render.Picture {
	p := pos.(*Pos)
	pic := &render.Shelves{}
	pic.Head.Title = render.TitleLine(p, render.Plural(p.components(), "component"))
	var rules string
	for i, t := range p.terms {
		if i > 0 {
			rules += "; "
		}
		rules += t.rule.String() + ": " + t.rule.Describe()
	}
	pic.Head.Lines = [][]render.Span{{{Text: clip(rules, 160) + ".", Color: render.Ink}}}
	pic.Head.Legend = []render.LegendItem{{Color: render.PlayerInk[0], Text: "a 1 bit"}, {Color: render.PlayerTint[0], Text: "a 0 bit"}}
	if p.alone() {
		xs := p.terms[0].comps[0].xs
		w := 1
		for _, x := range xs {
			w = max(w, bits.Len64(uint64(x)))
		}
		shelf := render.Shelf{Caption: "Heaps in binary (lowest bit at the bottom)"}
		for i, x := range xs {
			shelf.Columns = append(shelf.Columns, render.Column{Num: i + 1, Blocks: render.BitBlocks(x, w, render.PlayerInk[0], render.PlayerTint[0]), Tag: fmt.Sprint(x), TagInk: render.Ink})
		}
		if annotate {
			pic.Head.Lines = append(pic.Head.Lines, []render.Span{{Text: clip(p.loneNumbers(), 160) + ".", Color: render.Nim}}, render.VerdictLine(p))
		}
		pic.Shelves = []render.Shelf{shelf}
		return pic
	}
	vals := p.values()
	var x int64
	w := 1
	for _, v := range vals {
		x ^= v
		w = max(w, bits.Len64(uint64(v)))
	}
	shelf := render.Shelf{Caption: "Values in binary (lowest bit at the bottom), each tagged with its component"}
	n := 0
	for ti := range p.terms {
		t := &p.terms[ti]
		for ci := range t.comps {
			if n < maxPictureColumns {
				shelf.Columns = append(shelf.Columns, render.Column{Num: n + 1, Blocks: render.BitBlocks(vals[n], w, render.PlayerInk[0], render.PlayerTint[0]),
					Tag: clip(compText(t, ci), 12), TagInk: render.Ink})
			}
			n++
		}
	}
	if n > maxPictureColumns {
		shelf.Caption += fmt.Sprintf("; the first %d of %d", maxPictureColumns, n)
	}
	if annotate {
		shelf.Columns = append(shelf.Columns, render.Column{Blocks: render.BitBlocks(x, w, render.Nim, render.NimTint), Tag: fmt.Sprintf("XOR %d", x), TagInk: render.Nim})
		pic.Head.Lines = append(pic.Head.Lines, []render.Span{{Text: fmt.Sprintf("XOR of the values: %d.", x), Color: render.Nim}}, render.VerdictLine(p))
		shelf.Caption += "; the last column is the XOR"
	}
	pic.Shelves = []render.Shelf{shelf}
	return pic
}

// clip shortens s to n bytes with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}
