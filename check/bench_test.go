package check_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/check"
	_ "github.com/nimtutor/nimtutor/games/all"

	"github.com/nimtutor/nimtutor/solver"
)

// benchInput is a large ABGAME input (200 tests of 5000 cells) and its
// right answers.
func benchInput(b *testing.B) (solver.Game, []byte, []byte) {
	b.Helper()
	g, err := solver.Lookup("abgame")
	if err != nil {
		b.Fatal(err)
	}
	tests := make([]check.Test, 200)
	for k := range tests {
		tests[k] = check.Test{Text: strings.Repeat("A..B.", 1000)[k%5:] + "A"}
	}
	input := check.Format(g, tests)
	var out bytes.Buffer
	if err := solver.Judge(b.Context(), g, bytes.NewReader(input), &out, false); err != nil {
		b.Fatal(err)
	}
	return g, input, out.Bytes()
}

// BenchmarkJudge is the baseline: the judge alone on the input.
func BenchmarkJudge(b *testing.B) {
	g, input, _ := benchInput(b)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		if err := solver.Judge(b.Context(), g, bytes.NewReader(input), io.Discard, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompare is a whole check of a right output: the judge, the
// cases read back and the answers compared.
func BenchmarkCompare(b *testing.B) {
	g, input, output := benchInput(b)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		rep, err := check.Compare(context.Background(), g, input, output)
		if err != nil || !rep.OK() {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate writes a test file.
func BenchmarkGenerate(b *testing.B) {
	g, _ := solver.Lookup("abgame")
	for b.Loop() {
		if _, err := check.Generate(g, 1); err != nil {
			b.Fatal(err)
		}
	}
}
