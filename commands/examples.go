package commands

import (
	"github.com/nimtutor/nimtutor/solver"
)

// maxExamples is how many examples autocomplete offers.
const maxExamples = 4

// examplesOf returns up to maxExamples example positions of g, the
// problem's samples first, for autocomplete and /help.
func examplesOf(g solver.Game) []string {
	ex := g.Examples()
	return ex[:min(len(ex), maxExamples)]
}
