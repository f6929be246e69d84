package heaps

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/games/gametest"
	"github.com/nimtutor/nimtutor/solver"
)

// mustParse parses text or fails the test.
func mustParse(tb testing.TB, text string) *Pos {
	tb.Helper()
	pos, err := Game.Parse(text, solver.ParseOptions{Long: true})
	if err != nil {
		tb.Fatalf("Parse(%q): %v", text, err)
	}
	return pos.(*Pos)
}

// bruteValue is the oracle: the Grundy value of a position by the plain
// mex recursion over Moves and Play, memoised on the position's text.
// It knows nothing of periods, Beatty sequences or the colon principle.
func bruteValue(tb testing.TB, p *Pos, memo map[string]int64) int64 {
	k := canonKey(p)
	if v, ok := memo[k]; ok {
		return v
	}
	seen := map[int64]bool{}
	for _, m := range p.Moves() {
		next, err := p.Play(m)
		if err != nil {
			tb.Fatalf("%s: Play(%v): %v", k, m, err)
		}
		seen[bruteValue(tb, next.(*Pos), memo)] = true
	}
	v := int64(0)
	for seen[v] {
		v++
	}
	memo[k] = v
	return v
}

// canonKey is the position's text with each heap term's heaps sorted:
// the order of heaps in a sum does not change its value.
func canonKey(p *Pos) string {
	var b strings.Builder
	for _, t := range p.terms {
		b.WriteString(t.rule.String() + ":")
		if t.rule.fam.heapFamily() {
			hs := make([]int64, len(t.comps))
			for i, c := range t.comps {
				hs[i] = c.n
			}
			slices.Sort(hs)
			fmt.Fprint(&b, hs)
		} else {
			b.WriteString(t.args())
		}
		b.WriteString("+")
	}
	return b.String()
}

// TestValuesAgainstRecursion checks every heap rule's sequence, Grundy
// value by Grundy value, against the plain recursion on single heaps.
func TestValuesAgainstRecursion(t *testing.T) {
	rules := []string{"kayles", "dawson", "dawsonchess", "octal 0.6", "octal 0.31", "octal 0.165", "octal 0.4", "octal 0.51",
		"subtract 1,3,4", "subtract 2,5", "subtract 1-3", "subtract 3,7,8", "nim"}
	checked := 0
	for _, r := range rules {
		memo := map[string]int64{}
		for n := 0; n <= 22; n++ {
			p := mustParse(t, fmt.Sprintf("%s: %d", r, n))
			got := p.terms[0].value(&p.terms[0].comps[0])
			if want := bruteValue(t, p, memo); got != want {
				t.Errorf("%s heap %d: value %d, recursion %d", r, n, got, want)
			}
			checked++
		}
	}
	t.Logf("%d heaps of %d rules checked", checked, len(rules))
}

// TestPeriodicValuesFarOut checks the period's answers beyond the
// computed range against the recursion itself run that far.
func TestPeriodicValuesFarOut(t *testing.T) {
	for _, r := range []string{"kayles", "dawson", "subtract 1,3,4", "subtract 2,5,6"} {
		p := mustParse(t, r+": 1")
		s := seqOf(p.terms[0].rule)
		if !s.proven {
			t.Fatalf("%s: no period proven", r)
		}
		n := len(s.g) + 3*s.period + 5
		// The recursion, on its own, to n.
		var g []int32
		var m mexer
		for h := 0; h <= n; h++ {
			m.reset()
			if p.terms[0].rule.fam == famOctal {
				octalOptions(p.terms[0].rule.digits, g, h, m.mark)
			} else {
				for _, k := range p.terms[0].rule.set {
					if k <= h {
						m.mark(g[h-k])
					}
				}
			}
			g = append(g, m.mex())
		}
		for h := len(s.g); h <= n; h++ {
			if s.at(int64(h)) != int64(g[h]) {
				t.Fatalf("%s heap %d: period says %d, recursion %d", r, h, s.at(int64(h)), g[h])
			}
		}
	}
}

