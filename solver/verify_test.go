package solver

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestVerifyExhaustive is the oracle: every formula agrees with exhaustive
// search on every state reached from every small starting position, and
// Solve's move is optimal at every starting position.
func TestVerifyExhaustive(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			max := g.VerifySize()
			if testing.Short() {
				max = max * 2 / 3
			}
			var positions, states, checked int
			for _, row := range Verify(g, max, nil) {
				positions += row.Positions
				states += row.States
				checked += row.Checked
				if row.Positions == 0 {
					t.Errorf("size %d: no positions enumerated", row.Size)
				}
				if row.Disagreements != 0 {
					t.Errorf("size %d: got %d disagreements, want 0; first: %q",
						row.Size, row.Disagreements, row.Examples)
				}
			}
			t.Logf("%s up to %d %s: %d starting positions, %d states searched, %d states checked",
				g.Name(), max, g.SizeLabel(), positions, states, checked)
		})
	}
}

// TestEnumerateCounts checks that Enumerate yields exactly the positions
// it promises, so that the exhaustive test covers what it says.
func TestEnumerateCounts(t *testing.T) {
	stacks := 0
	for n := 1; n <= VerifyStackLen; n++ {
		stacks += 1 << n
	}
	multisets := func(k int) int { // multisets of k stacks
		c := 1
		for i := 0; i < k; i++ {
			c = c * (stacks + i) / (i + 1)
		}
		return c
	}
	tests := []struct {
		game Game
		size int
		want int
	}{
		{Adapwns, 5, 1 << 5},
		{ABGame, 4, 81},
		{BinString, 6, 1 << 6},
		{Binim2, 1, 2 * multisets(1)},
		{Binim, 2, 2 * multisets(2)},
		{Binim2, 3, 2 * multisets(3)},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%d", tc.game.Name(), tc.size), func(t *testing.T) {
			seen := map[string]bool{}
			got := 0
			tc.game.Enumerate(tc.size, func(pos Position) bool {
				got++
				k := fullKey(pos)
				if seen[k] {
					t.Errorf("%s yielded twice", k)
				}
				seen[k] = true
				return true
			})
			if got != tc.want {
				t.Errorf("got %d positions, want %d", got, tc.want)
			}
			stopped := 0
			tc.game.Enumerate(tc.size, func(Position) bool { stopped++; return false })
			if stopped != 1 {
				t.Errorf("Enumerate went on after yield returned false: %d calls", stopped)
			}
		})
	}
}

// fullKey names a state with everything in it, unlike Key, which may
// merge states that have the same outcome.
func fullKey(pos Position) string {
	k := fmt.Sprintf("%s|%q|%d", pos.Game().Name(), pos.String(), pos.ToMove())
	if b, ok := pos.(*BinaryString); ok {
		k += fmt.Sprintf("|%v", b.held)
	}
	return k
}

// plainOutcome solves pos by search memoised on fullKey, trusting nothing
// of Key.
func plainOutcome(tb testing.TB, pos Position, memo map[string]Outcome) Outcome {
	tb.Helper()
	k := fullKey(pos)
	if o, ok := memo[k]; ok {
		return o
	}
	moves := pos.Moves()
	best := Loss
	if len(moves) == 0 {
		best = pos.Terminal()
	}
	for _, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			tb.Fatalf("%q: Play(%v): %v", pos.String(), m, err)
		}
		best = max(best, -plainOutcome(tb, next, memo))
	}
	memo[k] = best
	return best
}

