package solver

import (
	"context"
	"errors"
	"fmt"
)

// State is a position packed into an integer: the game's canonical form
// of the position, including the player to move where that matters and
// anything else that decides the rest of the game. Two positions with the
// same state have the same value and remoteness. A state uses at most
// StateBits bits, and 0 is never a state.
type State uint64

// StateBits is how many bits a State may use.
const StateBits = 48

// Rules is what the search needs of a game: the moves on packed states.
// Every move must bring the game closer to its end, so that no state can
// be reached from itself.
type Rules interface {
	// Children appends to buf the state after each legal move of the
	// player to move in s (Unpackable for one whose position does not
	// pack), and returns the extended buffer.
	Children(s State, buf []State) []State
	// Terminal returns the outcome for the player to move in s when s has
	// no move: Loss in normal play, Win in misère play, or a score.
	Terminal(s State) Outcome
}

// Spanner is what a game may add to its Rules: a bound on the states
// below a state, so that a search can turn down at once a position it has
// no hope of finishing instead of spending its whole budget to find out.
// (GamesmanClassic's games state the size of their position space for the
// same reason.)
type Spanner interface {
	// Span returns an upper bound on the number of distinct states
	// reachable from s by any sequence of moves, s included: the states a
	// search of s enters. It takes time about linear in the size of s.
	Span(s State) float64
}

// SpanSlack is how far a game's Span may pass the states a search has
// left before the search turns the position down: Span is an upper bound,
// loose by a small factor for games whose canonical form merges states
// (the order of Nim's heaps), and such a position may still fit.
const SpanSlack = 4

// Value is what a position is worth under perfect play: the outcome for
// the player to move and its remoteness, the number of moves until the
// game ends when the winner hurries and the loser stalls (as
// GamesmanClassic counts it). A tie counts the moves to the quickest tie.
type Value struct {
	Outcome    Outcome
	Remoteness int
}

// String says "win in 3", "loss in 0" or "tie in 2".
func (v Value) String() string { return fmt.Sprintf("%v in %d", v.Outcome, v.Remoteness) }

// maxRemoteness is the largest remoteness a packed value holds.
const maxRemoteness = 1<<14 - 1

// pack stores a value in 16 bits: the outcome plus 2 in the low 2 bits
// (so that no value packs to 0) and the remoteness above.
func pack(o Outcome, remoteness int) uint16 {
	return uint16(remoteness)<<2 | uint16(o+2)
}

func unpack(v uint16) Value {
	return Value{Outcome: Outcome(v&3) - 2, Remoteness: int(v >> 2)}
}

// Packed values as they compare for the search: loss, tie and win codes.
const (
	codeLoss = uint16(Loss + 2)
	codeTie  = uint16(Tie + 2)
	codeWin  = uint16(Win + 2)
)

// ErrBudget is returned by a Search that would solve more states than its
// budget allows.
var ErrBudget = errors.New("search: over the state budget")

// ErrTooDeep is returned when a game goes on for more moves than a value
// can count, which only a game whose moves can repeat a state does.
var ErrTooDeep = fmt.Errorf("search: a game longer than %d moves", maxRemoteness)

// Unpackable is what a game's Children appends for a move whose position
// does not pack into a state (a heap game's split can outgrow StateBits).
// A search that meets it stops with ErrUnpackable: it never decides a
// state without one of its moves.
const Unpackable State = 1 << StateBits

// ErrUnpackable is an ErrBudget: a position some line of play reaches
// does not pack into a state, so the search cannot be exhaustive.
var ErrUnpackable error = unpackable{}

type unpackable struct{}

func (unpackable) Error() string {
	return "search: a position some line of play reaches does not pack into a state, so no exhaustive search of it can finish"
}

func (unpackable) Is(target error) bool { return target == ErrBudget }

// Search is the generic exhaustive game-tree search over packed states. It
// solves a state by solving every state after each move, depth first,
// with one move buffer shared down the recursion and a flat memo: nothing
// is allocated per state. It handles normal play, misère play and ties,
// because each game states its own Terminal.
//
// A Search keeps every state it solves, so one Search can be reused for
// many positions of the same game. It is not safe for concurrent use.
type Search struct {
	rules Rules
	// budget is the most states the search may enter; 0 means no limit.
	budget  int
	entered int
	// workBudget is the most moves the search may generate, summed over
	// the states it enters; 0 means no limit. States of some games have
	// hundreds of moves (a binstring of n characters has n(n+1)/2), so a
	// bound on states alone does not bound the time.
	workBudget int
	work       int
	// workSeen is the work at the last look at the context.
	workSeen int
	// OnState, if set, sees every state the moment it is solved, with its
	// value and the states after each of its moves, whose values are
	// known by then. Verify checks the formula there.
	OnState func(s State, v Value, children []State)
	memo    memo
	buf     []State
	ctx     context.Context
	err     error
	// spanner is rules' Span, when the game has one.
	spanner Spanner
}

// NewSearch returns a search over r that enters at most budget states
// (0 for no limit).
func NewSearch(r Rules, budget int) *Search {
	sp, _ := r.(Spanner)
	return &Search{rules: r, budget: budget, buf: make([]State, 0, 256), spanner: sp}
}

// LimitWork bounds the moves the search may generate, summed over every
// state it enters (0 for no limit); past it the search stops with
// ErrBudget, as for its budget of states.
func (s *Search) LimitWork(moves int) { s.workBudget = moves }

// States returns how many distinct states the search has solved.
func (s *Search) States() int { return s.memo.n }

