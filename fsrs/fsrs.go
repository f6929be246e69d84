// Package fsrs is the Free Spaced Repetition Scheduler, version 6
// (FSRS-6): a model of memory with three numbers per item (difficulty D,
// stability S, retrievability R) and a scheduler that sets each review
// when R is predicted to fall to the desired retention.
//
// The formulas are the published ones ("The Algorithm", FSRS-6, in the
// open-spaced-repetition wiki), with the default parameters fitted by
// its authors on several hundred million Anki reviews. The scheduler
// has the usual short learning steps (1 and 10 minutes) before the first
// interval in days, and a 10-minute relearning step after a lapse. The
// tests check every review of 200 random sequences (ratings, early,
// late and same-day reviews) against ts-fsrs 5.4.2, an independent
// implementation; values are rounded to 8 decimals as it does, so they
// agree exactly.
//
// The package knows nothing of puzzles or storage: a Card is a value and
// Review returns the next one.
package fsrs

import (
	"math"
	"time"
)

// Rating is how a review went.
type Rating int

// The four ratings of FSRS.
const (
	Again Rating = 1 // forgotten: the answer was wrong
	Hard  Rating = 2 // recalled with serious difficulty
	Good  Rating = 3 // recalled
	Easy  Rating = 4 // recalled at once
)

// String names the rating.
func (r Rating) String() string {
	switch r {
	case Again:
		return "again"
	case Hard:
		return "hard"
	case Good:
		return "good"
	case Easy:
		return "easy"
	}
	return "rating?"
}

// State is where a card is in its life.
type State int

// The states of a card.
const (
	StateNew        State = 0 // never reviewed
	StateLearning   State = 1 // in its first short steps
	StateReview     State = 2 // scheduled in days
	StateRelearning State = 3 // in the short steps after a lapse
)

// String names the state.
func (s State) String() string {
	switch s {
	case StateNew:
		return "new"
	case StateLearning:
		return "learning"
	case StateReview:
		return "review"
	case StateRelearning:
		return "relearning"
	}
	return "state?"
}

// Card is one remembered item.
type Card struct {
	State State
	// Step indexes the learning (or relearning) steps.
	Step int
	// Stability is the interval, in days, at which R falls to 90%;
	// Difficulty is in [1, 10]. Both are 0 on a new card.
	Stability, Difficulty float64
	// Due is when the next review is due; LastReview when the last was.
	Due, LastReview time.Time
	// Reps counts reviews, Lapses the reviews rated Again from StateReview.
	Reps, Lapses int
}

// Parameters are the model's weights and the scheduler's settings.
type Parameters struct {
	// W are the 21 weights of FSRS-6.
	W [21]float64
	// Retention is the desired probability of recall at the due time.
	Retention float64
	// MaxInterval bounds an interval, in days.
	MaxInterval int
	// LearningSteps and RelearningSteps are the short steps, each under a day.
	LearningSteps, RelearningSteps []time.Duration
}

// DefaultWeights are FSRS-6's default parameters.
var DefaultWeights = [21]float64{0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542}

// Default returns the default parameters: FSRS-6's weights, 90%
// retention, intervals of at most 100 years, learning steps of 1 and 10
// minutes and a relearning step of 10 minutes.
func Default() Parameters {
	return Parameters{W: DefaultWeights, Retention: 0.9, MaxInterval: 36500,
		LearningSteps: []time.Duration{time.Minute, 10 * time.Minute}, RelearningSteps: []time.Duration{10 * time.Minute}}
}

// Bounds of stability, in days.
const (
	minStability = 1e-3
	maxStability = 36500
)

// Scheduler schedules cards with one set of parameters. It is a value
// without state, safe for concurrent use.
type Scheduler struct {
	p             Parameters
	decay, factor float64
	modifier      float64 // interval per day of stability at the desired retention
}

// New returns a scheduler with parameters p.
func New(p Parameters) *Scheduler {
	s := &Scheduler{p: p, decay: -p.W[20]}
	s.factor = round8(math.Exp(math.Log(0.9)/s.decay) - 1)
	s.modifier = round8((math.Pow(p.Retention, 1/s.decay) - 1) / s.factor)
	return s
}

