package practice

import (
	"context"
	"errors"
	"slices"

	"github.com/nimtutor/nimtutor/store"
)

// ErrHidden reports a learner who hides their progress from other
// members.
var ErrHidden = errors.New("practice: the learner hides their progress")

// MemberProgress gathers what other members of guild may see of user's
// practice: the answers user gave in that server, never those given in
// a direct message or in another server, per game (or in game alone).
// Each rating is the one after the learner's latest answer there;
// streaks, which run across servers, are left out. A learner who hides
// their progress gives ErrHidden.
func (s *Service) MemberProgress(ctx context.Context, user, guild, game string) (*Progress, error) {
	st, err := s.store.UserSettings(ctx, user)
	if err != nil {
		return nil, err
	}
	if st.HideProgress {
		return nil, ErrHidden
	}
	as, err := s.store.AttemptsIn(ctx, user, guild, game)
	if err != nil {
		return nil, err
	}
	p := &Progress{Attempts: as}
	for _, a := range as {
		k := slices.IndexFunc(p.Ratings, func(l store.Learner) bool { return l.Game == a.Game })
		if k < 0 {
			k, p.Ratings = len(p.Ratings), append(p.Ratings, store.Learner{User: user, Game: a.Game})
		}
		l := &p.Ratings[k]
		if a.Correct {
			l.Solved++
		} else {
			l.Failed++
		}
		l.Hints += a.Hints
		l.Rating.Rating, l.Updated = a.After, a.At
	}
	slices.SortFunc(p.Ratings, func(a, b store.Learner) int {
		switch {
		case a.Game < b.Game:
			return -1
		case a.Game > b.Game:
			return 1
		}
		return 0
	})
	p.WeakestGame, p.Weakest, p.WeakestRate = weakest(as)
	return p, nil
}

// SetProgressHidden records whether user hides their progress from other
// members.
func (s *Service) SetProgressHidden(ctx context.Context, user string, hidden bool) error {
	return s.store.SetProgressHidden(ctx, user, hidden)
}
