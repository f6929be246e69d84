package heaps_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/games/heaps"
	"github.com/nimtutor/nimtutor/games/heaps/heapstest"
)

// plainKayles is Kayles by the mex recursion and nothing else: a move
// takes one or two adjacent pins, leaving two rows.
func plainKayles(n int) []int64 {
	g := make([]int64, n)
	for h := range n {
		seen := map[int64]bool{}
		for take := 1; take <= 2 && take <= h; take++ {
			for left := 0; left <= h-take; left++ {
				seen[g[left]^g[h-take-left]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestValues: the listed sequence is the plain recursion's, and the
// published periods come back with their starts.
func TestValues(t *testing.T) {
	k, err := heaps.Values("kayles", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !k.Proven || k.Period != 12 || k.Preperiod != 71 {
		t.Errorf("kayles: proven %v, period %d from %d; want 12 from 71", k.Proven, k.Period, k.Preperiod)
	}
	if want := plainKayles(len(k.Values)); !slices.Equal(k.Values, want) {
		t.Errorf("kayles values differ from the plain recursion:\n got %v\nwant %v", k.Values, want)
	}
	t.Logf("kayles: %d values checked against the plain recursion", len(k.Values))

	s, err := heaps.Values("subtract 1,3,4", 21)
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}
	if !s.Proven || s.Period != 7 || !slices.Equal(s.Values, want) {
		t.Errorf("subtract 1,3,4: proven %v, period %d, values %v; want period 7, %v", s.Proven, s.Period, s.Values, want)
	}

	for _, bad := range []string{"wythoff", "nim", "octal 0.78", "kayles 5", "hackenbush"} {
		if _, err := heaps.Values(bad, 0); fault.Code(err) != fault.EInvalid {
			t.Errorf("Values(%q): %v, want an input error", bad, err)
		}
	}
	if _, err := heaps.Values("kayles", heaps.MaxListed+1); fault.Code(err) != fault.EInvalid {
		t.Errorf("Values past MaxListed: %v, want an input error", err)
	}
}

// TestValuesFactsAgainstOracle checks every fact a values reply states,
// for rules of both families, against the oracle's plain recursion run
// far enough: each value listed; the proof's range (Checked) by the
// family's formula from the rule's reach, and g(n+Period) = g(n) over
// all of it; that the period holds over every value the oracle computed;
// that the preperiod is the least (heap Preperiod-1 breaks the repeat);
// that no smaller period holds; and, with no period proven, that the
// values listed are the computed ones.
func TestValuesFactsAgainstOracle(t *testing.T) {
	checked := 0
	for _, rule := range []string{"kayles", "dawson", "dawsonchess", "octal 0.15", "octal 0.11377", "octal 0.6", "octal 0.4",
		"subtract 1,3,4", "subtract 1", "subtract 1,2", "subtract 1-5", "subtract 2,5", "subtract 3,7,8", "subtract 7,23,100"} {
		t.Run(rule, func(t *testing.T) {
			s, err := heaps.Values(rule, 0)
			if err != nil {
				t.Fatal(err)
			}
			r, err := heapstest.Parse(rule)
			if err != nil {
				t.Fatal(err)
			}
			if s.Reach != r.Reach() {
				t.Errorf("reach %d, the rule's largest move takes %d", s.Reach, r.Reach())
			}
			if !s.Proven {
				g := r.Values(len(s.Values))
				for n, v := range s.Values {
					if int(v) != g[n] {
						t.Fatalf("heap %d: listed %d, oracle %d", n, v, g[n])
					}
				}
				checkLost(t, s, g, 0, len(s.Values))
				if s.Checked != 0 || len(s.Values) != s.Computed || !strings.HasPrefix(s.Proof, "No period was proven") {
					t.Errorf("no period: checked %d, %d listed of %d computed, proof %q", s.Checked, len(s.Values), s.Computed, s.Proof)
				}
				checked += len(s.Values)
				return
			}
			want := s.Preperiod + r.Reach()
			if r.Octal != nil {
				want = 2*s.Preperiod + s.Period + r.Reach()
			}
			if s.Checked != want {
				t.Errorf("proof range ends at %d, the family's formula gives %d", s.Checked, want)
			}
			// The oracle runs to well past the listed values and the proof's
			// range.
			end := max(len(s.Values), s.Checked+s.Period, s.Computed) + 4*s.Period + 50
			g := r.Values(end)
			for n, v := range s.Values {
				if int(v) != g[n] {
					t.Fatalf("heap %d: listed %d, oracle %d", n, v, g[n])
				}
			}
			for n := s.Preperiod; n+s.Period < end; n++ {
				if g[n+s.Period] != g[n] {
					t.Fatalf("g(%d) = %d but g(%d) = %d: period %d from %d does not hold", n, g[n], n+s.Period, g[n+s.Period], s.Period, s.Preperiod)
				}
			}
			checkLost(t, s, g, 0, s.Preperiod)
			var residues []int
			for n := s.Preperiod; n < s.Preperiod+s.Period; n++ {
				if g[n] == 0 {
					residues = append(residues, n%s.Period)
				}
			}
			slices.Sort(residues)
			if !slices.Equal(s.LostResidues, residues) {
				t.Errorf("value 0 from heap %d on at residues %v mod %d, the oracle's %v", s.Preperiod, s.LostResidues, s.Period, residues)
			}
			if p, n := s.Preperiod-1, s.Period; p >= 0 && g[p+n] == g[p] {
				t.Errorf("g(%d) = g(%d): the period starts before heap %d", p, p+n, s.Preperiod)
			}
			for p := 1; p < s.Period; p++ {
				holds := true
				for n := end / 2; n+p < end && holds; n++ {
					holds = g[n+p] == g[n]
				}
				if holds {
					t.Errorf("the smaller period %d holds from heap %d to %d", p, end/2, end)
				}
			}
			for _, fact := range []string{
				fmt.Sprintf("From heap %d on, the values repeat every %d.", s.Preperiod, s.Period),
			} {
				if !strings.HasPrefix(s.Proof, fact) {
					t.Errorf("proof %q does not start %q", s.Proof, fact)
				}
			}
			checked += end
		})
	}
	t.Logf("%d values of the oracle compared", checked)
}

// checkLost checks s.Lost and s.LostCount against the heaps of value 0
// from lo to hi-1 by the oracle's values g.
func checkLost(tb testing.TB, s heaps.Sequence, g []int, lo, hi int) {
	tb.Helper()
	var zeros []int
	for n := lo; n < hi; n++ {
		if g[n] == 0 {
			zeros = append(zeros, n)
		}
	}
	if s.LostCount != len(zeros) || !slices.Equal(s.Lost, zeros[:min(len(zeros), heaps.MaxLost)]) {
		tb.Errorf("value 0 at %v (%d in all) among heaps %d to %d, the oracle's %v", s.Lost, s.LostCount, lo, hi-1, zeros)
	}
}

// TestTable: one row a period of at most 36, 12 a row otherwise, each
// row's start and values those of the sequence.
func TestTable(t *testing.T) {
	s, err := heaps.Values("subtract 1,3,4", 16)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		" 0:  0  1  0  1  2  3  2",
		" 7:  0  1  0  1  2  3  2",
		"14:  0  1",
	}
	if got := s.Table(); !slices.Equal(got, want) {
		t.Errorf("table\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	d, err := heaps.Values("octal 0.15", 16)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{
		" 0:                             0",
		" 1:  1  1  0  1  1  2  2  1  2  2",
		"11:  1  1  0  1  1",
	}
	if d.Preperiod != 1 || d.Period != 10 {
		t.Fatalf("octal 0.15: period %d from %d, want 10 from 1", d.Period, d.Preperiod)
	}
	if got := d.Table(); !slices.Equal(got, want) {
		t.Errorf("aligned on the period's start:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	k, err := heaps.Values("octal 0.007", 30)
	if err != nil {
		t.Fatal(err)
	}
	if got := k.Table(); len(got) != 3 || !strings.HasPrefix(got[2], "24:") {
		t.Errorf("no period: 12 a row, got\n%s", strings.Join(got, "\n"))
	}
}

// TestSuggest: every named rule is one Values takes, with what its name
// says (its octal code, its period); typed text brings its matches
// first.
func TestSuggest(t *testing.T) {
	all := heaps.Suggest("")
	if len(all) < 8 {
		t.Fatalf("%d suggestions", len(all))
	}
	code := regexp.MustCompile(`\(octal (0\.[0-7]+)\)`)
	period := regexp.MustCompile(`period (\d+) from heap (\d+)`)
	for _, s := range all {
		seq, err := heaps.Values(s.Rule, 0)
		if err != nil {
			t.Errorf("%s: %v", s.Rule, err)
			continue
		}
		if m := code.FindStringSubmatch(s.Name); m != nil {
			_, viaCode, err := heaps.CheckValuesRule("octal " + m[1])
			if err != nil || viaCode != seq.Describe {
				t.Errorf("%s is named %q, but octal %s is %q (%v)", s.Rule, s.Name, m[1], viaCode, err)
			}
		}
		if m := period.FindStringSubmatch(s.Name); m != nil && fmt.Sprint(seq.Period, seq.Preperiod) != m[1]+" "+m[2] {
			t.Errorf("%s is named %q, but its period is %d from %d", s.Rule, s.Name, seq.Period, seq.Preperiod)
		}
		if len(s.Name) > 100 || len(s.Rule) > 100 {
			t.Errorf("%q is longer than a choice may be", s.Name)
		}
	}
	for typed, first := range map[string][]string{
		"daw":       {"dawson", "dawsonchess"},
		"Dawson's":  {"dawson", "dawsonchess"},
		"treble":    {"octal 0.007"},
		"octal 0.1": {"dawsonchess", "octal 0.15", "octal 0.11377"},
		"sub":       {"subtract 1,3,4", "subtract 1,2", "subtract 1-5", "subtract 2,5", "subtract 7,23,100"},
		"KAY":       {"kayles"},
	} {
		got := heaps.Suggest(typed)
		var rules []string
		for _, s := range got[:len(first)] {
			rules = append(rules, s.Rule)
		}
		if !slices.Equal(rules, first) || len(got) != len(all) {
			t.Errorf("Suggest(%q) starts %v (%d in all), want %v first", typed, rules, len(got), first)
		}
	}
}
