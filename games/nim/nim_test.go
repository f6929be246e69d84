package nim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/games/gametest"
	"github.com/nimtutor/nimtutor/solver"
)

// specOf is what the shared suite needs of Nim or misère Nim.
func specOf(g *game) gametest.Spec {
	return gametest.Spec{
		Game: g,
		// Every row of size heaps of 0 to 3, in every order: the heaps'
		// order and empty heaps are the state codec's to merge.
		Positions: func(size int, yield func(string, solver.ParseOptions)) {
			solver.EnumerateStrings(size, "0123", func(s string) bool {
				yield(strings.Join(strings.Split(s, ""), " "), solver.ParseOptions{})
				return true
			})
		},
		Small:     4,
		ExactSpan: true,
		// Every XOR in the reasoning and the hints is a number claim.
		NumberedReasoning: true,
		// Every move of positions of up to two heaps: the move counts of
		// three heaps of up to 15 are searched within a time bound.
		WhySize: 2,
		// Multisets of size heaps of 1 to 15.
		StartsCount: func(size int) int { return multisets(verifyHeapLimit, size) },
		Build: func(text string, _ solver.Player) solver.Position {
			heaps, err := parseHeaps(text, false)
			if err != nil {
				panic(err)
			}
			return &Heaps{game: g, heaps: heaps}
		},
		JudgeInput: gametest.LinePerPosition,
		Long:       func(n int) string { return strings.Repeat("1 ", n/2) + strings.Repeat("2", n%2) },
		Large: map[string]string{
			"many heaps": randomHeaps(rand.New(rand.NewPCG(5, 6)), 1199, 9999),
			"big heaps":  randomHeaps(rand.New(rand.NewPCG(7, 8)), 500, MaxHeap),
			"ones":       strings.TrimSpace(strings.Repeat("1 ", 3000)),
		},
		Explained: []gametest.Case{
			{Name: g.name + "_345", Text: "3 4 5"},
			{Name: g.name + "_lost", Text: "1 2 3"},
			{Name: g.name + "_ending", Text: "1 1 4"},
			{Name: g.name + "_ones", Text: "1 1 1"},
			{Name: g.name + "_second", Text: "3 4 5", Moves: [][2]int{{1, 2}}},
		},
		Drawn: []gametest.Case{{Name: g.name, Text: "3 4 5 12"}},
		Samples: []gametest.Sample{{
			Input:  "4\n3 4 5\n1 2 3\n1 1 1\n0\n",
			Output: map[bool]string{false: "First\nSecond\nFirst\nSecond\n", true: "First\nSecond\nSecond\nFirst\n"}[g.misere],
		}},
		// The taught move leaves a XOR of 0, or in misère play, where no
		// heap of 2 or more would be left, an odd number of heaps of 1.
		ShortNumbers: func(r solver.Result) []string {
			p := r.Position.(*Heaps)
			if !solver.HasMoves(p) {
				return nil
			}
			t := tallyOf(p.heaps)
			if g.misere && t.big == 0 {
				// In the misère ending the count of heaps of 1 decides.
				return []string{fmt.Sprintf("only heaps of 1, %d of them", t.ones)}
			}
			return []string{fmt.Sprintf("XOR %d", t.x)}
		},
		FollowsStrategy: func(pos solver.Position, m solver.Move, _ []solver.Move) string {
			next, _ := pos.Play(m)
			t := tallyOf(next.(*Heaps).heaps)
			if g.misere && t.big == 0 {
				if t.ones%2 == 0 {
					return fmt.Sprintf("leaves %d heaps of 1, an even number", t.ones)
				}
				return ""
			}
			if t.x != 0 {
				return fmt.Sprintf("leaves a XOR of %d", t.x)
			}
			return ""
		},
	}
}

// randomHeaps returns n random heaps of 0 to max.
func randomHeaps(r *rand.Rand, n, max int) string {
	s := make([]string, n)
	for i := range s {
		s[i] = strconv.Itoa(r.IntN(max + 1))
	}
	return strings.Join(s, " ")
}

