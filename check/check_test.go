package check_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/check"
	_ "github.com/nimtutor/nimtutor/games/all"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// truth returns the judge's answers to input.
func truth(tb testing.TB, g solver.Game, input []byte) []string {
	tb.Helper()
	var out bytes.Buffer
	if err := solver.Judge(tb.Context(), g, bytes.NewReader(input), &out, true); err != nil {
		tb.Fatalf("%s: the generated input is not valid in strict mode: %v", g.Name(), err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func TestGenerateIsValidAndReproducible(t *testing.T) {
	// The games come from the registry: a test binary that registers
	// none would pass every loop below without checking anything.
	if n := len(check.Games()); n < len(solver.Games()) || n < 5 {
		t.Fatalf("only %d games have a test generator; every registered game should", n)
	}
	for _, g := range check.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			a, err := check.Generate(g, 7)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := check.Generate(g, 7)
			c, _ := check.Generate(g, 8)
			if !bytes.Equal(a.Input, b.Input) {
				t.Error("the same seed gave two different files")
			}
			if bytes.Equal(a.Input, c.Input) {
				t.Error("seeds 7 and 8 gave the same file")
			}
			want := truth(t, g, a.Input)
			if len(want) != len(a.Tests) {
				t.Fatalf("%d answers for %d tests", len(want), len(a.Tests))
			}
			seen := map[string]bool{}
			for _, w := range want {
				seen[w] = true
			}
			if len(seen) < 2 {
				t.Errorf("every answer is %v; the file should exercise both verdicts", want[0])
			}
			cases, err := check.Cases(g, a.Input)
			if err != nil {
				t.Fatal(err)
			}
			for k, c := range cases {
				if c.Text != a.Tests[k].Text || c.First != a.Tests[k].First {
					t.Fatalf("case %d reads back as %+v, want %+v", k+1, c.Test, a.Tests[k])
				}
			}
			if seed, ok := check.SeedFromName(a.Name()); !ok || seed != 7 {
				t.Errorf("check.SeedFromName(%q) = %d, %v", a.Name(), seed, ok)
			}
		})
	}
}

// TestGeneratedAnswersAgreeWithSearch checks every generated test small
// enough for the exhaustive search against it.
func TestGeneratedAnswersAgreeWithSearch(t *testing.T) {
	for _, g := range check.Games() {
		f, _ := check.Generate(g, 1)
		want := truth(t, g, f.Input)
		searched := 0
		for k, c := range f.Tests {
			pos, err := g.Parse(c.Text, solver.ParseOptions{First: c.First, Long: true})
			if err != nil {
				continue
			}
			v, ok := solver.Reach(context.Background(), pos, 1<<18)
			if !ok {
				continue
			}
			searched++
			if got := solver.AnswerFor(g, pos.ToMove(), v.Outcome); got != want[k] {
				t.Errorf("%s test %d %q: search says %s, the judge %s", g.Name(), k+1, c.Text, got, want[k])
			}
		}
		if searched < len(f.Tests)/2 {
			t.Errorf("%s: only %d of %d tests searched", g.Name(), searched, len(f.Tests))
		}
		t.Logf("%s: %d of %d generated tests agree with exhaustive search", g.Name(), searched, len(f.Tests))
	}
}

