package gametest

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// testVerify is the oracle: the formula agrees with exhaustive search on
// every state reached from every starting position up to the game's
// default size, and its move is legal and optimal on each of them.
func testVerify(t *testing.T, s Spec) {
	g := s.Game
	max := g.VerifySize()
	if testing.Short() || RaceEnabled {
		max = max * 2 / 3
	}
	rows, err := solver.Verify(context.Background(), g, max, nil)
	if err != nil {
		t.Fatal(err)
	}
	var positions, states int
	for _, row := range rows {
		positions += row.Positions
		states += row.States
		if row.Positions == 0 {
			t.Errorf("size %d: no positions enumerated", row.Size)
		}
		if row.Checked != row.States {
			t.Errorf("size %d: %d states checked of %d solved", row.Size, row.Checked, row.States)
		}
		if row.Disagreements != 0 {
			t.Errorf("size %d: got %d disagreements, want 0; first: %q", row.Size, row.Disagreements, row.Examples)
		}
	}
	t.Logf("%s up to %d %s: %d starting positions, %d states searched and checked", g.Name(), max, g.SizeLabel(), positions, states)
	// Starts yields the positions it promises, and stops when told.
	for size := 1; size <= min(max, 4); size++ {
		got := 0
		g.Starts(size, func(solver.State) bool { got++; return true })
		if want := s.StartsCount(size); got != want {
			t.Errorf("size %d: Starts yields %d positions, want %d", size, got, want)
		}
		stopped := 0
		g.Starts(size, func(solver.State) bool { stopped++; return false })
		if stopped != 1 {
			t.Errorf("Starts went on after yield returned false: %d calls", stopped)
		}
	}
}

// PlainValue solves pos by the textbook recursion over Moves and Play,
// memoised on everything in the position: the oracle for the engine, the
// state codecs and their canonical forms, remoteness included.
func PlainValue(tb testing.TB, pos solver.Position, memo map[string]solver.Value) solver.Value {
	tb.Helper()
	k := fullKey(pos)
	if v, ok := memo[k]; ok {
		return v
	}
	moves := pos.Moves()
	v := solver.Value{Outcome: pos.Terminal()}
	if len(moves) > 0 {
		v = solver.Value{Outcome: solver.Loss, Remoteness: -1}
		for _, m := range moves {
			next, err := pos.Play(m)
			if err != nil {
				tb.Fatalf("%q: Play(%v): %v", pos.String(), m, err)
			}
			c := PlainValue(tb, next, memo)
			mine := solver.Value{Outcome: -c.Outcome, Remoteness: c.Remoteness + 1}
			switch {
			case mine.Outcome > v.Outcome:
				v = mine
			case mine.Outcome < v.Outcome:
			case mine.Outcome == solver.Loss:
				v.Remoteness = max(v.Remoteness, mine.Remoteness)
			default:
				v.Remoteness = min(v.Remoteness, mine.Remoteness)
			}
		}
	}
	memo[k] = v
	return v
}

// testPlainSearch checks the engine against the textbook recursion on
// every position reachable from the small starting positions: the same
// outcome and remoteness. It proves the state codec: Encode and Children
// agree with Play, and the canonical form merges only positions of equal
// value.
func testPlainSearch(t *testing.T, s Spec) {
	g := s.Game
	memo := map[string]solver.Value{}
	search := solver.NewSearch(g, 0)
	n := walk(t, s, s.Small, func(pos solver.Position) {
		st, ok := g.Encode(pos)
		if !ok {
			t.Fatalf("%s does not pack", fullKey(pos))
		}
		got, err := search.Value(context.Background(), st)
		if err != nil {
			t.Fatal(err)
		}
		if want := PlainValue(t, pos, memo); got != want {
			t.Errorf("%s: search says %v, plain search says %v", fullKey(pos), got, want)
		}
	})
	t.Logf("%d positions reached, %d canonical states", n, search.States())
}

// testCodecs checks that Decode and Encode are inverse, that states fit
// their bits, and that Children lists exactly the states of the positions
// Play reaches.
func testCodecs(t *testing.T, s Spec) {
	g := s.Game
	n := walk(t, s, s.Small-1, func(pos solver.Position) {
		st, _ := g.Encode(pos)
		back, ok := g.Encode(g.Decode(st))
		if !ok || back != st {
			t.Errorf("%s: Encode(Decode(%#x)) = %#x, %v", fullKey(pos), st, back, ok)
		}
		if st == 0 || st>>solver.StateBits != 0 {
			t.Errorf("%s: state %#x is 0 or over %d bits", fullKey(pos), st, solver.StateBits)
		}
		var want []solver.State
		for _, next := range playAll(t, pos) {
			s, ok := g.Encode(next)
			if !ok {
				s = solver.Unpackable
			}
			want = append(want, s)
		}
		got := g.Children(st, nil)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(slices.Compact(want), slices.Compact(got)) {
			t.Errorf("%s: Children %x, Play reaches %x", fullKey(pos), got, want)
		}
	})
	t.Logf("%d positions", n)
}