func TestNim(t *testing.T)    { gametest.Run(t, specOf(Nim.(*game))) }
func TestMisere(t *testing.T) { gametest.Run(t, specOf(Misere.(*game))) }

// TestAnalysis checks the analysis, the answer and the move of
// hand-worked positions.
func TestAnalysis(t *testing.T) {
	for _, tc := range []struct {
		game         solver.Game
		text, answer string
		analysis     string
		move         solver.Move
	}{
		// 3 xor 4 xor 5 = 2: heap 1 (3 = 011) has the 2s bit; 3 xor 2 = 1.
		{Nim, "3 4 5", "First", `{"heaps":[3,4,5],"nim_sum":2}`, Move{1, 2}},
		// 1 xor 2 xor 3 = 0: lost.
		{Nim, "1 2 3", "Second", `{"heaps":[1,2,3],"nim_sum":0}`, nil},
		// Three heaps of 1: normal play, take one, two are left, the
		// opponent takes one and you take the last.
		{Nim, "1 1 1", "First", `{"heaps":[1,1,1],"nim_sum":1}`, Move{1, 1}},
		// Misère with only heaps of 1: an odd number loses for the mover.
		{Misere, "1 1 1", "Second", `{"heaps":[1,1,1],"nim_sum":1,"big_heaps":0,"ones":3}`, nil},
		// 1 1 4: normal Nim would shrink 4 to 0 (XOR 0, two 1s left); in
		// misère that leaves an even number of 1s, so shrink 4 to 1.
		{Misere, "1 1 4", "First", `{"heaps":[1,1,4],"nim_sum":4,"big_heaps":1,"ones":2}`, Move{3, 3}},
		// With two big heaps misère plays as normal Nim: 2 xor 3 = 1.
		{Misere, "2 3", "First", `{"heaps":[2,3],"nim_sum":1,"big_heaps":2,"ones":0}`, Move{2, 1}},
		{Misere, "0 0", "First", `{"heaps":[0,0],"nim_sum":0,"big_heaps":0,"ones":0}`, nil},
	} {
		t.Run(tc.game.Name()+" "+tc.text, func(t *testing.T) {
			gametest.CheckSolved(t, tc.game, tc.text, solver.ParseOptions{}, tc.answer, tc.analysis, tc.move)
		})
	}
	if b, _ := json.Marshal(Move{2, 3}); string(b) != `{"heap":2,"take":3}` || (Move{2, 3}).String() != "take 3 from heap 2" {
		t.Errorf("move JSON %s, text %q", b, Move{2, 3})
	}
}

// TestHugeHeaps checks that heaps far too big to search are solved by the
// formula at once, and that their moves are never all listed.
func TestHugeHeaps(t *testing.T) {
	pos, err := Nim.Parse("1000000000 999999999 7", solver.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := Nim.Encode(pos); ok {
		t.Errorf("heaps of a billion pack into a state")
	}
	r := solver.Solve(pos)
	if r.Outcome != solver.Win || r.Move == nil {
		t.Fatalf("got %v %v", r.Outcome, r.Move)
	}
	next, err := pos.Play(r.Move)
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := next.Analyze(); o != solver.Loss {
		t.Errorf("after %v the opponent has %v", r.Move, o)
	}
	if got := solver.FirstMoves(pos, 3); len(got) != 3 {
		t.Errorf("FirstMoves(3) = %v", got)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		strict     bool
		want       []string
	}{
		{"empty", " ", false, []string{"position:", "empty"}},
		{"only commas", ",, ,", false, []string{"position:", "no heaps"}},
		{"a letter", "3 4x 5", false, []string{"heap 2, character 2 is 'x'"}},
		{"a sign", "3 -4", false, []string{"heap 2, character 1 is '-'"}},
		{"too big", "3 1000000001", false, []string{"heap 2 is 1000000001", "at most 1000000000"}},
		{"strict heaps", strings.Repeat("1 ", 101), true, []string{"101 heaps", "at most 100"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Nim.Parse(tc.text, solver.ParseOptions{Strict: tc.strict})
			gametest.WantInputError(t, err, tc.want...)
		})
	}
	pos, err := Misere.Parse(" 3, 0\t5 ", solver.ParseOptions{})
	if err != nil || pos.String() != "3 0 5" {
		t.Errorf("Parse = %v, %v; want 3 0 5", pos, err)
	}
	if _, err := pos.Play(Move{2, 1}); err == nil || !strings.Contains(err.Error(), "heap 2 is empty") {
		t.Errorf("a move on an empty heap: %v", err)
	}
}

func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		strict      bool
		err         []string
	}{
		{"empty test", "2\n1 2\n\n", false, []string{"line 3:", "empty"}},
		{"bad character", "1\n1 2 x\n", false, []string{"line 2:", "character 5 is 'x'"}},
		{"heap too big", "1\n1 2000000000\n", false, []string{"line 2:", "heap 2 is over"}},
		{"strict T", "1001\n", true, []string{"line 1:", "T is 1001", "1 to 1000"}},
		{"strict heaps", "1\n" + strings.Repeat("1 ", 101) + "\n", true, []string{"line 2:", "101 heaps"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := gametest.JudgeString(t, Nim, tc.input, tc.strict)
			gametest.WantInputError(t, err, tc.err...)
		})
	}
}

