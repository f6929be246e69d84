package commands

import (
	"github.com/nimtutor/nimtutor/solver"
)

// examples are a few positions of each game, the problems' samples first,
// offered by autocomplete and shown by /help. A game missing here gets
// small positions from its enumeration instead.
var examples = map[string][]string{
	"binim2":    {"010 101", "0 1 01", "0011 10 1", "00 110 1"},
	"binim":     {"0011 1", "010 101", "01 10 1", "000 11"},
	"abgame":    {"A..B.A...B", "A.B", "A..B", "A..B.A..B"},
	"adapwns":   {"..P.P", ".P..P.P", "P...P..P", "...P.P.P"},
	"binstring": {"0110011", "00011", "000011", "1001"},
}

// maxExamples is how many examples autocomplete offers.
const maxExamples = 4

// examplesOf returns up to maxExamples example positions of g.
func examplesOf(g solver.Game) []string {
	if ex, ok := examples[g.Name()]; ok {
		return ex[:min(len(ex), maxExamples)]
	}
	return enumeratedExamples(g)
}

// enumeratedExamples takes every other starting position of sizes 3 and
// 4 from g's enumeration, up to maxExamples, so a new game has examples
// before anyone picks them.
func enumeratedExamples(g solver.Game) []string {
	var out []string
	for size := 3; size <= 4 && len(out) < maxExamples; size++ {
		k := 0
		g.Starts(size, func(st solver.State) bool {
			if k++; k%2 == 0 {
				out = append(out, g.Decode(st).String())
			}
			return len(out) < maxExamples
		})
	}
	return out
}
