package main

import (
	"math"
	"math/rand/v2"

	"github.com/nimtutor/nimtutor/explain"
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
// has none), as the game makes them (solver.Game.RandomText).
func randomPosition(rng *rand.Rand, g solver.Game, n int) (string, string) {
	return g.RandomText(rng, n)
}

// logUniform returns a length between lo and hi, log-uniformly: as many
// positions of 5 to 50 characters as of 50 to 500.
func logUniform(rng *rand.Rand, lo, hi int) int {
	return int(math.Round(math.Exp(math.Log(float64(lo)) + rng.Float64()*(math.Log(float64(hi))-math.Log(float64(lo))))))
}
