package practice

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"slices"
	"strings"
)

// The difficulty model gives a puzzle its first rating, before anyone
// has answered it: a linear function of its features, on the rating
// scale, fitted (Fit) to answers so that a learner rated L solves a
// puzzle of difficulty D with probability 1/(1 + 10^((D-L)/400)), the
// same curve the ratings use. The model shipped in difficulty.json is
// the one `nimtutor practice refit` last wrote; see docs/PRACTICE.md.

// Model is a fitted difficulty model.
type Model struct {
	// Intercept is the rating of a puzzle whose features are all 0.
	Intercept float64 `json:"intercept"`
	// Weights are rating points per unit of each feature (see Features).
	Weights map[string]float64 `json:"weights"`
	// FittedOn says what the model was fitted on, and Fit how well it
	// predicted held-out misses.
	FittedOn string `json:"fitted_on"`
	Fit      *Fit   `json:"fit,omitempty"`
}

// Fit is how well a model predicts misses on answers it was not fitted on.
type Fit struct {
	Attempts int     `json:"attempts"`
	LogLoss  float64 `json:"log_loss"`
	AUC      float64 `json:"auc"`
}

//go:embed difficulty.json
var shippedModel []byte

// model is the shipped model, read once; nil if the file is broken
// (a test fails then), in which case HandGuess is used.
var model = func() *Model {
	var m Model
	if err := json.Unmarshal(shippedModel, &m); err != nil || m.Weights == nil {
		return nil
	}
	return &m
}()

// ShippedModel returns the model the binary carries, or nil.
func ShippedModel() *Model { return model }

// Features are a puzzle's inputs to the difficulty model: "size" (log2
// of its text's length), "scarcity" (how few of its moves win, times how
// many moves there are to choose from, 0..1), "remoteness" (moves to the
// win, at most 20; 20 when too far to search) and "theme:NAME", 1 for
// each idea it needs.
func Features(p *Puzzle) map[string]float64 {
	scarcity := 1 - float64(len(p.Winning))/float64(p.Moves) // 0 (all win) .. 1
	choice := min(1, math.Log2(float64(p.Moves))/4)          // 2 moves: 0.25, 16 or more: 1
	rem := p.Remoteness
	if rem < 0 || rem > 20 {
		rem = 20
	}
	f := map[string]float64{
		"size":       math.Log2(float64(len(p.Position.String()))),
		"scarcity":   scarcity * choice,
		"remoteness": float64(rem),
	}
	for _, t := range p.Themes {
		f["theme:"+t] = 1
	}
	return f
}

// Rating is the model's difficulty for features f, on the rating scale
// (unclamped). The terms are added in the order of their names, so the
// same features always give the same bits (a map's order would not, and
// a rounded first rating could then differ between runs).
func (m *Model) Rating(f map[string]float64) float64 {
	r := m.Intercept
	for _, k := range slices.Sorted(maps.Keys(f)) {
		r += m.Weights[k] * f[k]
	}
	return r
}

// HandGuess is the first rating nimtutor used before the model was
// fitted: larger, scarcer, further and more ideas were guessed harder.
// It is kept as the baseline the fitted model is compared with.
func HandGuess(p *Puzzle) float64 {
	size := float64(len(p.Position.String()))
	scarcity := 1 - float64(len(p.Winning))/float64(p.Moves)
	choice := min(1, math.Log2(float64(p.Moves))/4)
	r := 800 + 80*math.Log2(size) + 350*scarcity*choice + 40*float64(len(p.Themes))
	if p.Remoteness > 0 {
		r += 15 * float64(min(p.Remoteness, 20))
	}
	return math.Round(min(max(r, 800), 2400))
}

// Sample is one answer to fit or test a model on.
type Sample struct {
	PuzzleID string
	Features map[string]float64
	// Learner is the learner's rating before the answer.
	Learner float64
	Correct bool
	// Guess is the hand-made guess's rating of the puzzle.
	Guess float64
}

// SampleOf is the sample of an answer to p by a learner rated learner.
func SampleOf(p *Puzzle, learner float64, correct bool) Sample {
	return Sample{PuzzleID: p.ID, Features: Features(p), Learner: learner, Correct: correct, Guess: HandGuess(p)}
}

