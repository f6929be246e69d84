package render

import (
	"fmt"
	"image"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// abgamePicture shows an abgame row: letters in their owner's colour with
// an arrow for their direction; with Annotate, the facing pairs.
func abgamePicture(p *solver.ABRow, opts Options) *rowPicture {
	row := p.Row()
	pic := &rowPicture{tall: true, cells: make([]rowCell, len(row))}
	pic.head.title = titleLine(p, plural(len(row), "cell"))
	pic.head.lines = [][]span{{{"Letters 1, 3, 5, … move right, letters 2, 4, 6, … move left, over empty cells only.", colInk}}}
	pic.head.legend = []legendItem{{colPlayer[0], "A's letters"}, {colPlayer[1], "B's letters"}}
	k := 0
	for i := 0; i < len(row); i++ {
		if row[i] == '.' {
			continue
		}
		owner := solver.Player(row[i] - 'A')
		right := k%2 == 0
		k++
		ink := colPlayer[owner]
		pic.cells[i] = rowCell{fill: colPlayerTint[owner], text: row[i : i+1], ink: ink,
			mark: func(c *canvas, r image.Rectangle) { arrow(c, r, right, ink) }}
	}
	if !opts.Annotate {
		return pic
	}
	_, an := p.Analyze()
	a := an.(solver.ABGameAnalysis)
	for _, pr := range a.Pairs {
		name := solver.ABGame.PlayerName(pr.Owner)
		switch pr.Kind {
		case solver.ABReserve:
			pic.spans = append(pic.spans, rowSpan{from: pr.Left, to: pr.Right, col: colPlayer[pr.Owner],
				label: fmt.Sprintf("reserve %d (%s)", pr.Gap, name), tint: colPlayerTint[pr.Owner]})
		case solver.ABNim:
			pic.spans = append(pic.spans, rowSpan{from: pr.Left, to: pr.Right, col: colNim,
				label: fmt.Sprintf("Nim %d", pr.Gap), tint: colNimTint})
		case solver.ABEdge:
			pic.spans = append(pic.spans, rowSpan{from: pr.Left, to: pr.Right - 1, col: colPlayer[pr.Owner],
				label: fmt.Sprintf("to edge %d (%s)", pr.Gap, name), tint: colPlayerTint[pr.Owner]})
		}
	}
	pic.head.legend = append(pic.head.legend, legendItem{colNim, "facing A and B: a Nim heap"})
	pic.head.lines = append(pic.head.lines,
		[]span{{"Reserve moves: ", colInk}, {fmt.Sprintf("A %d", a.ReserveA), colPlayer[0]}, {", ", colInk},
			{fmt.Sprintf("B %d", a.ReserveB), colPlayer[1]}, {". ", colInk},
			{fmt.Sprintf("Nim heaps: %s (XOR %d).", listInts(a.NimHeaps, 12), a.NimSum), colNim}},
		verdict(p))
	return pic
}

// adapwnsPicture shows an adapwns board: the pawns; with Annotate, each
// gap's size and the counted gaps with their grundy values.
func adapwnsPicture(p *solver.Board, opts Options) *rowPicture {
	cells := p.Cells()
	pic := &rowPicture{cells: make([]rowCell, len(cells))}
	pic.head.title = titleLine(p, plural(len(cells), "cell"))
	pic.head.lines = [][]span{{{"A pawn moves 1 or 2 cells to the left, over empty cells only.", colInk}}}
	for i := 0; i < len(cells); i++ {
		if cells[i] == 'P' {
			pic.cells[i] = rowCell{mark: pawn}
		}
	}
	if !opts.Annotate {
		return pic
	}
	_, an := p.Analyze()
	a := an.(solver.AdapwnsAnalysis)
	counted := map[int]int{} // index into Gaps → position in Grundy
	for k, s := range a.Significant {
		counted[s-1] = k
	}
	for i, g := range a.Gaps {
		cell := a.Pawns[i]
		s := rowSpan{from: cell - g, to: cell - 1, col: colMuted, label: fmt.Sprintf("%d", g)}
		if k, ok := counted[i]; ok {
			s.col, s.tint = colNim, colNimTint
			s.label = fmt.Sprintf("%d: g=%d", g, a.Grundy[k])
		}
		pic.spans = append(pic.spans, s)
	}
	countedSizes := make([]int, len(a.Significant))
	for k, s := range a.Significant {
		countedSizes[k] = a.Gaps[s-1]
	}
	pic.head.legend = []legendItem{{colNim, "counted gap, size: g = size mod 3"}, {colMuted, "gap that does not count"}}
	pic.head.lines = append(pic.head.lines,
		[]span{{"Gaps (empty cells before each pawn): " + listInts(a.Gaps, 16) + ".", colInk}},
		[]span{{"Counted (every other, from the right): ", colInk}, {listInts(countedSizes, 12), colNim},
			{"; g = ", colInk}, {listInts(a.Grundy, 12), colNim}, {fmt.Sprintf("; XOR %d.", a.Xor), colInk}},
		verdict(p))
	return pic
}

// pawn draws a pawn in cell r.
func pawn(c *canvas, r image.Rectangle) {
	w := r.Dx()
	cx := r.Min.X + w/2
	head := r.Min.Y + w*30/100
	foot := r.Max.Y - w*18/100
	c.triangle(image.Pt(cx, head), image.Pt(cx-w*22/100, foot), image.Pt(cx+w*22/100, foot), colInk)
	c.disc(cx, head, max(1, w*14/100), colInk)
	c.rect(image.Rect(cx-w*28/100, foot-max(1, w*6/100), cx+w*28/100+1, foot+max(1, w*6/100)), colInk)
}

// binstringPicture shows a binstring position: the characters with the 0s
// marked; with Annotate, the runs of 1s and their lengths.
func binstringPicture(p *solver.BinaryString, opts Options) *rowPicture {
	s := p.Text()
	pic := &rowPicture{cells: make([]rowCell, len(s))}
	pic.head.title = titleLine(p, plural(len(s), "character"))
	zeros := strings.Count(s, "0")
	pic.head.lines = [][]span{{{"A move removes any substring; when the string is empty, fewer 0s win.", colInk}}}
	pic.head.legend = []legendItem{{colZero, "a 0: counts against whoever takes it"}}
	if held := p.Held(); held != [2]int{} {
		pic.head.lines = append(pic.head.lines, []span{{"0s already taken: ", colInk},
			{fmt.Sprintf("Player 1 %d", held[0]), colPlayer[0]}, {", ", colInk},
			{fmt.Sprintf("Player 2 %d", held[1]), colPlayer[1]}, {".", colInk}})
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '0' {
			pic.cells[i] = rowCell{fill: colZeroTint, text: "0", ink: colZero}
		} else {
			pic.cells[i] = rowCell{text: "1", ink: colInk}
		}
	}
	if !opts.Annotate {
		return pic
	}
	_, an := p.Analyze()
	a := an.(solver.BinStringAnalysis)
	for i := 0; i < len(s); {
		if s[i] != '1' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '1' {
			j++
		}
		pic.spans = append(pic.spans, rowSpan{from: i, to: j - 1, col: colNim,
			label: fmt.Sprintf("%d", j-i), tint: colNimTint})
		i = j
	}
	parity := "even"
	if zeros%2 == 1 {
		parity = "odd"
	}
	pic.head.legend = append(pic.head.legend, legendItem{colNim, "run of 1s: a Nim heap of its length"})
	pic.head.lines = append(pic.head.lines,
		[]span{{fmt.Sprintf("0s left: %d (%s). ", a.Zeros, parity), colZero},
			{fmt.Sprintf("Runs of 1s: %s (Nim sum %d).", listInts(a.Runs, 12), a.NimSum), colNim}},
		verdict(p))
	return pic
}
