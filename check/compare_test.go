package check_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// buggy answers input as a program with a bug would: the truth, except
// on the tests whose position hashes to 0 mod every, where it gives
// another answer.
func buggy(tb testing.TB, g solver.Game, input []byte, every uint32) ([]string, []check.Case) {
	tb.Helper()
	want := truth(tb, g, input)
	cases, err := check.Cases(g, input)
	if err != nil {
		tb.Fatal(err)
	}
	answers := slices.Compact(slices.Sorted(slices.Values(want)))
	out := slices.Clone(want)
	for k, c := range cases {
		if bug(c, every) {
			i := slices.Index(answers, want[k])
			out[k] = answers[(i+1)%len(answers)]
		}
	}
	return out, cases
}

// bug reports whether the buggy program errs on c.
func bug(c check.Case, every uint32) bool {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s|%s", c.Text, c.First)
	return h.Sum32()%every == 0
}

// TestSmallestFailingIsSmallest: with the test file holding every small
// position first, the smallest failing test /check reports is the
// smallest position the buggy program fails on among all positions of
// the file's small sizes, for every game and several bugs.
func TestSmallestFailingIsSmallest(t *testing.T) {
	ctx := context.Background()
	for _, g := range check.Games() {
		f, err := check.Generate(g, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, every := range []uint32{3, 5, 7, 11} {
			out, cases := buggy(t, g, f.Input, every)
			rep, err := check.Compare(ctx, g, f.Input, []byte(strings.Join(out, "\n")+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Smallest == nil {
				continue
			}
			smallest := rep.Smallest.Size()
			for _, c := range cases {
				if bug(c, every) && c.Size() < smallest {
					t.Fatalf("%s, bug %d: reported %q (size %d), but %q (size %d) fails too", g.Name(), every, rep.Smallest.Text, smallest, c.Text, c.Size())
				}
			}
		}
	}
}

// TestShiftedLines: a missing or extra line in the output is reported
// as where the answers shift, and the answers after it are compared with
// the tests they answer, so that a right program with one line deleted
// has no wrong answer at all.
func TestShiftedLines(t *testing.T) {
	ctx := context.Background()
	for _, g := range check.Games() {
		f, err := check.Generate(g, 3)
		if err != nil {
			t.Fatal(err)
		}
		want := truth(t, g, f.Input)
		for _, at := range []int{0, 17, len(want) / 2} {
			deleted := slices.Delete(slices.Clone(want), at, at+1)
			rep, err := check.Compare(ctx, g, f.Input, []byte(strings.Join(deleted, "\n")+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Shift == nil || rep.Shift.By != 1 || rep.Shift.Line > at+1 || rep.Shift.Last < at+1 || rep.Wrong != 0 || rep.Right != len(want)-1 {
				t.Fatalf("%s, line %d deleted: shift %+v, %d right, %d wrong of %d", g.Name(), at+1, rep.Shift, rep.Right, rep.Wrong, len(want))
			}
			extra := slices.Insert(slices.Clone(want), at, want[at])
			rep, err = check.Compare(ctx, g, f.Input, []byte(strings.Join(extra, "\n")+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Shift == nil || rep.Shift.By != -1 || rep.Wrong != 0 || rep.Right != len(want) || rep.OK() {
				t.Fatalf("%s, line %d doubled: shift %+v, %d right, %d wrong, ok %v", g.Name(), at+1, rep.Shift, rep.Right, rep.Wrong, rep.OK())
			}
			if s := strings.Join(rep.Lines(), "\n"); !strings.Contains(s, "Your answers shift") {
				t.Errorf("%s: the report does not say the answers shift:\n%s", g.Name(), s)
			}
		}
		// A program whose last answer is missing has no shift: its output
		// just ends early.
		rep, err := check.Compare(ctx, g, f.Input, []byte(strings.Join(want[:len(want)-1], "\n")+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Shift != nil || rep.Malformed != 1 {
			t.Errorf("%s, last line missing: shift %+v, %d malformed", g.Name(), rep.Shift, rep.Malformed)
		}
		// Wrong answers of the same count as the tests are not a shift.
		out, _ := buggy(t, g, f.Input, 2)
		rep, err = check.Compare(ctx, g, f.Input, []byte(strings.Join(out, "\n")+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Shift != nil {
			t.Errorf("%s: a shift found in an output with every line present: %+v", g.Name(), rep.Shift)
		}
	}
}

// TestFileHoldsEverySmallPosition checks, by an enumeration of its own,
// that each game's test file holds every position of up to 3 symbols
// the problem allows (each player first where the game needs one), so
// that the smallest failing test is the smallest failing position.
func TestFileHoldsEverySmallPosition(t *testing.T) {
	words := func(alphabet string, from, to int) []string {
		var out []string
		for n := from; n <= to; n++ {
			solver.EnumerateStrings(n, alphabet, func(s string) bool { out = append(out, s); return true })
		}
		return out
	}
	spaced := func(ws []string) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = strings.Join(strings.Split(w, ""), " ")
		}
		return out
	}
	// stacks lists every sequence of stacks of 0s and 1s with up to 3
	// symbols in all.
	var stacks func(left int) []string
	stacks = func(left int) []string {
		var out []string
		for _, s := range words("01", 1, left) {
			out = append(out, s)
			for _, rest := range stacks(left - len(s)) {
				out = append(out, s+" "+rest)
			}
		}
		return out
	}
	want := map[string][]string{
		"adapwns":   words(".P", 2, 3),
		"abgame":    words(".AB", 1, 3),
		"binstring": words("01", 1, 3),
		"nim":       spaced(words("0123", 1, 3)),
		"misere":    spaced(words("0123", 1, 3)),
		"binim":     stacks(3),
		"binim2":    stacks(3),
	}
	for _, g := range check.Games() {
		texts, ok := want[g.Name()]
		if !ok {
			t.Logf("%s: no enumeration of its small positions in this test yet: not checked", g.Name())
			continue
		}
		f, err := check.Generate(g, 5)
		if err != nil {
			t.Fatal(err)
		}
		have := map[check.Test]bool{}
		for _, tc := range f.Tests {
			have[tc] = true
		}
		firsts := []string{""}
		if g.NeedsFirst() {
			firsts = []string{"Dee", "Dum"}
		}
		for _, text := range texts {
			for _, first := range firsts {
				if !have[check.Test{Text: text, First: first}] {
					t.Errorf("%s: the test file lacks %q (first %q)", g.Name(), text, first)
				}
			}
		}
		t.Logf("%s: %d small positions, all in the file of %d tests", g.Name(), len(texts)*len(firsts), len(f.Tests))
	}
}

// TestCompareSkipsByteOrderMark checks an input and an output that an
// editor such as Windows Notepad saved with a byte order mark: the mark
// is not part of the first line (it used to make line 1 of the input
// "not a number of tests" and line 1 of the output "not an answer").
func TestCompareSkipsByteOrderMark(t *testing.T) {
	g, err := solver.Lookup("adapwns")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := check.Compare(context.Background(), g, []byte("\ufeff2\r\n..P.P\r\nP..\r\n"), []byte("\ufeffYes\r\nNo\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tests != 2 || rep.Right != 2 {
		t.Errorf("%d of %d right, want 2 of 2: %+v", rep.Right, rep.Tests, rep)
	}
}

// TestCompareExtraLines checks how output lines beyond the last test are
// reported: one extra line is "this line is extra", not "this line and
// the 0 after it are extra".
func TestCompareExtraLines(t *testing.T) {
	g, err := solver.Lookup("adapwns")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ output, want string }{
		{"Yes\nYes\nNo\nNo\n", "line 4: the output has 4 lines but the input has only 3 tests; this line is extra"},
		{"Yes\nYes\nNo\nNo\nNo\nNo\n", "line 4: the output has 6 lines but the input has only 3 tests; this line and the 2 lines after it are extra"},
	} {
		rep, err := check.Compare(context.Background(), g, []byte("3\n..P.P\n.P.P\nP..P\n"), []byte(tc.output))
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Problems) == 0 || rep.Problems[len(rep.Problems)-1].String() != tc.want {
			t.Errorf("problems %v, want the last to be %q", rep.Problems, tc.want)
		}
	}
}
