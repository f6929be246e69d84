package practice

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nimtutor/nimtutor/fsrs"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// Missed ideas come back. Every answer is a review, in the sense of
// spaced repetition (FSRS-6, package fsrs), of the ideas it tested: one
// card per (learner, game, theme) for each of the puzzle's themes, and
// one per missed puzzle, whose idea is its set of themes. A card's
// review is a fresh position with its themes, never the puzzle itself,
// so that it is answered from understanding, not from memory.
//
// An answer is rated Again when wrong, Hard when right with hints, Good
// when right alone. A card answered Again comes back within minutes (the
// learning steps), then after days that grow with each right answer, as
// FSRS predicts the learner's recall falls to 90%.

// scheduler schedules every card, with FSRS-6's default parameters.
var scheduler = fsrs.New(fsrs.Default())

// Card names: a theme's, and a missed puzzle's.
const (
	themeCard  = "theme:"
	puzzleCard = "puzzle:"
)

// Due is one idea scheduled to come back, and when.
type Due struct {
	Game string
	// Card is the stored key: "theme:NAME" or "puzzle:ID".
	Card string
	// Theme is the theme of a theme's card; PuzzleID the missed puzzle
	// of a puzzle's card. Themes are the themes a review must have.
	Theme, PuzzleID string
	Themes          []string
	// At is when the review is due.
	At time.Time
	// State is the scheduler's (learning, review, relearning).
	State fsrs.State
	// Reps and Lapses count the card's reviews and its lapses.
	Reps, Lapses int
	// Stability is the days after which recall is predicted to fall to
	// 90%; Recall the predicted probability of recall now.
	Stability, Recall float64
	// Rating is the rating of the answer that scheduled it (in an
	// Outcome's Scheduled), else 0.
	Rating fsrs.Rating
	// In says when it is due, from the service's now: "now", "in 10
	// minutes" (see When).
	In string
}

// Name says what the card is, for people.
func (d Due) Name() string {
	if d.PuzzleID != "" {
		if len(d.Themes) == 0 {
			return "the puzzle " + d.PuzzleID + " you missed"
		}
		return fmt.Sprintf("the puzzle %s you missed (%s)", d.PuzzleID, strings.Join(d.Themes, ", "))
	}
	return "the theme " + d.Theme
}

// IsDue reports whether the review is due at now.
func (d Due) IsDue(now time.Time) bool { return !d.At.After(now) }

// Grade is the FSRS rating of an answer: Again when wrong, Hard when
// right with hints, Good when right alone.
func Grade(correct bool, hints int) fsrs.Rating {
	switch {
	case !correct:
		return fsrs.Again
	case hints > 0:
		return fsrs.Hard
	}
	return fsrs.Good
}

// cardThemes are the themes a card's review must have.
func (s *Service) cardThemes(card string) []string {
	if t, ok := strings.CutPrefix(card, themeCard); ok {
		return []string{t}
	}
	if id, ok := strings.CutPrefix(card, puzzleCard); ok {
		if p, err := s.Puzzle(id); err == nil {
			return p.Themes
		}
	}
	return nil
}

// dueOf is a stored card as a Due, with its recall now.
func (s *Service) dueOf(c store.ReviewCard) Due {
	d := Due{Game: c.Game, Card: c.Card, At: c.Due, State: fsrs.State(c.State), Reps: c.Reps, Lapses: c.Lapses, Stability: c.Stability}
	if t, ok := strings.CutPrefix(c.Card, themeCard); ok {
		d.Theme = t
	}
	if id, ok := strings.CutPrefix(c.Card, puzzleCard); ok {
		d.PuzzleID = id
	}
	d.Themes = s.cardThemes(c.Card)
	now := s.now()
	d.Recall = scheduler.RetrievabilityAt(fsrsCard(c), now)
	d.In = When(c.Due, now)
	return d
}

// fsrsCard is a stored card's memory state.
func fsrsCard(c store.ReviewCard) fsrs.Card {
	return fsrs.Card{State: fsrs.State(c.State), Step: c.Step, Stability: c.Stability, Difficulty: c.Difficulty,
		Due: c.Due, LastReview: c.LastReview, Reps: c.Reps, Lapses: c.Lapses}
}

// Reviews returns the learner's scheduled ideas in game ("" for every
// game), the soonest due first.
func (s *Service) Reviews(ctx context.Context, user, game string) ([]Due, error) {
	cs, err := s.store.ReviewCards(ctx, user, game)
	if err != nil {
		return nil, err
	}
	out := make([]Due, 0, len(cs))
	for _, c := range cs {
		out = append(out, s.dueOf(c))
	}
	return out, nil
}

