package practice

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
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

	mu      sync.Mutex
	puzzles map[string]*Puzzle
}

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
// theme, that they have not answered recently, and opens it for them.
func (s *Service) Next(ctx context.Context, user, guild string, g solver.Game, theme string) (*Puzzle, store.Learner, error) {
	p, l, _, err := s.next(ctx, user, guild, g, theme)
	return p, l, err
}

// NextOpen is Next, and reports whether the puzzle it picked was open
// for the learner already, shown and not answered: the pick depends on
// what they answered, so asking again before answering brings the same
// puzzle back.
func (s *Service) NextOpen(ctx context.Context, user, guild string, g solver.Game, theme string) (*Puzzle, bool, error) {
	p, _, reopened, err := s.next(ctx, user, guild, g, theme)
	return p, reopened, err
}

func (s *Service) next(ctx context.Context, user, guild string, g solver.Game, theme string) (*Puzzle, store.Learner, bool, error) {
	l, err := s.store.Learner(ctx, user, g.Name())
	if errors.Is(err, store.ErrNotFound) {
		l = store.Learner{User: user, Game: g.Name(), Rating: glicko2.Default()}
	} else if err != nil {
		return nil, l, false, err
	}
	if theme != "" && !slices.Contains(explain.Themes(g), theme) {
		return nil, l, false, &solver.Error{Field: "puzzle", Msg: fmt.Sprintf("%v %q in %s; choose one of %v", ErrUnknownTheme, theme, g.Name(), explain.Themes(g)), Err: ErrUnknownTheme}
	}
	recent, err := s.store.Attempts(ctx, user, g.Name(), 200)
	if err != nil {
		return nil, l, false, err
	}
	seen := map[string]bool{}
	for _, a := range recent {
		seen[a.PuzzleID] = true
	}
	target := l.Rating.Rating + 50 // a little above: practice should stretch
	var best *Puzzle
	bestGap := math.Inf(1)
	tries := candidates
	if theme != "" {
		tries = themedCandidates
	}
	found := 0
	for k := 0; k < tries && found < candidates; k++ {
		seed := seedOf(user, g.Name(), fmt.Sprint(l.Solved+l.Failed), fmt.Sprint(k))
		p, err := s.Puzzle(puzzleID(g, seed))
		if err != nil {
			return nil, l, false, err
		}
		if seen[p.ID] || theme != "" && !p.HasTheme(theme) {
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
		return nil, l, false, fmt.Errorf("%w %q among %d puzzles of %s", errNoPuzzleForTheme, theme, tries, g.Name())
	}
	_, err = s.store.Pending(ctx, user, best.ID)
	reopened := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, l, false, err
	}
	if err := s.store.OpenPuzzle(ctx, store.Pending{User: user, PuzzleID: best.ID, Game: g.Name(), Guild: guild}); err != nil {
		return nil, l, false, err
	}
	return best, l, reopened, nil
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
		out.After, out.PuzzleAfter = l, pz.Rating.Rating
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
