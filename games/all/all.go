// Package all registers every game nimtutor offers, in the order they are
// listed to people. The binary imports it, and so do the tests of the
// packages that need games; adding a game is a new package under games/
// and one line here.
package all

import (
	"github.com/nimtutor/nimtutor/games/abgame"
	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/games/binim"
	"github.com/nimtutor/nimtutor/games/binstring"
	"github.com/nimtutor/nimtutor/games/heaps"
	"github.com/nimtutor/nimtutor/games/nim"
	"github.com/nimtutor/nimtutor/solver"
)

func init() {
	solver.Register(
		binim.Binim2,
		binim.Binim,
		abgame.Game,
		adapwns.Game,
		binstring.Game,
		nim.Nim, nim.Misere,
		heaps.Game,
	)
}
