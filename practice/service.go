package practice

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/glicko2"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// Service runs practice for every learner on one store. It is safe for
// concurrent use; its only memory is a cache of generated puzzles, which
// are pure functions of their ids.
type Service struct {
	store *store.Store
	now   func() time.Time

	// pool, when not 0, draws every learner's puzzles from the seeds
	// 1..pool of each game, so puzzles are shared and their ratings learn
	// from many learners.
	pool uint64

	mu      sync.Mutex
	puzzles map[string]*Puzzle
}

// SetPool makes every learner draw puzzles from the same n puzzles of
// each game (0: each learner from seeds of their own, the default).
// Call it before the service is used.
func (s *Service) SetPool(n int) { s.pool = uint64(max(n, 0)) }

// puzzleCacheSize bounds the generated puzzles kept in memory.
const puzzleCacheSize = 4096

// New returns a service on st; now is the clock (nil for time.Now).
func New(st *store.Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, now: now, puzzles: map[string]*Puzzle{}}
}

// Store returns the store the service writes to.
func (s *Service) Store() *store.Store { return s.store }

// Errors a learner can cause: *solver.Error values whose texts are meant
// for people. An unknown theme comes as a *solver.Error that wraps
// ErrUnknownTheme and names the themes there are.
var (
	ErrNotOpen          = solver.Errorf(solver.EExpired, "puzzle", "this puzzle is not open for you: it was already answered, or never shown to you; ask for the next one")
	ErrAlreadyAnswered  = solver.Errorf(solver.EInvalid, "puzzle", "you have already answered today's puzzle in this server; come back tomorrow")
	ErrUnknownTheme     = errors.New("no puzzle with that theme")
	errNoPuzzleForTheme = errors.New("practice: no puzzle with the theme found")
)

// Puzzle returns the puzzle with the given id.
func (s *Service) Puzzle(id string) (*Puzzle, error) {
	s.mu.Lock()
	p, ok := s.puzzles[id]
	s.mu.Unlock()
	if ok {
		return p, nil
	}
	g, seed, err := ParseID(id)
	if err != nil {
		return nil, err
	}
	if p, err = Generate(g, seed); err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.puzzles) >= puzzleCacheSize {
		for k := range s.puzzles { // drop an arbitrary entry
			delete(s.puzzles, k)
			break
		}
	}
	s.puzzles[id] = p
	s.mu.Unlock()
	return p, nil
}

// seedOf hashes parts into a seed in 1..maxSeed.
func seedOf(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()%maxSeed + 1
}

// candidates is how many puzzles Next weighs, and themedCandidates how
// many it may draw looking for a theme.
const (
	candidates       = 12
	themedCandidates = 80
)

// Next picks a puzzle of g at the learner's level, optionally with a
// theme, that they have not answered recently, and opens it for them. It
// is Pick without the word on reviews.
func (s *Service) Next(ctx context.Context, user, guild string, g solver.Game, theme string) (*Puzzle, store.Learner, error) {
	pk, err := s.Pick(ctx, user, guild, g, theme)
	if err != nil {
		return nil, pk.Learner, err
	}
	return pk.Puzzle, pk.Learner, nil
}

// NextOpen is Next, and reports whether the puzzle it picked was open
// for the learner already, shown and not answered: the pick depends on
// what they answered, so asking again before answering brings the same
// puzzle back.
func (s *Service) NextOpen(ctx context.Context, user, guild string, g solver.Game, theme string) (*Puzzle, bool, error) {
	pk, err := s.Pick(ctx, user, guild, g, theme)
	if err != nil {
		return nil, false, err
	}
	return pk.Puzzle, pk.Reopened, nil
}

// Pick is the next puzzle for a learner: a review when an idea of theirs
// is due (see spaced.go), else a new puzzle at their level.
type Pick struct {
	Puzzle  *Puzzle
	Learner store.Learner
	// Review is the idea this puzzle reviews, as it was before the
	// answer; nil for a new puzzle.
	Review *Due
	// DueNow counts the learner's ideas of this game due now, this one
	// included.
	DueNow int
	// Reopened reports that the puzzle was open for the learner already,
	// shown and not answered.
	Reopened bool
}

