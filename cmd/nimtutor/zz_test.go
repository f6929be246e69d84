package main

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

// BenchmarkPixelMix draws and encodes the load test's mix of positions
// (5 to 2000 characters, log-uniform, every game) and reports the mean
// picture size in megapixels.
func BenchmarkPixelMix(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	games := solver.Games()
	var total float64
	n := 0
	for b.Loop() {
		g := games[rng.IntN(len(games))]
		text, first := g.RandomText(rng, logUniform(rng, 5, 2000))
		pos, err := g.Parse(text, solver.ParseOptions{First: first})
		if err != nil {
			b.Fatal(err)
		}
		img, err := render.Draw(pos, render.Options{})
		if err != nil {
			b.Fatal(err)
		}
		total += float64(img.Bounds().Dx()*img.Bounds().Dy()) / 1e6
		n++
		var buf bytes.Buffer
		if err := render.EncodePNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(total/float64(n), "MP/picture")
}
