package render

import (
	"image"
	"image/color"
	"slices"
	"strconv"
)

// This file lays out the three row games (abgame, adapwns, binstring): a
// row of cells that wraps onto as many lines as it needs, cell numbers
// above it, and brackets with labels below it.

// rowCell is one cell of a row.
type rowCell struct {
	fill color.Color // background; nil for white
	text string      // drawn centred in the cell, in bold
	ink  color.Color
	// mark, if not nil, draws over the cell (an arrow, a pawn). r is the
	// cell, in pixels.
	mark func(c *canvas, r image.Rectangle)
}

// rowSpan is a bracket under cells from..to (0-based, inclusive) with a
// label under it. A span with to == from-1 covers no cell: it marks the
// boundary on the left of cell from, for an empty gap.
type rowSpan struct {
	from, to int
	col      color.Color
	label    string
	tint     color.Color // if not nil, fills the cells that have no fill
}

// rowPicture is everything a row picture shows.
type rowPicture struct {
	head  header
	cells []rowCell
	spans []rowSpan
	// tall makes cells taller than wide, for a mark under the text.
	tall bool
	// labelW holds the width of each span's label, measured once.
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
	width, height, headH         int
	numStep                      int
	lanes                        []int // label lanes on each line
	lineY                        []int // top of each line
	segs                         []segment
	labels                       []placedLabel
	dropped                      int // labels that found no lane
}

