package gametest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// JudgeString runs g's judge on input and returns its output.
func JudgeString(tb testing.TB, g solver.Game, input string, strict bool) (string, error) {
	tb.Helper()
	var out strings.Builder
	err := solver.Judge(tb.Context(), g, strings.NewReader(input), &out, strict)
	return out.String(), err
}

// WantInputError fails the test unless err is an *InputError whose
// message holds every one of parts.
func WantInputError(tb testing.TB, err error, parts ...string) {
	tb.Helper()
	if err == nil {
		tb.Fatalf("got no error, want an *InputError mentioning %q", parts)
	}
	wantInputError(tb, err, parts...)
}

// testJudgeSamples runs the problem's samples through the judge, strict
// and not, and with Windows line endings and stray blanks.
func testJudgeSamples(t *testing.T, s Spec) {
	if len(s.Samples) == 0 {
		t.Fatal("no samples")
	}
	for _, sample := range s.Samples {
		for _, input := range []string{sample.Input, strings.ReplaceAll(sample.Input, "\n", " \r\n")} {
			for _, strict := range []bool{false, true} {
				got, err := JudgeString(t, s.Game, input, strict)
				if err != nil {
					t.Fatalf("Judge(%q, strict %v): %v", input, strict, err)
				}
				if got != sample.Output {
					t.Errorf("Judge(%q, strict %v) = %q, want %q", input, strict, got, sample.Output)
				}
			}
		}
	}
}

// testJudgeEqualsSolve judges every small starting position in one input
// and compares each line with Solve.
func testJudgeEqualsSolve(t *testing.T, s Spec) {
	var positions []solver.Position
	var want strings.Builder
	starts(t, s, s.Small-2, func(pos solver.Position) {
		positions = append(positions, pos)
		want.WriteString(solver.Solve(pos).Answer() + "\n")
	})
	got, err := JudgeString(t, s.Game, s.JudgeInput(positions), false)
	if err != nil {
		t.Fatal(err)
	}
	if got != want.String() {
		t.Errorf("judge and Solve disagree on some of %d positions", len(positions))
	}
	t.Logf("%d positions judged", len(positions))
}

// FuzzParse checks the parser on arbitrary text: an error is an
// *InputError that says what and where; a position round-trips through
// its text and state, Solve's move is legal and keeps Solve's outcome,
// the judge agrees with Solve, and small positions agree with search.
func FuzzParse(f *testing.F, s Spec, seeds []string) {
	firsts := []string{"Dee", "Dum", "", "dum", "x"}
	for i, seed := range append(seeds, "", " ", "\t\n", "\x00", "é", ",", "0", "1", ".", "P", "A", "B") {
		f.Add(seed, firsts[i%len(firsts)], i%3 == 0)
	}
	g := s.Game
	f.Fuzz(func(t *testing.T, text, first string, strict bool) {
		opts := solver.ParseOptions{First: first, Strict: strict}
		pos, err := g.Parse(text, opts)
		if err != nil {
			var ie *solver.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Parse(%q): error %v is %T, want *InputError", text, err, err)
			}
			if ie.Field == "" || ie.Msg == "" {
				t.Errorf("Parse(%q): error %#v lacks what or where", text, ie)
			}
			return
		}
		if g.NeedsFirst() {
			opts.First = g.PlayerName(pos.ToMove())
		}
		checkPosition(t, s, pos, opts)
	})
}

// fuzzBudget bounds the exhaustive search a fuzz input may ask for.
const fuzzBudget = 20000