// TestKeyMergesOnlyEqualStates checks that memoising on Key is sound: the
// search keyed on Key agrees with one keyed on the full state, and states
// with one Key have one outcome.
func TestKeyMergesOnlyEqualStates(t *testing.T) {
	sizes := []struct {
		game Game
		max  int
	}{{Adapwns, 10}, {ABGame, 6}, {BinString, 6}, {Binim2, 2}, {Binim, 2}}
	for _, tc := range sizes {
		t.Run(tc.game.Name(), func(t *testing.T) {
			memo := map[string]Outcome{}
			byKey := map[string]Outcome{}
			search := NewSearch(0)
			for size := 1; size <= tc.max; size++ {
				tc.game.Enumerate(size, func(pos Position) bool {
					want := plainOutcome(t, pos, memo)
					got, err := search.Outcome(pos)
					if err != nil {
						t.Fatalf("%q: %v", pos.String(), err)
					}
					if got != want {
						t.Errorf("%s: Search says %v, plain search says %v", fullKey(pos), got, want)
					}
					return true
				})
			}
			// Every full state seen, grouped by Key, must share one outcome.
			// Re-derive Keys by replaying from the starting positions.
			var walk func(pos Position)
			seen := map[string]bool{}
			walk = func(pos Position) {
				fk := fullKey(pos)
				if seen[fk] {
					return
				}
				seen[fk] = true
				o := memo[fk]
				if prev, ok := byKey[pos.Key()]; ok && prev != o {
					t.Errorf("Key %q covers states with outcomes %v and %v (one is %s)", pos.Key(), prev, o, fk)
				}
				byKey[pos.Key()] = o
				for _, next := range playAll(t, pos) {
					walk(next)
				}
			}
			for size := 1; size <= tc.max; size++ {
				tc.game.Enumerate(size, func(pos Position) bool { walk(pos); return true })
			}
			t.Logf("%d full states, %d keys", len(seen), len(byKey))
		})
	}
}

// candidateMoves returns moves of pos's shape around and beyond its
// bounds, legal or not, and one move of a foreign shape.
func candidateMoves(pos Position) (out []Move, foreign Move) {
	switch p := pos.(type) {
	case *Stacks:
		longest := 0
		for _, s := range p.stacks {
			longest = max(longest, len(s))
		}
		for s := -1; s <= len(p.stacks)+1; s++ {
			for k := -1; k <= longest+1; k++ {
				out = append(out, StackMove{Stack: s, Take: k})
			}
		}
		foreign = CellMove{From: 1, To: 1}
	case *ABRow, *Board:
		n := len(pos.String())
		for from := -1; from <= n+1; from++ {
			for to := -1; to <= n+1; to++ {
				out = append(out, CellMove{From: from, To: to})
			}
		}
		foreign = RangeMove{Start: 1, End: 1}
	case *BinaryString:
		n := len(p.s)
		for i := -1; i <= n+1; i++ {
			for j := -1; j <= n+1; j++ {
				out = append(out, RangeMove{Start: i, End: j})
			}
		}
		foreign = StackMove{Stack: 1, Take: 1}
	}
	return out, foreign
}

// TestMovesAndPlayAgree checks, on every small starting position, that
// Play accepts exactly the moves Moves lists, rejects every other move of
// the right shape with an *InputError, and that each move hands the turn
// over and changes the state.
func TestMovesAndPlayAgree(t *testing.T) {
	sizes := []struct {
		game Game
		max  int
	}{{Adapwns, 8}, {ABGame, 6}, {BinString, 6}, {Binim2, 2}, {Binim, 2}}
	for _, tc := range sizes {
		t.Run(tc.game.Name(), func(t *testing.T) {
			positions, legal, illegal := 0, 0, 0
			for size := 1; size <= tc.max; size++ {
				tc.game.Enumerate(size, func(pos Position) bool {
					positions++
					listed := pos.Moves()
					for i, m := range listed {
						if slices.Contains(listed[:i], m) {
							t.Errorf("%q: move %v listed twice", pos.String(), m)
						}
					}
					for _, next := range playAll(t, pos) {
						legal++
						if got, want := next.ToMove(), pos.ToMove().Other(); got != want {
							t.Errorf("%q -> %q: got %d to move, want %d", pos.String(), next.String(), got, want)
						}
						if next.Key() == pos.Key() {
							t.Errorf("%q -> %q: the Key %q did not change", pos.String(), next.String(), pos.Key())
						}
						checkKeyOfReplay(t, pos, next)
					}
					candidates, foreign := candidateMoves(pos)
					if _, err := pos.Play(foreign); err == nil {
						t.Errorf("%q: Play(%#v) of the wrong shape succeeded", pos.String(), foreign)
					}
					for _, m := range candidates {
						if slices.Contains(listed, m) {
							continue
						}
						_, err := pos.Play(m)
						if err == nil {
							t.Errorf("%q: Play(%#v) succeeded, but Moves does not list it", pos.String(), m)
							continue
						}
						asInputError(t, err)
						illegal++
					}
					return true
				})
			}
			t.Logf("%d positions, %d legal moves played, %d illegal moves rejected", positions, legal, illegal)
		})
	}
}

