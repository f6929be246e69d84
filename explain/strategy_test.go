package explain

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// strategySizes is the largest starting size whose every position, and
// every position reachable from it, the strategy tests check.
var strategySizes = map[string]int{"binim2": 2, "binim": 2, "abgame": 7, "adapwns": 10, "binstring": 7}

// smallPositions calls check on every position reachable from every
// starting position of game up to strategySizes, each key once.
func smallPositions(tb testing.TB, game string, check func(pos solver.Position)) int {
	tb.Helper()
	g, err := solver.Lookup(game)
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	var visit func(pos solver.Position)
	visit = func(pos solver.Position) {
		k := Key(pos)
		if seen[k] {
			return
		}
		seen[k] = true
		check(pos)
		for _, m := range pos.Moves() {
			next, err := pos.Play(m)
			if err != nil {
				tb.Fatal(err)
			}
			visit(next)
		}
	}
	for size := 1; size <= strategySizes[game]; size++ {
		g.Starts(size, func(st solver.State) bool {
			visit(g.Decode(st))
			return true
		})
	}
	return len(seen)
}

// followsStrategy reports, independently of the package's own code, why
// the taught move m breaks the strategy the reply teaches, or "".
// best holds every optimal move, found by search.
func followsStrategy(pos solver.Position, m solver.Move, best []solver.Move) string {
	switch p := pos.(type) {
	case *solver.Board:
		pawns := strings.Count(p.Cells(), "P")
		countedPawn := func(cell int) bool {
			k := strings.Count(p.Cells()[:cell-1], "P") + 1
			return (pawns-k)%2 == 0
		}
		if countedPawn(m.(solver.CellMove).From) {
			return ""
		}
		for _, b := range best {
			if countedPawn(b.(solver.CellMove).From) {
				return fmt.Sprintf("moves a pawn of an ignored gap although %v, on a counted gap, wins", b)
			}
		}
	case *solver.Stacks:
		sm := m.(solver.StackMove)
		s := p.Stacks()[sm.Stack-1]
		own := s[0]
		rest := s[sm.Take:]
		if !p.Misere() {
			if strings.Count(s[:sm.Take], string(own)) != 1 || rest != "" && rest[0] != own {
				return "does not take exactly one own symbol and the opponent's run under it"
			}
			return ""
		}
		_, before := p.Analyze()
		next, _ := p.Play(sm)
		_, after := next.Analyze()
		b, a := before.(solver.Binim2Analysis).Extras(), after.(solver.Binim2Analysis).Extras()
		me, them := p.ToMove(), p.ToMove().Other()
		hasExtra := false
		for _, t := range p.Stacks() {
			if t[0] == own && t[len(t)-1] == own {
				hasExtra = true
			}
		}
		switch {
		case a[me] == b[me]-1 && a[them] == b[them]:
		case !hasExtra && a[them] == b[them]+1 && a[me] == b[me]:
		default:
			return fmt.Sprintf("extra moves go from %v to %v; want one of the mover's spent, or (with none to spend) one handed over", b, a)
		}
	case *solver.ABRow:
		_, before := p.Analyze()
		next, _ := p.Play(m)
		_, after := next.Analyze()
		b, a := before.(solver.ABGameAnalysis), after.(solver.ABGameAnalysis)
		cm := m.(solver.CellMove)
		d := max(cm.From-cm.To, cm.To-cm.From)
		if b.NimSum != 0 {
			if a.NimSum != 0 || a.ReserveA != b.ReserveA || a.ReserveB != b.ReserveB {
				return "is not a Nim move to a XOR of 0"
			}
			return ""
		}
		if a.ReserveA+a.ReserveB != b.ReserveA+b.ReserveB-1 || d != 1 {
			return "is not a reserve move of one cell"
		}
	case *solver.BinaryString:
		rm := m.(solver.RangeMove)
		taken := p.Text()[rm.Start-1 : rm.End]
		if strings.Contains(p.Text(), "1") && strings.Contains(taken, "0") {
			return "takes a 0 although 1s are left"
		}
		_, before := p.Analyze()
		b := before.(solver.BinStringAnalysis)
		if b.Zeros%2 == 1 && b.NimSum != 0 {
			next, _ := p.Play(m)
			if _, after := next.Analyze(); after.(solver.BinStringAnalysis).NimSum != 0 {
				return "leaves a XOR of the runs that is not 0"
			}
		}
	}
	return ""
}

// TestTaughtMoveFollowsStrategy checks, on every small position of every
// game: the taught move keeps the best outcome (by exhaustive search) and
// follows the strategy the reply teaches; the plan's groups hold exactly
// the optimal moves; and where every move loses, the recommended move is
// the slowest loss.
func TestTaughtMoveFollowsStrategy(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			g, _ := solver.Lookup(game)
			search := solver.NewSearch(g, 0)
			value := func(pos solver.Position) solver.Value {
				st, ok := g.Encode(pos)
				if !ok {
					t.Fatalf("%q does not pack", pos)
				}
				v, err := search.Value(context.Background(), st)
				if err != nil {
					t.Fatal(err)
				}
				return v
			}
			lost := 0
			n := smallPositions(t, game, func(pos solver.Position) {
				r := solver.Solve(pos)
				e, _ := lookup(pos)
				c, pl := taught(e, r)
				o := value(pos).Outcome
				var best []solver.Move
				if o != solver.Loss {
					for _, m := range pos.Moves() {
						next, _ := pos.Play(m)
						if -value(next).Outcome == o {
							best = append(best, m)
						}
					}
				}
				if o != r.Outcome {
					t.Fatalf("%q: formula %v, search %v", pos, r.Outcome, o)
				}
				lm := LocalMove(r)
				if (lm == nil) != (len(best) == 0) {
					t.Fatalf("%q: taught move %v, search's optimal moves %v", pos, lm, best)
				}
				if lm != nil {
					if !slices.Contains(best, lm) {
						t.Fatalf("%q (%s to move): taught move %v is not optimal; search's: %v", pos, pos.Game().PlayerName(pos.ToMove()), lm, best)
					}
					if why := followsStrategy(pos, lm, best); why != "" {
						t.Fatalf("%q (%s to move): taught move %v %s", pos, pos.Game().PlayerName(pos.ToMove()), lm, why)
					}
				}
				var grouped []solver.Move
				for _, g := range pl.groups {
					for _, m := range g.moves {
						grouped = append(grouped, e.localMove(r, c, m))
					}
				}
				if pl.complete && !sameMoves(grouped, best) {
					t.Fatalf("%q: plan's moves %v, search's %v", pos, grouped, best)
				}
				if r.Outcome == solver.Loss && solver.HasMoves(pos) {
					lost++
					m, v, exact := Recommend(r)
					if !exact {
						t.Fatalf("%q: lost, but the recommendation %v is not from search", pos, m)
					}
					want := value(pos)
					next, _ := pos.Play(m)
					got := value(next)
					if v != want || got.Outcome != solver.Win || got.Remoteness+1 != want.Remoteness {
						t.Fatalf("%q: recommended %v is worth %v (after it the opponent has %v); the slowest loss is %v", pos, m, v, got, want)
					}
				}
			})
			t.Logf("%s: %d positions, %d of them lost with a move to make", game, n, lost)
		})
	}
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []solver.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for _, m := range a {
		if !slices.Contains(b, m) {
			return false
		}
	}
	return true
}
