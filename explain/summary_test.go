package explain

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// maxShortWords is the most words the short reply may take for a small
// position, header line included, as `nimtutor solve` prints it.
const maxShortWords = 120

// shortSizes is the largest starting size counted as small per game.
var shortSizes = map[string]int{"binim2": 2, "binim": 2, "abgame": 8, "adapwns": 8, "binstring": 7}

// shortWords counts the words of the short reply as the command line
// prints it: a header line, then each step's title and body.
func shortWords(r solver.Result) (int, string) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s wins (judge: %s).\n", r.Position.Game().Name(), r.Position, r.WinnerName(), r.Answer())
	for _, s := range Short(Summary(r, Options{}), MoveStep(r)) {
		fmt.Fprintf(&b, "%s: %s\n", s.Title, s.Body)
	}
	return len(strings.Fields(b.String())), b.String()
}

// wantNumbers returns phrases with numbers the short reply must state,
// computed here from the analysis, not by the package.
func wantNumbers(r solver.Result) []string {
	switch a := r.Analysis.(type) {
	case solver.AdapwnsAnalysis:
		if len(a.Gaps) == 0 || !solver.HasMoves(r.Position) {
			return nil
		}
		return []string{fmt.Sprintf("XOR %d", a.Xor)}
	case solver.ABGameAnalysis:
		return []string{fmt.Sprintf("Reserves A %d, B %d", a.ReserveA, a.ReserveB), fmt.Sprintf("XOR %d.", a.NimSum)}
	case solver.BinimAnalysis:
		return []string{fmt.Sprintf("%d in all. Dum's", a.DeeMoves), fmt.Sprintf("%d in all.", a.DumMoves)}
	case solver.Binim2Analysis:
		return []string{fmt.Sprintf("Dee %d", a.DeeExtra), fmt.Sprintf("Dum %d", a.DumExtra)}
	case solver.BinStringAnalysis:
		if r.Position.String() == "" {
			return nil
		}
		return []string{fmt.Sprintf("%s (", plural(a.Zeros, "zero", "zeros"))}
	}
	return nil
}

// TestShortReply checks the short reply on every small position of every
// game: at most maxShortWords words; the deciding numbers stated as the
// analysis has them; "Finding it" names the taught move and the line of
// play starts with the recommended move.
func TestShortReply(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			g, _ := solver.Lookup(game)
			most, n := 0, 0
			var longest string
			for size := 1; size <= shortSizes[game]; size++ {
				g.Starts(size, func(st solver.State) bool {
					pos := g.Decode(st)
					r := Solve(context.Background(), pos) // with the moves counted, as solve prints it
					n++
					words, text := shortWords(r)
					if words > most {
						most, longest = words, text
					}
					for _, want := range wantNumbers(r) {
						if !strings.Contains(text, want) {
							t.Fatalf("%q: the short reply lacks %q:\n%s", pos, want, text)
						}
					}
					e, _ := lookup(pos)
					c, pl := taught(e, r)
					steps := Summary(r, Options{})
					body := func(title string) string {
						for _, s := range steps {
							if s.Title == title {
								return s.Body
							}
						}
						return ""
					}
					if pl.move != nil && !strings.Contains(body("Finding it"), e.compact(c.Position, pl.move)) &&
						!strings.Contains(body("Finding it"), movePhrases(c)[0]) {
						t.Fatalf("%q: 'Finding it' does not name the taught move %v:\n%s", pos, pl.move, body("Finding it"))
					}
					if m, _, _ := Recommend(r); m != nil {
						line := body("Best play")
						first := e.lineMove(c.Position, e.localMove(r, c, m), Options{})
						if c.Position.String() == pos.String() && !strings.HasPrefix(line, first) {
							t.Fatalf("%q: the line of play %q does not start with the recommended %q", pos, line, first)
						}
					}
					return true
				})
			}
			if most > maxShortWords {
				t.Errorf("%s: a short reply of %d words, over %d:\n%s", game, most, maxShortWords, longest)
			}
			t.Logf("%s: %d small positions, the longest short reply %d words", game, n, most)
		})
	}
}
