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

// themeLessons names the lesson that teaches each theme, where the
// theme's name does not say it: a (game, theme) entry wins over a
// ("", theme) one. A theme with neither falls back on the game's own
// lesson. A test checks that every theme of every game finds a lesson.
var themeLessons = map[[2]string]string{
	{"", "XOR to zero"}:        "nim",
	{"adapwns", "XOR to zero"}: "grundy",
	{"", "misère ending"}:      "misere",
	{"", "nim heaps"}:          "nim",
	{"", "staircase"}:          "staircase",
	{"", "gap mod 3"}:          "grundy",
	{"", "reserve moves"}:      "abgame",
	{"", "misère reserve"}:     "binim",
	{"", "cancelling stacks"}:  "binim",
	{"", "counting moves"}:     "binim",
	{"", "one-move margin"}:    "binim",
	{"", "tie-break on 0s"}:    "binstring",
}

// LessonFor returns the lesson that teaches theme in game, or nil.
func LessonFor(game, theme string) *learn.Topic {
	for _, id := range []string{themeLessons[[2]string{game, theme}], themeLessons[[2]string{"", theme}], game} {
		if id == "" {
			continue
		}
		if t, err := learn.Lookup(id); err == nil {
			return t
		}
	}
	return nil
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
	a.Reason = fmt.Sprintf("you missed %d of the %d puzzles that needed it", misses, tries)
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
