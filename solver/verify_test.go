package solver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestVerifyExhaustive is the oracle: every formula agrees with exhaustive
// search on every state reached from every small starting position, and
// the formula's move is legal and optimal on each of them.
func TestVerifyExhaustive(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			max := g.VerifySize()
			if testing.Short() || raceEnabled {
				max = max * 2 / 3
			}
			rows, err := Verify(context.Background(), g, max, nil)
			if err != nil {
				t.Fatal(err)
			}
			var positions, states, checked int
			for _, row := range rows {
				positions += row.Positions
				states += row.States
				checked += row.Checked
				if row.Positions == 0 {
					t.Errorf("size %d: no positions enumerated", row.Size)
				}
				if row.Checked != row.States {
					t.Errorf("size %d: %d states checked of %d solved", row.Size, row.Checked, row.States)
				}
				if row.Disagreements != 0 {
					t.Errorf("size %d: got %d disagreements, want 0; first: %q",
						row.Size, row.Disagreements, row.Examples)
				}
			}
			t.Logf("%s up to %d %s: %d starting positions, %d states searched and checked",
				g.Name(), max, g.SizeLabel(), positions, states)
		})
	}
}

// TestStartsCounts checks that Starts yields exactly the positions it
// promises, so that the exhaustive test covers what it says.
func TestStartsCounts(t *testing.T) {
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
		game   Game
		size   int
		want   int
		unique bool // every start has its own canonical state
	}{
		{Adapwns, 5, 1 << 5, false},
		{ABGame, 4, 81, false},
		{BinString, 6, 1 << 6, false},
		{Binim2, 1, 2 * multisets(1), true},
		{Binim, 2, 2 * multisets(2), true},
		{Binim2, 3, 2 * multisets(3), true},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%d", tc.game.Name(), tc.size), func(t *testing.T) {
			seen := map[State]bool{}
			got := 0
			tc.game.Starts(tc.size, func(s State) bool {
				got++
				if tc.unique && seen[s] {
					t.Errorf("%s yielded twice", describe(tc.game, s))
				}
				seen[s] = true
				return true
			})
			if got != tc.want {
				t.Errorf("got %d positions, want %d", got, tc.want)
			}
			stopped := 0
			tc.game.Starts(tc.size, func(State) bool { stopped++; return false })
			if stopped != 1 {
				t.Errorf("Starts went on after yield returned false: %d calls", stopped)
			}
		})
	}
}

// fullKey names a position with everything in it, trusting no codec.
func fullKey(pos Position) string {
	k := fmt.Sprintf("%s|%q|%d", pos.Game().Name(), pos.String(), pos.ToMove())
	if b, ok := pos.(*BinaryString); ok {
		k += fmt.Sprintf("|%v", b.held)
	}
	return k
}

// plainValue solves pos by the textbook recursion over Moves and Play,
// memoised on fullKey: the oracle for the engine, its state codecs and
// their canonical forms, remoteness included.
func plainValue(tb testing.TB, pos Position, memo map[string]Value) Value {
	tb.Helper()
	k := fullKey(pos)
	if v, ok := memo[k]; ok {
		return v
	}
	moves := pos.Moves()
	v := Value{Outcome: pos.Terminal()}
	if len(moves) > 0 {
		v = Value{Outcome: Loss, Remoteness: -1}
		for _, m := range moves {
			next, err := pos.Play(m)
			if err != nil {
				tb.Fatalf("%q: Play(%v): %v", pos.String(), m, err)
			}
			c := plainValue(tb, next, memo)
			mine := Value{Outcome: -c.Outcome, Remoteness: c.Remoteness + 1}
			switch {
			case mine.Outcome > v.Outcome:
				v = mine
			case mine.Outcome < v.Outcome:
			case mine.Outcome == Loss:
				v.Remoteness = max(v.Remoteness, mine.Remoteness)
			default:
				v.Remoteness = min(v.Remoteness, mine.Remoteness)
			}
		}
	}
	memo[k] = v
	return v
}

