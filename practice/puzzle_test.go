package practice

import (
	"context"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/solver"
)

// TestGenerate checks many puzzles of every game against exhaustive
// search: the player to move wins, the listed winning moves are exactly
// the moves search says win, and not every move wins. The same seed gives
// the same position.
func TestGenerate(t *testing.T) {
	for _, g := range solver.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			themesSeen := map[string]int{}
			const n = 60
			for seed := uint64(1); seed <= n; seed++ {
				p, err := Generate(g, seed)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := Generate(g, seed)
				if again.Position.String() != p.Position.String() || again.Position.ToMove() != p.Position.ToMove() {
					t.Fatalf("seed %d: %q then %q", seed, p.Position, again.Position)
				}
				check, err := solver.CheckPosition(context.Background(), p.Position, 1_000_000)
				if err != nil {
					t.Fatal(err)
				}
				if check.OverBudget || check.Search.Outcome != solver.Win {
					t.Fatalf("%s %q: search says %v (over budget %v), want a win", p.ID, p.Position, check.Search, check.OverBudget)
				}
				if len(check.BestMoves) != len(p.Winning) {
					t.Errorf("%s %q: %d winning moves, search finds %d", p.ID, p.Position, len(p.Winning), len(check.BestMoves))
				}
				for _, m := range check.BestMoves {
					if !p.IsWinning(m) {
						t.Errorf("%s: search's winning move %v is missing", p.ID, m)
					}
				}
				if len(p.Winning) >= p.Moves {
					t.Errorf("%s: every move wins", p.ID)
				}
				if p.Estimate < 800 || p.Estimate > 2400 {
					t.Errorf("%s: estimate %v", p.ID, p.Estimate)
				}
				if p.Remoteness == 0 {
					t.Errorf("%s: remoteness 0 of a position with moves", p.ID)
				}
				for _, th := range p.Themes {
					themesSeen[th]++
				}
			}
			for _, th := range explain.Themes(g) {
				if themesSeen[th] == 0 {
					t.Errorf("theme %q never came up in %d puzzles", th, n)
				}
			}
			t.Logf("%d puzzles checked against search; themes %v", n, themesSeen)
		})
	}
}

func TestParseID(t *testing.T) {
	for _, tt := range []struct {
		id string
		ok bool
	}{{"adapwns-12", true}, {"ADAPWNS-12", true}, {"adapwns", false}, {"chess-1", false}, {"binim-0", false}, {"binim-x", false}, {"binim-1000001", false}} {
		_, _, err := ParseID(tt.id)
		if (err == nil) != tt.ok {
			t.Errorf("ParseID(%q) = %v, want ok %v", tt.id, err, tt.ok)
		}
	}
}

// TestRemoteness compares the remoteness search with plain search's
// outcomes on every small adapwns board.
func TestRemoteness(t *testing.T) {
	count := 0
	for size := 1; size <= 8; size++ {
		adapwns.Game.Starts(size, func(st solver.State) bool {
			pos := adapwns.Game.Decode(st)
			d := remoteness(pos, 1<<20)
			if d < 0 {
				t.Fatalf("%q: out of reach", pos)
			}
			o, _ := pos.Analyze()
			if (o == solver.Win) != (d%2 == 1) {
				t.Errorf("%q: outcome %v with remoteness %d", pos, o, d)
			}
			count++
			return true
		})
	}
	t.Logf("%d boards", count)
}
