package binim

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// Picture shows the stacks as columns of blocks in their owner's colour,
// top at the top; with annotate, binim2's cancelled stacks greyed out and
// the stacks with runs merged alongside, or binim's moves per stack.
func (g *stackGame) Picture(pos solver.Position, annotate bool) render.Picture {
	p := pos.(*Stacks)
	pic := &render.Shelves{}
	pic.Head.Title = render.TitleLine(p, render.Plural(len(p.stacks), "stack"))
	rule := "A player who cannot move loses."
	if g.misere {
		rule = "Misère: a player who cannot move wins."
	}
	pic.Head.Lines = [][]render.Span{{{Text: "A move takes any number of symbols from the top of a stack with the mover's symbol on top. " + rule, Color: render.Ink}}}
	pic.Head.Legend = []render.LegendItem{{Color: render.PlayerInk[0], Text: "Dee owns 0"}, {Color: render.PlayerInk[1], Text: "Dum owns 1"}}
	if len(p.stacks) == 0 {
		pic.Head.Lines = append(pic.Head.Lines, []render.Span{{Text: "No stacks are left.", Color: render.Ink}})
		return pic
	}
	main := render.Shelf{Caption: "Stacks (top at the top)"}
	for i, s := range p.stacks {
		main.Columns = append(main.Columns, render.Column{Num: i + 1, Blocks: blocks(s, bright)})
	}
	if !annotate {
		pic.Shelves = []render.Shelf{main}
		return pic
	}
	counts := stacksTally(p.stacks, g.misere)
	if !g.misere {
		for i, s := range p.stacks {
			owner := ownerOf(s[0])
			col := &main.Columns[i]
			col.Blocks = blocks(s, pale)
			col.Tag = fmt.Sprintf("%s %d", g.PlayerName(owner), strings.Count(s, s[:1]))
			col.TagInk = render.PlayerInk[owner]
		}
		main.Caption = "Stacks (top at the top); bright: the moves of the top symbol's owner, one per own symbol"
		pic.Shelves = []render.Shelf{main}
		pic.Head.Lines = append(pic.Head.Lines, render.PlayersLine(g, "Moves: ", counts, ". The mover wins with strictly more moves."), render.VerdictLine(p))
		return pic
	}
	merged := render.Shelf{Caption: "Runs merged (a player always clears a run of their own symbol)"}
	for i, s := range p.stacks {
		col := &main.Columns[i]
		owner, shade := ownerOf(s[0]), bright
		col.Tag, col.TagInk = fmt.Sprintf("%s +1", g.PlayerName(owner)), render.PlayerInk[owner]
		if s[0] != s[len(s)-1] {
			shade = greyed
			col.Blocks = blocks(s, greyed)
			col.Tag, col.TagInk = "cancels", render.Muted
		}
		merged.Columns = append(merged.Columns, render.Column{Num: col.Num, Blocks: blocks(Compress(s), shade), Tag: col.Tag, TagInk: col.TagInk})
	}
	main.Caption = "Stacks (top at the top); grey: top and bottom differ, so the stack cancels out"
	pic.Shelves = []render.Shelf{main, merged}
	pic.Head.Lines = append(pic.Head.Lines, render.PlayersLine(g, "Extra moves (top and bottom alike): ", counts,
		". Equal: the mover wins; otherwise fewer extra moves win."), render.VerdictLine(p))
	return pic
}

// The shades of a stack's blocks.
const (
	bright = iota // the owner's colour
	pale          // the other symbol than the top in its owner's tint: it does not count
	greyed        // grey: a stack that cancels out
)

// blocks draws a stack in a shade.
func blocks(s string, shade int) []render.Block {
	out := make([]render.Block, len(s))
	for i := range len(s) {
		owner := ownerOf(s[i])
		var fill, ink color.Color = render.PlayerInk[owner], render.Background
		switch {
		case shade == pale && s[i] != s[0]:
			fill, ink = render.PlayerTint[owner], render.PlayerInk[owner]
		case shade == greyed:
			fill, ink = render.Grey, render.Muted
		}
		out[i] = render.Block{Fill: fill, Ink: ink, Text: s[i : i+1]}
	}
	return out
}
