package practice

import (
	"context"
	"errors"
	"time"

	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// Daily is a server's puzzle of the day.
type Daily struct {
	Puzzle *Puzzle
	// Day is the UTC date, YYYY-MM-DD.
	Day string
	// Answer is the learner's answer, when they have given it.
	Answer *store.Attempt
	// Solved and Failed are the server's tally so far.
	Solved, Failed int
}

// DailyPuzzle returns the day's puzzle of a server (guild "" for direct
// messages: one puzzle for all of them), the same for every member, and
// opens it for the learner unless they already answered it. The game
// rotates with the day.
func (s *Service) DailyPuzzle(ctx context.Context, user, guild string) (*Daily, error) {
	now := s.now().UTC()
	day := now.Format(time.DateOnly)
	games := solver.Games()
	g := games[int(now.Unix()/86400)%len(games)]
	p, err := s.Puzzle(puzzleID(g, seedOf("daily", guild, day)))
	if err != nil {
		return nil, err
	}
	d := &Daily{Puzzle: p, Day: day}
	a, err := s.store.DailyAttempt(ctx, guild, day, user)
	switch {
	case err == nil:
		d.Answer = &a
	case errors.Is(err, store.ErrNotFound):
		if err := s.store.OpenPuzzle(ctx, store.Pending{User: user, PuzzleID: p.ID, Game: g.Name(), Guild: guild, Daily: day}); err != nil {
			return nil, err
		}
	default:
		return nil, err
	}
	if d.Solved, d.Failed, err = s.store.DailyTally(ctx, guild, day); err != nil {
		return nil, err
	}
	return d, nil
}
