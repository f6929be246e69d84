package render

import (
	"image"
	"image/color"
	"slices"
	"strconv"
)

// This file draws columns of blocks (binim's stacks, Nim's heaps), the
// first block of each column at the top, standing on a common floor.

// Column is one stack or heap as drawn.
type Column struct {
	Num    int     // its number, from 1; 0 for a column that is not one (Nim's XOR)
	Blocks []Block // top first
	Tag    string  // label under the number
	TagInk color.Color
	// cont marks the second and later columns of a stack too tall for
	// one column.
	cont bool
}

// Block is one block of a column: its colour and the symbol on it.
type Block struct {
	Fill, Ink color.Color
	Text      string
}

// Shelves is a picture of captioned groups of columns.
type Shelves struct {
	Head    Header
	Shelves []Shelf
}

// Shelf is a captioned group of columns, drawn on one or more rows.
type Shelf struct {
	Caption string
	Columns []Column
}

// maxColumn is the most blocks drawn in one column. A taller stack (far
// beyond the contests' 50) goes on in the next column, as text wraps.
const maxColumn = 100

// splitTall cuts every stack taller than maxColumn into columns of at
// most maxColumn blocks, top first.
func splitTall(shelves []Shelf) []Shelf {
	out := make([]Shelf, len(shelves))
	for k, sh := range shelves {
		out[k].Caption = sh.Caption
		for _, col := range sh.Columns {
			part := col
			for blocks := range slices.Chunk(col.Blocks, maxColumn) {
				part.Blocks = blocks
				out[k].Columns = append(out[k].Columns, part)
				part.cont, part.Tag = true, "" // the parts after the first
			}
		}
	}
	return out
}

// blockSizes are the block sizes tried in turn: the largest that fits is drawn.
var blockSizes = []int{24, 20, 16, 14, 12, 10, 8, 6, 4, 3, 2}

// stackLayout is one way to lay out shelves of stacks.
type stackLayout struct {
	block, pitch, perRow int
	width, height        int
}

func layoutStacks(c *Canvas, head Header, shelves []Shelf, block int) stackLayout {
	l := stackLayout{block: block}
	tagW, most := 0, 1
	for _, sh := range shelves {
		for _, col := range sh.Columns {
			tagW = max(tagW, c.label.width(col.Tag), c.small.width("…"+strconv.Itoa(col.Num)))
			most = max(most, len(sh.Columns))
		}
	}
	l.pitch = max(block+max(4, block/2), tagW+8)
	l.perRow = max(1, min(most, (MaxSide-2*margin)/l.pitch))
	headW, headH := head.layout(c, 0, 0, false)
	l.width = max(headW, l.perRow*l.pitch) + 2*margin
	y := margin + headH
	for _, sh := range shelves {
		y += shelfCaptionH(c)
		for cols := range slices.Chunk(sh.Columns, l.perRow) {
			y += rowHeight(c, cols, block)
		}
	}
	l.height = y + margin
	return l
}

func shelfCaptionH(c *Canvas) int { return c.text.height + 6 }

// rowHeight is the height of one row of columns with their labels.
func rowHeight(c *Canvas, cols []Column, block int) int {
	tall, tags := 0, 0
	for _, col := range cols {
		tall = max(tall, len(col.Blocks))
		if col.Tag != "" {
			tags = c.label.height + 2
		}
	}
	return tall*block + 4 + c.small.height + tags + 14
}

// draw lays out the shelves, choosing the largest blocks that fit, and
// draws them.
func (p *Shelves) draw(c *Canvas) error {
	shelves := splitTall(p.Shelves)
	var l stackLayout
	for i, b := range blockSizes {
		l = layoutStacks(c, p.Head, shelves, b)
		if c.fits(l.width, l.height) || i == len(blockSizes)-1 {
			break
		}
	}
	digits, err := newFace(true, float64(l.block)*0.6)
	if err != nil {
		return err
	}
	c.start(l.width, l.height)
	_, headH := p.Head.layout(c, margin, margin, true)
	y := margin + headH
	for _, sh := range shelves {
		c.textAt(c.text, margin, y+c.text.ascent, sh.Caption, Muted)
		y += shelfCaptionH(c)
		for cols := range slices.Chunk(sh.Columns, l.perRow) {
			drawStackRow(c, cols, l, digits, y)
			y += rowHeight(c, cols, l.block)
		}
	}
	return nil
}

// drawStackRow draws one row of columns whose top edge is at y.
func drawStackRow(c *Canvas, cols []Column, l stackLayout, digits *face, y int) {
	tall := 0
	for _, col := range cols {
		tall = max(tall, len(col.Blocks))
	}
	b := l.block
	floor := y + tall*b
	c.Rect(image.Rect(margin, floor+1, margin+len(cols)*l.pitch, floor+3), Grid)
	inset := 0
	if b >= 8 {
		inset = 1
	}
	for k, col := range cols {
		x := margin + k*l.pitch + (l.pitch-b)/2
		for i, blk := range col.Blocks {
			top := floor - (len(col.Blocks)-i)*b
			c.Rect(image.Rect(x+inset, top+inset, x+b-inset, top+b-inset), blk.Fill)
			if b >= 12 && blk.Text != "" {
				c.centred(digits, x+b/2, top, b, blk.Text, blk.Ink)
			}
		}
		cx := margin + k*l.pitch + l.pitch/2
		ny := floor + 4
		if col.Num > 0 {
			num := strconv.Itoa(col.Num)
			if col.cont {
				num = "…" + num
			}
			c.centred(c.small, cx, ny, c.small.height, num, Muted)
		}
		if col.Tag != "" {
			c.centred(c.label, cx, ny+c.small.height+2, c.label.height, col.Tag, col.TagInk)
		}
	}
}