// layoutRow lays p out with cells cellW wide in at most maxWidth pixels and
// the given label lanes. Unless whole is set, a layout that cannot fit the
// canvas even without labels is returned unfinished, only its size set.
func layoutRow(c *canvas, p *rowPicture, cellW, maxWidth, lanes int, whole bool) rowLayout {
	n := len(p.cells)
	l := rowLayout{cellW: cellW, cellH: cellW}
	if p.tall {
		l.cellH = cellW * 4 / 3
	}
	l.perLine = max(1, (maxWidth-2*margin)/cellW)
	if l.perLine >= 20 {
		l.perLine -= l.perLine % 10
	}
	l.perLine = min(l.perLine, n)
	l.lines = (n + l.perLine - 1) / l.perLine
	headW, headH := p.head.size(c)
	l.headH = headH
	l.width = max(l.perLine*cellW, headW) + 2*margin
	// Without labels the row is as short as it gets: if that does not
	// fit, neither does anything else with these cells.
	hasSpans := len(p.spans) > 0
	lineH := c.small.height + 2 + l.cellH + lineSpace
	if hasSpans {
		lineH += bracketH
	}
	if least := margin + l.headH + l.lines*lineH - lineSpace + margin; !whole && !c.fits(l.width, least) {
		l.height = least
		return l
	}
	l.segs = make([]segment, 0, len(p.spans)+l.lines)

	// Cut the spans at line ends and give each label a lane.
	var best = make([]int, len(p.spans)) // index into segs of the widest piece
	for i, s := range p.spans {
		best[i] = -1
		if s.to < s.from {
			line := min(s.from/l.perLine, l.lines-1)
			x := (s.from - line*l.perLine) * cellW
			best[i] = len(l.segs)
			l.segs = append(l.segs, segment{span: i, line: line, x0: x, x1: x})
			continue
		}
		for line := s.from / l.perLine; line <= s.to/l.perLine; line++ {
			a := max(s.from, line*l.perLine)
			b := min(s.to, (line+1)*l.perLine-1)
			seg := segment{span: i, line: line,
				x0: (a - line*l.perLine) * cellW, x1: (b - line*l.perLine + 1) * cellW,
				openL: a > s.from, openR: b < s.to}
			if best[i] < 0 || seg.x1-seg.x0 > l.segs[best[i]].x1-l.segs[best[i]].x0 {
				best[i] = len(l.segs)
			}
			l.segs = append(l.segs, seg)
		}
	}
	rowW := l.perLine * cellW
	l.labels = make([]placedLabel, 0, len(p.spans))
	for i, s := range p.spans {
		if s.label == "" || best[i] < 0 {
			continue
		}
		if lanes == 0 {
			l.dropped++
			continue
		}
		seg := l.segs[best[i]]
		w := p.labelW[i]
		x := (seg.x0+seg.x1)/2 - w/2
		x = max(-margin/2, min(x, max(rowW, l.width-2*margin)+margin/2-w))
		l.labels = append(l.labels, placedLabel{span: i, line: seg.line, x: x})
	}
	slices.SortStableFunc(l.labels, func(a, b placedLabel) int {
		if a.line != b.line {
			return a.line - b.line
		}
		return a.x - b.x
	})
	l.lanes = make([]int, l.lines)
	ends := make([]int, lanes)
	kept := l.labels[:0]
	for i, lb := range l.labels {
		if i == 0 || l.labels[i-1].line != lb.line {
			for k := range ends {
				ends[k] = -1 << 30
			}
		}
		w := p.labelW[lb.span]
		lb.lane = -1
		for k := range ends {
			if ends[k]+6 <= lb.x {
				lb.lane = k
				ends[k] = lb.x + w
				break
			}
		}
		if lb.lane < 0 {
			l.dropped++
			continue
		}
		l.lanes[lb.line] = max(l.lanes[lb.line], lb.lane+1)
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

	y := margin + l.headH
	for line := range l.lines {
		l.lineY = append(l.lineY, y)
		y += c.small.height + 2 + l.cellH + lineSpace
		if hasSpans {
			y += bracketH + l.lanes[line]*(c.label.height+2)
		}
	}
	l.height = y - lineSpace + margin
	return l
}

// drawRow lays out p, choosing the largest cells that fit, and draws it.
func drawRow(c *canvas, p *rowPicture) error {
	if len(p.cells) == 0 {
		p.head.lines = append(p.head.lines, []span{{"Nothing is left: the row is empty.", colInk}})
		w, h := p.head.size(c)
		c.start(w+2*margin, h+2*margin)
		p.head.draw(c, margin, margin)
		return nil
	}
	p.labelW = make([]int, len(p.spans))
	for i, s := range p.spans {
		p.labelW[i] = c.label.width(s.label)
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
	p.head.draw(c, margin, margin)

	fills := make([]color.Color, len(p.cells))
	for i, cell := range p.cells {
		fills[i] = cell.fill
	}
	for _, s := range p.spans {
		if s.tint == nil {
			continue
		}
		for i := max(0, s.from); i <= s.to && i < len(fills); i++ {
			if fills[i] == nil {
				fills[i] = s.tint
			}
		}
	}

	numBand := c.small.height + 2
	numW := c.small.width(strconv.Itoa(len(p.cells))) + 8
	for line := range l.lines {
		top := l.lineY[line]
		cy := top + numBand
		first := line * l.perLine
		last := min(len(p.cells), first+l.perLine) // exclusive
		for i := first; i < last; i++ {
			x := margin + (i-first)*l.cellW
			r := image.Rect(x, cy, x+l.cellW, cy+l.cellH)
			if fills[i] != nil {
				c.rect(r, fills[i])
			}
			cell := p.cells[i]
			if cell.text != "" && l.cellW >= 8 {
				h := l.cellH
				if p.tall {
					h = l.cellW
				}
				c.centred(cellFace, x+l.cellW/2, cy, h, cell.text, cell.ink)
			}
			if cell.mark != nil {
				cell.mark(c, r)
			}
			// The number of cell i+1: every numStep-th cell, and a
			// line's first cell when the next due number leaves room.
			num := i + 1
			due := num%l.numStep == 0
			if !due && num == first+1 {
				next := (num/l.numStep + 1) * l.numStep
				due = next > last || (next-num)*l.cellW >= numW
			}
			if due {
				s := strconv.Itoa(num)
				w := c.small.width(s)
				lx := max(margin, min(x+l.cellW/2-w/2, l.width-margin-w))
				c.textAt(c.small, lx, top+c.small.ascent, s, colMuted)
			}
		}
		// The grid: a frame round the line and a line between cells.
		x0, x1 := margin, margin+(last-first)*l.cellW
		c.frame(image.Rect(x0, cy, x1+1, cy+l.cellH+1), 1, colGrid)
		if l.cellW >= 10 {
			for i := first + 1; i < last; i++ {
				x := margin + (i-first)*l.cellW
				c.rect(image.Rect(x, cy, x+1, cy+l.cellH), colGrid)
			}
		}
	}

	// Brackets and labels.
	for _, seg := range l.segs {
		s := p.spans[seg.span]
		y := l.lineY[seg.line] + numBand + l.cellH + 3
		x0, x1 := margin+seg.x0, margin+seg.x1
		if x0 == x1 {
			c.rect(image.Rect(x0-1, y-3, x0+2, y+bracketH-2), s.col)
			continue
		}
		if !seg.openL {
			x0 += 2
			c.rect(image.Rect(x0, y, x0+2, y+bracketH-2), s.col)
		}
		if !seg.openR {
			x1 -= 2
			c.rect(image.Rect(x1-2, y, x1, y+bracketH-2), s.col)
		}
		c.rect(image.Rect(x0, y+bracketH-4, x1, y+bracketH-2), s.col)
	}
	for _, lb := range l.labels {
		s := p.spans[lb.span]
		y := l.lineY[lb.line] + numBand + l.cellH + 3 + bracketH - 1 + lb.lane*(c.label.height+2)
		c.textAt(c.label, margin+lb.x, y+c.label.ascent, s.label, s.col)
	}
	return nil
}

// arrow draws a small arrow along the bottom of r, pointing right or left.
func arrow(c *canvas, r image.Rectangle, right bool, col color.Color) {
	w := r.Dx()
	h := max(2, (r.Dy()-w)*2/3)
	cy := r.Max.Y - (r.Dy()-w)/2
	x0, x1 := r.Min.X+w/5, r.Max.X-w/5
	head := max(3, h)
	t := max(1, h/3)
	if right {
		c.rect(image.Rect(x0, cy-t/2-t%2, x1-head+1, cy+t/2+1), col)
		c.triangle(image.Pt(x1-head, cy-head/2-1), image.Pt(x1, cy), image.Pt(x1-head, cy+head/2+1), col)
		return
	}
	c.rect(image.Rect(x0+head-1, cy-t/2-t%2, x1, cy+t/2+1), col)
	c.triangle(image.Pt(x0+head, cy-head/2-1), image.Pt(x0, cy), image.Pt(x0+head, cy+head/2+1), col)
}