// round8 rounds to 8 decimals, as the reference implementation does.
func round8(x float64) float64 { return math.Round(x*1e8) / 1e8 }

func clamp(x, lo, hi float64) float64 { return math.Min(math.Max(x, lo), hi) }

// Retrievability is R after t days at stability s: the probability of
// recall, 0.9 when t = s.
func (s *Scheduler) Retrievability(t, stability float64) float64 {
	return round8(math.Pow(1+s.factor*t/stability, s.decay))
}

// InitStability is S after the first rating g.
func (s *Scheduler) InitStability(g Rating) float64 { return math.Max(s.p.W[g-1], 0.1) }

// InitDifficulty is D after the first rating g (unclamped, as the
// mean reversion uses it).
func (s *Scheduler) InitDifficulty(g Rating) float64 {
	return round8(s.p.W[4] - math.Exp(float64(g-1)*s.p.W[5]) + 1)
}

// NextDifficulty is D after rating g: a step down for Easy, up for Hard
// and Again, damped near 10, and a slight pull back toward D0(Easy).
func (s *Scheduler) NextDifficulty(d float64, g Rating) float64 {
	delta := -s.p.W[6] * float64(g-3)
	next := d + round8(delta*(10-d)/9)
	return clamp(round8(s.p.W[7]*s.InitDifficulty(Easy)+(1-s.p.W[7])*next), 1, 10)
}

// RecallStability is S after a successful review (g ≥ Hard) at R = r.
func (s *Scheduler) RecallStability(d, stability, r float64, g Rating) float64 {
	w := s.p.W
	hard, easy := 1.0, 1.0
	if g == Hard {
		hard = w[15]
	}
	if g == Easy {
		easy = w[16]
	}
	inc := math.Exp(w[8]) * (11 - d) * math.Pow(stability, -w[9]) * (math.Exp((1-r)*w[10]) - 1) * hard * easy
	return round8(clamp(stability*(1+inc), minStability, maxStability))
}

// ForgetStability is S after a lapse (Again) at R = r, before the
// short-term bound.
func (s *Scheduler) ForgetStability(d, stability, r float64) float64 {
	w := s.p.W
	return round8(clamp(w[11]*math.Pow(d, -w[12])*(math.Pow(stability+1, w[13])-1)*math.Exp((1-r)*w[14]), minStability, maxStability))
}

// ShortTermStability is S after a review on the day of the last one.
func (s *Scheduler) ShortTermStability(stability float64, g Rating) float64 {
	w := s.p.W
	inc := math.Pow(stability, -w[19]) * math.Exp(w[17]*(float64(g)-3+w[18]))
	if g >= Hard {
		inc = math.Max(inc, 1)
	}
	return round8(clamp(stability*inc, minStability, maxStability))
}

// Interval is the review interval, in whole days, for stability.
func (s *Scheduler) Interval(stability float64) int {
	return int(math.Min(math.Max(1, math.Round(stability*s.modifier)), float64(s.p.MaxInterval)))
}

// memory is D and S after rating g, t whole days after the last review.
func (s *Scheduler) memory(c Card, t int, g Rating) (d, st float64) {
	if c.State == StateNew || c.Stability == 0 {
		return clamp(s.InitDifficulty(g), 1, 10), s.InitStability(g)
	}
	r := s.Retrievability(float64(t), c.Stability)
	switch {
	case t == 0:
		st = s.ShortTermStability(c.Stability, g)
	case g == Again:
		floor := round8(c.Stability / math.Exp(s.p.W[17]*s.p.W[18]))
		st = clamp(floor, minStability, s.ForgetStability(c.Difficulty, c.Stability, r))
	default:
		st = s.RecallStability(c.Difficulty, c.Stability, r, g)
	}
	return s.NextDifficulty(c.Difficulty, g), st
}

// days counts the UTC calendar days from a to b, as the reference does:
// a review late in the evening and one early the next morning are a day
// apart.
func days(a, b time.Time) int {
	ya, ma, da := a.UTC().Date()
	yb, mb, db := b.UTC().Date()
	return int(time.Date(yb, mb, db, 0, 0, 0, 0, time.UTC).Sub(time.Date(ya, ma, da, 0, 0, 0, 0, time.UTC)).Hours() / 24)
}

