package binim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/games/gametest"
	"github.com/nimtutor/nimtutor/solver"
)

// specOf is what the shared suite needs of binim or binim2.
func specOf(g *stackGame) gametest.Spec {
	s := gametest.Spec{
		Game: g,
		// Every multiset of size stacks of 1..VerifyStackLen symbols, either
		// player first.
		Positions: func(size int, yield func(string, solver.ParseOptions)) {
			var all []string
			for n := 1; n <= VerifyStackLen; n++ {
				solver.EnumerateStrings(n, "01", func(s string) bool { all = append(all, s); return true })
			}
			var rec func(picked []string, from int)
			rec = func(picked []string, from int) {
				if len(picked) == size {
					for _, first := range []string{"Dee", "Dum"} {
						yield(strings.Join(picked, " "), solver.ParseOptions{First: first})
					}
					return
				}
				for j := from; j < len(all); j++ {
					rec(append(picked, all[j]), j)
				}
			}
			rec(nil, 0)
		},
		Small: 2,
		// Every worked number in the reasoning and the hints is a number
		// claim.
		NumberedReasoning: true,
		// Multisets of size stacks among the 30 stacks of 1 to 4 symbols,
		// with either player first.
		StartsCount: func(size int) int { return 2 * multisets(30, size) },
		Build: func(text string, first solver.Player) solver.Position {
			return &Stacks{game: g, stacks: strings.Fields(text), mover: first}
		},
		JudgeInput: func(positions []solver.Position) string {
			var b strings.Builder
			b.WriteString(strconv.Itoa(len(positions)) + "\n")
			for _, pos := range positions {
				p := pos.(*Stacks)
				b.WriteString(strconv.Itoa(len(p.stacks)) + " " + g.PlayerName(p.mover) + "\n" + strings.Join(p.stacks, "\n") + "\n")
			}
			return b.String()
		},
		Long: func(n int) string { return strings.Repeat("0", n-2) + " 1" },
		Large: map[string]string{
			"50x50":          randomStacks(rand.New(rand.NewPCG(42, 2)), 50, 50),
			"50 equal":       strings.TrimSpace(strings.Repeat(strings.Repeat("01", 25)+" ", 50)),
			"one long stack": strings.Repeat("01", 3000),
			"many stacks":    strings.TrimSpace(strings.Repeat("0 1 ", 1499)) + " 00",
		},
		Drawn: []gametest.Case{{Name: g.name, Text: "0110 10 0 111 1001 01", First: "Dum"}},
		ShortNumbers: func(r solver.Result) []string {
			switch a := r.Analysis.(type) {
			case BinimAnalysis:
				return []string{fmt.Sprintf("%d in all. Dum's", a.DeeMoves), fmt.Sprintf("%d in all.", a.DumMoves)}
			case Binim2Analysis:
				return []string{fmt.Sprintf("Dee %d", a.DeeExtra), fmt.Sprintf("Dum %d", a.DumExtra)}
			}
			return nil
		},
		MovePhrase: func(pos solver.Position, m solver.Move) string {
			return fmt.Sprintf("take %d from ", m.(Move).Take)
		},
		FollowsStrategy: func(pos solver.Position, m solver.Move, _ []solver.Move) string {
			return followsStrategy(pos.(*Stacks), m.(Move))
		},
	}
	if g.misere {
		s.Explained = []gametest.Case{
			{Name: "binim2_sample", Text: "010 101", First: "Dee"},
			{Name: "binim2_sample_dum", Text: "010 101", First: "Dum"},
			{Name: "binim2_runs", Text: "00110 1101 01 0 0", First: "Dum"},
			{Name: "binim2_loss", Text: "0 00 1 10", First: "Dee"},
			{Name: "binim2_stuck", Text: "1 10 110", First: "Dee"},
			{Name: "binim2_large", Text: "0101101010011010101010111010 0 0 1 10 01 0110 1001 101 010 0 11", First: "Dee"},
		}
		s.Samples = []gametest.Sample{
			{Input: "1\n2 Dee\n010\n101\n", Output: "Dee\n"},
			{Input: "2\n3 Dum\n0011\n00\n1\n3 Dee\n000\n00\n1\n", Output: "Dum\nDum\n"},
		}
		return s
	}
	s.Drawn[0].Text = "010 101 0 0110 1 11"
	s.Explained = []gametest.Case{
		{Name: "binim_dum", Text: "0011 1", First: "Dum"},
		{Name: "binim_dee", Text: "0011 1", First: "Dee"},
		{Name: "binim_stuck", Text: "1 10", First: "Dee"},
		{Name: "binim_mixed", Text: "0110 1001 0 1 1", First: "Dum"},
	}
	s.Samples = []gametest.Sample{{Input: "2\n2 Dee\n010\n101\n3 Dum\n0\n1\n00\n", Output: "Dum\nDee\n"}}
	return s
}

