package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/solver"
)

func TestPixelMix(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var total, n float64
	var enc time.Duration
	for range 300 {
		g := solver.Games()[rng.IntN(5)]
		text, first := randomPosition(rng, g, logUniform(rng, 5, 2000))
		pos, _ := g.Parse(text, solver.ParseOptions{First: first})
		img, _ := render.Draw(pos, render.Options{})
		total += float64(img.Bounds().Dx()*img.Bounds().Dy()) / 1e6
		n++
		var buf bytes.Buffer
		s := time.Now()
		render.PNG(&buf, pos, render.Options{})
		enc += time.Since(s)
	}
	fmt.Printf("mean %.2f MP per picture; mean draw+encode %v\n", total/n, enc/time.Duration(n))
}