// checkKeyOfReplay checks that the position after a move has the same Key
// as that position parsed afresh, where the parser can state it.
func checkKeyOfReplay(tb testing.TB, pos, next Position) {
	tb.Helper()
	g := pos.Game()
	switch next.(type) {
	case *Stacks:
		if next.String() == "" {
			return // every stack emptied; Parse rejects an empty position
		}
		again := mustParse(tb, g, next.String(), ParseOptions{First: g.PlayerName(next.ToMove())})
		if got, want := again.Key(), next.Key(); got != want {
			tb.Errorf("%q -> %q: got Key %q after Parse, want %q", pos.String(), next.String(), got, want)
		}
	case *Board:
		if next.String() == "" {
			return
		}
		again := mustParse(tb, g, next.String(), ParseOptions{})
		if got, want := again.Key(), next.Key(); got != want {
			tb.Errorf("%q -> %q: got Key %q after Parse, want %q", pos.String(), next.String(), got, want)
		}
	}
}

// wrongGame wraps a game so that its positions' formula is wrong: the
// outcome is flipped on every position where flip says so.
type wrongGame struct {
	Game
	flip func(Position) bool
}

func (g wrongGame) Enumerate(size int, yield func(Position) bool) {
	g.Game.Enumerate(size, func(pos Position) bool {
		return yield(wrongPos{Position: pos, g: g})
	})
}

type wrongPos struct {
	Position
	g wrongGame
}

func (p wrongPos) Play(m Move) (Position, error) {
	next, err := p.Position.Play(m)
	if err != nil {
		return nil, err
	}
	return wrongPos{Position: next, g: p.g}, nil
}

func (p wrongPos) Analyze() (Outcome, Analysis) {
	o, a := p.Position.Analyze()
	if p.g.flip(p.Position) {
		o = -o
	}
	return o, a
}

var _ Position = wrongPos{}

// TestVerifyCatchesWrongFormula proves the checker can fail: a formula
// that is wrong on some positions gives disagreements.
func TestVerifyCatchesWrongFormula(t *testing.T) {
	tests := []struct {
		name string
		game Game
		flip func(Position) bool
		size int
	}{
		{"adapwns every board", Adapwns, func(Position) bool { return true }, 4},
		{"adapwns only ....P", Adapwns, func(p Position) bool { return p.String() == "...P" }, 4},
		{"abgame B to move", ABGame, func(p Position) bool { return p.ToMove() == 1 }, 4},
		{"binim2 Dum to move", Binim2, func(p Position) bool { return p.ToMove() == 1 }, 1},
		{"binstring odd zeros", BinString, func(p Position) bool {
			o, _ := p.Analyze()
			return o != Tie
		}, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			total := 0
			var examples []string
			for _, row := range Verify(wrongGame{Game: tc.game, flip: tc.flip}, tc.size, nil) {
				total += row.Disagreements
				examples = append(examples, row.Examples...)
				if len(row.Examples) > min(row.Disagreements, maxExamples) {
					t.Errorf("size %d: %d examples for %d disagreements", row.Size, len(row.Examples), row.Disagreements)
				}
			}
			if total == 0 {
				t.Fatalf("got 0 disagreements for a wrong formula, want some")
			}
			t.Logf("%d disagreements, for example %q", total, examples[0])
		})
	}
}

