package practice

import (
	"errors"

	"github.com/nimtutor/nimtutor/solver"
)

// value is a position's outcome for the player to move with its
// remoteness: how many moves, both sides', the game lasts when the
// winner hurries and the loser delays.
type value struct {
	outcome solver.Outcome
	dist    int
}

// errOverBudget stops a remoteness search that grew too large.
var errOverBudget = errors.New("practice: remoteness search over budget")

// distSearch is a memoised search for outcome and remoteness. It is the
// generic exhaustive search of package solver with one number more; it
// stays here, small and budgeted, until the engine exposes remoteness.
type distSearch struct {
	budget int
	memo   map[string]value
}

func newDistSearch(budget int) *distSearch {
	return &distSearch{budget: budget, memo: map[string]value{}}
}

// solve returns pos's value, or errOverBudget.
func (s *distSearch) solve(pos solver.Position) (value, error) {
	key := pos.Key()
	if v, ok := s.memo[key]; ok {
		return v, nil
	}
	if len(s.memo) >= s.budget {
		return value{}, errOverBudget
	}
	moves := pos.Moves()
	if len(moves) == 0 {
		v := value{outcome: pos.Terminal()}
		s.memo[key] = v
		return v, nil
	}
	best := value{outcome: solver.Loss - 1}
	for _, m := range moves {
		c, err := s.child(pos, m)
		if err != nil {
			return value{}, err
		}
		if better(c, best) {
			best = c
		}
	}
	s.memo[key] = best
	return best, nil
}

// child returns the value for the mover of playing m in pos.
func (s *distSearch) child(pos solver.Position, m solver.Move) (value, error) {
	next, err := pos.Play(m)
	if err != nil {
		return value{}, err
	}
	v, err := s.solve(next)
	if err != nil {
		return value{}, err
	}
	return value{outcome: -v.outcome, dist: v.dist + 1}, nil
}

// better reports whether a is a better value than b for the mover: a
// better outcome, then a faster win, a slower loss, a faster tie.
func better(a, b value) bool {
	if a.outcome != b.outcome {
		return a.outcome > b.outcome
	}
	if a.outcome == solver.Loss {
		return a.dist > b.dist
	}
	return a.dist < b.dist
}

// remoteness returns pos's remoteness, or -1 if the search passes budget.
func remoteness(pos solver.Position, budget int) int {
	v, err := newDistSearch(budget).solve(pos)
	if err != nil {
		return -1
	}
	return v.dist
}