// TestPublishedPeriods checks that the engine rediscovers the published
// periods: Kayles (0.77) period 12 from heap 71 (its last exceptional
// value is at 70), Dawson's chess (0.137) period 34 from 52 (last
// exception at 51), Dawson's Kayles (0.07), the same values one heap
// later, from 53; and a subtraction game.
func TestPublishedPeriods(t *testing.T) {
	for _, tc := range []struct {
		rule        string
		period, pre int
	}{
		{"kayles", 12, 71},
		{"octal 0.77", 12, 71},
		{"dawsonchess", 34, 52},
		{"dawson", 34, 53},
		{"subtract 1,3,4", 7, 0},
		{"subtract 1-5", 6, 0},
		{"octal 0.11377", 32, 187}, // OEIS A071452, offset 1: last exception at heap 186
	} {
		p := mustParse(t, tc.rule+": 1")
		s := seqOf(p.terms[0].rule)
		if !s.proven || s.period != tc.period || s.pre != tc.pre {
			t.Errorf("%s: proven %v, period %d from %d; want %d from %d", tc.rule, s.proven, s.period, s.pre, tc.period, tc.pre)
		}
	}
	// Kayles' first values, as Winning Ways tables them.
	p := mustParse(t, "kayles: 1")
	want := []int32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8}
	if got := seqOf(p.terms[0].rule).g[:len(want)]; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Kayles starts %v, want %v", got, want)
	}
}

// TestNoPeriodSaidPlainly checks that a rule whose period is not proven
// within the budget answers the heaps it knows and refuses the others
// with a clear message.
func TestNoPeriodSaidPlainly(t *testing.T) {
	// 0.007 (a move takes 3 from anywhere) is periodic only far out, if at
	// all; with a small budget no period is proven.
	s := octalSeq([]uint8{0, 0, 7}, 200)
	if s.proven {
		t.Skipf("0.007 proven with period %d from %d within 200", s.period, s.pre)
	}
	if !strings.Contains(s.proofText(&Rule{fam: famOctal, digits: []uint8{0, 0, 7}}), "No period was proven") {
		t.Errorf("proof text %q", s.proofText(&Rule{fam: famOctal}))
	}
}

// TestFamiliesAgainstRecursion checks the families' theories against the
// plain recursion on every small position: Wythoff's P-positions
// (Beatty) and its Grundy table, Moore's column sums, the staircase's
// odd steps, the colon principle on every tree of up to 6 edges.
func TestFamiliesAgainstRecursion(t *testing.T) {
	memo := map[string]int64{}
	n := 0
	for x := 0; x <= 14; x++ {
		for y := 0; y <= 14; y++ {
			p := mustParse(t, fmt.Sprintf("wythoff: %d %d", x, y))
			want := bruteValue(t, p, memo)
			if p.loneP() != (want == 0) {
				t.Errorf("wythoff %d %d: P %v, recursion %d", x, y, p.loneP(), want)
			}
			if g := wythoffGrundy(int64(x), int64(y)); g != want {
				t.Errorf("wythoff %d %d: table %d, recursion %d", x, y, g, want)
			}
			n++
		}
	}
	for k := 1; k <= 3; k++ {
		for a := 0; a <= 5; a++ {
			for b := a; b <= 5; b++ {
				for c := b; c <= 5; c++ {
					p := mustParse(t, fmt.Sprintf("moore %d: %d %d %d", k, a, b, c))
					want := bruteValue(t, p, memo)
					if p.loneP() != (want == 0) {
						t.Errorf("moore %d: %d %d %d: P %v, recursion %d", k, a, b, c, p.loneP(), want)
					}
					if g := mooreGrundy([]int64{int64(a), int64(b), int64(c)}, k); g != want {
						t.Errorf("moore %d: %d %d %d: Grundy %d, recursion %d", k, a, b, c, g, want)
					}
					n++
				}
			}
		}
	}
	solver.EnumerateStrings(4, "0123", func(s string) bool {
		p := mustParse(t, "staircase: "+strings.Join(strings.Split(s, ""), " "))
		if got, want := stairValue(p.terms[0].comps[0].xs), bruteValue(t, p, memo); got != want {
			t.Errorf("staircase %s: %d, recursion %d", s, got, want)
		}
		n++
		return true
	})
	for edges := 1; edges <= 6; edges++ {
		startTerms(mustRule("hackenbush"), edges, false, func(tt term) bool {
			p := &Pos{game: Game.(*game), terms: []term{tt}}
			p = mustParse(t, p.String())
			if got, want := treeValue(p.terms[0].comps[0].par), bruteValue(t, p, memo); got != want {
				t.Errorf("%s: colon principle %d, recursion %d", p, got, want)
			}
			n++
			return true
		})
	}
	t.Logf("%d positions checked", n)
}