// ElapsedDays is how many (calendar) days have passed since c's last review.
func ElapsedDays(c Card, now time.Time) int {
	if c.State == StateNew || c.LastReview.IsZero() {
		return 0
	}
	return max(0, days(c.LastReview, now))
}

// RetrievabilityAt is the predicted probability of recalling c at now
// (0 for a new card), counting whole periods of 24 hours since the last
// review, as the reference's retrievability does (its scheduler counts
// calendar days).
func (s *Scheduler) RetrievabilityAt(c Card, now time.Time) float64 {
	if c.State == StateNew || c.Stability == 0 {
		return 0
	}
	t := max(0, int(now.Sub(c.LastReview)/(24*time.Hour)))
	return s.Retrievability(float64(t), c.Stability)
}

// step is a short step's schedule: how long until due, and the next step.
type step struct {
	wait time.Duration
	next int
	ok   bool
}

// shortStep is the short step rating g leads to from step cur of state
// st, or !ok when the card graduates to days.
func (s *Scheduler) shortStep(st State, cur int, g Rating) step {
	steps := s.p.LearningSteps
	if st == StateRelearning || st == StateReview {
		steps = s.p.RelearningSteps
	}
	if len(steps) == 0 || cur >= len(steps) {
		return step{}
	}
	if st == StateReview {
		if g == Again {
			return step{wait: steps[max(0, cur)], next: 0, ok: true}
		}
		return step{}
	}
	switch g {
	case Again:
		return step{wait: steps[0], next: 0, ok: true}
	case Hard:
		if len(steps) == 1 {
			return step{wait: roundMinutes(float64(steps[0]) * 1.5), next: cur, ok: true}
		}
		return step{wait: roundMinutes(float64(steps[0]+steps[1]) / 2), next: cur, ok: true}
	case Good:
		if cur+1 < len(steps) && steps[cur+1] > 0 {
			return step{wait: steps[cur+1], next: cur + 1, ok: true}
		}
	}
	return step{}
}

// roundMinutes rounds a duration in nanoseconds to whole minutes.
func roundMinutes(ns float64) time.Duration {
	return time.Duration(math.Round(ns/float64(time.Minute))) * time.Minute
}

// Review returns card c after a review rated g at now.
func (s *Scheduler) Review(c Card, g Rating, now time.Time) Card {
	t := ElapsedDays(c, now)
	next := c
	next.Reps++
	next.LastReview = now
	next.Difficulty, next.Stability = s.memory(c, t, g)
	if c.State == StateReview && g != Again {
		// Hard, Good and Easy keep their order even when rounding would
		// give two of them the same interval.
		ivl := map[Rating]int{}
		for _, r := range []Rating{Hard, Good, Easy} {
			_, st := s.memory(c, t, r)
			ivl[r] = s.Interval(st)
		}
		ivl[Hard] = min(ivl[Hard], ivl[Good])
		ivl[Good] = max(ivl[Good], ivl[Hard]+1)
		ivl[Easy] = max(ivl[Easy], ivl[Good]+1)
		next.State, next.Step = StateReview, 0
		next.Due = now.Add(time.Duration(ivl[g]) * 24 * time.Hour)
		return next
	}
	to := c.State
	switch c.State {
	case StateNew:
		to = StateLearning
	case StateReview:
		to = StateRelearning
		next.Lapses++
	}
	cur := c.Step
	if c.State == StateNew {
		cur = 0
	}
	switch st := s.shortStep(c.State, cur, g); {
	case st.ok && st.wait < 24*time.Hour:
		next.State, next.Step, next.Due = to, st.next, now.Add(st.wait)
	case st.ok:
		next.State, next.Step, next.Due = StateReview, st.next, now.Add(st.wait)
	default:
		next.State, next.Step = StateReview, 0
		next.Due = now.Add(time.Duration(s.Interval(next.Stability)) * 24 * time.Hour)
	}
	return next
}
