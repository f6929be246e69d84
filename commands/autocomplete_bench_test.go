package commands

import (
	"context"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// BenchmarkAutocomplete measures the autocomplete reply on the largest
// positions, next to parsing alone as the baseline: Discord waits three
// seconds for it and it cannot be deferred.
//
//	go test ./commands -run '^$' -bench Autocomplete
func BenchmarkAutocomplete(b *testing.B) {
	r, _ := newTestRouter(b)
	for _, game := range []string{"binim2", "abgame", "adapwns", "binstring"} {
		p := bigPositions()[game]
		g, _ := solver.Lookup(game)
		b.Run(game+"/parse", func(b *testing.B) {
			for b.Loop() {
				if _, err := g.Parse(p[0], solver.ParseOptions{First: p[1]}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(game+"/reply", func(b *testing.B) {
			i := typing(game, "solve", p[0], p[1])
			for b.Loop() {
				r.Handle(context.Background(), i)
			}
		})
	}
}