// ReviewOf returns the idea the learner's open puzzle puzzleID reviews,
// or nil when it is a new puzzle.
func (s *Service) ReviewOf(ctx context.Context, user, puzzleID string) (*Due, error) {
	c, err := s.store.ReviewServing(ctx, user, puzzleID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	d := s.dueOf(c)
	return &d, nil
}

// dueReview returns the card to review next in g, or nil when the next
// puzzle should be new: none is due, or the learner's last answer in g
// was a review (so reviews and new puzzles alternate). With a theme,
// only cards whose reviews have it count, and they do not alternate:
// asking for the theme is asking for its review. due counts the cards
// due.
func (s *Service) dueReview(ctx context.Context, user string, g solver.Game, theme string, recent []store.Attempt) (*store.ReviewCard, int, error) {
	cs, err := s.store.ReviewCards(ctx, user, g.Name())
	if err != nil {
		return nil, 0, err
	}
	now := s.now()
	var due []store.ReviewCard
	lastWasReview := false
	for _, c := range cs {
		if len(recent) > 0 && c.LastPuzzle == recent[len(recent)-1].PuzzleID {
			lastWasReview = true
		}
		if c.Due.After(now) || theme != "" && !slices.Contains(s.cardThemes(c.Card), theme) {
			continue
		}
		due = append(due, c)
	}
	if len(due) == 0 || lastWasReview && theme == "" {
		return nil, len(due), nil
	}
	// The most forgotten first: lowest predicted recall, then the
	// earliest due, then missed puzzles before themes.
	slices.SortStableFunc(due, func(a, b store.ReviewCard) int {
		ra, rb := scheduler.RetrievabilityAt(fsrsCard(a), now), scheduler.RetrievabilityAt(fsrsCard(b), now)
		return cmp.Or(cmp.Compare(ra, rb), a.Due.Compare(b.Due), strings.Compare(a.Card, b.Card))
	})
	return &due[0], len(due), nil
}

// reschedule reviews, in the answer's transaction, every card the answer
// to p tested: the card p was served for, the cards of p's themes, and,
// for a new puzzle missed, a new card of its own. It returns the served
// card as it was, and every touched card as scheduled now.
func (s *Service) reschedule(tx *store.Tx, user string, p *Puzzle, correct bool, hints int) (*Due, []Due, error) {
	now := s.now()
	grade := Grade(correct, hints)
	game := p.Game.Name()
	var keys []string
	var reviewed *Due
	served, err := tx.ReviewServing(user, p.ID)
	switch {
	case err == nil:
		d := s.dueOf(served)
		reviewed = &d
		keys = append(keys, served.Card)
	case !errors.Is(err, store.ErrNotFound):
		return nil, nil, err
	case !correct:
		keys = append(keys, puzzleCard+p.ID)
	}
	for _, t := range p.Themes {
		if k := themeCard + t; !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	var out []Due
	for _, k := range keys {
		c, err := tx.ReviewCard(user, game, k)
		if errors.Is(err, store.ErrNotFound) {
			c = store.ReviewCard{User: user, Game: game, Card: k}
		} else if err != nil {
			return nil, nil, err
		}
		next := scheduler.Review(fsrsCard(c), grade, now)
		c.State, c.Step, c.Stability, c.Difficulty = int(next.State), next.Step, next.Stability, next.Difficulty
		c.Due, c.LastReview, c.Reps, c.Lapses = next.Due, next.LastReview, next.Reps, next.Lapses
		if c.Serving == p.ID {
			c.Serving, c.LastPuzzle = "", p.ID
		}
		if err := tx.PutReviewCard(c); err != nil {
			return nil, nil, err
		}
		d := s.dueOf(c)
		d.Rating = grade
		out = append(out, d)
	}
	slices.SortStableFunc(out, func(a, b Due) int { return a.At.Compare(b.At) })
	return reviewed, out, nil
}

// When says when a review is due, relative to now: "now", "in 10
// minutes", "in 5 hours", "in 3 days" (rounded), "on 2 Jan 2027".
func When(at, now time.Time) string {
	d := at.Sub(now)
	switch {
	case d <= 0:
		return "now"
	case d < time.Hour:
		return plural(int((d+time.Minute-1)/time.Minute), "minute")
	case d < 24*time.Hour:
		return plural(int((d+time.Hour-1)/time.Hour), "hour")
	case d < 60*24*time.Hour:
		return plural(max(1, int((d+12*time.Hour)/(24*time.Hour))), "day")
	}
	return "on " + at.UTC().Format("2 Jan 2006")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "in 1 " + unit
	}
	return fmt.Sprintf("in %d %ss", n, unit)
}
