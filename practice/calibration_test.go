package practice_test

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/chart"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// update makes TestCalibration redraw its plot, docs/calibration.png:
//
//	go test ./practice -run TestCalibration -count 1 -update
var update = flag.Bool("update", false, "redraw docs/calibration.png")

// TestCalibration runs simulated learners of known strength through
// practice on its real store (SQLite), 50 puzzles each, and checks what
// the ratings mean: the learners' ratings are in the order of their
// strengths (Spearman ≥ 0.9), the learner who improves half-way is seen
// rising, and the ratings of the puzzles answered at least 3 times are
// in the order of their true difficulty.
func TestCalibration(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the calibration simulation takes seconds (minutes with -race); .ci/run runs it without -race")
	}
	ctx := context.Background()
	g, err := solver.Lookup("adapwns")
	if err != nil {
		t.Fatal(err)
	}
	learners := practice.CalibrationLearners()
	var results []*practice.SimResult
	for _, seed := range []uint64{1, 2, 3} {
		clock := practice.NewManualClock(time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC))
		svc := practice.New(storetest.Open(t, storetest.SQLiteConfig(t)), clock.Now)
		svc.SetPool(150)
		res, err := practice.Simulate(ctx, svc, clock, g, learners, 50, seed)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)

		strengths := make([]float64, 0, len(learners)-1)
		for _, l := range learners[:len(learners)-1] {
			strengths = append(strengths, l.Strength)
		}
		rho := practice.Spearman(strengths, res.Ratings[:len(learners)-1])
		t.Logf("seed %d: learners' ratings %v", seed, rounded(res.Ratings))
		if rho < 0.9 {
			t.Errorf("seed %d: Spearman(strength, rating) = %.3f, want ≥ 0.9", seed, rho)
		}
		// The improver: rating at half-way against the end.
		imp := len(learners) - 1
		var mid, end float64
		for _, a := range res.Attempts {
			if a.Learner == imp && a.Round == 24 {
				mid = a.After
			}
		}
		end = res.Ratings[imp]
		if end-mid < 150 {
			t.Errorf("seed %d: the improver went %.0f → %.0f over the second half; want a rise of at least 150", seed, mid, end)
		}
		// Puzzles answered at least 3 times: rating against true difficulty.
		tries := map[string]int{}
		byID := map[string]*practice.Puzzle{}
		reviews := 0
		for _, a := range res.Attempts {
			tries[a.Puzzle.ID]++
			byID[a.Puzzle.ID] = a.Puzzle
			if a.Review {
				reviews++
			}
		}
		var rated, truth, guess []float64
		for id, n := range tries {
			if n >= 3 {
				rated = append(rated, res.Puzzles[id].Rating.Rating)
				truth = append(truth, practice.TrueDifficulty(byID[id]))
				guess = append(guess, byID[id].Estimate)
			}
		}
		rhoP, rhoG := practice.Spearman(truth, rated), practice.Spearman(truth, guess)
		t.Logf("seed %d: Spearman(strength, rating) %.3f; improver %.0f → %.0f; %d puzzles answered ≥ 3 times of %d, Spearman(true difficulty, rating) %.3f (the starting estimate alone %.3f); %d of %d answers were reviews",
			seed, rho, mid, end, len(rated), len(tries), rhoP, rhoG, reviews, len(res.Attempts))
		if len(rated) < 20 || rhoP < 0.6 {
			t.Errorf("seed %d: puzzle ratings order %d puzzles by difficulty with Spearman %.3f; want at least 20 puzzles and ≥ 0.6", seed, len(rated), rhoP)
		}
	}
	if *update {
		if err := drawCalibration(filepath.Join("..", "docs", "calibration.png"), results[0]); err != nil {
			t.Fatal(err)
		}
	}
}

func rounded(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Round(x)
	}
	return out
}

// drawCalibration plots six learners' ratings over the simulation: five
// of fixed strength and the improver.
func drawCalibration(path string, res *practice.SimResult) error {
	pick := []int{0, 2, 4, 6, 7, len(res.Learners) - 1}
	var series []chart.Series
	for _, i := range pick {
		l := res.Learners[i]
		name := fmt.Sprintf("strength %.0f", l.Strength)
		if l.Later != 0 {
			name = fmt.Sprintf("%.0f then %.0f", l.Strength, l.Later)
		}
		s := chart.Series{Name: name}
		for _, a := range res.Attempts {
			if a.Learner == i {
				s.Points = append(s.Points, chart.Point{At: a.At, Rating: a.After})
			}
		}
		series = append(series, s)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := chart.RatingPNG(f, "Simulated learners: rating after each of 50 puzzles (adapwns)", series); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// TestSpearman checks the rank correlation on cases worked by hand.
func TestSpearman(t *testing.T) {
	for _, tt := range []struct {
		x, y []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 400}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		// ranks 1,2,3,4,5 against 2,1,4,3,5: 1 - 6·4/(5·24) = 0.8
		{[]float64{1, 2, 3, 4, 5}, []float64{20, 10, 40, 30, 50}, 0.8},
		// a tie shares its mean rank: x ranks 1.5,1.5,3 and y 1,2,3 give 0.866…
		{[]float64{7, 7, 9}, []float64{1, 2, 3}, math.Sqrt(3) / 2},
	} {
		if got := practice.Spearman(tt.x, tt.y); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Spearman(%v, %v) = %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
}