// smallPositions calls yield with every starting position of each size up
// to max, built by Parse from text (never from a state): rows and strings
// of every character, multisets of stacks with either player first.
func smallPositions(tb testing.TB, g Game, max int, yield func(Position)) {
	tb.Helper()
	alphabet := map[string]string{"adapwns": ".P", "abgame": ".AB", "binstring": "01"}[g.Name()]
	for size := 1; size <= max; size++ {
		if alphabet != "" {
			enumerateStrings(size, alphabet, func(s string) bool {
				yield(mustParse(tb, g, s, ParseOptions{}))
				return true
			})
			continue
		}
		all := allStacks(VerifyStackLen - 1)
		var rec func(picked []string, from int)
		rec = func(picked []string, from int) {
			if len(picked) == size {
				for _, first := range []string{"Dee", "Dum"} {
					yield(mustParse(tb, g, strings.Join(picked, " "), ParseOptions{First: first}))
				}
				return
			}
			for j := from; j < len(all); j++ {
				rec(append(picked, all[j]), j)
			}
		}
		rec(nil, 0)
	}
}

// smallSizes bound the exhaustive tests that walk every position
// reachable from the starting positions with Moves and Play.
var smallSizes = map[string]int{"adapwns": 9, "abgame": 6, "binstring": 6, "binim2": 2, "binim": 2}

// TestSearchAgreesWithPlainSearch checks the engine against the textbook
// recursion on every position reachable from every small starting
// position: the same outcome and remoteness. It proves the state codecs:
// Encode and Children agree with Play, and the canonical forms merge only
// positions of equal value.
func TestSearchAgreesWithPlainSearch(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			memo := map[string]Value{}
			search := NewSearch(g, 0)
			seen := map[string]bool{}
			var walk func(pos Position)
			walk = func(pos Position) {
				if seen[fullKey(pos)] {
					return
				}
				seen[fullKey(pos)] = true
				st, ok := g.Encode(pos)
				if !ok {
					t.Fatalf("%s does not pack", fullKey(pos))
				}
				got, err := search.Value(context.Background(), st)
				if err != nil {
					t.Fatal(err)
				}
				if want := plainValue(t, pos, memo); got != want {
					t.Errorf("%s: search says %v, plain search says %v", fullKey(pos), got, want)
				}
				for _, next := range playAll(t, pos) {
					walk(next)
				}
			}
			smallPositions(t, g, smallSizes[g.Name()], walk)
			t.Logf("%d positions reached, %d canonical states", len(seen), search.States())
		})
	}
}

// TestCodecs checks that Decode and Encode are inverse on every state
// reached from the small starting positions, and that Children lists
// exactly the states of the positions Play reaches.
func TestCodecs(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			n := 0
			smallPositions(t, g, smallSizes[g.Name()], func(pos Position) {
				st, _ := g.Encode(pos)
				back, ok := g.Encode(g.Decode(st))
				if !ok || back != st {
					t.Errorf("%s: Encode(Decode(%#x)) = %#x, %v", fullKey(pos), st, back, ok)
				}
				if st == 0 || st>>StateBits != 0 {
					t.Errorf("%s: state %#x is 0 or over %d bits", fullKey(pos), st, StateBits)
				}
				var want []State
				for _, next := range playAll(t, pos) {
					s, _ := g.Encode(next)
					want = append(want, s)
				}
				got := g.Children(st, nil)
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(slices.Compact(want), slices.Compact(got)) {
					t.Errorf("%s: Children %x, Play reaches %x", fullKey(pos), got, want)
				}
				n++
			})
			t.Logf("%d positions", n)
		})
	}
}

// firstMoveReaching is the slow oracle for BestMove: the first legal move
// after which the mover's outcome is still want, judged by the formula.
func firstMoveReaching(pos Position, want Outcome) Move {
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			continue
		}
		if o, _ := next.Analyze(); -o == want {
			return m
		}
	}
	return nil
}

