package practice

import (
	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// GameThemes lists the themes puzzles of g can have, for menus: the ideas
// of its solution, as its explanation names them.
func GameThemes(g solver.Game) []string { return explain.Themes(g) }

// themes reads a position's themes off the numbers its formula uses.
func themes(pos solver.Position, _ []solver.Move) []string { return explain.PositionThemes(pos) }