// firstMoveReaching is the slow oracle for BestMove: the first legal move
// after which the mover's outcome is still want, judged by the formula.
func firstMoveReaching(pos solver.Position, want solver.Outcome) solver.Move {
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

// testBestMove checks the linear move finder against the quadratic
// definition on every reachable small position: BestMove is the first
// move in Moves' order that keeps the outcome, or nil.
func testBestMove(t *testing.T, s Spec) {
	n := walk(t, s, s.Small-1, func(pos solver.Position) {
		r := solver.Solve(pos)
		var want solver.Move
		if r.Outcome != solver.Loss {
			want = firstMoveReaching(pos, r.Outcome)
		}
		if r.Move != want {
			t.Errorf("%s: BestMove %v, want %v", fullKey(pos), r.Move, want)
		}
	})
	t.Logf("%d positions checked", n)
}

// foreign is a move of no game.
type foreign struct{}

func (foreign) String() string      { return "a foreign move" }
func (foreign) Numbers() (int, int) { return 1, 1 }

// testMovesAndPlay checks, on every small starting position, that Play
// accepts exactly the moves Moves lists (every pair of numbers around the
// position's size is tried), rejects the others with an *InputError, and
// that each move hands the turn over; and that a move round-trips through
// its numbers.
func testMovesAndPlay(t *testing.T, s Spec) {
	g := s.Game
	positions, legal, illegal := 0, 0, 0
	starts(t, s, max(1, s.Small-2), func(pos solver.Position) {
		positions++
		listed := pos.Moves()
		for i, m := range listed {
			if slices.Contains(listed[:i], m) {
				t.Errorf("%q: move %v listed twice", pos.String(), m)
			}
			if a, b := m.Numbers(); g.MoveOf(a, b) != m {
				t.Errorf("%q: move %v does not round-trip through %d %d", pos.String(), m, a, b)
			}
		}
		if got := solver.FirstMoves(pos, 2); !slices.Equal(got, listed[:min(2, len(listed))]) {
			t.Errorf("%q: FirstMoves(2) = %v, want %v", pos.String(), got, listed[:min(2, len(listed))])
		}
		for _, next := range playAll(t, pos) {
			legal++
			if o, _ := next.Analyze(); solver.OutcomeOf(next) != o {
				t.Errorf("%q: OutcomeOf %v, Analyze %v", next.String(), solver.OutcomeOf(next), o)
			}
			if got, want := next.ToMove(), pos.ToMove().Other(); got != want {
				t.Errorf("%q -> %q: got %d to move, want %d", pos.String(), next.String(), got, want)
			}
		}
		if _, err := pos.Play(foreign{}); err == nil {
			t.Errorf("%q: Play of a foreign move succeeded", pos.String())
		}
		n := len(pos.String()) + 1
		for a := -1; a <= n; a++ {
			for b := -1; b <= n; b++ {
				m := g.MoveOf(a, b)
				if slices.Contains(listed, m) {
					continue
				}
				if _, err := pos.Play(m); err == nil {
					t.Errorf("%q: Play(%v) succeeded, but Moves does not list it", pos.String(), m)
				} else {
					wantInputError(t, err)
					illegal++
				}
			}
		}
	})
	t.Logf("%d positions, %d legal moves played, %d illegal moves rejected", positions, legal, illegal)
}

// testRemoteness checks the product's remoteness against the textbook
// recursion on every reachable small position: the position's, the
// formula move's, and that the oracle's best move is perfect play
// counting moves.
func testRemoteness(t *testing.T, s Spec) {
	g := s.Game
	memo := map[string]solver.Value{}
	o := solver.NewOracle(context.Background(), g, 0)
	n := walk(t, s, s.Small-1, func(pos solver.Position) {
		want := PlainValue(t, pos, memo)
		r := solver.Solve(pos)
		r.Reach(o)
		if r.Remoteness != want.Remoteness {
			t.Errorf("%s: remoteness %d, want %d", fullKey(pos), r.Remoteness, want.Remoteness)
		}
		if r.Move != nil {
			next, _ := pos.Play(r.Move)
			if w := PlainValue(t, next, memo).Remoteness + 1; r.MoveRemoteness != w {
				t.Errorf("%s: move %v remoteness %d, want %d", fullKey(pos), r.Move, r.MoveRemoteness, w)
			}
		} else if r.MoveRemoteness != -1 {
			t.Errorf("%s: no move, but MoveRemoteness %d", fullKey(pos), r.MoveRemoteness)
		}
		values, err := o.MoveValues(pos)
		if err != nil {
			t.Fatalf("%s: MoveValues: %v", fullKey(pos), err)
		}
		for _, x := range values {
			next, _ := pos.Play(x.Move)
			c := PlainValue(t, next, memo)
			if w := (solver.Value{Outcome: -c.Outcome, Remoteness: c.Remoteness + 1}); x.Value != w || x.Value.Better(want) {
				t.Errorf("%s: move %v is worth %v, want %v (the position %v)", fullKey(pos), x.Move, x.Value, w, want)
			}
		}
		m, v, ok := o.BestMove(pos)
		if ok != solver.HasMoves(pos) {
			t.Fatalf("%s: BestMove ok %v", fullKey(pos), ok)
		}
		if ok {
			next, _ := pos.Play(m)
			c := PlainValue(t, next, memo)
			if got := (solver.Value{Outcome: -c.Outcome, Remoteness: c.Remoteness + 1}); got != want || v != want {
				t.Errorf("%s: BestMove %v is worth %v (says %v), want %v", fullKey(pos), m, got, v, want)
			}
		}
	})
	t.Logf("%d positions checked", n)
}

// wrongGame wraps a game so that its formula is wrong: the outcome is
// flipped everywhere, or the move replaced.
type wrongGame struct {
	solver.Game
	flip bool
	move func(g solver.Game, s solver.State) (solver.State, bool)
}

func (g wrongGame) Formula(s solver.State) (solver.Outcome, solver.State, bool) {
	o, next, ok := g.Game.Formula(s)
	if g.flip {
		o = -o
	}
	if g.move != nil {
		next, ok = g.move(g.Game, s)
	}
	return o, next, ok
}

// testWrongFormula proves that Verify can fail for this game: a flipped
// verdict, a missing move, an illegal move and a losing move each give
// disagreements.
func testWrongFormula(t *testing.T, s Spec) {
	size := 4 // enough for positions with a move that loses
	if s.Game.VerifySize() <= 6 {
		size = 2 // games counted in stacks or heaps, with many positions a size
	}
	noMove := func(solver.Game, solver.State) (solver.State, bool) { return 0, false }
	illegal := func(_ solver.Game, s solver.State) (solver.State, bool) { return s, true }
	losing := func(g solver.Game, s solver.State) (solver.State, bool) {
		o, _, _ := g.Formula(s)
		for _, c := range g.Children(s, nil) {
			if co, _, _ := g.Formula(c); -co != o {
				return c, true
			}
		}
		_, next, ok := g.Formula(s)
		return next, ok
	}
	for _, tc := range []struct {
		name string
		game wrongGame
		want string
	}{
		{"flipped verdict", wrongGame{Game: s.Game, flip: true}, "search says"},
		{"no move", wrongGame{Game: s.Game, move: noMove}, "formula gives no move"},
		{"illegal move", wrongGame{Game: s.Game, move: illegal}, "not a legal move"},
		{"losing move", wrongGame{Game: s.Game, move: losing}, "leaves the opponent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := solver.Verify(context.Background(), tc.game, size, nil)
			if err != nil {
				t.Fatal(err)
			}
			total := 0
			var examples []string
			for _, row := range rows {
				total += row.Disagreements
				examples = append(examples, row.Examples...)
			}
			if total == 0 {
				t.Fatalf("got 0 disagreements for a wrong formula, want some")
			}
			if !slices.ContainsFunc(examples, func(e string) bool { return strings.Contains(e, tc.want) }) {
				t.Errorf("no example mentions %q: %q", tc.want, examples)
			}
		})
	}
}