func TestCompare(t *testing.T) {
	g, _ := solver.Lookup("adapwns")
	input := []byte("4\n..P.P\nPP\n...P\n.P\n")
	right := "Yes\nNo\nNo\nYes\n"
	if want := strings.Join(truth(t, g, input), "\n") + "\n"; want != right {
		t.Fatalf("fixture answers are %q, the judge says %q", right, want)
	}
	tests := []struct {
		name, output      string
		right, wrong, bad int
		smallest          string // the smallest failing position
		problemLine       int
		problemHas        string
	}{
		{name: "all right", output: right, right: 4},
		{name: "crlf and trailing blank lines", output: "Yes\r\nNo\r\nNo\r\nYes\r\n\n\n", right: 4},
		{name: "two wrong, smallest wins", output: "Yes\nNo\nYes\nNo\n", right: 2, wrong: 2, smallest: ".P"},
		{name: "short", output: "Yes\nNo\n", right: 2, bad: 1, problemLine: 3, problemHas: "answers 3 to 4 are missing"},
		{name: "long", output: right + "Yes\nNo\n", right: 4, bad: 1, problemLine: 5, problemHas: "extra"},
		{name: "unknown token", output: "Yes\nMaybe\nNo\nYes\n", right: 3, bad: 1, problemLine: 2, problemHas: `"Maybe" is not an answer`},
		{name: "wrong case", output: "yes\nNo\nNo\nYes\n", right: 3, bad: 1, problemLine: 1, problemHas: `exactly as "Yes"`},
		{name: "blank line inside", output: "Yes\n\nNo\nYes\n", right: 3, bad: 1, problemLine: 2, problemHas: "empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := check.Compare(context.Background(), g, input, []byte(tc.output))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Right != tc.right || rep.Wrong != tc.wrong || rep.Malformed != tc.bad {
				t.Errorf("right, wrong, malformed = %d, %d, %d; want %d, %d, %d", rep.Right, rep.Wrong, rep.Malformed, tc.right, tc.wrong, tc.bad)
			}
			if got := rep.OK(); got != (tc.right == 4 && tc.bad == 0) {
				t.Errorf("OK() = %v", got)
			}
			switch {
			case tc.smallest == "" && rep.Smallest != nil:
				t.Errorf("smallest failing case %q, want none", rep.Smallest.Text)
			case tc.smallest != "" && (rep.Smallest == nil || rep.Smallest.Text != tc.smallest):
				t.Errorf("smallest failing case %+v, want %q", rep.Smallest, tc.smallest)
			}
			if tc.problemLine != 0 {
				if len(rep.Problems) == 0 || rep.Problems[0].Line != tc.problemLine || !strings.Contains(rep.Problems[0].Msg, tc.problemHas) {
					t.Errorf("problems %v, want line %d with %q", rep.Problems, tc.problemLine, tc.problemHas)
				}
			}
		})
	}
}

func TestCompareSmallestOnGeneratedFile(t *testing.T) {
	for _, g := range check.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			f, _ := check.Generate(g, 3)
			want := truth(t, g, f.Input)
			// A program that always prints the first answer of the
			// game fails exactly the tests whose answer differs.
			rep0, err := check.Compare(context.Background(), g, f.Input, []byte(strings.Repeat(want[0]+"\n", len(want))))
			if err != nil {
				t.Fatal(err)
			}
			var best *check.Case
			cases, _ := check.Cases(g, f.Input)
			for k := range cases {
				if want[k] != want[0] && (best == nil || cases[k].Size() < best.Size()) {
					best = &cases[k]
				}
			}
			if best == nil || rep0.Smallest == nil || rep0.Smallest.Number != best.Number {
				t.Fatalf("smallest failing case %+v, want test %+v", rep0.Smallest, best)
			}
			if rep0.Smallest.Expected != want[best.Number-1] || rep0.Smallest.Got != want[0] {
				t.Errorf("expected %q got %q", rep0.Smallest.Expected, rep0.Smallest.Got)
			}
			if rep0.Right+rep0.Wrong != rep0.Tests {
				t.Errorf("right %d + wrong %d != tests %d", rep0.Right, rep0.Wrong, rep0.Tests)
			}
			_, steps, err := check.Explain(context.Background(), g, rep0.Smallest, explain.Options{MaxItems: 6})
			if err != nil || len(steps) == 0 {
				t.Errorf("explaining the smallest case: %v, %d steps", err, len(steps))
			}
		})
	}
}

func TestCompareBadInput(t *testing.T) {
	g, _ := solver.Lookup("adapwns")
	_, err := check.Compare(context.Background(), g, []byte("2\n..P\nxx\n"), []byte("Yes\nNo\n"))
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("err = %v, want one naming line 3", err)
	}
}

func TestSeedFromName(t *testing.T) {
	for name, want := range map[string]uint64{"abgame-tests-seed-12.txt": 12, "out_seed_99.txt": 99, "Seed-5": 5} {
		if got, ok := check.SeedFromName(name); !ok || got != want {
			t.Errorf("check.SeedFromName(%q) = %d, %v; want %d", name, got, ok, want)
		}
	}
	for _, name := range []string{"out.txt", "seed.txt", "seed-x.txt", "seeds"} {
		if _, ok := check.SeedFromName(name); ok {
			t.Errorf("check.SeedFromName(%q) found a seed", name)
		}
	}
}
