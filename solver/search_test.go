package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// ladder is a hand-written game for the engine's own tests: state n (from
// 1) moves to n-1 and n-2, down to 1, where the mover loses; with loop set,
// state 2 moves back to itself as well, which no real game may do.
type ladder struct{ loop bool }

func (l ladder) Children(s State, buf []State) []State {
	for d := State(1); d <= 2 && s > d; d++ {
		buf = append(buf, s-d)
	}
	if l.loop && s == 2 {
		buf = append(buf, 2)
	}
	return buf
}

func (ladder) Terminal(State) Outcome { return Loss }

var _ Rules = ladder{}

// TestSearchValues checks values and remoteness on the ladder, where they
// are known: a multiple of 3 away from the bottom loses, and the game
// lasts as the players choose.
func TestSearchValues(t *testing.T) {
	tests := []struct {
		s    State
		want Value
	}{
		{1, Value{Loss, 0}},
		{2, Value{Win, 1}},
		{3, Value{Win, 1}},
		{4, Value{Loss, 2}}, // both moves leave a win in 1
		{5, Value{Win, 3}},
		{7, Value{Loss, 4}},
	}
	s := NewSearch(ladder{}, 0)
	for _, tc := range tests {
		got, err := s.Value(context.Background(), tc.s)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("Value(%d) = %v, want %v", tc.s, got, tc.want)
		}
	}
	if got := (Value{Tie, 2}).String(); got != "tie in 2" {
		t.Errorf("String() = %q", got)
	}
}

func TestSearchBudget(t *testing.T) {
	s := NewSearch(ladder{}, 10)
	if _, err := s.Value(context.Background(), 11); !errors.Is(err, ErrBudget) {
		t.Fatalf("11 states with a budget of 10: got %v, want ErrBudget", err)
	}
	s = NewSearch(ladder{}, 10)
	if _, err := s.Value(context.Background(), 10); err != nil {
		t.Fatalf("10 states with a budget of 10: %v", err)
	}
	if got := s.States(); got != 10 {
		t.Errorf("States() = %d, want 10", got)
	}
}

// spannedLadder is the ladder with a Span: state n has exactly n states
// at or below it.
type spannedLadder struct{ ladder }

func (spannedLadder) Span(s State) float64 { return float64(s) }

// TestSearchTurnsDownBySpan checks that a search turns down, before any
// work, a state whose span passes SpanSlack times the states it has left,
// and still takes one within that slack.
func TestSearchTurnsDownBySpan(t *testing.T) {
	s := NewSearch(spannedLadder{}, 10)
	if _, err := s.Value(context.Background(), 41); !errors.Is(err, ErrBudget) {
		t.Fatalf("span 41 with 10 states left: got %v, want ErrBudget", err)
	}
	if s.States() != 0 || s.entered != 0 {
		t.Errorf("the turned-down search entered %d states, want none", s.entered)
	}
	if _, err := s.Value(context.Background(), 10); err != nil {
		t.Fatalf("span 10 with 10 states left: %v", err)
	}
	// A search that has solved states is not judged by span any more: it
	// holds most of what a nearby state needs. State 11 needs one state
	// more than the budget, so the budget stops it, not the span.
	s = NewSearch(spannedLadder{}, 11)
	if _, err := s.Value(context.Background(), 10); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Value(context.Background(), 11); err != nil {
		t.Fatalf("state 11 after 10 on a budget of 11: %v", err)
	}
	// A bound on moves turns down likewise: on the ladder the estimate is
	// the span times 2 moves, halved.
	s = NewSearch(spannedLadder{}, 0)
	s.LimitWork(10)
	if _, err := s.Value(context.Background(), 41); !errors.Is(err, ErrBudget) || s.entered != 0 {
		t.Fatalf("about 41 moves with 10 left: got %v after %d states, want ErrBudget at once", err, s.entered)
	}
	// Without a budget Span is not asked.
	s = NewSearch(spannedLadder{}, 0)
	if _, err := s.Value(context.Background(), 1000); err != nil {
		t.Fatalf("no budget: %v", err)
	}
}