// TestBestMoveIsFirstKeeping checks the linear move finders against the
// quadratic definition: on every position reachable from the small
// starting positions, BestMove is the first move in Moves' order that
// keeps the outcome, or nil when none does.
func TestBestMoveIsFirstKeeping(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			checked := 0
			seen := map[string]bool{}
			var walk func(pos Position)
			walk = func(pos Position) {
				if seen[fullKey(pos)] {
					return
				}
				seen[fullKey(pos)] = true
				r := Solve(pos)
				want := Move(nil)
				if r.Outcome != Loss {
					want = firstMoveReaching(pos, r.Outcome)
				}
				if r.Move != want {
					t.Errorf("%s: BestMove %v, want %v", fullKey(pos), r.Move, want)
				}
				checked++
				for _, next := range playAll(t, pos) {
					walk(next)
				}
			}
			smallPositions(t, g, smallSizes[g.Name()]-1, walk)
			t.Logf("%d positions checked", checked)
		})
	}
}

// wrongGame wraps a game so that its formula is wrong: the outcome is
// flipped where flip says so, and move, if set, replaces the formula's
// move.
type wrongGame struct {
	Game
	flip func(Position) bool
	move func(g Game, s State) (State, bool)
}

func (g wrongGame) Formula(s State) (Outcome, State, bool) {
	o, next, ok := g.Game.Formula(s)
	if g.flip != nil && g.flip(g.Game.Decode(s)) {
		o = -o
	}
	if g.move != nil {
		next, ok = g.move(g.Game, s)
	}
	return o, next, ok
}

// TestVerifyCatchesWrongFormula proves the checker can fail: a formula
// that is wrong on some positions, or a move that is missing, illegal or
// losing, gives disagreements.
func TestVerifyCatchesWrongFormula(t *testing.T) {
	noMove := func(Game, State) (State, bool) { return 0, false }
	illegal := func(g Game, s State) (State, bool) { return s, true } // "moving" to itself
	losing := func(g Game, s State) (State, bool) {                   // a move that is not optimal, if any
		o, _, _ := g.Formula(s)
		for _, c := range g.Children(s, nil) {
			if co, _, _ := g.Formula(c); -co != o {
				return c, true
			}
		}
		_, next, ok := g.Formula(s)
		return next, ok
	}
	tests := []struct {
		name string
		game wrongGame
		size int
		want string
	}{
		{"adapwns every board", wrongGame{Game: Adapwns, flip: func(Position) bool { return true }}, 4, "search says"},
		{"adapwns only ...P", wrongGame{Game: Adapwns, flip: func(p Position) bool { return p.String() == "...P" }}, 4, `"...P"`},
		{"abgame B to move", wrongGame{Game: ABGame, flip: func(p Position) bool { return p.ToMove() == 1 }}, 4, "with B to move"},
		{"binim2 Dum to move", wrongGame{Game: Binim2, flip: func(p Position) bool { return p.ToMove() == 1 }}, 1, "with Dum to move"},
		{"binstring odd zeros", wrongGame{Game: BinString, flip: func(p Position) bool {
			o, _ := p.Analyze()
			return o != Tie
		}}, 3, "search says"},
		{"adapwns no move", wrongGame{Game: Adapwns, move: noMove}, 5, "formula gives no move"},
		{"abgame illegal move", wrongGame{Game: ABGame, move: illegal}, 4, "not a legal move"},
		{"binstring losing move", wrongGame{Game: BinString, move: losing}, 4, "leaves the opponent"},
		{"binim losing move", wrongGame{Game: Binim, move: losing}, 2, "leaves the opponent"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			total := 0
			var examples []string
			rows, err := Verify(context.Background(), tc.game, tc.size, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range rows {
				total += row.Disagreements
				examples = append(examples, row.Examples...)
				if len(row.Examples) > min(row.Disagreements, maxExamples) {
					t.Errorf("size %d: %d examples for %d disagreements", row.Size, len(row.Examples), row.Disagreements)
				}
			}
			if total == 0 {
				t.Fatalf("got 0 disagreements for a wrong formula, want some")
			}
			if !slices.ContainsFunc(examples, func(e string) bool { return strings.Contains(e, tc.want) }) {
				t.Errorf("no example mentions %q: %q", tc.want, examples)
			}
			t.Logf("%d disagreements, for example %q", total, examples[0])
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
// over.
func TestMovesAndPlayAgree(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			positions, legal, illegal := 0, 0, 0
			smallPositions(t, g, smallSizes[g.Name()]-2, func(pos Position) {
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
			})
			t.Logf("%d positions, %d legal moves played, %d illegal moves rejected", positions, legal, illegal)
		})
	}
}
