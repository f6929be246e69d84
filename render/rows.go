package render

import (
	"cmp"
	"image"
	"image/color"
	"slices"
	"strconv"
)

// This file lays out the row games (abgame, adapwns, binstring): a row of
// cells that wraps onto as many lines as it needs, cell numbers above it,
// and brackets with labels below it.

// Cell is one cell of a row.
type Cell struct {
	Fill color.Color // background; nil for white
	Text string      // drawn centred in the cell, in bold
	Ink  color.Color
	// Mark, if not nil, draws over the cell (an arrow, a pawn). r is the
	// cell, in pixels.
	Mark func(c *Canvas, r image.Rectangle)
}

// Bracket is a bracket under cells From..To (0-based, inclusive) with a
// label under it. A bracket with To == From-1 covers no cell: it marks
// the boundary on the left of cell From, for an empty gap.
type Bracket struct {
	From, To int
	Color    color.Color
	Label    string
	Tint     color.Color // if not nil, fills the cells that have no fill
}

// Row is a picture of a row of cells.
type Row struct {
	Head     Header
	Cells    []Cell
	Brackets []Bracket
	// Tall makes cells taller than wide, for a mark under the text.
	Tall bool
	// labelW holds the width of each bracket's label, measured once.
	labelW []int
}

// Sizes of the parts of a line, in pixels.
const (
	bracketH  = 9
	lineSpace = 12
	maxLanes  = 3
)

// rowCandidates are the cell widths, picture widths and label lanes
// tried in turn: the first layout that fits (MaxSide, MaxPixels) and drops
// no label is drawn, else the one that fits and drops fewest. The last
// ones give up lanes of labels, which is what makes a huge annotated row
// fit in two megapixels.
var rowCandidates = []struct{ cell, width, lanes int }{
	{28, 1200, maxLanes}, {24, 1600, maxLanes}, {20, 2000, maxLanes}, {18, 2400, maxLanes}, {18, 2800, maxLanes},
	{16, 3200, maxLanes}, {14, 3600, maxLanes}, {12, 4000, maxLanes}, {10, 4000, maxLanes}, {8, 4000, maxLanes}, {6, 4000, maxLanes},
	{8, 4000, 2}, {6, 4000, 2}, {8, 4000, 1}, {6, 4000, 1}, {6, 3200, 1}, {6, 4000, 0}, {6, 3200, 0}, {5, 3200, 0}, {4, 3200, 0},
}

// segment is the part of a span on one line.
type segment struct {
	span, line int
	x0, x1     int  // pixels, relative to the line's left edge
	openL      bool // the span goes on from the line before
	openR      bool // the span goes on on the next line
}

// placedLabel is a span's label at its place.
type placedLabel struct {
	span, line, lane, x int
}

// rowLayout is one way to lay out a row picture.
type rowLayout struct {
	cellW, cellH, perLine, lines int
	width, height                int
	numStep                      int
	lineY                        []int // top of each line
	segs                         []segment
	labels                       []placedLabel
	dropped                      int // labels that found no lane
}