// Pick picks the next puzzle of g for the learner, optionally with a
// theme, and opens it for them. When ideas of theirs are due it
// alternates: a review (a fresh position with the idea's themes, never
// one they answered recently), then a new puzzle, then a review… A new
// puzzle is one they have not answered recently, rated near a little
// above their level.
func (s *Service) Pick(ctx context.Context, user, guild string, g solver.Game, theme string) (Pick, error) {
	pk := Pick{}
	l, err := s.store.Learner(ctx, user, g.Name())
	if errors.Is(err, store.ErrNotFound) {
		l = store.Learner{User: user, Game: g.Name(), Rating: glicko2.Default()}
	} else if err != nil {
		return pk, err
	}
	pk.Learner = l
	if theme != "" && !slices.Contains(explain.Themes(g), theme) {
		return pk, &solver.Error{Field: "theme", Msg: fmt.Sprintf("%q is not a theme of %s's puzzles; choose one of %s", theme, g.Name(), strings.Join(explain.Themes(g), ", ")), Err: ErrUnknownTheme}
	}
	recent, err := s.store.Attempts(ctx, user, g.Name(), 200)
	if err != nil {
		return pk, err
	}
	seen := map[string]bool{}
	for _, a := range recent {
		seen[a.PuzzleID] = true
	}
	served, due, err := s.dueReview(ctx, user, g, theme, recent)
	if err != nil {
		return pk, err
	}
	pk.DueNow = due
	if served != nil {
		var p *Puzzle
		if served.Serving != "" {
			// Its review was shown and not answered: the same puzzle again.
			if _, err := s.store.Pending(ctx, user, served.Serving); err == nil {
				p, _ = s.Puzzle(served.Serving)
			}
		}
		if p == nil {
			need := s.cardThemes(served.Card)
			p, err = s.choose(ctx, l, g, seen, need, user, g.Name(), "review", served.Card, fmt.Sprint(served.Reps))
			if errors.Is(err, errNoPuzzleForTheme) && len(need) > 1 {
				p, err = s.choose(ctx, l, g, seen, need[:1], user, g.Name(), "review", served.Card, fmt.Sprint(served.Reps))
			}
		}
		if err == nil && p != nil {
			if pk.Reopened, err = s.isOpen(ctx, user, p.ID); err != nil {
				return pk, err
			}
			if err := s.store.OpenReview(ctx, store.Pending{User: user, PuzzleID: p.ID, Game: g.Name(), Guild: guild}, served.Card); err != nil {
				return pk, err
			}
			d := s.dueOf(*served)
			pk.Puzzle, pk.Review = p, &d
			return pk, nil
		}
		if !errors.Is(err, errNoPuzzleForTheme) {
			return pk, err
		}
		// No fresh position has the idea's themes: a new puzzle instead.
	}
	var need []string
	if theme != "" {
		need = []string{theme}
	}
	p, err := s.choose(ctx, l, g, seen, need, user, g.Name(), fmt.Sprint(l.Solved+l.Failed))
	if err != nil {
		return pk, err
	}
	if pk.Reopened, err = s.isOpen(ctx, user, p.ID); err != nil {
		return pk, err
	}
	if err := s.store.OpenPuzzle(ctx, store.Pending{User: user, PuzzleID: p.ID, Game: g.Name(), Guild: guild}); err != nil {
		return pk, err
	}
	pk.Puzzle = p
	return pk, nil
}