// randomStacks returns k random stacks of n symbols.
func randomStacks(r *rand.Rand, k, n int) string {
	s := make([]string, k)
	for i := range s {
		b := make([]byte, n)
		for j := range b {
			b[j] = "01"[r.IntN(2)]
		}
		s[i] = string(b)
	}
	return strings.Join(s, " ")
}

func TestBinim2(t *testing.T) { gametest.Run(t, specOf(Binim2.(*stackGame))) }
func TestBinim(t *testing.T)  { gametest.Run(t, specOf(Binim.(*stackGame))) }

// TestAnalysis checks the JSON analysis and the move of hand-worked
// positions, each worked out from the rules as the comment says.
func TestAnalysis(t *testing.T) {
	tests := []struct {
		game                          solver.Game
		text, first, answer, analysis string
		move                          solver.Move // nil: no move
	}{
		// 010 and 101 are both top = bottom: one extra move each; equal, the
		// mover wins. Taking the top 0 leaves 10, which cancels: Dum then
		// has one extra move to Dee's none.
		{Binim2, "010 101", "Dee", "Dee", `{"compressed":["010","101"],"dee_extra":1,"dum_extra":1}`, Move{1, 1}},
		// 0011 cancels; 00 is Dee's extra, 1 is Dum's: equal, Dum to move wins.
		{Binim2, "0011 00 1", "Dum", "Dum", `{"compressed":["01","0","1"],"dee_extra":1,"dum_extra":1}`, Move{3, 1}},
		// Dee has 2 extra moves, Dum 1: the one with fewer (Dum) wins.
		{Binim2, "000 00 1", "Dee", "Dum", `{"compressed":["0","0","1"],"dee_extra":2,"dum_extra":1}`, nil},
		// Dee: two 0s in 010; Dum: two 1s in 101. Not strictly more: Dee loses.
		{Binim, "010 101", "Dee", "Dum", `{"dee_moves":2,"dum_moves":2}`, nil},
		// Dee: 0 and 00 give 3; Dum: 1 gives 1. Dum to move loses.
		{Binim, "0 1 00", "Dum", "Dee", `{"dee_moves":3,"dum_moves":1}`, nil},
		// 1s counted only in stacks with 1 on top: 0111 gives Dee one move.
		{Binim, "0111 1101", "Dee", "Dum", `{"dee_moves":1,"dum_moves":3}`, nil},
		// Dee has 2 moves in 0011 against Dum's 1: taking 1 keeps 2 against 1.
		{Binim, "0011 1", "Dee", "Dee", `{"dee_moves":2,"dum_moves":1}`, Move{1, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.game.Name()+" "+tc.text, func(t *testing.T) {
			gametest.CheckSolved(t, tc.game, tc.text, solver.ParseOptions{First: tc.first}, tc.answer, tc.analysis, tc.move)
		})
	}
	if b, _ := json.Marshal(Move{2, 3}); string(b) != `{"stack":2,"take":3}` || (Move{2, 3}).String() != "take 3 from stack 2" {
		t.Errorf("move JSON %s, text %q", b, Move{2, 3})
	}
}

func TestParse(t *testing.T) {
	dee := solver.ParseOptions{First: "Dee"}
	for _, tc := range []struct {
		name string
		game solver.Game
		text string
		opts solver.ParseOptions
		want []string
	}{
		{"only commas", Binim2, ",, ,", dee, []string{"position:", "no stacks"}},
		{"wrong character", Binim2, "01 0x1", dee, []string{"stack 2, character 2", "'x'"}},
		{"wrong digit", Binim, "2", dee, []string{"stack 1, character 1", "'2'"}},
		{"too long", Binim, strings.Repeat("0 ", 3000) + "1", dee, []string{"6001 characters"}},
		{"no first", Binim2, "01", solver.ParseOptions{}, []string{"first:", "binim2", "Dee or Dum"}},
		{"blank first", Binim, "01", solver.ParseOptions{First: "  "}, []string{"first:", "binim", "Dee or Dum"}},
		{"bad first", Binim2, "01", solver.ParseOptions{First: "Tweedle"}, []string{"first:", `"Tweedle"`, "Dee or Dum"}},
		{"strict stack", Binim2, "0 " + strings.Repeat("1", 51), solver.ParseOptions{First: "Dum", Strict: true}, []string{"stack 2 has 51 symbols", "at most 50"}},
		{"strict stacks", Binim, strings.Repeat("01 ", 51), solver.ParseOptions{First: "Dee", Strict: true}, []string{"51 stacks", "at most 50"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.game.Parse(tc.text, tc.opts)
			gametest.WantInputError(t, err, tc.want...)
		})
	}
	for _, tc := range []struct {
		game        solver.Game
		text, first string
		want        string
		strict      bool
		wantToMove  solver.Player
	}{
		{Binim2, " 0, 1\t00 ,,  11\n", "Dum", "0 1 00 11", false, 1},
		{Binim, "01", " dUM ", "01", false, 1},
		{Binim2, strings.Repeat("0", 51), "Dee", strings.Repeat("0", 51), false, 0},
		{Binim2, strings.TrimSpace(strings.Repeat(strings.Repeat("1", 50)+" ", 50)), "Dee", strings.TrimSpace(strings.Repeat(strings.Repeat("1", 50)+" ", 50)), true, 0},
	} {
		pos, err := tc.game.Parse(tc.text, solver.ParseOptions{First: tc.first, Strict: tc.strict})
		if err != nil || pos.String() != tc.want || pos.ToMove() != tc.wantToMove {
			t.Errorf("Parse(%q, %q) = %v, %v", solver.Clip([]byte(tc.text)), tc.first, pos, err)
		}
	}
}

func TestJudge(t *testing.T) {
	stacks := func(n, length int) string { return strings.Repeat(strings.Repeat("1", length)+"\n", n) }
	for _, tc := range []struct {
		name   string
		game   solver.Game
		input  string
		strict bool
		want   string
		err    []string
	}{
		{"stacks end early", Binim2, "1\n2 Dee\n010\n", false, "", []string{"line 4:", "ended before stack 2 of test 1 of 1"}},
		{"head missing", Binim, "2\n1 Dee\n0\n", false, "", []string{"line 4:", `ended before the line "N S" of test 2 of 2`}},
		{"head one field", Binim2, "1\n2\n01\n10\n", false, "", []string{"line 2:", `"2" should be "N S"`}},
		{"head three fields", Binim2, "1\n2 Dee Dum\n01\n10\n", false, "", []string{"line 2:", "should be \"N S\""}},
		{"head bad N", Binim2, "1\nx Dee\n01\n", false, "", []string{"line 2:", `"x" is not a number of stacks`}},
		{"head zero N", Binim, "1\n0 Dee\n", false, "", []string{"line 2:", `"0" is not a number of stacks`}},
		{"head bad player", Binim2, "1\n1 Tweedle\n01\n", false, "", []string{"line 2:", `"Tweedle" is not a player`, "Dee or Dum"}},
		{"head lowercase player", Binim2, "1\n1 dee\n01\n", false, "", []string{"line 2:", `"dee" is not a player`}},
		{"bad stack symbol", Binim2, "1\n2 Dee\n010\n1x1\n", false, "", []string{"line 4:", "character 2 is 'x'"}},
		{"empty stack", Binim, "1\n2 Dee\n0\n\n", false, "", []string{"line 4:", "stack 2 of test 1 is empty"}},
		{"trailing after blanks", Binim2, "1\n1 Dee\n0\n\n\nDum\n", false, "", []string{"line 6:", "more input"}},
		{"strict T", Binim2, "501\n", true, "", []string{"line 1:", "T is 501", "1 to 500"}},
		{"strict N", Binim2, "1\n51 Dee\n" + stacks(51, 1), true, "", []string{"line 2:", "N is 51", "at most 50"}},
		{"strict stack length", Binim, "1\n2 Dum\n0\n" + stacks(1, 51), true, "", []string{"line 4:", "stack 2 has 51 symbols", "at most 50"}},
		{"51 stacks", Binim2, "1\n51 Dee\n" + strings.Repeat("1\n", 51), false, "Dee\n", nil}, // Dum has 51 extra moves
		{"long stack", Binim, "1\n1 Dee\n" + strings.Repeat("0", 51) + "\n", false, "Dee\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := gametest.JudgeString(t, tc.game, tc.input, tc.strict)
			if tc.err != nil {
				gametest.WantInputError(t, err, tc.err...)
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("Judge = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func FuzzParseBinim2(f *testing.F) {
	gametest.FuzzParse(f, specOf(Binim2.(*stackGame)), []string{"010 101", "0011, 00 1", " 0 ,1 ", "0 1 00 11", "1x", "000 00 1", "01 10 0110"})
}

func FuzzParseBinim(f *testing.F) {
	gametest.FuzzParse(f, specOf(Binim.(*stackGame)), []string{"0011 1", "010 101", "0111 1101", "0 1 00"})
}

func FuzzJudgeBinim2(f *testing.F) {
	gametest.FuzzJudge(f, specOf(Binim2.(*stackGame)), []string{"1\n2 Dee\n010\n101\n", "2\n3 Dum\n0011\n00\n1\n3 Dee\n000\n00\n1\n", "1\n1 Dee\n0\n\nDum\n"})
}

func FuzzJudgeBinim(f *testing.F) {
	gametest.FuzzJudge(f, specOf(Binim.(*stackGame)), []string{"2\n2 Dee\n010\n101\n3 Dum\n0\n1\n00\n", "1\r\n 2   Dee \r\n010\r\n101"})
}

// judgeInput is 2000 tests of 50 stacks of 50 symbols, the contest's
// largest.
func judgeInput() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	const tests = 2000
	b.WriteString(strconv.Itoa(tests) + "\n")
	for test := range tests {
		b.WriteString("50 " + []string{"Dee", "Dum"}[test%2] + "\n")
		b.WriteString(strings.ReplaceAll(randomStacks(r, 50, 50), " ", "\n") + "\n")
	}
	return b.Bytes()
}

func TestJudgeBenchInput(t *testing.T) {
	for _, g := range []*stackGame{Binim2.(*stackGame), Binim.(*stackGame)} {
		t.Run(g.name, func(t *testing.T) { gametest.CheckJudgeInput(t, specOf(g), judgeInput()) })
	}
}

// BenchmarkJudge measures the judges in MB/s of input
// (go test ./games/binim -run '^$' -bench Judge -cpu 1).
func BenchmarkJudge(b *testing.B) {
	in := judgeInput()
	b.Run("binim2", func(b *testing.B) { gametest.BenchJudge(b, Binim2, in) })
	b.Run("binim", func(b *testing.B) { gametest.BenchJudge(b, Binim, in) })
}

// benchPositions are positions of 6000 characters, or 50 stacks of 50.
func benchPositions() map[string]string {
	long := randomStacks(rand.New(rand.NewPCG(3, 4)), 1, solver.MaxPositionLen)
	return map[string]string{
		"one stack":   long,
		"many stacks": strings.TrimSpace(strings.Repeat("0 1 ", solver.MaxPositionLen/4-1)) + " 00",
		"50x50":       strings.TrimSpace(strings.Repeat(long[:50]+" ", 50)),
		// binim2: only taking the whole first stack wins, its last move.
		"zeros": strings.Repeat("0", solver.MaxPositionLen-2) + " 1",
	}
}

// BenchmarkSolve measures Solve on the largest positions.
func BenchmarkSolve(b *testing.B) {
	b.Run("binim2", func(b *testing.B) { gametest.BenchSolve(b, Binim2, benchPositions()) })
	b.Run("binim", func(b *testing.B) { gametest.BenchSolve(b, Binim, benchPositions()) })
}

// BenchmarkVerify measures exhaustive verification at the default size.
func BenchmarkVerify(b *testing.B) {
	b.Run("binim2", func(b *testing.B) { gametest.BenchVerify(b, Binim2, Binim2.VerifySize()) })
	b.Run("binim", func(b *testing.B) { gametest.BenchVerify(b, Binim, Binim.VerifySize()) })
}

// BenchmarkExplain measures a solve reply without its picture on 2000
// characters.
func BenchmarkExplain(b *testing.B) {
	r := rand.New(rand.NewPCG(2000, 4))
	positions := map[string]string{"40x49": randomStacks(r, 40, 49), "one-stack": randomStacks(r, 1, 2000)}
	b.Run("binim2", func(b *testing.B) { gametest.BenchExplain(b, Binim2, positions) })
	b.Run("binim", func(b *testing.B) { gametest.BenchExplain(b, Binim, positions) })
}

// BenchmarkDraw measures the annotated picture, small and largest.
func BenchmarkDraw(b *testing.B) {
	positions := map[string]string{"small": "0110 10 0 111 1001 01", "max": specOf(Binim2.(*stackGame)).Large["50x50"]}
	b.Run("binim2", func(b *testing.B) { gametest.BenchDraw(b, Binim2, positions) })
	b.Run("binim", func(b *testing.B) { gametest.BenchDraw(b, Binim, positions) })
}

// TestKeyIgnoresStackOrder checks that permuting the stacks changes
// neither the explanation's key nor its text, and that the move it
// teaches is mapped back to the student's own stack numbers.
func TestKeyIgnoresStackOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, tt := range []struct {
		game       solver.Game
		pos, first string
	}{
		{Binim2, "010 101", "Dee"},
		{Binim2, "0011 1 10 0 0110", "Dum"},
		{Binim2, "1 10 110", "Dee"},
		{Binim, "0011 1", "Dum"},
		{Binim, "0110 1001 0 1 1", "Dum"},
		{Binim, "0 00 000 1", "Dee"},
	} {
		t.Run(tt.game.Name()+" "+tt.pos+" "+tt.first, func(t *testing.T) {
			parse := func(text string) solver.Result {
				pos, err := tt.game.Parse(text, solver.ParseOptions{First: tt.first})
				if err != nil {
					t.Fatal(err)
				}
				return solver.Solve(pos)
			}
			texts := func(res solver.Result) string {
				var b strings.Builder
				for _, st := range append(explain.Explain(res, explain.Options{}), explain.Hints(context.Background(), res, explain.Options{MaxItems: 3})...) {
					b.WriteString(st.Title + "\n" + st.Body + "\n")
				}
				return b.String()
			}
			base := parse(tt.pos)
			want, wantKey := texts(base), explain.Key(base.Position)
			stacks := strings.Fields(tt.pos)
			for range 20 {
				r.Shuffle(len(stacks), func(i, j int) { stacks[i], stacks[j] = stacks[j], stacks[i] })
				res := parse(strings.Join(stacks, " "))
				if got := explain.Key(res.Position); got != wantKey {
					t.Fatalf("Key(%q) = %q, want %q", res.Position, got, wantKey)
				}
				if got := texts(res); got != want {
					t.Fatalf("%q explains differently from %q:\n%s\nwant\n%s", res.Position, tt.pos, got, want)
				}
				if m := explain.LocalMove(res); m != nil {
					next, err := res.Position.Play(m)
					if o, _ := next.Analyze(); err != nil || -o != res.Outcome {
						t.Fatalf("%q: LocalMove %v is not optimal (%v)", res.Position, m, err)
					}
				}
			}
		})
	}
}

// followsStrategy says why the taught move m breaks the strategy, or "":
// in binim it takes exactly one own symbol and the opponent's run under
// it; in binim2 it spends one of the mover's extra moves, or with none to
// spend hands one over.
func followsStrategy(p *Stacks, sm Move) string {
	s := p.Stacks()[sm.Stack-1]
	own := s[0]
	rest := s[sm.Take:]
	if !p.Misere() {
		if strings.Count(s[:sm.Take], string(own)) != 1 || rest != "" && rest[0] != own {
			return "does not take exactly one own symbol and the opponent's run under it"
		}
		return ""
	}
	next, _ := p.Play(sm)
	b, a := p.counts(), next.(*Stacks).counts()
	me, them := p.ToMove(), p.ToMove().Other()
	hasExtra := false
	for _, t := range p.Stacks() {
		if t[0] == own && t[len(t)-1] == own {
			hasExtra = true
		}
	}
	switch {
	case a[me] == b[me]-1 && a[them] == b[them]:
	case !hasExtra && a[them] == b[them]+1 && a[me] == b[me]:
	default:
		return fmt.Sprintf("extra moves go from %v to %v; want one of the mover's spent, or (with none to spend) one handed over", b, a)
	}
	return ""
}

// multisets counts the multisets of k elements from n kinds.
func multisets(n, k int) int {
	c := 1
	for i := 0; i < k; i++ {
		c = c * (n + i) / (i + 1)
	}
	return c
}

// TestCompressionByVariant checks the lesson's rule on runs by the
// textbook recursion on every position of up to 3 stacks of up to 4
// symbols, each player first: in BINIM2 compressing every stack keeps
// the outcome; in BINIM it does not always (the lesson's `0011 1`
// against `01 1`, Dee to move).
func TestCompressionByVariant(t *testing.T) {
	for _, g := range []*stackGame{Binim2.(*stackGame), Binim.(*stackGame)} {
		memo := map[string]solver.Value{}
		n, differ := 0, 0
		s := specOf(g)
		for size := 1; size <= 3; size++ {
			s.Positions(size, func(text string, opts solver.ParseOptions) {
				pos, err := g.Parse(text, opts)
				if err != nil {
					t.Fatal(err)
				}
				stacks := strings.Fields(text)
				for i := range stacks {
					stacks[i] = Compress(stacks[i])
				}
				comp, err := g.Parse(strings.Join(stacks, " "), opts)
				if err != nil {
					t.Fatal(err)
				}
				n++
				if gametest.PlainValue(t, pos, memo).Outcome != gametest.PlainValue(t, comp, memo).Outcome {
					differ++
					if g.misere {
						t.Fatalf("binim2 %q (%s first) and its compressed %q differ", text, opts.First, comp)
					}
				}
			})
		}
		if !g.misere && differ == 0 {
			t.Fatalf("binim: compressing never changed an outcome in %d positions; the lesson says it does", n)
		}
		t.Logf("%s: %d positions, %d change outcome when compressed", g.name, n, differ)
	}
}

// TestMoveErrors checks what a move that cannot be played is told: whose
// symbol a stack must have on top, and the limits on a stack of 1 and a
// position of one stack, where "take 1 to 1" read as nonsense.
func TestMoveErrors(t *testing.T) {
	for _, tc := range []struct {
		text  string
		first string
		move  Move
		want  string
	}{
		{"010 1", "Dee", Move{2, 1}, "move: stack 2 has a 1 on top, and Dee takes only from a stack with a 0 on top"},
		{"010 1", "Dum", Move{1, 1}, "move: stack 1 has a 0 on top, and Dum takes only from a stack with a 1 on top"},
		{"010 1", "Dum", Move{2, 2}, "move: stack 2 has 1 symbol, so a move there takes 1"},
		{"010 1", "Dee", Move{1, 4}, "move: stack 1 has 3 symbols; take 1 to 3"},
		{"010", "Dee", Move{2, 1}, "move: there is no stack 2; the only stack is stack 1"},
	} {
		pos, err := Binim.Parse(tc.text, solver.ParseOptions{First: tc.first})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pos.Play(tc.move); err == nil || err.Error() != tc.want {
			t.Errorf("%s, %s first, move %v: %v; want %q", tc.text, tc.first, tc.move, err, tc.want)
		}
	}
}