// layoutRow lays p out with cells cellW wide in at most maxWidth pixels and
// the given label lanes. Unless whole is set, a layout that cannot fit the
// canvas even without labels is returned unfinished, only its size set.
func layoutRow(c *Canvas, p *Row, cellW, maxWidth, lanes int, whole bool) rowLayout {
	n := len(p.Cells)
	l := rowLayout{cellW: cellW, cellH: cellW}
	if p.Tall {
		l.cellH = cellW * 4 / 3
	}
	l.perLine = max(1, (maxWidth-2*margin)/cellW)
	if l.perLine >= 20 {
		l.perLine -= l.perLine % 10
	}
	l.perLine = min(l.perLine, n)
	l.lines = (n + l.perLine - 1) / l.perLine
	headW, headH := p.Head.layout(c, 0, 0, false)
	l.width = max(l.perLine*cellW, headW) + 2*margin
	// Without labels the row is as short as it gets: if that does not
	// fit, neither does anything else with these cells.
	lineH := c.small.height + 2 + l.cellH + lineSpace
	if len(p.Brackets) > 0 {
		lineH += bracketH
	}
	if least := margin + headH + l.lines*lineH - lineSpace + margin; !whole && !c.fits(l.width, least) {
		l.height = least
		return l
	}
	l.segs = make([]segment, 0, len(p.Brackets)+l.lines)

	// Cut the spans at line ends, place each label under its span's
	// widest piece, and give each label a lane.
	rowW := l.perLine * cellW
	l.labels = make([]placedLabel, 0, len(p.Brackets))
	for i, s := range p.Brackets {
		best := len(l.segs) // the widest piece: the first, unless a later one is wider
		if s.To < s.From {
			line := min(s.From/l.perLine, l.lines-1)
			x := (s.From - line*l.perLine) * cellW
			l.segs = append(l.segs, segment{span: i, line: line, x0: x, x1: x})
		} else {
			for line := s.From / l.perLine; line <= s.To/l.perLine; line++ {
				a := max(s.From, line*l.perLine)
				b := min(s.To, (line+1)*l.perLine-1)
				seg := segment{span: i, line: line,
					x0: (a - line*l.perLine) * cellW, x1: (b - line*l.perLine + 1) * cellW,
					openL: a > s.From, openR: b < s.To}
				if len(l.segs) > best && seg.x1-seg.x0 > l.segs[best].x1-l.segs[best].x0 {
					best = len(l.segs)
				}
				l.segs = append(l.segs, seg)
			}
		}
		if s.Label == "" {
			continue
		}
		if lanes == 0 {
			l.dropped++
			continue
		}
		seg := l.segs[best]
		w := p.labelW[i]
		x := (seg.x0+seg.x1)/2 - w/2
		x = max(-margin/2, min(x, max(rowW, l.width-2*margin)+margin/2-w))
		l.labels = append(l.labels, placedLabel{span: i, line: seg.line, x: x})
	}
	slices.SortStableFunc(l.labels, func(a, b placedLabel) int { return cmp.Or(a.line-b.line, a.x-b.x) })
	used := make([]int, l.lines) // label lanes on each line
	ends := make([]int, lanes)
	kept := l.labels[:0]
	for i, lb := range l.labels {
		if i == 0 || l.labels[i-1].line != lb.line {
			for k := range ends {
				ends[k] = -1 << 30
			}
		}
		lb.lane = slices.IndexFunc(ends, func(end int) bool { return end+6 <= lb.x })
		if lb.lane < 0 {
			l.dropped++
			continue
		}
		ends[lb.lane] = lb.x + p.labelW[lb.span]
		used[lb.line] = max(used[lb.line], lb.lane+1)
		kept = append(kept, lb)
	}
	l.labels = kept

	// Cell numbers: every numStep-th cell, as often as they fit.
	numW := c.small.width(strconv.Itoa(n)) + 8
	for _, step := range []int{1, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000} {
		l.numStep = step
		if step*cellW >= numW {
			break
		}
	}

	// Labels come from brackets: a row without brackets has no lanes.
	y := margin + headH
	for line := range l.lines {
		l.lineY = append(l.lineY, y)
		y += lineH + used[line]*(c.label.height+2)
	}
	l.height = y - lineSpace + margin
	return l
}

