package practice

import (
	"context"
	"fmt"
	"slices"

	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// Advice is what a learner should do next: their weakest theme, why
// (from their own misses), its review and the lesson that teaches it.
type Advice struct {
	Game, Theme string
	// Reason is one line from the learner's misses on the theme.
	Reason string
	// Review is the theme's card, nil when it is not scheduled.
	Review *Due
	// Lesson is the id of the /learn topic that teaches the theme, and
	// LessonTitle its title; both "" when no lesson does.
	Lesson, LessonTitle string
}

// LessonFor returns the lesson that teaches theme in game (the game's
// link, learn.ForTheme), or nil.
func LessonFor(game, theme string) *learn.Topic {
	t, _ := learn.ForTheme(game, theme)
	return t
}

// advise builds the advice on the learner's weakest theme from their
// progress: the reason from their answers on it, the theme's review, and
// its lesson.
func (s *Service) advise(p *Progress) *Advice {
	if p.Weakest == "" {
		return nil
	}
	a := &Advice{Game: p.WeakestGame, Theme: p.Weakest}
	tries, misses := 0, 0
	var last *int
	for i, at := range p.Attempts {
		if at.Game != a.Game || !slices.Contains(at.Themes, a.Theme) {
			continue
		}
		tries++
		if !at.Correct {
			misses++
			last = &i
		}
	}
	switch {
	case tries == 1:
		a.Reason = "you missed the one puzzle that needed it"
	case misses == tries:
		a.Reason = fmt.Sprintf("you missed all %d puzzles that needed it", tries)
	default:
		a.Reason = fmt.Sprintf("you missed %d of the %d puzzles that needed it", misses, tries)
	}
	if last != nil {
		at := p.Attempts[*last]
		if pz, err := s.Puzzle(at.PuzzleID); err == nil {
			if m, ok := solver.ParseMove(pz.Position, at.Move); ok {
				a.Reason += fmt.Sprintf("; last time, on puzzle %s, you played %s where %s wins", pz.ID, m, pz.Winning[0])
			}
		}
	}
	a.Reason += "."
	for i := range p.Reviews {
		if p.Reviews[i].Game == a.Game && p.Reviews[i].Theme == a.Theme {
			a.Review = &p.Reviews[i]
		}
	}
	if t := LessonFor(a.Game, a.Theme); t != nil {
		a.Lesson, a.LessonTitle = t.ID, t.Title
	}
	return a
}

// Advise returns the advice on the learner's weakest theme in game (""
// for every game), or nil when they have missed nothing.
func (s *Service) Advise(ctx context.Context, user, game string) (*Advice, error) {
	p, err := s.Progress(ctx, user, game)
	if err != nil {
		return nil, err
	}
	return p.Advice, nil
}