// TestSumsAgainstRecursion checks the formula on mixed sums: the
// outcome and the move against the plain recursion over the whole sum.
func TestSumsAgainstRecursion(t *testing.T) {
	memo := map[string]int64{}
	r := rand.New(rand.NewPCG(1, 2))
	rules := []string{"kayles", "dawson", "subtract 1,3,4", "nim", "staircase", "hackenbush", "wythoff", "moore 2", "octal 0.6"}
	for range 150 {
		var terms []string
		for range 1 + r.IntN(3) {
			rule := rules[r.IntN(len(rules))]
			var args string
			switch rule {
			case "wythoff":
				args = fmt.Sprintf("%d %d", r.IntN(4), r.IntN(4))
			case "moore 2":
				args = fmt.Sprintf("%d %d %d", r.IntN(3), r.IntN(3), r.IntN(3))
			case "staircase":
				args = fmt.Sprintf("%d %d %d", r.IntN(3), r.IntN(3), r.IntN(3))
			case "hackenbush":
				args = "0 1 1"
				if r.IntN(2) == 0 {
					args = "0 0 2 / 0"
				}
			default:
				args = fmt.Sprintf("%d %d", r.IntN(7), r.IntN(5))
			}
			terms = append(terms, rule+": "+args)
		}
		p := mustParse(t, strings.Join(terms, " + "))
		want := solver.WinIf(bruteValue(t, p, memo) != 0)
		o, _ := p.Analyze()
		if o != want {
			t.Fatalf("%s: formula %v, recursion %v", p, o, want)
		}
		if m := p.BestMove(o, nil); m != nil {
			next, err := p.Play(m)
			if err != nil || bruteValue(t, next.(*Pos), memo) != 0 {
				t.Fatalf("%s: move %v does not leave value 0 (%v)", p, m, err)
			}
		} else if o == solver.Win {
			t.Fatalf("%s: a win without a move", p)
		}
	}
}

// TestHugeHeaps checks the answers far beyond any search: a heap of 10^18
// in a periodic game, Wythoff with heaps near 10^12, and the move found
// there leaves a lost position by the formula.
func TestHugeHeaps(t *testing.T) {
	for _, text := range []string{
		"subtract 1,3,4: 1000000000000000000",
		"octal 0.77: 999999999999999999 12",
		"kayles: 1000000000000000000 5",
		"dawson: 1000000000000000000",
		"wythoff: 1000000000000 1618033988749",
		"wythoff: 999999999999 1000000000000",
		"staircase: 1000000000000000000 3 7",
		"nim: 1000000000000000000 3",
	} {
		p := mustParse(t, text)
		r := solver.Solve(p)
		if r.Outcome == solver.Win {
			next, err := p.Play(r.Move)
			if err != nil {
				t.Fatalf("%s: move %v: %v", text, r.Move, err)
			}
			if o, _ := next.Analyze(); o != solver.Loss {
				t.Errorf("%s: after %v the opponent has %v", text, r.Move, o)
			}
		}
		t.Logf("%s: %v, move %v", text, r.Outcome, r.Move)
	}
	// The Beatty pairs near 10^12 are exact: a_k + k = b_k, and the
	// partner map is an involution.
	for _, x := range []int64{1, 2, 3, 5, 1_000_000_000_000, 1_618_033_988_749, 999_999_999_999_999_999} {
		if w := wythoffPartner(x); wythoffPartner(w) != x {
			t.Errorf("partner(%d) = %d, whose partner is %d", x, w, wythoffPartner(w))
		}
	}
}