// draw lays out p, choosing the largest cells that fit, and draws it.
func (p *Row) draw(c *Canvas) error {
	if len(p.Cells) == 0 {
		p.Head.Lines = append(p.Head.Lines, []Span{{"Nothing is left: the row is empty.", Ink}})
		w, h := p.Head.layout(c, 0, 0, false)
		c.start(w+2*margin, h+2*margin)
		p.Head.layout(c, margin, margin, true)
		return nil
	}
	p.labelW = make([]int, len(p.Brackets))
	for i, s := range p.Brackets {
		p.labelW[i] = c.label.width(s.Label)
	}
	var l rowLayout
	found := false
	for _, cand := range rowCandidates {
		try := layoutRow(c, p, cand.cell, cand.width, cand.lanes, false)
		if !c.fits(try.width, try.height) {
			continue
		}
		if !found || try.dropped < l.dropped {
			l, found = try, true
		}
		if l.dropped == 0 {
			break
		}
	}
	if !found { // beyond every candidate: draw small, and fit scales it
		last := rowCandidates[len(rowCandidates)-1]
		l = layoutRow(c, p, last.cell, MaxSide, last.lanes, true)
	}
	cellFace, err := newFace(true, float64(l.cellW)*0.62)
	if err != nil {
		return err
	}
	c.start(l.width, l.height)
	p.Head.layout(c, margin, margin, true)

	// A cell without a fill takes the tint of the first bracket over it that has one.
	tints := make([]color.Color, len(p.Cells))
	for _, s := range slices.Backward(p.Brackets) {
		for i := max(0, s.From); s.Tint != nil && i <= s.To && i < len(tints); i++ {
			tints[i] = s.Tint
		}
	}

	numBand := c.small.height + 2
	for line := range l.lines {
		top := l.lineY[line]
		cy := top + numBand
		first := line * l.perLine
		last := min(len(p.Cells), first+l.perLine) // exclusive
		for i := first; i < last; i++ {
			x := margin + (i-first)*l.cellW
			r := image.Rect(x, cy, x+l.cellW, cy+l.cellH)
			cell := p.Cells[i]
			if fill := cmp.Or(cell.Fill, tints[i]); fill != nil {
				c.Rect(r, fill)
			}
			if cell.Text != "" && l.cellW >= 8 { // centred in the square on top of a tall cell
				c.centred(cellFace, x+l.cellW/2, cy, l.cellW, cell.Text, cell.Ink)
			}
			if cell.Mark != nil {
				cell.Mark(c, r)
			}
			// The number of cell i+1: every numStep-th cell, and a
			// line's first cell when the next due number leaves room.
			num := i + 1
			due := num%l.numStep == 0
			if !due && num == first+1 {
				// Room means the first number, held inside the margin,
				// ends a few pixels before the next due one begins.
				next := (num/l.numStep + 1) * l.numStep
				w := c.small.width(strconv.Itoa(num))
				end := max(margin, x+l.cellW/2-w/2) + w
				nextStart := x + (next-num)*l.cellW + l.cellW/2 - c.small.width(strconv.Itoa(next))/2
				due = next > last || end+4 <= nextStart
			}
			if due {
				s := strconv.Itoa(num)
				w := c.small.width(s)
				lx := max(margin, min(x+l.cellW/2-w/2, l.width-margin-w))
				c.textAt(c.small, lx, top+c.small.ascent, s, Muted)
			}
		}
		// The grid: a frame round the line and a line between cells.
		x0, x1 := margin, margin+(last-first)*l.cellW
		c.frame(image.Rect(x0, cy, x1+1, cy+l.cellH+1), 1, Grid)
		if l.cellW >= 10 {
			for i := first + 1; i < last; i++ {
				x := margin + (i-first)*l.cellW
				c.Rect(image.Rect(x, cy, x+1, cy+l.cellH), Grid)
			}
		}
	}

	// Brackets and labels.
	for _, seg := range l.segs {
		s := p.Brackets[seg.span]
		y := l.lineY[seg.line] + numBand + l.cellH + 3
		x0, x1 := margin+seg.x0, margin+seg.x1
		if x0 == x1 {
			c.Rect(image.Rect(x0-1, y-3, x0+2, y+bracketH-2), s.Color)
			continue
		}
		if !seg.openL {
			x0 += 2
			c.Rect(image.Rect(x0, y, x0+2, y+bracketH-2), s.Color)
		}
		if !seg.openR {
			x1 -= 2
			c.Rect(image.Rect(x1-2, y, x1, y+bracketH-2), s.Color)
		}
		c.Rect(image.Rect(x0, y+bracketH-4, x1, y+bracketH-2), s.Color)
	}
	for _, lb := range l.labels {
		s := p.Brackets[lb.span]
		y := l.lineY[lb.line] + numBand + l.cellH + 3 + bracketH - 1 + lb.lane*(c.label.height+2)
		c.textAt(c.label, margin+lb.x, y+c.label.ascent, s.Label, s.Color)
	}
	return nil
}
