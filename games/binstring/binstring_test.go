package binstring

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/games/gametest"
	"github.com/nimtutor/nimtutor/solver"
)

// spec is what the shared suite needs of binstring.
var spec = gametest.Spec{
	Game: Game,
	Positions: func(size int, yield func(string, solver.ParseOptions)) {
		solver.EnumerateStrings(size, "01", func(s string) bool { yield(s, solver.ParseOptions{}); return true })
	},
	Small: 6,
	// Every worked number in the reasoning and the hints is a number
	// claim.
	NumberedReasoning: true,
	StartsCount:       func(size int) int { return 1 << size },
	Build:             func(text string, _ solver.Player) solver.Position { return &BinaryString{s: text} },
	JudgeInput:        gametest.LinePerPosition,
	Long:              func(n int) string { return strings.Repeat("01", n)[:n] },
	Large: map[string]string{
		"random": randomString(rand.New(rand.NewPCG(42, 1)), solver.MaxPositionLen),
		"ones":   "0" + strings.Repeat("1", 2999) + "0" + strings.Repeat("1", 2998) + "0",
		"runs":   strings.Repeat("0110111001", solver.MaxPositionLen/10),
		"dense":  strings.Repeat("01", solver.MaxPositionLen/2),
	},
	Explained: []gametest.Case{
		{Name: "sample1", Text: "00011"},
		{Name: "sample2", Text: "000011"},
		{Name: "sample3", Text: "0110011"},
		{Name: "held", Text: "01011001", Moves: [][2]int{{1, 2}}},
		{Name: "over", Text: "010", Moves: [][2]int{{1, 3}}},
	},
	Drawn: []gametest.Case{{Name: "binstring", Text: "0110011101000111"}},
	Samples: []gametest.Sample{
		{Input: "3\n00011\n000011\n0110011\n", Output: "Player 1\nTie\nPlayer 2\n"},
	},
	// The taught move takes no 0 while 1s are left, and with an odd
	// number of 0s and runs of 1s with a XOR, it leaves a XOR of 0.
	ShortNumbers: func(r solver.Result) []string {
		if r.Position.String() == "" {
			return nil
		}
		return []string{explain.Plural(r.Analysis.(Analysis).Zeros, "zero", "zeros") + " ("}
	},
	FollowsStrategy: func(pos solver.Position, m solver.Move, _ []solver.Move) string {
		text := pos.String()
		rm := m.(Move)
		if taken := text[rm.Start-1 : rm.End]; strings.Contains(text, "1") && strings.Contains(taken, "0") {
			return "takes a 0 although 1s are left"
		}
		_, before := pos.Analyze()
		if b := before.(Analysis); b.Zeros%2 == 1 && b.NimSum != 0 {
			next, _ := pos.Play(m)
			if _, after := next.Analyze(); after.(Analysis).NimSum != 0 {
				return "leaves a XOR of the runs that is not 0"
			}
		}
		return ""
	},
}

// randomString returns n random binary characters.
func randomString(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = "01"[r.IntN(2)]
	}
	return string(b)
}

func TestGame(t *testing.T) { gametest.Run(t, spec) }

