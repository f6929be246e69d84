package abgame

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/games/gametest"
	"github.com/nimtutor/nimtutor/solver"
)

// spec is what the shared suite needs of abgame.
var spec = gametest.Spec{
	Game: Game,
	Positions: func(size int, yield func(string, solver.ParseOptions)) {
		solver.EnumerateStrings(size, ".AB", func(s string) bool { yield(s, solver.ParseOptions{}); return true })
	},
	Small: 6,
	// Every worked number in the reasoning and the hints is a number
	// claim.
	NumberedReasoning: true,
	StartsCount:       func(size int) int { return int(math.Pow(3, float64(size))) },
	Build:             func(text string, _ solver.Player) solver.Position { return &ABRow{row: text} },
	JudgeInput:        gametest.LinePerPosition,
	Long:              func(n int) string { return strings.Repeat(".", n-2) + "AB" },
	Large: map[string]string{
		"dense":       strings.Repeat("AB.", solver.MaxPositionLen/3),
		"sparse":      strings.Repeat("A"+strings.Repeat(".", 39)+"B"+strings.Repeat(".", 39), solver.MaxPositionLen/80),
		"two letters": "A" + strings.Repeat(".", solver.MaxPositionLen-2) + "B",
		"pattern":     strings.Repeat("A..B.A...B.AB.B.A..", solver.MaxPositionLen/19),
		"letters":     strings.Repeat("AB", solver.MaxPositionLen/2),
	},
	Explained: []gametest.Case{
		{Name: "sample1", Text: "A.B"},
		{Name: "sample2", Text: "A..B"},
		{Name: "sample3", Text: "A..B.A..B"},
		{Name: "editorial", Text: "A..B.A...B"},
		{Name: "reserve", Text: "A..A.B...B..A.."},
		{Name: "b_to_move", Text: "A...B.B..A..", Moves: [][2]int{{1, 2}}},
		{Name: "large", Text: "A.B..A...B.A....B..A.B....A..B...AA..BB...A....B.B"},
	},
	Drawn: []gametest.Case{{Name: "abgame", Text: "A..B.A..B.A...A..B"}},
	Samples: []gametest.Sample{
		{Input: "3\nA.B\nA..B\nA..B.A..B\n", Output: "A\nA\nB\n"},
		{Input: "3\n\tA.B \nA..B\nA..B.A..B\n\n", Output: "A\nA\nB\n"},
	},
	// With a Nim sum, the taught move is a Nim move to a XOR of 0; without
	// one, a reserve move of one cell.
	ShortNumbers: func(r solver.Result) []string {
		a := r.Analysis.(Analysis)
		return []string{fmt.Sprintf("Reserves A %d, B %d", a.ReserveA, a.ReserveB), fmt.Sprintf("XOR %d.", a.NimSum)}
	},
	FollowsStrategy: func(pos solver.Position, m solver.Move, _ []solver.Move) string {
		_, before := pos.Analyze()
		next, _ := pos.Play(m)
		_, after := next.Analyze()
		b, a := before.(Analysis), after.(Analysis)
		cm := m.(Move)
		d := max(cm.From-cm.To, cm.To-cm.From)
		if b.NimSum != 0 {
			if a.NimSum != 0 || a.ReserveA != b.ReserveA || a.ReserveB != b.ReserveB {
				return "is not a Nim move to a XOR of 0"
			}
			return ""
		}
		if a.ReserveA+a.ReserveB != b.ReserveA+b.ReserveB-1 || d != 1 {
			return "is not a reserve move of one cell"
		}
		return ""
	},
}

func TestGame(t *testing.T) { gametest.Run(t, spec) }