// ratingScale is the logistic slope of the rating scale, per point.
var ratingScale = math.Ln10 / 400

// solveChance is the chance a learner rated l solves a puzzle rated d.
func solveChance(l, d float64) float64 { return 1 / (1 + math.Exp(-ratingScale*(l-d))) }

// ridge is the penalty on each weight (not the intercept), in the
// negative log-likelihood: a normal prior of ±150 rating points, so
// that a theme every learner missed (or solved) in the data gets a
// large weight, not an infinite one.
const ridge = 1.0 / (150 * 150)

// maxStep bounds one Newton step, in rating points.
const maxStep = 100

// ErrTooFewSamples reports a fit asked of too few answers.
var ErrTooFewSamples = errors.New("practice: too few answers to fit a difficulty model")

// FitModel fits a model to samples by maximum likelihood (Newton's
// method on the logistic likelihood, with a small ridge penalty).
func FitModel(samples []Sample, fittedOn string) (*Model, error) {
	if len(samples) < 30 {
		return nil, fmt.Errorf("%w: %d, want at least 30", ErrTooFewSamples, len(samples))
	}
	names := map[string]bool{}
	for _, s := range samples {
		for k := range s.Features {
			names[k] = true
		}
	}
	keys := slices.Sorted(maps.Keys(names))
	n := len(keys) + 1
	theta := make([]float64, n)
	theta[0] = 1500
	row := func(s Sample) []float64 {
		x := make([]float64, n)
		x[0] = 1
		for j, k := range keys {
			x[j+1] = s.Features[k]
		}
		return x
	}
	rows := make([][]float64, len(samples))
	for i, s := range samples {
		rows[i] = row(s)
	}
	for range 200 {
		grad := make([]float64, n)
		hess := make([][]float64, n)
		for j := range hess {
			hess[j] = make([]float64, n)
		}
		for i, s := range samples {
			x := rows[i]
			d := dot(theta, x)
			p := solveChance(s.Learner, d)
			y := 0.0
			if s.Correct {
				y = 1
			}
			// The NLL's derivative in d is c·(y - p); its second c²·p(1-p).
			g, h := ratingScale*(y-p), ratingScale*ratingScale*p*(1-p)
			for a := range n {
				grad[a] += g * x[a]
				for b := range n {
					hess[a][b] += h * x[a] * x[b]
				}
			}
		}
		for a := 1; a < n; a++ {
			grad[a] += ridge * theta[a]
			hess[a][a] += ridge
		}
		step, err := solve(hess, grad)
		if err != nil {
			return nil, err
		}
		size := 0.0
		for a := range n {
			size = math.Max(size, math.Abs(step[a]))
		}
		// A step of at most maxStep points in any weight, so that Newton's
		// method cannot overshoot where the likelihood is flat.
		shrink := min(1, maxStep/size)
		for a := range n {
			theta[a] -= shrink * step[a]
		}
		if size < 1e-6 {
			break
		}
	}
	m := &Model{Intercept: theta[0], Weights: map[string]float64{}, FittedOn: fittedOn}
	for j, k := range keys {
		m.Weights[k] = theta[j+1]
	}
	return m, nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// solve solves a·x = b by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	m := make([][]float64, n)
	for i := range n {
		m[i] = append(slices.Clone(a[i]), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-18 {
			return nil, errors.New("practice: the difficulty model's equations are singular")
		}
		m[c], m[p] = m[p], m[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := m[r][n]
		for k := r + 1; k < n; k++ {
			s -= m[r][k] * x[k]
		}
		x[r] = s / m[r][r]
	}
	return x, nil
}

// Evaluate is how well difficulty (a puzzle rating for each sample)
// predicts the samples' misses: the mean log-loss of the predicted
// probability of a miss, and the AUC (the chance that a miss drawn at
// random was predicted likelier than a solve drawn at random).
func Evaluate(samples []Sample, difficulty func(Sample) float64) Fit {
	f := Fit{Attempts: len(samples)}
	type scored struct {
		p    float64
		miss bool
	}
	var sc []scored
	for _, s := range samples {
		miss := 1 - solveChance(s.Learner, difficulty(s))
		miss = min(max(miss, 1e-9), 1-1e-9)
		if s.Correct {
			f.LogLoss -= math.Log(1 - miss)
		} else {
			f.LogLoss -= math.Log(miss)
		}
		sc = append(sc, scored{miss, !s.Correct})
	}
	if len(samples) > 0 {
		f.LogLoss /= float64(len(samples))
	}
	// AUC by ranks (Mann-Whitney), ties counted as half.
	slices.SortFunc(sc, func(a, b scored) int { return cmp.Compare(a.p, b.p) })
	var rankSum float64
	misses := 0
	for i := 0; i < len(sc); {
		j := i
		for j+1 < len(sc) && sc[j+1].p == sc[i].p {
			j++
		}
		for k := i; k <= j; k++ {
			if sc[k].miss {
				rankSum += float64(i+j)/2 + 1
				misses++
			}
		}
		i = j + 1
	}
	solves := len(sc) - misses
	if misses > 0 && solves > 0 {
		f.AUC = (rankSum - float64(misses*(misses+1))/2) / float64(misses*solves)
	}
	return f
}

// HeldOut reports whether a puzzle's answers are kept out of fitting, to
// test on: one puzzle in five, by its id.
func HeldOut(puzzleID string) bool {
	h := fnv.New32a()
	h.Write([]byte(puzzleID))
	return h.Sum32()%5 == 0
}

// Refit is a refit's report.
type Refit struct {
	Model *Model
	// Train and Test count answers; Puzzles the distinct puzzles.
	Train, Test, Puzzles int
	// On the held-out answers: the base rate alone (every puzzle rated
	// so that the overall miss rate is predicted), the hand-made guess,
	// the model shipped, and the refitted model.
	BaseRate, Guess, Shipped, Refitted Fit
}

// RefitModel fits a model on the samples not held out and tests it, the
// shipped model, the hand-made guess and the base rate on those held out.
func RefitModel(samples []Sample, fittedOn string) (*Refit, error) {
	var train, test []Sample
	puzzles := map[string]bool{}
	for _, s := range samples {
		puzzles[s.PuzzleID] = true
		if HeldOut(s.PuzzleID) {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	if len(test) < 10 {
		return nil, fmt.Errorf("%w: %d held out, want at least 10", ErrTooFewSamples, len(test))
	}
	m, err := FitModel(train, fittedOn)
	if err != nil {
		return nil, err
	}
	r := &Refit{Model: m, Train: len(train), Test: len(test), Puzzles: len(puzzles)}
	// The base rate: one difficulty for all, fitted on the training half.
	base, err := FitModel(stripFeatures(train), "base rate")
	if err != nil {
		return nil, err
	}
	r.BaseRate = Evaluate(test, func(Sample) float64 { return base.Intercept })
	r.Guess = Evaluate(test, func(s Sample) float64 { return s.Guess })
	if model != nil {
		r.Shipped = Evaluate(test, func(s Sample) float64 { return model.Rating(s.Features) })
	}
	r.Refitted = Evaluate(test, func(s Sample) float64 { return m.Rating(s.Features) })
	m.Fit = &r.Refitted
	return r, nil
}

func stripFeatures(ss []Sample) []Sample {
	out := make([]Sample, len(ss))
	for i, s := range ss {
		s.Features = nil
		out[i] = s
	}
	return out
}

// Report is the refit's report as text.
func (r *Refit) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Fitted on %s: %d answers to %d puzzles; tested on the %d answers to the puzzles held out (one in five).\n", r.Model.FittedOn, r.Train, r.Puzzles, r.Test)
	fmt.Fprintf(&b, "%-22s %9s %7s\n", "first rating", "log-loss", "AUC")
	for _, row := range []struct {
		name string
		f    Fit
	}{{"base rate only", r.BaseRate}, {"hand-made guess", r.Guess}, {"shipped model", r.Shipped}, {"refitted model", r.Refitted}} {
		if row.f.Attempts == 0 {
			continue
		}
		fmt.Fprintf(&b, "%-22s %9.4f %7.3f\n", row.name, row.f.LogLoss, row.f.AUC)
	}
	fmt.Fprintf(&b, "Refitted: %.0f", r.Model.Intercept)
	for _, k := range slices.Sorted(maps.Keys(r.Model.Weights)) {
		fmt.Fprintf(&b, " %+.0f·%s", r.Model.Weights[k], k)
	}
	b.WriteString("\n")
	return b.String()
}
