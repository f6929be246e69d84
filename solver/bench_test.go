package solver

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// judgeInput builds a judge input of about size bytes for g, with random
// positions of the largest kind the game allows.
func judgeInput(g Game, size int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(alphabet string) byte { return alphabet[rng.IntN(len(alphabet))] }
	var tests [][]byte
	total := 0
	for total < size {
		var b bytes.Buffer
		switch g.Name() {
		case "binim2", "binim":
			b.WriteString("50 Dee\n")
			for range 50 {
				for range 50 {
					b.WriteByte(pick("01"))
				}
				b.WriteByte('\n')
			}
		case "abgame":
			for range 100000 {
				b.WriteByte(pick("..AB"))
			}
			b.WriteByte('\n')
		case "adapwns":
			for range 128 {
				b.WriteByte(pick("..P"))
			}
			b.WriteByte('\n')
		default:
			for range 100000 {
				b.WriteByte(pick("01"))
			}
			b.WriteByte('\n')
		}
		total += b.Len()
		tests = append(tests, b.Bytes())
	}
	return append([]byte(strconv.Itoa(len(tests))+"\n"), bytes.Join(tests, nil)...)
}

// BenchmarkJudge measures the judge's throughput on one core:
//
//	go test ./solver -run '^$' -bench Judge -cpu 1
func BenchmarkJudge(b *testing.B) {
	for _, g := range Games() {
		in := judgeInput(g, 8<<20)
		b.Run(g.Name(), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				if err := Judge(g, bytes.NewReader(in), io.Discard, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSolve measures Solve (verdict and one optimal move) on the
// largest position a slash command can carry.
func BenchmarkSolve(b *testing.B) {
	row := func(pattern string) string { return strings.Repeat(pattern, 6000/len(pattern)+1)[:6000] }
	for _, tc := range []struct{ game, text string }{
		{"binim2", strings.TrimSpace(strings.Repeat(strings.Repeat("01", 25)+" ", 50))},
		{"binim", strings.TrimSpace(strings.Repeat(strings.Repeat("0", 49)+"1 ", 50))},
		{"abgame", row("A..B.A...BB.A")},
		{"adapwns", row("..P.P")},
		{"binstring", row("0110011")},
		{"binstring-tie", row("01100110")},
	} {
		name, _, _ := strings.Cut(tc.game, "-")
		g, _ := Lookup(name)
		pos, err := g.Parse(tc.text, ParseOptions{First: "Dee"})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tc.game, func(b *testing.B) {
			for b.Loop() {
				Solve(pos)
			}
		})
	}
}

// TestJudgeHugeLine judges one 60 MB abgame row: far beyond the contest's
// limits, accepted without --strict and refused with it.
func TestJudgeHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("60 MB input")
	}
	row := bytes.Repeat([]byte("A..B."), 12<<20)
	in := append([]byte("1\n"), append(row, '\n')...)
	var out strings.Builder
	if err := Judge(ABGame, bytes.NewReader(in), &out, false); err != nil {
		t.Fatalf("without --strict: %v", err)
	}
	// Every pair A..B is a Nim heap of 2; 12<<20 heaps of 2 XOR to 0, no
	// reserves: B wins.
	if got := out.String(); got != "B\n" {
		t.Errorf("got %q, want B", got)
	}
	if err := Judge(ABGame, bytes.NewReader(in), io.Discard, true); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("with --strict: got %v, want an error on line 2", err)
	}
}
