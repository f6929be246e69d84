package practice_test

import (
	"context"
	"math"
	"testing"

	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// TestFitRecoversKnownModel fits samples drawn from a known model: the
// fit finds its weights within a few points, and predicts misses better
// than the base rate.
func TestFitRecoversKnownModel(t *testing.T) {
	truth := map[string]float64{"size": 60, "scarcity": 500, "remoteness": 30, "theme:a": 150}
	const intercept = 900
	var samples []practice.Sample
	seed := uint64(1)
	next := func() float64 { // a fixed uniform sequence in [0, 1)
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64(seed>>11) / (1 << 53)
	}
	for i := range 20000 {
		f := map[string]float64{"size": 2 + 4*next(), "scarcity": next(), "remoteness": math.Floor(20 * next())}
		if i%3 == 0 {
			f["theme:a"] = 1
		}
		d := intercept
		dd := float64(d)
		for k, v := range f {
			dd += truth[k] * v
		}
		l := 1000 + 1200*next()
		p := 1 / (1 + math.Pow(10, (dd-l)/400))
		samples = append(samples, practice.Sample{PuzzleID: "x", Features: f, Learner: l, Correct: next() < p})
	}
	m, err := practice.FitModel(samples, "known model")
	if err != nil {
		t.Fatal(err)
	}
	for k, w := range truth {
		if math.Abs(m.Weights[k]-w) > 0.15*math.Abs(w)+10 {
			t.Errorf("weight of %s = %.1f, want %.0f", k, m.Weights[k], w)
		}
	}
	if math.Abs(m.Intercept-intercept) > 60 {
		t.Errorf("intercept = %.1f, want %d", m.Intercept, intercept)
	}
	fit := practice.Evaluate(samples, func(s practice.Sample) float64 { return m.Rating(s.Features) })
	if fit.AUC < 0.7 || fit.LogLoss > 0.65 {
		t.Errorf("fit %+v: want AUC ≥ 0.7 and log-loss ≤ 0.65", fit)
	}
	t.Logf("fitted %.0f %v; %+v", m.Intercept, m.Weights, fit)
}

// TestEvaluate checks log-loss and AUC on cases worked by hand.
func TestEvaluate(t *testing.T) {
	// Learner and puzzle equal: every prediction is 1/2, log-loss ln 2,
	// AUC 1/2 (all tied).
	ss := []practice.Sample{{Learner: 1500, Correct: true}, {Learner: 1500, Correct: false}}
	f := practice.Evaluate(ss, func(practice.Sample) float64 { return 1500 })
	if math.Abs(f.LogLoss-math.Ln2) > 1e-12 || f.AUC != 0.5 {
		t.Errorf("even: %+v, want log-loss ln 2 and AUC 0.5", f)
	}
	// The miss predicted likelier than the solve: AUC 1.
	ss = []practice.Sample{{Learner: 1000, Correct: false}, {Learner: 2000, Correct: true}}
	if f := practice.Evaluate(ss, func(practice.Sample) float64 { return 1500 }); f.AUC != 1 {
		t.Errorf("ordered: AUC %v, want 1", f.AUC)
	}
}

// TestRefitOnSimulation fits the model on simulated learners in every
// game and checks it against the held-out answers: better than the base
// rate, and at least as good as the hand-made guess.
func TestRefitOnSimulation(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the simulation takes seconds (minutes with -race); .ci/run runs it without -race")
	}
	st := storetest.Open(t, storetest.SQLiteConfig(t))
	samples, err := practice.SimulateGames(context.Background(), st, 30, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := practice.RefitModel(samples, "the test's simulation")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", r.Report())
	if r.Refitted.LogLoss >= r.BaseRate.LogLoss || r.Refitted.AUC <= 0.6 {
		t.Errorf("refitted %+v against the base rate %+v: want a lower log-loss and AUC > 0.6", r.Refitted, r.BaseRate)
	}
	if r.Refitted.LogLoss > r.Guess.LogLoss+0.01 {
		t.Errorf("refitted log-loss %.4f is worse than the hand-made guess's %.4f", r.Refitted.LogLoss, r.Guess.LogLoss)
	}
}