func FuzzParse(f *testing.F) {
	gametest.FuzzParse(f, specOf(Nim.(*game)), []string{"3 4 5", "1 2 3", "0", "1,1", "7 x", "1000000001"})
}

func FuzzJudge(f *testing.F) {
	gametest.FuzzJudge(f, specOf(Misere.(*game)), []string{"4\n3 4 5\n1 2 3\n1 1 1\n0\n", "1\n\t1  2 \n"})
}

// judgeInput is 1000 tests of 100 heaps of up to a billion, the judge's
// largest, times 20.
func judgeInput() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	const tests = 20000
	b.WriteString(strconv.Itoa(tests) + "\n")
	for range tests {
		b.WriteString(randomHeaps(r, 100, MaxHeap) + "\n")
	}
	return b.Bytes()
}

func TestJudgeBenchInput(t *testing.T) {
	gametest.CheckJudgeInput(t, specOf(Misere.(*game)), judgeInput())
}

// BenchmarkJudge measures the judges in MB/s of input
// (go test ./games/nim -run '^$' -bench Judge -cpu 1).
func BenchmarkJudge(b *testing.B) {
	in := judgeInput()
	b.Run("nim", func(b *testing.B) { gametest.BenchJudge(b, Nim, in) })
	b.Run("misere", func(b *testing.B) { gametest.BenchJudge(b, Misere, in) })
}

// BenchmarkSolve measures Solve on the largest positions.
func BenchmarkSolve(b *testing.B) {
	positions := specOf(Nim.(*game)).Large
	b.Run("nim", func(b *testing.B) { gametest.BenchSolve(b, Nim, positions) })
	b.Run("misere", func(b *testing.B) { gametest.BenchSolve(b, Misere, positions) })
}

// BenchmarkVerify measures exhaustive verification at the default size.
func BenchmarkVerify(b *testing.B) {
	b.Run("nim", func(b *testing.B) { gametest.BenchVerify(b, Nim, Nim.VerifySize()) })
	b.Run("misere", func(b *testing.B) { gametest.BenchVerify(b, Misere, Misere.VerifySize()) })
}

// BenchmarkExplain measures a solve reply without its picture on 2000
// characters.
func BenchmarkExplain(b *testing.B) {
	positions := map[string]string{"heaps": randomHeaps(rand.New(rand.NewPCG(2000, 5)), 400, 9999)}
	b.Run("nim", func(b *testing.B) { gametest.BenchExplain(b, Nim, positions) })
	b.Run("misere", func(b *testing.B) { gametest.BenchExplain(b, Misere, positions) })
}

// BenchmarkDraw measures the annotated picture, small and largest.
func BenchmarkDraw(b *testing.B) {
	positions := map[string]string{"small": "3 4 5 12", "max": specOf(Nim.(*game)).Large["big heaps"]}
	b.Run("nim", func(b *testing.B) { gametest.BenchDraw(b, Nim, positions) })
}

