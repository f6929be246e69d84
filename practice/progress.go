package practice

import (
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/store"
)

// Progress is what a learner has done in practice.
type Progress struct {
	// Ratings has one record per game practised (or the one game asked for).
	Ratings []store.Learner
	// Attempts are the answers, oldest first.
	Attempts []store.Attempt
	// Weakest is the theme the learner fails most, in WeakestGame; "" when
	// nothing has been answered.
	Weakest, WeakestGame string
	// WeakestRate is the share of failed answers on it.
	WeakestRate float64
	// Reviews are the ideas scheduled to come back, the soonest first.
	Reviews []Due
	// Advice is what to do next about the weakest theme; nil when
	// nothing was missed.
	Advice *Advice
	// Duels are the learner's duel ratings (one per game, or the one
	// game asked for), apart from the practice ratings.
	Duels []store.DuelRating
}

// Progress gathers a learner's record, in one game or ("") all.
func (s *Service) Progress(ctx context.Context, user, game string) (*Progress, error) {
	ls, err := s.store.Learners(ctx, user)
	if err != nil {
		return nil, err
	}
	p := &Progress{Ratings: slices.DeleteFunc(ls, func(l store.Learner) bool { return game != "" && l.Game != game })}
	if p.Attempts, err = s.store.Attempts(ctx, user, game, 0); err != nil {
		return nil, err
	}
	p.WeakestGame, p.Weakest, p.WeakestRate = weakest(p.Attempts)
	if p.Reviews, err = s.Reviews(ctx, user, game); err != nil {
		return nil, err
	}
	p.Advice = s.advise(p)
	ds, err := s.store.DuelRatings(ctx, user)
	if err != nil {
		return nil, err
	}
	p.Duels = slices.DeleteFunc(ds, func(d store.DuelRating) bool { return game != "" && d.Game != game })
	return p, nil
}

// weakest finds the theme with the most failures relative to tries
// (counted with one imaginary success and failure, so one unlucky try
// does not outweigh many), ignoring themes never failed.
func weakest(as []store.Attempt) (game, theme string, rate float64) {
	type key struct{ game, theme string }
	tries, fails := map[key]int{}, map[key]int{}
	for _, a := range as {
		for _, t := range a.Themes {
			k := key{a.Game, t}
			tries[k]++
			if !a.Correct {
				fails[k]++
			}
		}
	}
	keys := slices.SortedFunc(maps.Keys(tries), func(a, b key) int { return strings.Compare(a.game+a.theme, b.game+b.theme) })
	best := -1.0
	for _, k := range keys {
		if fails[k] == 0 {
			continue
		}
		if r := float64(fails[k]+1) / float64(tries[k]+2); r > best {
			best, game, theme = r, k.game, k.theme
			rate = float64(fails[k]) / float64(tries[k])
		}
	}
	return game, theme, rate
}

// History is a learner's recent games and puzzles.
type History struct {
	Attempts []store.Attempt
	Games    []store.GameRecord
}

// History returns the learner's most recent answers and games, newest first.
func (s *Service) History(ctx context.Context, user string, n int) (*History, error) {
	as, err := s.store.Attempts(ctx, user, "", n)
	if err != nil {
		return nil, err
	}
	slices.Reverse(as)
	gs, err := s.store.Games(ctx, user, n)
	if err != nil {
		return nil, err
	}
	return &History{Attempts: as, Games: gs}, nil
}
