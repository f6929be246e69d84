package render

import (
	"image"
	"image/color"
	"math/bits"
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
	l.height = l.place(c, shelves, margin+headH, nil) + margin
	return l
}

// place goes down the shelves from y, each caption and then each row of
// columns with their labels, and returns the y under the last. With
// digits, the face of the blocks' symbols, it draws them too; without,
// it only measures.
func (l stackLayout) place(c *Canvas, shelves []Shelf, y int, digits *face) int {
	for _, sh := range shelves {
		if digits != nil {
			c.textAt(c.text, margin, y+c.text.ascent, sh.Caption, Muted)
		}
		y += c.text.height + 6
		for cols := range slices.Chunk(sh.Columns, l.perRow) {
			tall, tags := 0, 0
			for _, col := range cols {
				tall = max(tall, len(col.Blocks))
				if col.Tag != "" {
					tags = c.label.height + 2
				}
			}
			if digits != nil {
				drawStackRow(c, cols, l, digits, y+tall*l.block)
			}
			y += tall*l.block + 4 + c.small.height + tags + 14
		}
	}
	return y
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
	l.place(c, shelves, margin+headH, digits)
	return nil
}

// drawStackRow draws one row of columns standing on floor.
func drawStackRow(c *Canvas, cols []Column, l stackLayout, digits *face, floor int) {
	b := l.block
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

// BitBlocks draws x (not negative) as at least w binary digits, the
// highest first (at the top): a 1 filled with one, a 0 tinted with zero.
// Nim-like games draw a heap's size or value this way so that the XOR's
// columns line up.
func BitBlocks(x int64, w int, one, zero color.Color) []Block {
	w = max(w, bits.Len64(uint64(x)))
	out := make([]Block, w)
	for i := range out {
		out[i] = Block{Fill: zero, Ink: one, Text: "0"}
		if x>>(w-1-i)&1 == 1 {
			out[i] = Block{Fill: one, Ink: Background, Text: "1"}
		}
	}
	return out
}