// TestParseErrors checks that bad rules and positions say what and where.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"5 7 9", []string{"rule:", "start with a rule", "subtract"}},
		{"subtact 1,2: 5", []string{"rule:", `"subtact" is not a rule`}},
		{"subtract 1,x: 5", []string{"rule:", `take 2 of the set is "x"`}},
		{"subtract 0,2: 5", []string{"rule:", "takes run from 1 to 1000"}},
		{"octal 0.78: 5", []string{"rule:", "digit 2 is '8'"}},
		{"octal 0.7é: 5", []string{"rule:", `octal code "0.7é", digit 2 is 'é' (U+00E9)`}},
		{"é: 5", []string{"rule:", "it starts with 'é' (U+00E9)"}},
		{"kayles: 5 é", []string{"position:", "heap 2, character 1 is 'é' (U+00E9)"}},
		{"kayles: 5 2é", []string{"position:", "heap 2, character 2 is 'é' (U+00E9)"}},
		{"octal 4.7: 5", []string{"rule:", "must start with 0."}},
		{"octal 0.123456712: 5", []string{"rule:", "9 digits", "at most 8"}},
		{"moore 0: 1 2", []string{"rule:", "moore takes k"}},
		{"kayles: 5 x", []string{"position:", "heap 2, character 1 is 'x'"}},
		{"kayles: 5 + nim: 3 4y", []string{"position:", "term 2: heap 2, character 2 is 'y'"}},
		{"kayles: 1000000000000000001", []string{"heap 1 is 1000000000000000001", "at most"}},
		{"wythoff: 3 5 7", []string{"two heaps, not 3"}},
		{"wythoff: 300 5 + nim: 1", []string{"term 1", "in a sum"}},
		{"hackenbush: 0 2", []string{"tree 1, node 2's parent is 2"}},
		{"moore 2: 999 999 999 999 999 999", []string{"moves under moore 2"}},
		{"nim:", []string{"no heaps after the rule nim"}},
		{"octal 0.007: 100000", []string{"no period of octal 0.007 was proven within the budget"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			_, err := Game.Parse(tc.text, solver.ParseOptions{})
			gametest.WantInputError(t, err, tc.want...)
		})
	}
}

// TestRoundTrip checks that String parses back to the same position and
// that moves read back from their numbers on the position's game.
func TestRoundTrip(t *testing.T) {
	for _, ex := range append(Game.Examples(), "subtract(1,2) 4 + octal(0.137) 9 + moore(3) 1 2 3") {
		p := mustParse(t, ex)
		q := mustParse(t, p.String())
		if q.String() != p.String() {
			t.Errorf("%q → %q → %q", ex, p, q)
		}
		for _, m := range p.FirstMoves(200) {
			a, b := m.Numbers()
			if p.Game().MoveOf(a, b) != m {
				t.Errorf("%s: move %v does not round-trip through %d %d", p, m, a, b)
			}
		}
	}
}

