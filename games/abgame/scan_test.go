package abgame

import (
	"math/rand/v2"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// TestScanABFast checks the judge's branch-free scan against scanAB on
// every row of up to 8 cells and on long random rows, and that it flags
// every byte that is not '.', 'A' or 'B'.
func TestScanABFast(t *testing.T) {
	check := func(row []byte) {
		t.Helper()
		wantR, wantN := scanAB(row, nil)
		gotR, gotN, ok := scanABFast(row)
		if !ok || gotR != wantR || gotN != wantN {
			t.Errorf("%q: got %v %d %v, want %v %d true", solver.Clip(row), gotR, gotN, ok, wantR, wantN)
		}
	}
	rows := 0
	for n := 0; n <= 8; n++ {
		solver.EnumerateStrings(n, ".AB", func(s string) bool { rows++; check([]byte(s)); return true })
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, density := range []float64{0.01, 0.3, 0.9} {
		for range 20 {
			check(randomRow(r, 1+r.IntN(5000), density))
			rows++
		}
	}
	t.Logf("%d rows", rows)
	for c := 0; c < 256; c++ {
		if c == '.' || c == 'A' || c == 'B' {
			continue
		}
		row := []byte("A..B.A")
		row[r.IntN(len(row))] = byte(c)
		if _, _, ok := scanABFast(row); ok {
			t.Errorf("%q: got ok, want the byte %#x flagged", row, c)
		}
	}
}

// randomRow returns n cells, each a letter with probability density.
func randomRow(r *rand.Rand, n int, density float64) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = '.'
		if r.Float64() < density {
			b[i] = "AB"[r.IntN(2)]
		}
	}
	return b
}