// testRestore checks that every reachable small position survives a
// button's round trip: Restore of its text, mover and holdings gives it
// back.
func testRestore(t *testing.T, s Spec) {
	g := s.Game
	walk(t, s, s.Small-2, func(pos solver.Position) {
		if pos.String() == "" {
			return // nothing left to parse
		}
		text, mover, held := pos.String(), pos.ToMove(), pos.Held()
		back, err := solver.Restore(g, text, mover, held)
		if err != nil {
			t.Fatalf("%s: Restore: %v", fullKey(pos), err)
		}
		if fullKey(back) != fullKey(pos) {
			t.Errorf("Restore(%s) = %s", fullKey(pos), fullKey(back))
		}
	})
	if _, err := solver.Restore(g, g.Examples()[0], 2, [2]int{}); err == nil {
		t.Errorf("Restore accepted player 2")
	}
}

// testIdentity checks what the game says of itself: a lowercase name,
// examples that parse, random positions that parse back, themes within
// the game's list, and an analysis for the JSON contract.
func testIdentity(t *testing.T, s Spec) {
	g := s.Game
	if g.Name() != strings.ToLower(g.Name()) || g.Name() == "" || g.Title() == "" || g.Format() == "" || g.MoveFormat() == "" {
		t.Errorf("name %q, title %q, format %q, move format %q", g.Name(), g.Title(), g.Format(), g.MoveFormat())
	}
	first := ""
	if g.NeedsFirst() {
		first = g.PlayerName(0)
	}
	if len(g.Examples()) == 0 {
		t.Errorf("no examples")
	}
	for _, ex := range g.Examples() {
		mustParse(t, g, ex, solver.ParseOptions{First: first})
	}
	themes := explain.Themes(g)
	r := rand.New(rand.NewPCG(1, uint64(len(g.Name()))))
	for range 200 {
		pos := g.Random(r)
		back, err := g.Parse(pos.String(), solver.ParseOptions{First: g.PlayerName(pos.ToMove())})
		if err != nil || back.String() != pos.String() {
			t.Fatalf("random position %q does not parse back: %v", pos, err)
		}
		for _, th := range explain.PositionThemes(pos) {
			if !slices.Contains(themes, th) {
				t.Errorf("%q has theme %q, not one of %q", pos, th, themes)
			}
		}
	}
}