// checkPosition asserts what every parsed position satisfies.
func checkPosition(t *testing.T, s Spec, pos solver.Position, opts solver.ParseOptions) {
	t.Helper()
	g := s.Game
	text := pos.String()
	if text == "" || len(text) > solver.MaxPositionLen {
		t.Fatalf("parsed position %q has %d characters", solver.Clip([]byte(text)), len(text))
	}
	again, err := g.Parse(text, opts)
	if err != nil {
		t.Fatalf("Parse(String()) of %q: %v", solver.Clip([]byte(text)), err)
	}
	if got := again.String(); got != text {
		t.Errorf("round trip: got String %q, want %q", solver.Clip([]byte(got)), solver.Clip([]byte(text)))
	}
	a, okA := g.Encode(again)
	b, okB := g.Encode(pos)
	if okA != okB || a != b {
		t.Errorf("round trip: got state %#x, want %#x", a, b)
	}
	r := solver.Solve(pos)
	if r.Move != nil {
		next, err := pos.Play(r.Move)
		if err != nil {
			t.Fatalf("%q: Solve's move %v is illegal: %v", solver.Clip([]byte(text)), r.Move, err)
		}
		if o, _ := next.Analyze(); -o != r.Outcome {
			t.Errorf("%q: after Solve's move %v the mover's outcome is %v, want %v", solver.Clip([]byte(text)), r.Move, -o, r.Outcome)
		}
	} else if r.Outcome != solver.Loss && solver.HasMoves(pos) {
		t.Errorf("%q: outcome %v but Solve gives no move", solver.Clip([]byte(text)), r.Outcome)
	}
	got, err := JudgeString(t, g, s.JudgeInput([]solver.Position{pos}), false)
	if err != nil {
		t.Fatalf("Judge of %q: %v", solver.Clip([]byte(text)), err)
	}
	if want := r.Answer() + "\n"; got != want {
		t.Errorf("%q: Judge says %q, Solve says %q", solver.Clip([]byte(text)), got, want)
	}
	if !okB {
		return
	}
	v, err := solver.NewSearch(g, fuzzBudget).Value(context.Background(), b)
	if errors.Is(err, solver.ErrBudget) {
		return
	}
	if err != nil {
		t.Fatalf("%q: search: %v", text, err)
	}
	if v.Outcome != r.Outcome {
		t.Errorf("%q: search says %v, formula says %v", text, v, r.Outcome)
	}
	// Within the search's reach, every claim every surface makes about
	// the position holds too.
	if len(text) <= maxFuzzClaimLen {
		checkClaimsAt(t, s, NewOracle(t), pos)
	}
}

// maxFuzzClaimLen is the longest fuzzed position whose claims are
// checked: the why report of each of its moves is rendered and checked.
const maxFuzzClaimLen = 12

// FuzzJudge runs the judge on arbitrary input. It fails only with an
// *InputError that names a line; when it succeeds, every test it answered
// is read again, line by line, and must get the same answer from the
// formula.
func FuzzJudge(f *testing.F, s Spec, seeds []string) {
	for i, seed := range append(seeds, "", "0\n", "-1\n") {
		f.Add(seed, i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, input string, strict bool) {
		out, err := JudgeString(t, s.Game, input, strict)
		if err != nil {
			var ie *solver.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Judge(%q): error %v is %T, want *InputError", input, err, err)
			}
			if !strings.HasPrefix(ie.Field, "line ") {
				t.Errorf("Judge(%q): error %q does not name a line", input, err)
			}
			return
		}
		if want := Rejudge(t, s, input); out != want {
			t.Errorf("Judge(%q) = %q, but the formula says %q", input, out, want)
		}
	})
}

