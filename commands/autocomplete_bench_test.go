package commands

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// BenchmarkAutocomplete measures the autocomplete reply on the largest
// positions, next to parsing alone as the baseline, and on the rule of
// /heaps values (nothing typed; a name begun; the longest rule the
// option takes, a valid set of takes, which fits no choice's value; the
// widest range, 1-1000; a wrong rule): Discord waits three seconds for
// it and it cannot be deferred.
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
	var takes []string
	for t := 1; len(strings.Join(takes, ","))+len("subtract ")+5 < maxRuleLen; t += 3 {
		takes = append(takes, strconv.Itoa(t))
	}
	for name, rule := range map[string]string{
		"empty":   "",
		"begun":   "daw",
		"longest": "subtract " + strings.Join(takes, ","),
		"range":   "subtract 1-1000",
		"wrong":   "octal 0.78",
	} {
		b.Run("heaps-rule/"+name, func(b *testing.B) {
			i := typingRule(rule)
			for b.Loop() {
				r.Handle(context.Background(), i)
			}
		})
	}
}

// BenchmarkValuesReply measures /heaps values: Kayles' default reply, and
// 10,000 values (the table cut, the whole of it attached), both with the
// chart; the sequence is cached after the first call, as on a server.
//
//	go test ./commands -run '^$' -bench ValuesReply
func BenchmarkValuesReply(b *testing.B) {
	r, _ := newTestRouter(b)
	for _, n := range []int{0, maxListedValues} {
		b.Run("kayles/n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				valuesReply(b, r, "kayles", n)
			}
		})
	}
}