// badMover wraps a position so that Solve picks the move pick returns.
type badMover struct {
	Position
	pick func(Position) Move
}

func (p badMover) bestMove(Outcome) Move { return p.pick(p.Position) }

var _ moveFinder = badMover{}

// TestCheckMoveCatchesWrongMove proves the move check can fail: a
// non-optimal move, or no move where one wins, is a disagreement.
func TestCheckMoveCatchesWrongMove(t *testing.T) {
	losingMove := func(pos Position) Move {
		s := NewSearch(0)
		best, _, err := s.BestMoves(pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pos.Moves() {
			if !slices.Contains(best, m) {
				return m
			}
		}
		t.Fatalf("%q: every move is optimal; choose another position", pos.String())
		return nil
	}
	noMove := func(Position) Move { return nil }
	tests := []struct {
		name string
		game Game
		text string
		pick func(Position) Move
		want string
	}{
		// ..P.P: the winning move takes the last pawn 1 left (gaps [2,0]);
		// moving the first pawn leaves a counted gap of 1.
		{"adapwns losing move", Adapwns, "..P.P", losingMove, "not optimal"},
		{"adapwns no move", Adapwns, "..P.P", noMove, "formula gives no move"},
		{"abgame losing move", ABGame, "A..B.A.B", losingMove, "not optimal"},
		{"binstring no move", BinString, "00011", noMove, "formula gives no move"},
		{"binstring losing move", BinString, "00011", losingMove, "not optimal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustParse(t, tc.game, tc.text, ParseOptions{})
			if o, _ := pos.Analyze(); o == Loss {
				t.Fatalf("%q is lost for the mover; a move check needs a win or tie", tc.text)
			}
			var got []string
			checkMove(NewSearch(0), badMover{Position: pos, pick: tc.pick}, func(format string, args ...any) {
				got = append(got, fmt.Sprintf(format, args...))
			})
			if len(got) != 1 {
				t.Fatalf("got %d disagreements %q, want 1", len(got), got)
			}
			wantInMessage(t, got[0], tc.want)
			// The honest position gives none.
			var honest []string
			checkMove(NewSearch(0), pos, func(format string, args ...any) {
				honest = append(honest, fmt.Sprintf(format, args...))
			})
			if len(honest) != 0 {
				t.Errorf("the real Solve gives disagreements: %q", honest)
			}
		})
	}
}

func wantInMessage(tb testing.TB, got, want string) {
	tb.Helper()
	if !strings.Contains(got, want) {
		tb.Errorf("got message %q, want it to mention %q", got, want)
	}
}

// TestMoveFindersMatchMoves checks the fast move finders against the
// generic one: on every small position, with either player to move, they
// pick the first move in Moves' order that keeps the outcome.
func TestMoveFindersMatchMoves(t *testing.T) {
	tests := []struct {
		game Game
		max  int
		with func(Position, Player) Position
	}{
		{ABGame, 8, func(p Position, mover Player) Position {
			return &ABRow{row: p.(*ABRow).row, mover: mover}
		}},
		{BinString, 8, func(p Position, mover Player) Position {
			return &BinaryString{s: p.(*BinaryString).s, mover: mover, held: [2]int{1, 2}}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.game.Name(), func(t *testing.T) {
			checked := 0
			for size := 1; size <= tc.max; size++ {
				tc.game.Enumerate(size, func(start Position) bool {
					for _, pos := range []Position{start, tc.with(start, 0), tc.with(start, 1)} {
						r := Solve(pos)
						if r.Outcome == Loss {
							continue
						}
						checked++
						if got, want := r.Move, firstMoveReaching(pos, r.Outcome); got != want {
							t.Errorf("%s with %d to move: Solve's move %v, want %v", describe(pos), pos.ToMove(), got, want)
						}
					}
					return true
				})
			}
			t.Logf("%d positions checked", checked)
		})
	}
}