// Rejudge reads a judge input that the judge accepted, the slow way, and
// answers each test with the formula on a position built by Spec.Build.
func Rejudge(tb testing.TB, s Spec, input string) string {
	tb.Helper()
	g := s.Game
	lines := strings.Split(input, "\n")
	for i := range lines {
		lines[i] = strings.Trim(lines[i], " \t\r")
	}
	next := 0
	line := func() string {
		if next >= len(lines) {
			tb.Fatalf("Judge accepted %q, but it ends early", solver.Clip([]byte(input)))
		}
		next++
		return lines[next-1]
	}
	tests, err := strconv.Atoi(line())
	if err != nil {
		tb.Fatalf("Judge accepted %q with T %q", solver.Clip([]byte(input)), lines[0])
	}
	var b strings.Builder
	for test := 0; test < tests; test++ {
		text, first := line(), solver.Player(0)
		if g.NeedsFirst() {
			head := strings.Fields(text)
			n, err := strconv.Atoi(head[0])
			if len(head) != 2 || err != nil {
				tb.Fatalf("Judge accepted head %q", text)
			}
			stacks := make([]string, n)
			for i := range stacks {
				stacks[i] = line()
			}
			text = strings.Join(stacks, " ")
			if head[1] == g.PlayerName(1) {
				first = 1
			}
		}
		pos := s.Build(text, first)
		o, _ := pos.Analyze()
		b.WriteString(solver.AnswerFor(g, first, o) + "\n")
	}
	for _, rest := range lines[next:] {
		if rest != "" {
			tb.Fatalf("Judge accepted %q with trailing %q", solver.Clip([]byte(input)), rest)
		}
	}
	return b.String()
}

// CheckJudgeInput checks that a benchmark's input is valid and that the
// judge's answers agree with the formula, so that the benchmark measures
// real work. Under -short or the race detector only the first tests are
// checked.
func CheckJudgeInput(t *testing.T, s Spec, input []byte) {
	text := string(input)
	if testing.Short() || RaceEnabled {
		text = firstTests(t, s.Game, text, 50)
	}
	got, err := JudgeString(t, s.Game, text, false)
	if err != nil {
		t.Fatal(err)
	}
	if got != Rejudge(t, s, text) {
		t.Errorf("Judge and the formula disagree on the benchmark input")
	}
}

// firstTests cuts a judge input down to its first n tests.
func firstTests(tb testing.TB, g solver.Game, input string, n int) string {
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

// BenchJudge measures g's judge on input, in MB/s of input.
func BenchJudge(b *testing.B, g solver.Game, input []byte) {
	rd := bytes.NewReader(input)
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		rd.Reset(input)
		if err := solver.Judge(b.Context(), g, rd, io.Discard, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchSolve measures Solve on each of positions.
func BenchSolve(b *testing.B, g solver.Game, positions map[string]string) {
	for name, text := range positions {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			pos := mustParse(b, g, text, solver.ParseOptions{First: g.PlayerName(0)})
			b.ReportAllocs()
			for b.Loop() {
				solver.Solve(pos)
			}
		})
	}
}

// BenchVerify measures exhaustive verification of every starting position
// of g up to each size.
func BenchVerify(b *testing.B, g solver.Game, sizes ...int) {
	for _, size := range sizes {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			for b.Loop() {
				rows, err := solver.Verify(context.Background(), g, size, nil)
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

// CheckSolved parses text as a position of g and checks what solve says
// of it: the judge's answer, the analysis as the JSON contract writes it,
// and the move (nil for none): a worked example of a game's tests.
func CheckSolved(t *testing.T, g solver.Game, text string, opts solver.ParseOptions, answer, analysis string, move solver.Move) {
	t.Helper()
	pos, err := g.Parse(text, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := solver.Solve(pos)
	if got := r.Answer(); got != answer {
		t.Errorf("Answer() = %q, want %q", got, answer)
	}
	if b, _ := json.Marshal(r.Analysis); string(b) != analysis {
		t.Errorf("analysis\n got %s\nwant %s", b, analysis)
	}
	if r.Move != move {
		t.Errorf("move %v, want %v", r.Move, move)
	}
}

// LinePerPosition writes the judge input of the games whose test file is
// the number of tests, then each position's text on a line of its own: a
// Spec's JudgeInput for them.
func LinePerPosition(positions []solver.Position) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(positions)) + "\n")
	for _, p := range positions {
		b.WriteString(p.String() + "\n")
	}
	return b.String()
}