// TestAnalysis checks the JSON analysis and the move of hand-worked
// positions, each worked out from the rules as the comment says.
func TestAnalysis(t *testing.T) {
	tests := []struct {
		text, answer, analysis string
		move                   solver.Move // nil: no move
	}{
		// Three 0s (odd); runs 2 and 2 XOR to 0: Player 2.
		{"0110011", "Player 2", `{"zeros":3,"runs":[2,2],"nim_sum":0}`, nil},
		// 00011: every move that takes a 0 leaves Player 1 at least level
		// on 0s; taking one 1 leaves 0001, where Player 2 wins the Nim on
		// the 1s. Taking 11 leaves 000 with Nim sum 0: Player 2 must start
		// on the 0s and ends with two of three.
		{"00011", "Player 1", `{"zeros":3,"runs":[2],"nim_sum":2}`, Move{4, 5}},
		{"000011", "Tie", `{"zeros":4,"runs":[2],"nim_sum":2}`, Move{4, 6}},
		{"1011101", "Tie", `{"zeros":2,"runs":[1,3,1],"nim_sum":3}`, Move{1, 1}},
		{"111", "Tie", `{"zeros":0,"runs":[3],"nim_sum":3}`, Move{1, 1}},
		{"0", "Player 2", `{"zeros":1,"runs":[],"nim_sum":0}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			gametest.CheckSolved(t, Game, tc.text, solver.ParseOptions{}, tc.answer, tc.analysis, tc.move)
		})
	}
	for m, want := range map[Move]string{{1, 3}: "remove characters 1 to 3", {2, 2}: "remove character 2"} {
		if m.String() != want {
			t.Errorf("%#v says %q, want %q", m, m, want)
		}
	}
}

// TestLeads checks the mid-game formula, with the mover already ahead or
// behind in 0s, on every string of up to 8 characters and every lead in
// -3..3, with either player to move, against exhaustive search: the
// outcome, and that Solve's move keeps it.
func TestLeads(t *testing.T) {
	const maxLen, maxLead = 8, 3
	search := solver.NewSearch(Game, 0)
	positions, moves := 0, 0
	for n := 0; n <= maxLen; n++ {
		for lead := -maxLead; lead <= maxLead; lead++ {
			for _, mover := range []solver.Player{0, 1} {
				t.Run(fmt.Sprintf("len%d/lead%+d/mover%d", n, lead, mover), func(t *testing.T) {
					solver.EnumerateStrings(n, "01", func(s string) bool {
						pos := &BinaryString{s: s, mover: mover}
						pos.held[mover] = 2 + lead
						pos.held[mover.Other()] = 2
						positions++
						st, _ := Game.Encode(pos)
						want, err := search.Value(context.Background(), st)
						if err != nil {
							t.Fatal(err)
						}
						r := solver.Solve(pos)
						if r.Outcome != want.Outcome {
							t.Errorf("%s: formula says %v, search says %v", solver.Describe(pos), r.Outcome, want)
						}
						if r.Move == nil {
							if want.Outcome != solver.Loss && n > 0 {
								t.Errorf("%s: Solve gives no move, search says %v", solver.Describe(pos), want)
							}
							return true
						}
						next, err := pos.Play(r.Move)
						if err != nil {
							t.Fatal(err)
						}
						ns, _ := Game.Encode(next)
						if c, _ := search.Value(context.Background(), ns); -c.Outcome != want.Outcome {
							t.Errorf("%s: Solve's move %v leaves %v", solver.Describe(pos), r.Move, c)
						}
						moves++
						return true
					})
				})
			}
		}
	}
	t.Logf("%d positions with leads -%d..%d checked, %d moves, %d states searched", positions, maxLead, maxLead, moves, search.States())
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"empty", "", []string{"position:", "empty"}},
		{"wrong character", "01102", []string{"character 5", "'2'", "0 and 1"}},
		{"too long", strings.Repeat("01", 3001), []string{"6002 characters"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game.Parse(tc.text, solver.ParseOptions{})
			gametest.WantInputError(t, err, tc.want...)
		})
	}
	if pos, err := Game.Parse("  0110 ", solver.ParseOptions{Strict: true}); err != nil || pos.String() != "0110" {
		t.Errorf("trimmed string: %v, %v", pos, err)
	}
	if _, err := Game.Restore("01", 0, [2]int{-1, 0}); err == nil {
		t.Errorf("Restore accepted a negative count of 0s")
	}
}

func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		err         []string
	}{
		{"negative T", "-2\n", []string{"line 1:", `"-2"`}},
		{"bad binary", "2\n01\n0 1\n", []string{"line 3:", "character 2 is ' '"}},
		{"empty string", "1\n\r\n", []string{"line 2:", "empty"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := gametest.JudgeString(t, Game, tc.input, false)
			gametest.WantInputError(t, err, tc.err...)
		})
	}
}

func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, spec, []string{"00011", "000011", "0110011", "1011101", "111", "0", "012"})
}

func FuzzJudge(f *testing.F) {
	gametest.FuzzJudge(f, spec, []string{"3\n00011\n000011\n0110011\n", "1\n0 1\n"})
}

// judgeInput is 800 strings of 6000 characters.
func judgeInput() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	const tests = 800
	b.WriteString(strconv.Itoa(tests) + "\n")
	for range tests {
		b.WriteString(randomString(r, 6000) + "\n")
	}
	return b.Bytes()
}

func TestJudgeBenchInput(t *testing.T) { gametest.CheckJudgeInput(t, spec, judgeInput()) }

// BenchmarkJudge measures the judge in MB/s of input
// (go test ./games/binstring -run '^$' -bench Judge -cpu 1).
func BenchmarkJudge(b *testing.B) { gametest.BenchJudge(b, Game, judgeInput()) }

// BenchmarkSolve measures Solve on strings of 6000 characters.
func BenchmarkSolve(b *testing.B) {
	gametest.BenchSolve(b, Game, map[string]string{
		"random": randomString(rand.New(rand.NewPCG(3, 4)), solver.MaxPositionLen),
		"late":   strings.Repeat("0", solver.MaxPositionLen-3) + "011",
	})
}

// BenchmarkVerify measures exhaustive verification at the default size.
func BenchmarkVerify(b *testing.B) { gametest.BenchVerify(b, Game, Game.VerifySize()) }

// BenchmarkExplain measures a solve reply without its picture on 2000
// characters.
func BenchmarkExplain(b *testing.B) {
	gametest.BenchExplain(b, Game, map[string]string{
		"random": randomString(rand.New(rand.NewPCG(2000, 3)), 2000),
		"late":   strings.Repeat("0", 1997) + "011",
		"ones":   "0" + strings.Repeat("1", 999) + "0" + strings.Repeat("1", 998),
	})
}

// BenchmarkDraw measures the annotated picture, small and largest.
func BenchmarkDraw(b *testing.B) {
	gametest.BenchDraw(b, Game, map[string]string{"small": "0110011101000111", "max": spec.Large["runs"], "max_dense": spec.Large["dense"]})
}

// TestKeyKeepsOnlyTheLead checks that strings reached with different 0s
// held but the same lead share a key and a text.
func TestKeyKeepsOnlyTheLead(t *testing.T) {
	fresh, _ := Game.Parse("0110", solver.ParseOptions{})
	held, err := Game.Restore("0110", 0, [2]int{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if explain.Key(fresh) != explain.Key(held) {
		t.Fatalf("Key(fresh) = %q, Key(held) = %q; the lead is 0 in both", explain.Key(fresh), explain.Key(held))
	}
	text := func(pos solver.Position) string {
		var b strings.Builder
		for _, st := range explain.Explain(solver.Solve(pos), explain.Options{}) {
			b.WriteString(st.Body)
		}
		return b.String()
	}
	if text(fresh) != text(held) {
		t.Fatalf("held explains differently")
	}
}
