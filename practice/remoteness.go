package practice

import (
	"context"
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

// errOverBudget stops a remoteness search that grew too large, or meets a
// position that does not pack into the engine's states.
var errOverBudget = errors.New("practice: remoteness search over budget")

// distSearch asks the engine's search for outcomes with remoteness, one
// memo shared by every position of one game.
type distSearch struct {
	search *solver.Search
	game   solver.Game
}

func newDistSearch(game solver.Game, budget int) *distSearch {
	return &distSearch{search: solver.NewSearch(game, budget), game: game}
}

// solve returns pos's value, or errOverBudget.
func (s *distSearch) solve(pos solver.Position) (value, error) {
	st, ok := s.game.Encode(pos)
	if !ok {
		return value{}, errOverBudget
	}
	v, err := s.search.Value(context.Background(), st)
	if errors.Is(err, solver.ErrBudget) || errors.Is(err, solver.ErrTooDeep) {
		return value{}, errOverBudget
	}
	if err != nil {
		return value{}, err
	}
	return value{outcome: v.Outcome, dist: v.Remoteness}, nil
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
	v, ok := solver.Reach(context.Background(), pos, budget)
	if !ok {
		return -1
	}
	return v.Remoteness
}
