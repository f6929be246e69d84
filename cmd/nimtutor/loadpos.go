package main

import (
	"math"
	"math/rand/v2"
	"strings"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/games/abgame"
	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/games/binim"
	"github.com/nimtutor/nimtutor/games/binstring"
	"github.com/nimtutor/nimtutor/solver"
)

// localBestMove is the move the bot plays in pos: the solver's optimal
// move in pos's own numbering, as the play command finds it; nil when
// every move loses.
func localBestMove(pos solver.Position) solver.Move {
	return explain.LocalMove(solver.Solve(pos))
}

// randomPosition returns a random position of g of about n characters,
// within the game's limits, and its first player option ("" when the game
// has none). Rows have letters, pawns or 1s on about a third of their
// cells; binim stacks are 1 to 50 symbols, at most 50 of them; any other
// game gives its own random position.
func randomPosition(rng *rand.Rand, g solver.Game, n int) (string, string) {
	var b strings.Builder
	switch g {
	case adapwns.Game:
		for range n {
			b.WriteByte("..P"[rng.IntN(3)])
		}
	case abgame.Game:
		for range n {
			b.WriteByte("....AB"[rng.IntN(6)])
		}
	case binstring.Game:
		for range n {
			b.WriteByte("01"[rng.IntN(2)])
		}
	case binim.Binim, binim.Binim2:
		for stacks := 0; stacks < 50 && (b.Len() < n || stacks == 0); stacks++ {
			if stacks > 0 {
				b.WriteByte(' ')
			}
			for range 1 + rng.IntN(min(50, max(1, n-b.Len()))) {
				b.WriteByte("01"[rng.IntN(2)])
			}
		}
		return b.String(), []string{"Dee", "Dum"}[rng.IntN(2)]
	default:
		// Any other game gives a random position of its own.
		return g.Random(rng).String(), ""
	}
	return b.String(), ""
}

// logUniform returns a length between lo and hi, log-uniformly: as many
// positions of 5 to 50 characters as of 50 to 500.
func logUniform(rng *rand.Rand, lo, hi int) int {
	return int(math.Round(math.Exp(math.Log(float64(lo)) + rng.Float64()*(math.Log(float64(hi))-math.Log(float64(lo))))))
}
