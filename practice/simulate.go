package practice

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// The simulation: learners of known strength answer puzzles through the
// real service and store, so that what the ratings mean can be checked
// against a truth that is known (see docs/PRACTICE.md).

// SimLearner is a simulated learner of known strength, on the rating
// scale.
type SimLearner struct {
	Name     string
	Strength float64
	// Later, when not 0, is the strength from the half-way point on: a
	// learner who improves (or declines).
	Later float64
}

// strengthAt is the learner's strength at round k of n.
func (l SimLearner) strengthAt(k, n int) float64 {
	if l.Later != 0 && k >= n/2 {
		return l.Later
	}
	return l.Strength
}

// TrueDifficulty is the simulation's hidden difficulty of a puzzle, on
// the rating scale: harder when few of many moves win, when the win is
// far, and with each idea it needs, plus a fixed amount of its own that
// no feature explains (drawn from its id). It is not the service's
// estimate: the simulation's question is whether the ratings find it.
func TrueDifficulty(p *Puzzle) float64 {
	scarcity := 1 - float64(len(p.Winning))/float64(p.Moves)
	choice := min(1, math.Log2(float64(p.Moves))/4)
	rem := p.Remoteness
	if rem < 0 {
		rem = 20
	}
	h := fnv.New64a()
	h.Write([]byte(p.ID))
	noise := rand.New(rand.NewPCG(h.Sum64(), 7)).NormFloat64()
	return 950 + 700*scarcity*choice + 45*float64(min(rem, 15)) + 70*float64(len(p.Themes)) + 120*noise
}

// SolveChance is the probability that a learner of strength s finds a
// winning move of a puzzle of true difficulty d: the logistic curve of
// the rating scale (400 points is odds of 10 to 1).
func SolveChance(s, d float64) float64 { return 1 / (1 + math.Pow(10, (d-s)/400)) }

// SimAttempt is one simulated answer.
type SimAttempt struct {
	// Learner indexes the learners; Round counts from 0.
	Learner, Round int
	Puzzle         *Puzzle
	Review         bool
	Correct        bool
	// Chance was the probability of a right answer; Before and After the
	// learner's rating around it.
	Chance        float64
	Before, After float64
	At            time.Time
}

// SimResult is what a simulation did.
type SimResult struct {
	Game     solver.Game
	Learners []SimLearner
	Attempts []SimAttempt
	// Ratings are the learners' ratings at the end, by learner.
	Ratings []float64
	// Puzzles are the stored records of every puzzle answered, by id.
	Puzzles map[string]store.Puzzle
}

// ManualClock is a clock that moves only when told: the simulation's,
// and the tests'.
type ManualClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewManualClock returns a clock stopped at t.
func NewManualClock(t time.Time) *ManualClock { return &ManualClock{now: t} }

