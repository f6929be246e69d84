package render

import (
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/solver"
)

// This file draws binim and binim2: stacks as columns of blocks, the top
// of each stack at the top, standing on a common floor.

// stackCol is one stack as drawn.
type stackCol struct {
	num  int    // stack number, from 1
	syms string // top first
	grey bool   // cancelled: every block grey
	// counted, if not nil, says which blocks count; the others are pale.
	counted []bool
	tag     string // label under the number
	tagCol  color.Color
	// cont marks the second and later columns of a stack too tall for
	// one column.
	cont bool
}

// maxColumn is the most blocks drawn in one column. A taller stack (far
// beyond the contests' 50) goes on in the next column, as text wraps.
const maxColumn = 100

// splitTall cuts every stack taller than maxColumn into columns of at
// most maxColumn blocks, top first.
func splitTall(shelves []shelf) {
	for k := range shelves {
		var cols []stackCol
		for _, col := range shelves[k].cols {
			for i := 0; i < len(col.syms); i += maxColumn {
				part := col
				j := min(len(col.syms), i+maxColumn)
				part.syms = col.syms[i:j]
				if col.counted != nil {
					part.counted = col.counted[i:j]
				}
				if i > 0 {
					part.cont, part.tag = true, ""
				}
				cols = append(cols, part)
			}
		}
		shelves[k].cols = cols
	}
}

// shelf is a captioned group of stacks, drawn on one or more rows.
type shelf struct {
	caption string
	cols    []stackCol
}

// blockSizes are the block sizes tried in turn: the largest that fits is drawn.
var blockSizes = []int{24, 20, 16, 14, 12, 10, 8, 6, 4, 3, 2}

// stackLayout is one way to lay out shelves of stacks.
type stackLayout struct {
	block, pitch, perRow int
	width, height        int
}

func layoutStacks(c *canvas, head header, shelves []shelf, block int) stackLayout {
	l := stackLayout{block: block}
	tagW, most := 0, 1
	for _, sh := range shelves {
		for _, col := range sh.cols {
			tagW = max(tagW, c.label.width(col.tag), c.small.width("…"+strconv.Itoa(col.num)))
			most = max(most, len(sh.cols))
		}
	}
	l.pitch = max(block+max(4, block/2), tagW+8)
	l.perRow = max(1, min(most, (MaxSide-2*margin)/l.pitch))
	headW, headH := head.size(c)
	l.width = max(headW, l.perRow*l.pitch) + 2*margin
	y := margin + headH
	for _, sh := range shelves {
		y += shelfCaptionH(c)
		for start := 0; start < len(sh.cols); start += l.perRow {
			y += rowHeight(c, sh.cols[start:min(len(sh.cols), start+l.perRow)], block)
		}
	}
	l.height = y + margin
	return l
}

func shelfCaptionH(c *canvas) int { return c.text.height + 6 }

// rowHeight is the height of one row of columns with their labels.
func rowHeight(c *canvas, cols []stackCol, block int) int {
	tall, tags := 0, 0
	for _, col := range cols {
		tall = max(tall, len(col.syms))
		if col.tag != "" {
			tags = c.label.height + 2
		}
	}
	return tall*block + 4 + c.small.height + tags + 14
}

// drawStacks draws a binim or binim2 position.
func drawStacks(c *canvas, p *solver.Stacks, opts Options) error {
	stacks := p.Stacks()
	head := header{title: titleLine(p, plural(len(stacks), "stack"))}
	rule := "A player who cannot move loses."
	if p.Misere() {
		rule = "Misère: a player who cannot move wins."
	}
	head.lines = [][]span{{{"A move takes any number of symbols from the top of a stack with the mover's symbol on top. " + rule, colInk}}}
	head.legend = []legendItem{{colPlayer[0], "Dee owns 0"}, {colPlayer[1], "Dum owns 1"}}
	main := shelf{caption: "Stacks (top at the top)"}
	for i, s := range stacks {
		main.cols = append(main.cols, stackCol{num: i + 1, syms: s})
	}
	shelves := []shelf{main}
	if opts.Annotate {
		shelves = annotateStacks(p, &head, shelves)
	}
	splitTall(shelves)
	if len(stacks) == 0 {
		head.lines = append(head.lines, []span{{"No stacks are left.", colInk}})
		shelves = nil
	}

	var l stackLayout
	for i, b := range blockSizes {
		l = layoutStacks(c, head, shelves, b)
		if c.fits(l.width, l.height) || i == len(blockSizes)-1 {
			break
		}
	}
	digits, err := newFace(true, float64(l.block)*0.6)
	if err != nil {
		return err
	}
	c.start(l.width, l.height)
	head.draw(c, margin, margin)
	_, headH := head.size(c)
	y := margin + headH
	for _, sh := range shelves {
		c.textAt(c.text, margin, y+c.text.ascent, sh.caption, colMuted)
		y += shelfCaptionH(c)
		for start := 0; start < len(sh.cols); start += l.perRow {
			cols := sh.cols[start:min(len(sh.cols), start+l.perRow)]
			drawStackRow(c, cols, l, digits, y)
			y += rowHeight(c, cols, l.block)
		}
	}
	return nil
}

