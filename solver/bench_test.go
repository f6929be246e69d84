package solver

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// randomRow returns n characters over alphabet, each letter (any
// character but the first) with probability density.
func randomRow(r *rand.Rand, n int, alphabet string, density float64) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[0]
		if r.Float64() < density {
			b[i] = alphabet[1+r.IntN(len(alphabet)-1)]
		}
	}
	return b
}

// judgeBenchInput builds a large judge input for g, in the shape the
// contest allows at its biggest (and beyond for total size).
func judgeBenchInput(g Game) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	switch g {
	case ABGame:
		// Long rows: 80 tests of 100000 cells, a third of them letters.
		const tests = 80
		b.WriteString(strconv.Itoa(tests) + "\n")
		for range tests {
			b.Write(randomRow(r, 100000, ".AB", 0.33))
			b.WriteByte('\n')
		}
	case Adapwns:
		// Boards of 128 cells, more of them than the contest's 500.
		const tests = 40000
		b.WriteString(strconv.Itoa(tests) + "\n")
		for range tests {
			b.Write(randomRow(r, 128, ".P", 0.3))
			b.WriteByte('\n')
		}
	case BinString:
		const tests = 800
		b.WriteString(strconv.Itoa(tests) + "\n")
		for range tests {
			b.Write(randomRow(r, 6000, "01", 0.5))
			b.WriteByte('\n')
		}
	default: // binim, binim2: max-size tests, 50 stacks of 50 symbols
		const tests = 2000
		b.WriteString(strconv.Itoa(tests) + "\n")
		for test := range tests {
			b.WriteString("50 " + []string{"Dee", "Dum"}[test%2] + "\n")
			for range 50 {
				b.Write(randomRow(r, 50, "01", 0.5))
				b.WriteByte('\n')
			}
		}
	}
	return b.Bytes()
}

// BenchmarkJudge measures each game's judge on several MB of input, in
// MB/s of input (go test -bench=Judge -benchmem ./solver).
func BenchmarkJudge(b *testing.B) {
	for _, g := range Games() {
		b.Run(g.Name(), func(b *testing.B) {
			input := judgeBenchInput(g)
			rd := bytes.NewReader(input)
			b.SetBytes(int64(len(input)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				rd.Reset(input)
				if err := Judge(g, rd, io.Discard, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestJudgeBenchInput checks that the benchmark's input is valid and its
// answers agree with Solve, so the benchmark measures real work.
func TestJudgeBenchInput(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			input := string(judgeBenchInput(g))
			if testing.Short() || raceEnabled {
				// Keep the first tests only: cut after a few hundred lines.
				input = firstTests(t, g, input, 50)
			}
			got, err := judgeString(t, g, input, false)
			if err != nil {
				t.Fatal(err)
			}
			want := rejudge(t, g, input, true)
			if got != want {
				t.Errorf("Judge and Solve disagree on the benchmark input")
			}
		})
	}
}

// firstTests cuts a judge input down to its first n tests.
func firstTests(tb testing.TB, g Game, input string, n int) string {
	tb.Helper()
	lines := strings.Split(input, "\n")
	keep := []string{strconv.Itoa(n)}
	next := 1
	for range n {
		head := lines[next]
		keep = append(keep, head)
		next++
		if g.NeedsFirst() {
			k, _ := strconv.Atoi(strings.Fields(head)[0])
			keep = append(keep, lines[next:next+k]...)
			next += k
		}
	}
	return strings.Join(keep, "\n") + "\n"
}

// solveBenchPositions returns positions of MaxPositionLen characters for
// g, the worst shapes for its Solve: wins, where a move must be found.
func solveBenchPositions(g Game) map[string]string {
	r := rand.New(rand.NewPCG(3, 4))
	n := MaxPositionLen
	switch g {
	case ABGame:
		return map[string]string{
			"random": string(randomRow(r, n, ".AB", 0.33)),
			// Heaps 1, 1, ..., 1, 2 after many pairs: only the last pair moves.
			"late": strings.Repeat("A.B", (n-5)/3) + "A..B",
		}
	case Adapwns:
		return map[string]string{
			"random": string(randomRow(r, n, ".P", 0.3)),
			"late":   strings.Repeat("P", n-2) + "..",
			"dense":  strings.Repeat(".P", n/2),
		}
	case BinString:
		return map[string]string{
			"random": string(randomRow(r, n, "01", 0.5)),
			"late":   strings.Repeat("0", n-3) + "011",
		}
	default:
		long := string(randomRow(r, n, "01", 0.5))
		return map[string]string{
			"one stack":   long,
			"many stacks": strings.TrimSpace(strings.Repeat("0 1 ", n/4-1)) + " 00",
			"50x50":       strings.TrimSpace(strings.Repeat(long[:50]+" ", 50)),
			// binim2: only taking the whole first stack wins, its last move.
			"zeros": strings.Repeat("0", n-2) + " 1",
		}
	}
}

// BenchmarkSolve measures Solve on positions of MaxPositionLen characters,
// the longest a slash command can send
// (go test -bench=Solve -benchmem ./solver).
func BenchmarkSolve(b *testing.B) {
	for _, g := range Games() {
		for name, text := range solveBenchPositions(g) {
			b.Run(g.Name()+"/"+strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
				pos := mustParse(b, g, text, ParseOptions{First: "Dee"})
				b.ReportAllocs()
				for b.Loop() {
					Solve(pos)
				}
			})
		}
	}
}

// BenchmarkVerify measures exhaustive verification, the figures of the
// README's table: every ADAPWNS board of 1..20 cells (the side-by-side
// comparison with a C++ memo, testdata/bench/compare.sh), every ABGAME
// row of 1..12 cells, and every game at its default size, which is what
// `nimtutor verify all` runs (go test -bench Verify ./solver).
func BenchmarkVerify(b *testing.B) {
	cases := []struct {
		name string
		game Game
		max  int
	}{{"adapwns-20", Adapwns, 20}, {"abgame-12", ABGame, 12}}
	for _, g := range Games() {
		cases = append(cases, struct {
			name string
			game Game
			max  int
		}{"default-" + g.Name(), g, g.VerifySize()})
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				rows, err := Verify(context.Background(), tc.game, tc.max, nil)
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range rows {
					if r.Disagreements > 0 {
						b.Fatalf("size %d: %d disagreements", r.Size, r.Disagreements)
					}
				}
			}
		})
	}
}