// Now returns the clock's time.
func (c *ManualClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// Advance moves the clock on by d.
func (c *ManualClock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// SimStep is the simulated time between two rounds.
const SimStep = 6 * time.Hour

// Simulate runs the learners through svc (whose clock must be clock) in
// game g: rounds rounds, in each of which every learner, in turn, asks
// for the next puzzle (a new one or a due review, as Pick gives) and
// answers it, right with the chance their strength gives against the
// puzzle's true difficulty. The clock moves SimStep a round. seed fixes
// the dice.
func Simulate(ctx context.Context, svc *Service, clock *ManualClock, g solver.Game, learners []SimLearner, rounds int, seed uint64) (*SimResult, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	res := &SimResult{Game: g, Learners: learners, Ratings: make([]float64, len(learners)), Puzzles: map[string]store.Puzzle{}}
	for k := range rounds {
		for i, l := range learners {
			user := fmt.Sprintf("sim-%d-%s", i, l.Name)
			pk, err := svc.Pick(ctx, user, "", g, "")
			if err != nil {
				return nil, fmt.Errorf("round %d, %s: %w", k, l.Name, err)
			}
			p := pk.Puzzle
			chance := SolveChance(l.strengthAt(k, rounds), TrueDifficulty(p))
			m := p.Winning[rng.IntN(len(p.Winning))]
			correct := rng.Float64() < chance
			if !correct {
				m = wrongOf(p, rng)
			}
			out, err := svc.Answer(ctx, user, p.ID, m)
			if err != nil {
				return nil, fmt.Errorf("round %d, %s answering %s: %w", k, l.Name, p.ID, err)
			}
			res.Attempts = append(res.Attempts, SimAttempt{Learner: i, Round: k, Puzzle: p, Review: pk.Review != nil, Correct: out.Correct,
				Chance: chance, Before: out.Before.Rating.Rating, After: out.After.Rating.Rating, At: clock.Now()})
			res.Ratings[i] = out.After.Rating.Rating
		}
		clock.Advance(SimStep)
	}
	for _, a := range res.Attempts {
		if _, ok := res.Puzzles[a.Puzzle.ID]; ok {
			continue
		}
		pz, err := svc.store.GetPuzzle(ctx, a.Puzzle.ID)
		if err != nil {
			return nil, err
		}
		res.Puzzles[a.Puzzle.ID] = pz
	}
	return res, nil
}

// wrongOf draws a move of p that does not win.
func wrongOf(p *Puzzle, rng *rand.Rand) solver.Move {
	var wrong []solver.Move
	for _, m := range p.Position.Moves() {
		if !p.IsWinning(m) {
			wrong = append(wrong, m)
		}
	}
	return wrong[rng.IntN(len(wrong))]
}

// Spearman is the rank correlation of x and y (ties share their mean
// rank): 1 when they are in the same order, -1 in the opposite.
func Spearman(x, y []float64) float64 {
	rx, ry := ranks(x), ranks(y)
	return pearson(rx, ry)
}

func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

func pearson(x, y []float64) float64 {
	n := float64(len(x))
	if n < 2 {
		return math.NaN()
	}
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// CalibrationLearners are the simulated learners of the calibration and
// of the difficulty model's fit: eight of fixed strength from 1050 to
// 2100, and one who jumps from 1200 to 1750 half-way.
func CalibrationLearners() []SimLearner {
	var ls []SimLearner
	for k, s := range []float64{1050, 1200, 1350, 1500, 1650, 1800, 1950, 2100} {
		ls = append(ls, SimLearner{Name: fmt.Sprintf("L%d-%.0f", k, s), Strength: s})
	}
	return append(ls, SimLearner{Name: "improver", Strength: 1200, Later: 1750})
}

// Samples are the simulation's answers as the difficulty model's samples.
func (r *SimResult) Samples() []Sample {
	out := make([]Sample, 0, len(r.Attempts))
	for _, a := range r.Attempts {
		out = append(out, SampleOf(a.Puzzle, a.Before, a.Correct))
	}
	return out
}

// StoredSamples are the store's newest limit answers (0 for all) as the
// difficulty model's samples. Answers to puzzles whose ids no longer
// parse are left out.
func (s *Service) StoredSamples(ctx context.Context, limit int) ([]Sample, error) {
	as, err := s.store.RecentAttempts(ctx, limit)
	if err != nil {
		return nil, err
	}
	out := make([]Sample, 0, len(as))
	for _, a := range as {
		p, err := s.Puzzle(a.PuzzleID)
		if err != nil {
			continue
		}
		out = append(out, SampleOf(p, a.Before, a.Correct))
	}
	return out, nil
}

// SimPool is how many puzzles of each game the simulated learners share.
const SimPool = 150

// SimulateGames runs CalibrationLearners through every game, rounds
// puzzles each, on st (which should be empty), and returns their
// answers as samples for the difficulty model.
func SimulateGames(ctx context.Context, st *store.Store, rounds int, seed uint64) ([]Sample, error) {
	var out []Sample
	for k, g := range solver.Games() {
		clock := NewManualClock(time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC))
		svc := New(st, clock.Now)
		svc.SetPool(SimPool)
		res, err := Simulate(ctx, svc, clock, g, CalibrationLearners(), rounds, seed+uint64(k))
		if err != nil {
			return nil, fmt.Errorf("simulating %s: %w", g.Name(), err)
		}
		out = append(out, res.Samples()...)
	}
	return out, nil
}