// TestSearchLimitWork stops a search by the moves it generates: on the
// ladder every state but the last two has 2, so solving state 11 generates
// 19 moves.
func TestSearchLimitWork(t *testing.T) {
	s := NewSearch(ladder{}, 0)
	s.LimitWork(18)
	if _, err := s.Value(context.Background(), 11); !errors.Is(err, ErrBudget) {
		t.Fatalf("19 moves with a limit of 18: got %v, want ErrBudget", err)
	}
	s = NewSearch(ladder{}, 0)
	s.LimitWork(19)
	if _, err := s.Value(context.Background(), 11); err != nil {
		t.Fatalf("19 moves with a limit of 19: %v", err)
	}
}

func TestSearchContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSearch(ladder{}, 0)
	if _, err := s.Value(ctx, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: got %v", err)
	}
	// A search in progress notices the end of its context.
	ctx, cancel = context.WithCancel(context.Background())
	big := NewSearch(cancelAt{at: 3 * ctxEvery, cancel: cancel}, 0)
	if _, err := big.Value(ctx, 2*ctxEvery); err != nil {
		t.Fatal(err)
	}
	if _, err := big.Value(ctx, 5*ctxEvery); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during the search: got %v", err)
	}
	if _, ok := big.Known(2 * ctxEvery); !ok {
		t.Errorf("states solved before the end are forgotten")
	}
}

// cancelAt is the ladder that calls cancel when the search enters state at.
type cancelAt struct {
	ladder
	at     State
	cancel func()
}

func (c cancelAt) Children(s State, buf []State) []State {
	if s == c.at {
		c.cancel()
	}
	return c.ladder.Children(s, buf)
}

func TestSearchRefusesLoops(t *testing.T) {
	_, err := NewSearch(ladder{loop: true}, 0).Value(context.Background(), 4)
	if !errors.Is(err, ErrTooDeep) {
		t.Errorf("a game that repeats a state: got %v, want ErrTooDeep", err)
	}
}

// TestMemo checks the memo against a map through its changes of mode:
// dense small states, a state that makes the direct table too sparse, and
// enough states to rehash several times.
func TestMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var m memo
	want := map[State]uint16{}
	add := func(k State) {
		if _, ok := want[k]; ok {
			return
		}
		v := uint16(1 + r.IntN(1<<16-1))
		m.put(k, v)
		want[k] = v
	}
	for k := State(1); k < 5000; k++ {
		add(k)
	}
	if m.slots != nil {
		t.Fatalf("dense states left the direct table")
	}
	add(1 << 40)
	if m.slots == nil {
		t.Fatalf("a far state kept the direct table")
	}
	for range 100000 {
		add(State(1 + r.Uint64N(1<<StateBits-1)))
		add(State(1 + r.Uint64N(1<<20)))
	}
	if m.n != len(want) {
		t.Errorf("n = %d, want %d", m.n, len(want))
	}
	for k, v := range want {
		if got := m.get(k); got != v {
			t.Fatalf("get(%#x) = %d, want %d", k, got, v)
		}
	}
	for range 1000 {
		k := State(1 + r.Uint64N(1<<StateBits-1))
		if _, ok := want[k]; !ok && m.get(k) != 0 {
			t.Fatalf("get(%#x) of an absent state is not 0", k)
		}
	}
}

func TestAbout(t *testing.T) {
	for _, tc := range []struct {
		n    float64
		want string
	}{
		{1, "1 position"},
		{999, "999 positions"},
		{400000, "400,000 positions"},
		{3.25e6, "about 3.2 million positions"},
		{2e9, "about 2.0 billion positions"},
		{4.5e15, "about 4.5 × 10^15 positions"},
		{9.9e14, "about 9.9 × 10^14 positions"},
		{9.97e14, "about 1.0 × 10^15 positions"},
		{999_999.6, "about 1.0 million positions"},
		{999.96e6, "about 1.0 billion positions"},
		{999.96e9, "about 1.0 × 10^12 positions"},
	} {
		if got := About(tc.n, "position", "positions"); got != tc.want {
			t.Errorf("About(%v) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
