// Package render draws a position of one of nimtutor's games as a PNG
// picture for a student: the position itself and, with Options.Annotate,
// the numbers the game's solution is built from.
//
// A game lays its position out through its Drawer: a Row of cells with
// brackets and labels under them, or Shelves of columns of blocks. Every
// picture starts with a Header (title, lines, colour legend). Rows wrap
// onto several lines and blocks shrink so that even a 6000-cell row or 50
// stacks of 50 fit in MaxPixels pixels, at most MaxSide on a side.
// Pictures are paletted, one byte a pixel, so the largest draws and
// encodes in a few milliseconds. The package is pure: it draws with the
// embedded Go fonts and reads no files and no network.
package render