// isOpen reports whether the learner's puzzle id is open: shown, not answered.
func (s *Service) isOpen(ctx context.Context, user, id string) (bool, error) {
	_, err := s.store.Pending(ctx, user, id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// choose draws puzzles of g from the seeds that parts (and a counter)
// give, keeps those not seen that have every theme of need, and returns
// the one rated nearest a little above the learner.
func (s *Service) choose(ctx context.Context, l store.Learner, g solver.Game, seen map[string]bool, need []string, parts ...string) (*Puzzle, error) {
	target := l.Rating.Rating + 50 // a little above: practice should stretch
	var best *Puzzle
	bestGap := math.Inf(1)
	tries := candidates
	if len(need) > 0 {
		tries = themedCandidates
	}
	found := 0
	for k := 0; k < tries && found < candidates; k++ {
		seed := seedOf(append(slices.Clip(parts), fmt.Sprint(k))...)
		if s.pool > 0 {
			seed = seed%s.pool + 1
		}
		p, err := s.Puzzle(puzzleID(g, seed))
		if err != nil {
			return nil, err
		}
		if seen[p.ID] || slices.ContainsFunc(need, func(t string) bool { return !p.HasTheme(t) }) {
			continue
		}
		found++
		r := p.Estimate
		if stored, err := s.store.GetPuzzle(ctx, p.ID); err == nil {
			r = stored.Rating.Rating
		}
		if gap := math.Abs(r - target); gap < bestGap {
			best, bestGap = p, gap
		}
	}
	if best == nil {
		return nil, fmt.Errorf("%w %q among %d puzzles of %s", errNoPuzzleForTheme, strings.Join(need, ", "), tries, g.Name())
	}
	return best, nil
}

// Hint counts one more hint on the learner's open puzzle and returns it:
// its level (1-based) and the ladder's length. The last level gives the
// answer.
func (s *Service) Hint(ctx context.Context, user, puzzleID string) (explain.Step, int, int, error) {
	p, err := s.Puzzle(puzzleID)
	if err != nil {
		return explain.Step{}, 0, 0, err
	}
	ladder := p.Hints()
	n, err := s.store.UseHint(ctx, user, puzzleID, len(ladder))
	if errors.Is(err, store.ErrNotFound) {
		return explain.Step{}, 0, 0, ErrNotOpen
	}
	if err != nil {
		return explain.Step{}, 0, 0, err
	}
	return ladder[n-1], n, len(ladder), nil
}

// Outcome is the judged answer to a puzzle.
type Outcome struct {
	Puzzle  *Puzzle
	Move    solver.Move
	Correct bool
	// Hints is how many hints were used, of HintLevels.
	Hints, HintLevels int
	// Before and After are the learner's record around the answer.
	Before, After store.Learner
	// PuzzleBefore and PuzzleAfter are the puzzle's ratings.
	PuzzleBefore, PuzzleAfter float64
	// Played is the position after the learner's move.
	Played solver.Position
	// Refutation is the opponent's winning reply to a wrong move, numbered
	// as in Played, and Refuted the position it leads to. Both are nil when
	// the opponent has no move (in misère play, that is their win).
	Refutation solver.Move
	Refuted    solver.Position
	// Winning is a winning move, numbered as in the puzzle.
	Winning solver.Move
	// Reviewed is the idea the puzzle was a review of (as it was before
	// the answer), or nil for a new puzzle; Scheduled is when each idea
	// the answer touched comes back, the soonest first.
	Reviewed  *Due
	Scheduled []Due
	// Daily is the day of a server's daily puzzle, or "".
	Daily string
	Guild string
}

// Score returns the Glicko-2 score of an answer: 0 for a wrong move, 1
// for a right one found alone, and less for each hint, down to 0.5 (a
// draw) when the ladder gave the answer away.
func Score(correct bool, hints, levels int) float64 {
	if !correct {
		return 0
	}
	if levels <= 0 {
		return 1
	}
	return 1 - 0.5*float64(min(hints, levels))/float64(levels)
}

// Answer judges the learner's move on an open puzzle and records it:
// the learner's and the puzzle's ratings, the learner's counts and
// streak, and the attempt, all in one transaction. An illegal move is an
// error and records nothing.
func (s *Service) Answer(ctx context.Context, user, puzzleID string, m solver.Move) (*Outcome, error) {
	p, err := s.Puzzle(puzzleID)
	if err != nil {
		return nil, err
	}
	next, err := p.Position.Play(m)
	if err != nil {
		return nil, err
	}
	out := &Outcome{Puzzle: p, Move: m, Played: next, Correct: p.IsWinning(m), HintLevels: len(p.Hints())}
	err = s.store.Update(ctx, func(tx *store.Tx) error {
		pend, err := tx.TakePending(user, puzzleID)
		if errors.Is(err, store.ErrNotFound) {
			return ErrNotOpen
		}
		if err != nil {
			return err
		}
		l, err := tx.LockLearner(user, p.Game.Name(), glicko2.Default())
		if err != nil {
			return err
		}
		pz, err := tx.LockPuzzle(p.ID, p.Game.Name(), p.InitialRating())
		if err != nil {
			return err
		}
		out.Before, out.Hints, out.Daily, out.Guild = l, pend.Hints, pend.Daily, pend.Guild
		out.PuzzleBefore = pz.Rating.Rating
		score := Score(out.Correct, pend.Hints, out.HintLevels)
		lr, pr := l.Rating, pz.Rating
		l.Rating = glicko2.Update(lr, []glicko2.Result{{Opponent: pr, Score: score}}, 0)
		pz.Rating = glicko2.Update(pr, []glicko2.Result{{Opponent: lr, Score: 1 - score}}, 0)
		pz.Attempts++
		l.Hints += pend.Hints
		if out.Correct {
			l.Solved++
			l.Streak++
			l.BestStreak = max(l.BestStreak, l.Streak)
			pz.Solved++
		} else {
			l.Failed++
			l.Streak = 0
		}
		if err := tx.PutLearner(l); err != nil {
			return err
		}
		if err := tx.PutPuzzle(pz); err != nil {
			return err
		}
		_, err = tx.AddAttempt(store.Attempt{User: user, Guild: pend.Guild, Game: p.Game.Name(), PuzzleID: p.ID, Daily: pend.Daily,
			Move: MoveText(m), Correct: out.Correct, Hints: pend.Hints, Themes: p.Themes,
			Before: out.Before.Rating.Rating, After: l.Rating.Rating, PuzzleAfter: pz.Rating.Rating, At: s.now()})
		if errors.Is(err, store.ErrDuplicate) {
			return ErrAlreadyAnswered
		}
		if err != nil {
			return err
		}
		out.After, out.PuzzleAfter = l, pz.Rating.Rating
		out.Reviewed, out.Scheduled, err = s.reschedule(tx, user, p, out.Correct, pend.Hints)
		return err
	})
	if err != nil {
		return nil, store.NotRecorded(err, "your answer")
	}
	if !out.Correct {
		out.Refutation = explain.LocalMove(solver.Solve(next))
		if out.Refutation != nil {
			out.Refuted, _ = next.Play(out.Refutation)
		}
	}
	out.Winning = explain.LocalMove(p.Solution())
	return out, nil
}