// testLong checks the length limits: a slash command's 6000 characters,
// a file's 20000, and that a long position survives a button's round
// trip.
func testLong(t *testing.T, s Spec) {
	g := s.Game
	for _, tc := range []struct {
		n    int
		long bool
		want string // "" for success, else a substring of the error
	}{
		{solver.MaxPositionLen, false, ""},
		{solver.MaxPositionLen + 1, false, "limit of a slash command"},
		{solver.MaxPositionLen + 1, true, ""},
		{solver.MaxLongPositionLen, true, ""},
		{solver.MaxLongPositionLen + 1, true, "limit of a position given as a file"},
	} {
		pos, err := g.Parse(s.Long(tc.n), solver.ParseOptions{First: g.PlayerName(0), Long: tc.long})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%d characters, long %v: %v", tc.n, tc.long, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%d characters, long %v: err %v, want %q", tc.n, tc.long, err, tc.want)
		case err == nil && tc.n > solver.MaxPositionLen:
			text, mover, held := pos.String(), pos.ToMove(), pos.Held()
			back, err := solver.Restore(g, text, mover, held)
			if err != nil || back.String() != text {
				t.Errorf("Restore of %d characters: %v", tc.n, err)
			}
		}
	}
	if _, err := g.Parse("", solver.ParseOptions{First: g.PlayerName(0)}); err == nil {
		t.Errorf("an empty position parsed")
	} else {
		wantInputError(t, err, "position:", "empty")
	}
}

// spanChecks is how many starting states testSpan checks, each with a
// search of its own: the smallest first.
const spanChecks = 1000

// testSpan checks the game's Span against the search on the starting
// states of sizes up to Small and the states after their moves (where a
// binstring player holds 0s, a binim player other than the first
// moves), the first spanChecks of them: it must bound the states the
// search enters (the search would otherwise turn down positions it can
// finish), and equal them for games whose Span is exact.
func testSpan(t *testing.T, s Spec) {
	g := s.Game
	worst, checked := 1.0, 0
	seen := map[solver.State]bool{}
	check := func(st solver.State) {
		if seen[st] || checked >= spanChecks {
			return
		}
		seen[st] = true
		search := solver.NewSearch(g, 0)
		if _, err := search.Value(context.Background(), st); err != nil {
			t.Fatalf("%v: %v", g.Decode(st), err)
		}
		span, states := g.Span(st), float64(search.States())
		switch {
		case span < states:
			t.Fatalf("%v (state %x): Span %v, but the search enters %v states", g.Decode(st), uint64(st), span, states)
		case s.ExactSpan && span != states:
			t.Fatalf("%v: Span %v, want exactly the %v states the search enters", g.Decode(st), span, states)
		}
		worst = max(worst, span/states)
		checked++
	}
	for size := 1; size <= s.Small && checked < spanChecks; size++ {
		g.Starts(size, func(st solver.State) bool {
			check(st)
			for _, child := range g.Children(st, nil) {
				check(child)
			}
			return checked < spanChecks
		})
	}
	t.Logf("%d states; Span is at most %.2f times the states entered", checked, worst)
}