// specFor is the shared suite's view of the game of the given rules.
func specFor(tb testing.TB, rules string, small int) gametest.Spec {
	var list []*Rule
	for _, r := range strings.Split(rules, "+") {
		list = append(list, mustRule(strings.TrimSpace(r)))
	}
	g := gameFor(list)
	name := strings.NewReplacer(" ", "", ",", "_", ".", "", "+", "_").Replace(rules)
	return gametest.Spec{
		Game: g,
		Positions: func(size int, yield func(string, solver.ParseOptions)) {
			g.startPositions(size, func(p *Pos) bool {
				yield(p.String(), solver.ParseOptions{})
				return true
			})
		},
		StartsCount: func(size int) int {
			n := 0
			g.startPositions(size, func(*Pos) bool { n++; return true })
			return n
		},
		Small:   small,
		WhySize: 2,
		// Every XOR in the reasoning and the hints is a number claim.
		NumberedReasoning: true,
		Build: func(text string, _ solver.Player) solver.Position {
			p, err := g.Parse(text, solver.ParseOptions{Long: true})
			if err != nil {
				panic(err)
			}
			return p
		},
		JudgeInput: gametest.LinePerPosition,
		Long: func(n int) string {
			// The rules' first start, and a Nim term padded with heaps of 1.
			head := g.Decode(mustState(tb, g, small)).String() + " + nim: "
			r := n - len(head)
			if r%2 == 1 {
				return head + strings.Repeat("1 ", (r-1)/2) + "1"
			}
			return head + strings.Repeat("1 ", (r-2)/2) + "11"
		},
		Large: map[string]string{},
		Samples: []gametest.Sample{{
			Input:  "5\nkayles: 1\nkayles: 2 2\nsubtract 1,3,4: 7\nwythoff: 3 5\nhackenbush: 0 1 / 0\n",
			Output: "First\nSecond\nSecond\nSecond\nFirst\n",
		}},
		// Small enough that the line of play is searched to the end at
		// once, under any load.
		Explained: []gametest.Case{
			{Name: name + "_start", Text: g.Decode(mustState(tb, g, 3)).String()},
		},
		Drawn: []gametest.Case{{Name: name, Text: g.Decode(mustState(tb, g, 3)).String()}},
		FollowsStrategy: func(pos solver.Position, m solver.Move, _ []solver.Move) string {
			next, _ := pos.Play(m)
			if v := bruteValue(tb, next.(*Pos), map[string]int64{}); v != 0 {
				return fmt.Sprintf("leaves a position of value %d", v)
			}
			return ""
		},
	}
}

// mustState returns the first starting state of size objects.
func mustState(tb testing.TB, g *game, size int) solver.State {
	var st solver.State
	g.Starts(size, func(s solver.State) bool { st = s; return false })
	if st == 0 {
		tb.Fatalf("%s: no starting position of size %d", g.key, size)
	}
	return st
}

// TestSuite runs the shared suite on the registered game (Kayles) and on
// the game of each other family and a mixed sum.
func TestSuite(t *testing.T) {
	for _, tc := range []struct {
		rules string
		small int
	}{
		{"kayles", 6},
		{"subtract 1,3,4", 6},
		{"dawson", 6},
		{"wythoff", 5},
		{"moore 2", 5},
		{"staircase", 5},
		{"hackenbush", 4},
		{"kayles + subtract 1,2 + nim", 4},
	} {
		t.Run(strings.ReplaceAll(tc.rules, " ", "_"), func(t *testing.T) {
			gametest.Run(t, specFor(t, tc.rules, tc.small))
		})
	}
}

// BenchmarkPeriod measures finding and proving a rule's period from
// nothing (go test ./games/heaps -run '^$' -bench Period -cpu 1).
func BenchmarkPeriod(b *testing.B) {
	for _, tc := range []struct {
		name   string
		digits []uint8
		set    []int
	}{
		{name: "kayles", digits: []uint8{7, 7}},
		{name: "octal_0.11377", digits: []uint8{1, 1, 3, 7, 7}},
		{name: "subtract_1,3,4", set: []int{1, 3, 4}},
		{name: "subtract_7,23,100", set: []int{7, 23, 100}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if tc.digits != nil {
					octalSeq(tc.digits, octalBudget)
				} else {
					subtractSeq(tc.set, subtractBudget)
				}
			}
		})
	}
}

// BenchmarkSolve measures Solve on positions far beyond any search.
func BenchmarkSolve(b *testing.B) {
	for name, text := range map[string]string{
		"kayles_huge":  "kayles: 1000000000000000000 999999999999999999 5",
		"wythoff_huge": "wythoff: 999999999999 1000000000000",
		"mixed":        "kayles 70 + subtract(1,3,4) 1000000000000000000 + nim 3 + hackenbush 0 1 1 2 / 0 1",
	} {
		pos := mustParse(b, text)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				solver.Solve(pos)
			}
		})
	}
}