// drawStackRow draws one row of columns whose top edge is at y.
func drawStackRow(c *canvas, cols []stackCol, l stackLayout, digits *face, y int) {
	tall := 0
	for _, col := range cols {
		tall = max(tall, len(col.syms))
	}
	b := l.block
	floor := y + tall*b
	c.rect(image.Rect(margin, floor+1, margin+len(cols)*l.pitch, floor+3), colGrid)
	inset := 0
	if b >= 8 {
		inset = 1
	}
	for k, col := range cols {
		x := margin + k*l.pitch + (l.pitch-b)/2
		for i := 0; i < len(col.syms); i++ {
			owner := col.syms[i] - '0'
			fill, ink := color.Color(colPlayer[owner]), color.Color(colBackground)
			switch {
			case col.grey:
				fill, ink = colGrey, colMuted
			case col.counted != nil && !col.counted[i]:
				fill, ink = colPlayerTint[owner], colPlayer[owner]
			}
			top := floor - (len(col.syms)-i)*b
			c.rect(image.Rect(x+inset, top+inset, x+b-inset, top+b-inset), fill)
			if b >= 12 {
				c.centred(digits, x+b/2, top, b, col.syms[i:i+1], ink)
			}
		}
		cx := margin + k*l.pitch + l.pitch/2
		ny := floor + 4
		num := strconv.Itoa(col.num)
		if col.cont {
			num = "…" + num
		}
		c.centred(c.small, cx, ny, c.small.height, num, colMuted)
		if col.tag != "" {
			c.centred(c.label, cx, ny+c.small.height+2, c.label.height, col.tag, col.tagCol)
		}
	}
}

// annotateStacks adds the analysis: for binim2 the cancelled stacks, the
// extra moves and the stacks with runs merged; for binim each stack's
// move count for the owner of its top.
func annotateStacks(p *solver.Stacks, head *header, shelves []shelf) []shelf {
	_, an := p.Analyze()
	main := &shelves[0]
	switch a := an.(type) {
	case solver.Binim2Analysis:
		merged := shelf{caption: "Runs merged (a player always clears a run of their own symbol)"}
		for i := range main.cols {
			col := &main.cols[i]
			s := col.syms
			owner := s[0] - '0'
			if s[0] != s[len(s)-1] {
				col.grey, col.tag, col.tagCol = true, "cancels", colMuted
			} else {
				col.tag, col.tagCol = fmt.Sprintf("%s +1", p.Game().PlayerName(solver.Player(owner))), colPlayer[owner]
			}
			m := *col
			m.syms = a.Compressed[i]
			merged.cols = append(merged.cols, m)
		}
		main.caption = "Stacks (top at the top); grey: top and bottom differ, so the stack cancels out"
		shelves = append(shelves, merged)
		head.lines = append(head.lines, []span{{"Extra moves (top and bottom alike): ", colInk},
			{fmt.Sprintf("Dee %d", a.DeeExtra), colPlayer[0]}, {", ", colInk},
			{fmt.Sprintf("Dum %d", a.DumExtra), colPlayer[1]},
			{". Equal: the mover wins; otherwise fewer extra moves win.", colInk}}, verdict(p))
	case solver.BinimAnalysis:
		for i := range main.cols {
			col := &main.cols[i]
			s := col.syms
			owner := s[0] - '0'
			col.counted = make([]bool, len(s))
			for j := range s {
				col.counted[j] = s[j] == s[0]
			}
			col.tag = fmt.Sprintf("%s %d", p.Game().PlayerName(solver.Player(owner)), strings.Count(s, s[:1]))
			col.tagCol = colPlayer[owner]
		}
		main.caption = "Stacks (top at the top); bright: the moves of the top symbol's owner, one per own symbol"
		head.lines = append(head.lines, []span{{"Moves: ", colInk},
			{fmt.Sprintf("Dee %d", a.DeeMoves), colPlayer[0]}, {", ", colInk},
			{fmt.Sprintf("Dum %d", a.DumMoves), colPlayer[1]},
			{". The mover wins with strictly more moves.", colInk}}, verdict(p))
	}
	return shelves
}
