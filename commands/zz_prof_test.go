package commands

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

func randPos(r *rand.Rand, game string, n int) (string, []any) {
	var b strings.Builder
	switch game {
	case "adapwns":
		n = min(n, 128)
		for i := 0; i < n; i++ {
			if r.IntN(3) == 0 { b.WriteByte('P') } else { b.WriteByte('.') }
		}
	case "abgame":
		for i := 0; i < n; i++ {
			switch r.IntN(6) { case 0: b.WriteByte('A'); case 1: b.WriteByte('B'); default: b.WriteByte('.') }
		}
	case "binstring":
		for i := 0; i < n; i++ { b.WriteByte('0' + byte(r.IntN(2))) }
	default:
		stacks := 0
		for b.Len() < n && stacks < 50 {
			if b.Len() > 0 { b.WriteByte(' ') }
			l := 1 + r.IntN(min(50, max(1, n-b.Len())))
			for j := 0; j < l; j++ { b.WriteByte('0' + byte(r.IntN(2))) }
			stacks++
		}
		return b.String(), []any{"first", "Dee"}
	}
	return b.String(), nil
}

func BenchmarkMix(b *testing.B) {
	r, _ := newTestRouter(b)
	rng := rand.New(rand.NewPCG(1, 2))
	games := []string{"adapwns", "abgame", "binstring", "binim2", "binim"}
	for b.Loop() {
		for _, sub := range []string{"solve", "hint", "play"} {
			for _, game := range games {
				for _, n := range []int{10, 100, 1000} {
					pos, extra := randPos(rng, game, n)
					r.Handle(context.Background(), command(student, game, sub, append([]any{"position", pos}, extra...)...))
				}
			}
		}
	}
}