// multisets counts the multisets of k elements from n kinds.
func multisets(n, k int) int {
	c := 1
	for i := 0; i < k; i++ {
		c = c * (n + i) / (i + 1)
	}
	return c
}

// TestChildrenAsRepacked checks Children, which moves bit fields, against
// packing each child afresh, on random heaps of every width (small
// positions, which the other tests walk, are only a few bits wide).
func TestChildrenAsRepacked(t *testing.T) {
	g := Nim.(*game)
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 2000 {
		heaps := make([]int, 1+r.IntN(6))
		top := 1 << (1 + r.IntN(10))
		for i := range heaps {
			heaps[i] = 1 + r.IntN(min(top, maxStateHeap))
			if trial%3 == 0 && i > 0 {
				heaps[i] = heaps[i-1] // equal heaps
			}
		}
		var buf [heapBits]int
		st, ok := g.Encode(&Heaps{game: g, heaps: heaps})
		if !ok {
			continue
		}
		sorted := heapsUnpack(st, buf[:])
		var want []solver.State
		for i, h := range sorted {
			if i > 0 && sorted[i-1] == h {
				continue
			}
			for h2 := 0; h2 < h; h2++ {
				var next [heapBits]int
				s, _ := heapsPack(solver.ReplaceSorted(next[:0], sorted, i, h2, h2 > 0))
				want = append(want, s)
			}
		}
		if got := g.Children(st, nil); !slices.Equal(got, want) {
			t.Fatalf("heaps %v: Children differs from packing each child afresh", sorted)
		}
	}
}

// TestMisereEndingArgument: in every misère position of heaps of 0 and 1
// (up to 7 heaps), won or lost, the short reply's "Why" and "Finding
// it" and the why report argue with the count of heaps of 1, never with
// the XOR, which decides nothing there.
func TestMisereEndingArgument(t *testing.T) {
	ctx := context.Background()
	n := 0
	for k := 1; k <= 7; k++ {
		for mask := 0; mask < 1<<k; mask++ {
			heaps := make([]string, k)
			for i := range heaps {
				heaps[i] = strconv.Itoa(mask >> i & 1)
			}
			pos, err := Misere.Parse(strings.Join(heaps, " "), solver.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !solver.HasMoves(pos) {
				continue
			}
			n++
			r := explain.Solve(ctx, pos)
			var text strings.Builder
			for _, st := range explain.Summary(ctx, r, explain.Options{}) {
				if st.Title == "Why" || st.Title == "Finding it" {
					text.WriteString(st.Body + "\n")
				}
			}
			for _, m := range pos.Moves() {
				steps, err := explain.Why(ctx, r, m, nil)
				if err != nil {
					t.Fatal(err)
				}
				text.WriteString(steps[0].Body + "\n")
			}
			if strings.Contains(text.String(), "XOR") {
				t.Fatalf("misere %q argues with the XOR:\n%s", pos, text.String())
			}
		}
	}
	t.Logf("%d positions", n)
}

// TestMoveErrors checks what a move that cannot be played is told,
// including on a heap of 1 and a position of one heap, where "take 1
// to 1" and "numbered 1 to 1" read as nonsense.
func TestMoveErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		move Move
		want string
	}{
		{"1 3", Move{1, 2}, "move: heap 1 has 1 object, so a move there takes 1"},
		{"1 3", Move{2, 4}, "move: heap 2 has 3 objects; take 1 to 3"},
		{"1 3", Move{2, 0}, "move: heap 2 has 3 objects; take 1 to 3"},
		{"1 3", Move{3, 1}, "move: there is no heap 3; heaps are numbered 1 to 2"},
		{"4", Move{2, 1}, "move: there is no heap 2; the only heap is heap 1"},
	} {
		pos, err := Nim.Parse(tc.text, solver.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pos.Play(tc.move); err == nil || err.Error() != tc.want {
			t.Errorf("%s, move %v: %v; want %q", tc.text, tc.move, err, tc.want)
		}
	}
}
