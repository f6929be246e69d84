package fsrs

import (
	"encoding/json"
	"math"
	"os"
	"testing"
	"time"
)

// vectors is fsrs/testdata/ts-fsrs.json, written by
// scripts/fsrs-vectors.mjs from ts-fsrs 5.4.2.
type vectors struct {
	Generator string `json:"generator"`
	Sequences [][]struct {
		At                  int64   `json:"at"`
		Rating              Rating  `json:"rating"`
		State               State   `json:"state"`
		Step                int     `json:"step"`
		Stability           float64 `json:"stability"`
		Difficulty          float64 `json:"difficulty"`
		Due                 int64   `json:"due"`
		Reps                int     `json:"reps"`
		Lapses              int     `json:"lapses"`
		RetrievabilityAtDue float64 `json:"retrievability_at_due"`
	} `json:"sequences"`
}

// TestReference replays every sequence of the reference file and
// compares each card after each review: state, step, stability,
// difficulty, due time, counts, and R at the due time.
func TestReference(t *testing.T) {
	b, err := os.ReadFile("testdata/ts-fsrs.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	s := New(Default())
	reviews := 0
	seen := map[State]int{}
	for i, seq := range v.Sequences {
		var c Card
		for j, want := range seq {
			at := time.UnixMilli(want.At).UTC()
			c = s.Review(c, want.Rating, at)
			reviews++
			seen[c.State]++
			if c.State != want.State || c.Step != want.Step || c.Reps != want.Reps || c.Lapses != want.Lapses ||
				math.Abs(c.Stability-want.Stability) > 1e-9 || math.Abs(c.Difficulty-want.Difficulty) > 1e-9 || c.Due.UnixMilli() != want.Due {
				t.Fatalf("sequence %d review %d (%v at %v): got %+v, want %+v", i, j, want.Rating, at, c, want)
			}
			if r := s.RetrievabilityAt(c, c.Due); math.Abs(r-want.RetrievabilityAtDue) > 1e-9 {
				t.Errorf("sequence %d review %d: R at due = %v, want %v", i, j, r, want.RetrievabilityAtDue)
			}
		}
	}
	t.Logf("%d reviews in %d sequences agree with %s; states after them: %v", reviews, len(v.Sequences), v.Generator, seen)
	if seen[StateLearning] == 0 || seen[StateReview] == 0 || seen[StateRelearning] == 0 {
		t.Errorf("the vectors do not reach every state: %v", seen)
	}
}

// TestDocumentedSequence is the sequence the FSRS implementations test
// with (Good six times, Again twice, Good five times, each on its due
// time): its intervals in days, 0 for a short step.
func TestDocumentedSequence(t *testing.T) {
	s := New(Default())
	now := time.Date(2022, 11, 29, 12, 30, 0, 0, time.UTC)
	var c Card
	var got []int
	for _, g := range []Rating{Good, Good, Good, Good, Good, Good, Again, Again, Good, Good, Good, Good, Good} {
		c = s.Review(c, g, now)
		got = append(got, int(c.Due.Sub(now).Hours()/24))
		now = c.Due
	}
	want := []int{0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("intervals %v, want %v", got, want)
		}
	}
}

// TestCurve checks the forgetting curve's defining points: R = 1 at
// once, 0.9 after S days, falling with time; and that an interval at
// 90% retention is S days.
func TestCurve(t *testing.T) {
	s := New(Default())
	for _, st := range []float64{0.5, 2.3065, 10, 365} {
		if r := s.Retrievability(0, st); r != 1 {
			t.Errorf("R(0, %v) = %v, want 1", st, r)
		}
		if r := s.Retrievability(st, st); math.Abs(r-0.9) > 1e-7 {
			t.Errorf("R(S, S) = %v at S = %v, want 0.9", r, st)
		}
		if s.Retrievability(2*st, st) >= s.Retrievability(st, st) {
			t.Errorf("R does not fall after S = %v", st)
		}
		if st >= 1 && s.Interval(st) != int(math.Round(st)) {
			t.Errorf("Interval(%v) = %d, want S rounded", st, s.Interval(st))
		}
	}
}

// TestAgainComesBackSoon: a new card answered wrong is due again in
// the first learning step, and a lapse from review in the relearning
// step; a right answer on time pushes the next review further out.
func TestAgainComesBackSoon(t *testing.T) {
	s := New(Default())
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	c := s.Review(Card{}, Again, now)
	if c.State != StateLearning || c.Due != now.Add(time.Minute) {
		t.Fatalf("after Again: %+v", c)
	}
	c = s.Review(c, Good, c.Due)
	c = s.Review(c, Good, c.Due)
	if c.State != StateReview {
		t.Fatalf("after two Goods: %+v", c)
	}
	first := c.Due.Sub(c.LastReview)
	c = s.Review(c, Good, c.Due)
	if second := c.Due.Sub(c.LastReview); second <= first {
		t.Errorf("intervals %v then %v: want them to grow", first, second)
	}
	lapsed := s.Review(c, Again, c.Due)
	if lapsed.State != StateRelearning || lapsed.Due != c.Due.Add(10*time.Minute) || lapsed.Lapses != 1 || lapsed.Stability >= c.Stability {
		t.Errorf("after a lapse: %+v (before %+v)", lapsed, c)
	}
}
