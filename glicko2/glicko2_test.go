package glicko2

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's paper: a player
// rated 1500 (RD 200, σ 0.06) beats a 1400 (RD 30) and loses to a 1550
// (RD 100) and a 1700 (RD 300), with τ = 0.5.
func TestGlickmanExample(t *testing.T) {
	p := Rating{Rating: 1500, RD: 200, Vol: 0.06}
	got := Update(p, []Result{
		{Opponent: Rating{Rating: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300, Vol: 0.06}, Score: 0},
	}, 0.5)
	want := Rating{Rating: 1464.06, RD: 151.52, Vol: 0.05999}
	if math.Abs(got.Rating-want.Rating) > 0.01 || math.Abs(got.RD-want.RD) > 0.01 || math.Abs(got.Vol-want.Vol) > 0.00001 {
		t.Errorf("Update = %+v, want %+v (the paper's figures)", got, want)
	}
}

func TestUpdate(t *testing.T) {
	even := Default()
	tests := []struct {
		name  string
		p     Rating
		res   []Result
		check func(got Rating) bool
		what  string
	}{
		{"no games: only RD grows", Rating{1600, 100, 0.06}, nil,
			func(g Rating) bool { return g.Rating == 1600 && g.RD > 100 && g.RD < 101 }, "rating kept, RD a little larger"},
		{"win against an equal", even, []Result{{even, 1}},
			func(g Rating) bool { return g.Rating > 1500 && g.RD < 350 }, "rating up, RD down"},
		{"loss against an equal", even, []Result{{even, 0}},
			func(g Rating) bool { return g.Rating < 1500 && g.RD < 350 }, "rating down"},
		{"half a win is a draw against an equal", even, []Result{{even, 0.5}},
			func(g Rating) bool { return math.Abs(g.Rating-1500) < 1e-6 }, "rating unchanged"},
		{"a partial win gains less than a win", even, []Result{{even, 0.75}},
			func(g Rating) bool { return g.Rating > 1500 && g.Rating < Update(even, []Result{{even, 1}}, 0).Rating }, "between"},
		{"beating a much stronger opponent gains more", even, []Result{{Rating{1900, 60, 0.06}, 1}},
			func(g Rating) bool {
				return g.Rating-1500 > Update(even, []Result{{Rating{1100, 60, 0.06}, 1}}, 0).Rating-1500
			}, "more than beating a weaker one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Update(tt.p, tt.res, 0)
			if !tt.check(got) {
				t.Errorf("Update(%+v, %+v) = %+v; want %s", tt.p, tt.res, got, tt.what)
			}
		})
	}
}

func TestExpected(t *testing.T) {
	a, b := Rating{1700, 50, 0.06}, Rating{1500, 50, 0.06}
	if e := Expected(a, b); e <= 0.5 || e >= 1 {
		t.Errorf("Expected(1700 vs 1500) = %v, want in (0.5, 1)", e)
	}
	if e, f := Expected(a, b), Expected(b, a); math.Abs(e+f-1) > 1e-9 {
		t.Errorf("Expected both ways = %v + %v, want 1", e, f)
	}
}

func BenchmarkUpdate(b *testing.B) {
	p, o := Default(), Rating{1650, 120, 0.06}
	for b.Loop() {
		Update(p, []Result{{o, 1}}, 0)
	}
}