// Known returns the value of a state the search has already solved.
func (s *Search) Known(st State) (Value, bool) {
	if v := s.memo.get(st); v != 0 {
		return unpack(v), true
	}
	return Value{}, false
}

// ctxEvery is how many states pass between two looks at the context;
// ctxEveryMoves is how many generated moves do.
const (
	ctxEvery      = 1 << 10
	ctxEveryMoves = 1 << 15
)

// Value solves st: its value for the player to move under perfect play.
// It stops with ErrBudget when it would enter more states than its
// budget, and with the context's error when ctx ends; the states solved
// until then stay known. When the rules are a Spanner and the search has
// solved nothing yet, a state whose span passes SpanSlack times the
// budget, or whose moves would pass the bound on moves likewise
// (outOfReach), is turned down with ErrBudget before any work; and its
// span sizes the memo.
func (s *Search) Value(ctx context.Context, st State) (Value, error) {
	if v := s.memo.get(st); v != 0 {
		return unpack(v), nil
	}
	if err := ctx.Err(); err != nil {
		return Value{}, err
	}
	// Only a fresh search is judged by its span: one that has solved
	// states already (an Oracle asked about a move after the position)
	// holds most of what a nearby state needs, which the span cannot see.
	if s.spanner != nil && s.memo.n == 0 && (s.budget > 0 || s.workBudget > 0) {
		e := s.estimate(st)
		if !s.within(e) {
			return Value{}, ErrBudget
		}
		reserve := e.States
		if s.budget > 0 {
			reserve = min(reserve, float64(s.budget))
		}
		s.memo.reserve(int(min(reserve, 1<<24)))
	}
	s.ctx, s.err = ctx, nil
	v := s.solve(st, 0)
	s.ctx = nil
	if s.err != nil {
		return Value{}, s.err
	}
	return unpack(v), nil
}

// Estimate is what solving a state would cost, by its game's Span: the
// states below it, and about how many moves their search generates (half
// the span times the state's own moves, since states lower down have
// fewer).
type Estimate struct {
	States, Moves float64
}

// estimate returns the cost of solving st; the rules must be a Spanner.
func (s *Search) estimate(st State) Estimate {
	start := len(s.buf)
	s.buf = s.rules.Children(st, s.buf)
	moves := len(s.buf) - start
	s.buf = s.buf[:start]
	span := s.spanner.Span(st)
	return Estimate{States: span, Moves: span * float64(moves) / 2}
}

// within reports whether e is within SpanSlack times what is left of the
// search's budgets.
func (s *Search) within(e Estimate) bool {
	return (s.budget == 0 || e.States <= SpanSlack*float64(s.budget-s.entered)) &&
		(s.workBudget == 0 || e.Moves <= SpanSlack*float64(s.workBudget-s.work))
}

// outOfReach reports whether solving st would pass either budget by more
// than SpanSlack.
func (s *Search) outOfReach(st State) bool {
	return (s.budget > 0 || s.workBudget > 0) && !s.within(s.estimate(st))
}

// solve returns the packed value of st, which is not in the memo, or 0
// with s.err set.
func (s *Search) solve(st State, depth int) uint16 {
	start := len(s.buf)
	if s.budget > 0 && s.entered >= s.budget {
		return s.fail(start, ErrBudget)
	}
	if depth > maxRemoteness {
		return s.fail(start, ErrTooDeep)
	}
	s.entered++
	if s.entered%ctxEvery == 0 {
		if err := s.ctx.Err(); err != nil {
			return s.fail(start, err)
		}
	}
	s.buf = s.rules.Children(st, s.buf)
	end := len(s.buf)
	s.work += end - start
	if s.workBudget > 0 && s.work > s.workBudget {
		return s.fail(start, ErrBudget)
	}
	// States with many moves (a long binstring) must not put off the look
	// at the context for ctxEvery states.
	if s.work-s.workSeen >= ctxEveryMoves {
		s.workSeen = s.work
		if err := s.ctx.Err(); err != nil {
			return s.fail(start, err)
		}
	}
	var v uint16
	if start == end {
		v = pack(s.rules.Terminal(st), 0)
	} else {
		// The mover wins if some move leaves the opponent lost, fastest
		// first; else ties if some move leaves a tie, fastest first; else
		// loses, as slowly as possible.
		minLoss, minTie, maxWin := uint16(0xffff), uint16(0xffff), uint16(0)
		for i := start; i < end; i++ {
			if s.buf[i] == Unpackable {
				return s.fail(start, ErrUnpackable)
			}
			c := s.memo.get(s.buf[i])
			if c == 0 {
				if c = s.solve(s.buf[i], depth+1); c == 0 {
					return s.fail(start, s.err)
				}
			}
			r := c >> 2
			switch c & 3 {
			case codeLoss:
				minLoss = min(minLoss, r)
			case codeTie:
				minTie = min(minTie, r)
			default:
				maxWin = max(maxWin, r)
			}
		}
		o, r := Loss, maxWin
		switch {
		case minLoss != 0xffff:
			o, r = Win, minLoss
		case minTie != 0xffff:
			o, r = Tie, minTie
		}
		if r >= maxRemoteness {
			return s.fail(start, ErrTooDeep)
		}
		v = pack(o, int(r)+1)
	}
	s.memo.put(st, v)
	if s.OnState != nil {
		s.OnState(st, unpack(v), s.buf[start:end])
	}
	s.buf = s.buf[:start]
	return v
}

// fail stops the search with err and drops the moves above start: it
// returns 0, which is no packed value.
func (s *Search) fail(start int, err error) uint16 {
	s.err, s.buf = err, s.buf[:start]
	return 0
}