// TestAnalysis checks the JSON analysis and the move of hand-worked
// positions, each worked out from the rules as the comment says.
func TestAnalysis(t *testing.T) {
	tests := []struct {
		text, answer, analysis string
		move                   solver.Move // nil: no move
	}{
		// A..B: a heap of 2; A moves next to B to leave 0.
		{"A..B", "A", `{"reserve_a":0,"reserve_b":0,"nim_heaps":[2],"nim_sum":2}`, Move{From: 1, To: 3}},
		// Pairs (A1,B4) and (A6,B9), both Nim heaps of 2: XOR 0, B wins.
		{"A..B.A..B", "B", `{"reserve_a":0,"reserve_b":0,"nim_heaps":[2,2],"nim_sum":0}`, nil},
		// Pair (A1,A3) gives A 1 reserve move; B6 is unpaired at the edge.
		// A spends the reserve: then the reserves are equal and B, with no
		// heap, is stuck with nothing better.
		{"A.A..B", "A", `{"reserve_a":1,"reserve_b":0,"nim_heaps":[],"nim_sum":0}`, Move{From: 1, To: 2}},
		// (B1,A5) is a heap of 3; B7 is unpaired with cells 8 and 9 to the edge.
		{"B...A.B..", "B", `{"reserve_a":0,"reserve_b":2,"nim_heaps":[3],"nim_sum":3}`, nil},
		// (B1,B3) gives B 1 reserve move; A5 has 1 cell to the edge. Equal
		// reserves and no heap: A, to move, loses.
		{"B.B.A.", "B", `{"reserve_a":1,"reserve_b":1,"nim_heaps":[],"nim_sum":0}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			gametest.CheckSolved(t, Game, tc.text, solver.ParseOptions{}, tc.answer, tc.analysis, tc.move)
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"empty", "", []string{"position:", "empty"}},
		{"wrong character", "A.x.B", []string{"position:", "character 3", "'x'", "'.', 'A' and 'B'"}},
		{"lowercase other letter", "c", []string{"character 1", "'c'"}},
		{"control byte", "A\x01", []string{"character 2", "an invisible character, U+0001"}},
		{"inner space", "A. B", []string{"character 3", "' '"}},
		{"too long", strings.Repeat(".", solver.MaxPositionLen+1), []string{"6001 characters", "6000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game.Parse(tc.text, solver.ParseOptions{})
			gametest.WantInputError(t, err, tc.want...)
		})
	}
	pos, err := Game.Parse(" \tA.B\r\n", solver.ParseOptions{})
	if err != nil || pos.String() != "A.B" || pos.ToMove() != 0 {
		t.Errorf("trimmed row: %v, %v", pos, err)
	}
	if pos, err := Game.Parse("a.b", solver.ParseOptions{}); err != nil || pos.String() != "A.B" {
		t.Errorf("lowercase letters: %v, %v", pos, err)
	}
}

// TestJudge checks the judge reader's errors, which every game shares,
// and abgame's limits.
func TestJudge(t *testing.T) {
	rows := func(n, length int) string { return strings.Repeat(strings.Repeat(".", length-1)+"A\n", n) }
	for _, tc := range []struct {
		name, input string
		strict      bool
		want        string   // the output, when no error is wanted
		err         []string // parts of the error
	}{
		{"empty input", "", false, "", []string{"line 1:", "empty", "number of tests"}},
		{"bad T", "three\nA\n", false, "", []string{"line 1:", `"three" is not a number of tests`}},
		{"rows end early", "3\nA.B\n", false, "", []string{"line 3:", "ended before the line of test 2 of 3"}},
		{"bad cell", "2\nA.B\nA.C\n", false, "", []string{"line 3:", "character 3 is 'C'"}},
		{"empty row", "2\nA.B\n\n", false, "", []string{"line 3:", "empty"}},
		{"trailing row", "1\nA.B\nA\n", false, "", []string{"line 3:", "more input after the 1 test the"}},
		{"strict T zero", "0\n", true, "", []string{"line 1:", "T is 0", "1 to 100000"}},
		{"strict T", "100001\n", true, "", []string{"line 1:", "T is 100001"}},
		{"strict long row", "1\n" + rows(1, 100001), true, "", []string{"line 2:", "100001 cells", "at most 100000"}},
		{"strict total", "11\n" + rows(11, 100000), true, "", []string{"line 12:", "1100000 cells", "1000000 in all"}},
		{"T zero", "0\n", false, "", nil},
		// 11 rows of 100000 cells, each an A with 99999 reserve moves.
		{"total over 10^6", "11\n" + strings.Repeat("A"+strings.Repeat(".", 99999)+"\n", 11), false, strings.Repeat("A\n", 11), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := gametest.JudgeString(t, Game, tc.input, tc.strict)
			if tc.err != nil {
				gametest.WantInputError(t, err, tc.err...)
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("Judge = %q, %v; want %q", solver.Clip([]byte(got)), err, solver.Clip([]byte(tc.want)))
			}
		})
	}
}

// TestJudgeHugeLine judges one row of about 60 MB, far beyond the read
// buffer: accepted without strict limits, rejected with them.
func TestJudgeHugeLine(t *testing.T) {
	pairs := 15_000_000 // "A..B" 15M times: 60 MB, heaps of 2, XOR 0
	if testing.Short() || gametest.RaceEnabled {
		pairs = 2_000_000 // 8 MB: still 30 times the read buffer
	}
	row := strings.Repeat("A..B", pairs)
	tests := []struct{ input, want string }{
		// XOR 0 and no reserve moves: B. Then a short row, A.B: A.
		{"2\n" + row + "\nA.B\n", "B\nA\n"},
		// An unpaired A with 2 cells to the edge: A has more reserve moves.
		{"1\n" + row + "A..\n", "A\n"},
	}
	for _, tc := range tests {
		got, err := gametest.JudgeString(t, Game, tc.input, false)
		if err != nil || got != tc.want {
			t.Errorf("Judge of %d bytes = %q, %v; want %q", len(tc.input), got, err, tc.want)
		}
	}
	_, err := gametest.JudgeString(t, Game, tests[0].input, true)
	gametest.WantInputError(t, err, "line 2:", fmt.Sprintf("%d cells", 4*pairs))
}

func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, spec, []string{"A.B", "A..B", "A..B.A..B", "B...A.B..", "A.A..B", "B.B.A.", "A..B.A.B", "a", "A B"})
}

func FuzzJudge(f *testing.F) {
	gametest.FuzzJudge(f, spec, []string{"3\nA.B\nA..B\nA..B.A..B\n", "2\nA.B\n\n", "1\nA.C\n"})
}

// judgeInput is 80 rows of 100000 cells, a third of them letters.
func judgeInput() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	const tests = 80
	b.WriteString(strconv.Itoa(tests) + "\n")
	for range tests {
		b.Write(randomRow(r, 100000, 0.33))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func TestJudgeBenchInput(t *testing.T) { gametest.CheckJudgeInput(t, spec, judgeInput()) }

// BenchmarkJudge measures the judge in MB/s of input
// (go test ./games/abgame -run '^$' -bench Judge -cpu 1).
func BenchmarkJudge(b *testing.B) { gametest.BenchJudge(b, Game, judgeInput()) }

// BenchmarkSolve measures Solve on rows of 6000 cells.
func BenchmarkSolve(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	gametest.BenchSolve(b, Game, map[string]string{
		"random": string(randomRow(r, solver.MaxPositionLen, 0.33)),
		// Heaps 1, 1, ..., 1, 2 after many pairs: only the last pair moves.
		"late": strings.Repeat("A.B", (solver.MaxPositionLen-5)/3) + "A..B",
	})
}

// BenchmarkVerify measures exhaustive verification of every row of 1 to
// 12 cells, and of the default size.
func BenchmarkVerify(b *testing.B) { gametest.BenchVerify(b, Game, 12, Game.VerifySize()) }

// BenchmarkExplain measures a solve reply without its picture on 2000
// cells.
func BenchmarkExplain(b *testing.B) {
	r := rand.New(rand.NewPCG(2000, 2))
	gametest.BenchExplain(b, Game, map[string]string{
		"random": string(randomRow(r, 2000, 0.5)),
		"late":   strings.Repeat("A.B", 665) + "A..B",
	})
}

// BenchmarkDraw measures the annotated picture, small and largest.
func BenchmarkDraw(b *testing.B) {
	gametest.BenchDraw(b, Game, map[string]string{"small": "A..B.A..B.A...A..B", "max": spec.Large["pattern"], "max_dense": spec.Large["letters"]})
}
