package adapwns

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/games/gametest"
	"github.com/nimtutor/nimtutor/solver"
)

// spec is what the shared suite needs of adapwns.
var spec = gametest.Spec{
	Game: Game,
	Positions: func(size int, yield func(string, solver.ParseOptions)) {
		solver.EnumerateStrings(size, ".P", func(s string) bool { yield(s, solver.ParseOptions{}); return true })
	},
	Small:     9,
	ExactSpan: true,
	// Every gap mod 3 and XOR in the reasoning and the hints is a number
	// claim.
	NumberedReasoning: true,
	StartsCount:       func(size int) int { return 1 << size },
	Build:             func(text string, _ solver.Player) solver.Position { return &Board{cells: text} },
	JudgeInput:        gametest.LinePerPosition,
	Long:              func(n int) string { return strings.Repeat(".", n-1) + "P" },
	Large: map[string]string{
		"dense":   strings.Repeat("P..", solver.MaxPositionLen/3),
		"sparse":  strings.Repeat(".", 39) + strings.Repeat("P"+strings.Repeat(".", 39), solver.MaxPositionLen/40-1),
		"pattern": strings.Repeat("..P.P...P", solver.MaxPositionLen/9),
		"pawns":   strings.Repeat("P", solver.MaxPositionLen),
	},
	Explained: []gametest.Case{
		{Name: "sample", Text: "..P.P"},
		{Name: "editorial", Text: "...P..P.P...."},
		{Name: "lost", Text: "...P"},
		{Name: "stuck", Text: "PP.."},
		{Name: "opponent", Text: "....P..P.P", Moves: [][2]int{{5, 4}}},
	},
	Drawn:   []gametest.Case{{Name: "adapwns", Text: "..P.P...P.P..PP."}},
	Samples: []gametest.Sample{{Input: "1\n..P.P\n", Output: "Yes\n"}},
	// The taught move moves a pawn whose own gap counts, when one of
	// those wins.
	ShortNumbers: func(r solver.Result) []string {
		a := r.Analysis.(Analysis)
		if len(a.Gaps) == 0 || !solver.HasMoves(r.Position) {
			return nil
		}
		return []string{fmt.Sprintf("XOR %d", a.Xor)}
	},
	FollowsStrategy: func(pos solver.Position, m solver.Move, best []solver.Move) string {
		cells := pos.String()
		pawns := strings.Count(cells, "P")
		countedPawn := func(cell int) bool {
			k := strings.Count(cells[:cell-1], "P") + 1
			return (pawns-k)%2 == 0
		}
		if countedPawn(m.(Move).From) {
			return ""
		}
		for _, b := range best {
			if countedPawn(b.(Move).From) {
				return fmt.Sprintf("moves a pawn of an ignored gap although %v, on a counted gap, wins", b)
			}
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
		// Pawns on cells 3 and 5: gaps 2 and 1; the rightmost counts: 1 mod
		// 3 = 1. Moving pawn 3 to 1 leaves gaps [0,3] with grundy 0, and
		// comes first in Moves.
		{"..P.P", "Yes", `{"gaps":[2,1],"significant":[2],"grundy":[1],"xor":1}`, Move{From: 3, To: 1}},
		// Gaps 0, 2, 1; counted: 3rd and 1st; grundy 0 and 1. Pawn 4 to 2
		// turns the last gap into 3, worth 0.
		{"P..P.P", "Yes", `{"gaps":[0,2,1],"significant":[1,3],"grundy":[0,1],"xor":1}`, Move{From: 4, To: 2}},
		// One pawn with 3 empty cells: 3 mod 3 = 0, a loss for Ada.
		{"...P", "No", `{"gaps":[3],"significant":[1],"grundy":[0],"xor":0}`, nil},
		// Gaps 4, 0, 5, 2: counted 4th and 2nd; 2 xor 0 = 2. Pawn 5 to 3
		// turns the 2nd gap into 2, worth 2.
		{"....PP.....P..P", "Yes", `{"gaps":[4,0,5,2],"significant":[2,4],"grundy":[0,2],"xor":2}`, Move{From: 5, To: 3}},
		{"....", "No", `{"gaps":[],"significant":[],"grundy":[],"xor":0}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			gametest.CheckSolved(t, Game, tc.text, solver.ParseOptions{}, tc.answer, tc.analysis, tc.move)
		})
	}
	if b, _ := json.Marshal(Move{From: 5, To: 4}); string(b) != `{"from":5,"to":4}` || (Move{From: 5, To: 4}).String() != "move the piece on cell 5 to cell 4" {
		t.Errorf("move JSON %s, text %q", b, Move{From: 5, To: 4})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		strict     bool
		want       []string
	}{
		{"blanks only", " \t\n ", false, []string{"position:", "empty", "'.' and 'P'"}},
		{"wrong character", "..x", false, []string{"character 3", "'x'"}},
		{"not ascii", "P.é", false, []string{"character 3", "'é' (U+00E9)"}},
		{"strict short", "P", true, []string{"1 cell;", "2 to 128"}},
		{"strict long", strings.Repeat(".", 129), true, []string{"129 cells", "2 to 128"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game.Parse(tc.text, solver.ParseOptions{Strict: tc.strict})
			gametest.WantInputError(t, err, tc.want...)
		})
	}
	if pos, err := Game.Parse("..p.P", solver.ParseOptions{}); err != nil || pos.String() != "..P.P" {
		t.Errorf("a lowercase pawn: %v, %v", pos, err)
	}
	for _, text := range []string{"P", strings.Repeat(".", 129), strings.Repeat("P", 128)} {
		if _, err := Game.Parse(text, solver.ParseOptions{Strict: len(text) == 128}); err != nil {
			t.Errorf("Parse(%q): %v", solver.Clip([]byte(text)), err)
		}
	}
}

func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		strict      bool
		want        string   // the output, when no error is wanted
		err         []string // parts of the error
	}{
		{"blank first line", "\n", false, "", []string{"line 1:", `"" is not a number of tests`}},
		{"bad pawn", "1\n.P.p\n", false, "", []string{"line 2:", "character 4 is 'p'"}},
		{"empty board", "1\n  \n", false, "", []string{"line 2:", "empty"}},
		{"strict T", "501\n" + strings.Repeat("..\n", 501), true, "", []string{"line 1:", "T is 501", "1 to 500"}},
		{"strict short board", "2\n..\nP\n", true, "", []string{"line 3:", "1 cell;", "2 to 128"}},
		{"strict long board", "1\n" + strings.Repeat(".", 129) + "\n", true, "", []string{"line 2:", "129 cells"}},
		{"many boards", "501\n" + strings.Repeat("..\n", 501), false, strings.Repeat("No\n", 501), nil},
		{"short board", "1\nP\n", false, "No\n", nil},
		{"long board", "1\n" + strings.Repeat(".", 129) + "P\n", false, "No\n", nil},      // gap 129 = 0 mod 3
		{"long board win", "1\n" + strings.Repeat(".", 130) + "P\n", false, "Yes\n", nil}, // gap 130 = 1 mod 3
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

func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, spec, []string{"..P.P", "P", "..", "P.P.P", "..X.P", " ..P "})
}

func FuzzJudge(f *testing.F) {
	gametest.FuzzJudge(f, spec, []string{"1\n..P.P\n", "2\n..\nP\n\n\n", "1\n.P.p\n"})
}

// judgeInput is 40000 boards of 128 cells, more than the contest's 500.
func judgeInput() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	const tests = 40000
	b.WriteString(strconv.Itoa(tests) + "\n")
	for range tests {
		for range 128 {
			b.WriteByte(".P"[min(1, int(r.Float64()/0.7))])
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func TestJudgeBenchInput(t *testing.T) { gametest.CheckJudgeInput(t, spec, judgeInput()) }

// BenchmarkJudge measures the judge in MB/s of input
// (go test ./games/adapwns -run '^$' -bench Judge -cpu 1).
func BenchmarkJudge(b *testing.B) { gametest.BenchJudge(b, Game, judgeInput()) }

// BenchmarkSolve measures Solve on positions of 6000 cells.
func BenchmarkSolve(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	random := make([]byte, solver.MaxPositionLen)
	for i := range random {
		random[i] = ".P"[min(1, int(r.Float64()/0.7))]
	}
	gametest.BenchSolve(b, Game, map[string]string{
		"random": string(random),
		"late":   strings.Repeat("P", solver.MaxPositionLen-2) + "..",
		"dense":  strings.Repeat(".P", solver.MaxPositionLen/2),
	})
}

// BenchmarkVerify measures exhaustive verification of every board of 1
// to 20 cells, the figure solver/testdata/bench/compare.sh compares with
// a C++ memo, and of the default size.
func BenchmarkVerify(b *testing.B) { gametest.BenchVerify(b, Game, 20, Game.VerifySize()) }

// BenchmarkExplain measures a solve reply without its picture on 2000
// cells.
func BenchmarkExplain(b *testing.B) {
	r := rand.New(rand.NewPCG(2000, 1))
	random := make([]byte, 2000)
	for i := range random {
		random[i] = "P.."[r.IntN(3)]
	}
	gametest.BenchExplain(b, Game, map[string]string{"random": string(random), "dense": strings.Repeat(".P", 1000)})
}

// BenchmarkDraw measures the annotated picture, small and largest.
func BenchmarkDraw(b *testing.B) {
	gametest.BenchDraw(b, Game, map[string]string{"small": "..P.P...P.P..PP.", "max": spec.Large["pattern"], "max_dense": spec.Large["pawns"]})
}

// TestSearchBudgetAndContext checks that the engine's searches stop at
// their budget and when their context ends.
func TestSearchBudgetAndContext(t *testing.T) {
	pos, _ := Game.Parse("....P....P....P", solver.ParseOptions{})
	if _, err := solver.MoveValues(context.Background(), pos, 10); !errors.Is(err, solver.ErrBudget) {
		t.Errorf("budget 10: got %v, want ErrBudget", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big, _ := Game.Parse(strings.Repeat(".P", 22), solver.ParseOptions{})
	if _, err := solver.MoveValues(ctx, big, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("MoveValues with a cancelled context: got %v, want context.Canceled", err)
	}
	if c, err := solver.CheckPosition(ctx, big, 0); !errors.Is(err, context.Canceled) || c.States > 1<<10 {
		t.Errorf("CheckPosition with a cancelled context: %v after %d states", err, c.States)
	}
}
