package solver

import (
	"context"
	"errors"
)

// ErrBudget is returned by a Search that would visit more states than its
// budget allows.
var ErrBudget = errors.New("search: over the state budget")

// Search is the generic exhaustive game-tree search that proves the
// formulas. It knows only the Position interface: moves, the result of a
// finished game, and a key for memoisation. It handles normal play (a
// player with no move loses), misère play (a player with no move wins) and
// games that can end in a tie, because each game states its own Terminal.
//
// A Search memoises every state it solves, so one Search can be reused
// across many positions of the same game. It is not safe for concurrent use.
type Search struct {
	// Budget is the most states the search may solve; 0 means no limit.
	Budget int
	// OnState, if set, sees every state the moment it is solved, with its
	// outcome. Verification uses it to check the formula on every state.
	OnState func(pos Position, o Outcome)
	// Ctx, if set, cancels the search: it is checked every ctxEvery states
	// and its error returned.
	Ctx context.Context
	// MaxPlays, if not 0, bounds the moves played (edges of the game tree),
	// the search's real work when states have many moves each.
	MaxPlays int
	memo     map[string]Outcome
	entered  int // states entered, solved or not yet: what Budget bounds
	plays    int // moves played: what MaxPlays bounds
}

// ctxEvery is how many states a search enters between checks of its Ctx.
const ctxEvery = 1024

// NewSearch returns a search with the given state budget (0 for none).
func NewSearch(budget int) *Search {
	return &Search{Budget: budget, memo: make(map[string]Outcome)}
}

// States returns how many distinct states the search has solved.
func (s *Search) States() int { return len(s.memo) }

// Outcome returns the outcome of pos for the player to move under perfect
// play, or ErrBudget.
func (s *Search) Outcome(pos Position) (Outcome, error) {
	if s.memo == nil {
		s.memo = make(map[string]Outcome)
	}
	key := pos.Key()
	if o, ok := s.memo[key]; ok {
		return o, nil
	}
	if s.Budget > 0 && s.entered >= s.Budget {
		return 0, ErrBudget
	}
	if s.Ctx != nil && s.entered%ctxEvery == 0 {
		if err := s.Ctx.Err(); err != nil {
			return 0, err
		}
	}
	s.entered++
	moves := pos.Moves()
	var best Outcome
	if len(moves) == 0 {
		best = pos.Terminal()
	} else {
		best = Loss
		for _, m := range moves {
			if s.plays++; s.MaxPlays > 0 && s.plays > s.MaxPlays {
				return 0, ErrBudget
			}
			next, err := pos.Play(m)
			if err != nil {
				return 0, err
			}
			o, err := s.Outcome(next)
			if err != nil {
				return 0, err
			}
			if -o > best {
				best = -o
				if best == Win {
					break
				}
			}
		}
	}
	s.memo[key] = best
	if s.OnState != nil {
		s.OnState(pos, best)
	}
	return best, nil
}

// BestMoves returns the outcome of pos for the player to move and every
// move that achieves it. When every move loses, or there is none, the
// moves are empty.
func (s *Search) BestMoves(pos Position) ([]Move, Outcome, error) {
	want, err := s.Outcome(pos)
	if err != nil || want == Loss {
		return nil, want, err
	}
	var out []Move
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			return nil, want, err
		}
		o, err := s.Outcome(next)
		if err != nil {
			return nil, want, err
		}
		if -o == want {
			out = append(out, m)
		}
	}
	return out, want, nil
}
