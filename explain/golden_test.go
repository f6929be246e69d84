package explain

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCase is one position whose explanation, hints and move step are
// kept in testdata/NAME.golden. moves are played first, for mid-game
// positions.
type goldenCase struct {
	name, game, pos, first string
	moves                  []solver.Move
}

var goldenCases = []goldenCase{
	{name: "binim2_sample", game: "binim2", pos: "010 101", first: "Dee"},
	{name: "binim2_sample_dum", game: "binim2", pos: "010 101", first: "Dum"},
	{name: "binim2_runs", game: "binim2", pos: "00110 1101 01 0 0", first: "Dum"},
	{name: "binim2_loss", game: "binim2", pos: "0 00 1 10", first: "Dee"},
	{name: "binim2_stuck", game: "binim2", pos: "1 10 110", first: "Dee"},
	{name: "binim2_large", game: "binim2", pos: "0101101010011010101010111010 0 0 1 10 01 0110 1001 101 010 0 11", first: "Dee"},
	{name: "binim_dum", game: "binim", pos: "0011 1", first: "Dum"},
	{name: "binim_dee", game: "binim", pos: "0011 1", first: "Dee"},
	{name: "binim_stuck", game: "binim", pos: "1 10", first: "Dee"},
	{name: "binim_mixed", game: "binim", pos: "0110 1001 0 1 1", first: "Dum"},
	{name: "abgame_sample1", game: "abgame", pos: "A.B"},
	{name: "abgame_sample2", game: "abgame", pos: "A..B"},
	{name: "abgame_sample3", game: "abgame", pos: "A..B.A..B"},
	{name: "abgame_editorial", game: "abgame", pos: "A..B.A...B"},
	{name: "abgame_reserve", game: "abgame", pos: "A..A.B...B..A.."},
	{name: "abgame_b_to_move", game: "abgame", pos: "A...B.B..A..", moves: []solver.Move{solver.CellMove{From: 1, To: 2}}},
	{name: "abgame_large", game: "abgame", pos: "A.B..A...B.A....B..A.B....A..B...AA..BB...A....B.B"},
	{name: "adapwns_sample", game: "adapwns", pos: "..P.P"},
	{name: "adapwns_editorial", game: "adapwns", pos: "...P..P.P...."},
	{name: "adapwns_lost", game: "adapwns", pos: "...P"},
	{name: "adapwns_stuck", game: "adapwns", pos: "PP.."},
	{name: "adapwns_opponent", game: "adapwns", pos: "....P..P.P", moves: []solver.Move{solver.CellMove{From: 5, To: 4}}},
	{name: "binstring_sample1", game: "binstring", pos: "00011"},
	{name: "binstring_sample2", game: "binstring", pos: "000011"},
	{name: "binstring_sample3", game: "binstring", pos: "0110011"},
	{name: "binstring_held", game: "binstring", pos: "01011001", moves: []solver.Move{solver.RangeMove{Start: 1, End: 2}}},
	{name: "binstring_over", game: "binstring", pos: "010", moves: []solver.Move{solver.RangeMove{Start: 1, End: 3}}},
}

// position returns the case's position after its moves.
func (c goldenCase) position(tb testing.TB) solver.Position {
	tb.Helper()
	p := parse(tb, c.game, c.pos, c.first)
	for _, m := range c.moves {
		next, err := p.Play(m)
		if err != nil {
			tb.Fatalf("%s: play %v: %v", c.name, m, err)
		}
		p = next
	}
	return p
}

// goldenText renders everything a case's golden file holds.
func goldenText(tb testing.TB, c goldenCase) string {
	tb.Helper()
	p := c.position(tb)
	r := solver.Solve(p)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %q", c.game, c.pos)
	if c.first != "" {
		fmt.Fprintf(&b, " first %s", c.first)
	}
	for _, m := range c.moves {
		fmt.Fprintf(&b, ", then %v", m)
	}
	fmt.Fprintf(&b, "\n# key %s\n# solver: %s, move %v\n\n", Key(p), r.Answer(), r.Move)
	b.WriteString("=== Short (Summary with MoveStep), MaxItems 6\n\n" + render(Short(Summary(r, Options{MaxItems: 6}), MoveStep(r))))
	all := render(Explain(r, Options{}))
	short := render(Explain(r, Options{MaxItems: 6}))
	b.WriteString("=== Explain, MaxItems 0\n\n" + all)
	if short == all {
		b.WriteString("=== Explain, MaxItems 6: the same\n\n")
	} else {
		b.WriteString("=== Explain, MaxItems 6\n\n" + short)
	}
	b.WriteString("=== Hints, MaxItems 6\n\n" + render(Hints(r, Options{MaxItems: 6})))
	b.WriteString("=== MoveStep (not cached)\n\n" + render([]Step{MoveStep(r)}))
	return b.String()
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			got := goldenText(t, c)
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./explain -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the golden file; run go test ./explain -update and review the diff\ngot:\n%s", path, got)
			}
		})
	}
}
