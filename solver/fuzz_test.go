package solver

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// fuzzBudget bounds the exhaustive search a fuzz input may ask for; bigger
// positions are checked for everything but the search's verdict.
const fuzzBudget = 20000

// checkPosition asserts the properties every parsed position has: it
// round-trips through Parse, Solve's move is legal and keeps Solve's
// outcome, the judge agrees with Solve, and small positions agree with
// exhaustive search.
func checkPosition(t *testing.T, pos Position, opts ParseOptions) {
	t.Helper()
	g := pos.Game()
	s := pos.String()
	if s == "" || len(s) > MaxPositionLen {
		t.Fatalf("parsed position %q has %d characters", clip([]byte(s)), len(s))
	}
	again, err := g.Parse(s, opts)
	if err != nil {
		t.Fatalf("Parse(String()) of %q: %v", clip([]byte(s)), err)
	}
	if got := again.String(); got != s {
		t.Errorf("round trip: got String %q, want %q", clip([]byte(got)), clip([]byte(s)))
	}
	if a, ok := g.Encode(again); ok {
		if b, _ := g.Encode(pos); a != b {
			t.Errorf("round trip: got state %#x, want %#x", a, b)
		}
	}

	r := Solve(pos)
	if r.Move != nil {
		next, err := pos.Play(r.Move)
		if err != nil {
			t.Fatalf("%q: Solve's move %v is illegal: %v", clip([]byte(s)), r.Move, err)
		}
		if o, _ := next.Analyze(); -o != r.Outcome {
			t.Errorf("%q: after Solve's move %v the mover's outcome is %v, want %v", clip([]byte(s)), r.Move, -o, r.Outcome)
		}
	} else if r.Outcome != Loss && len(pos.Moves()) > 0 {
		t.Errorf("%q: outcome %v but Solve gives no move", clip([]byte(s)), r.Outcome)
	}

	got, err := judgeString(t, g, judgeInput(pos), false)
	if err != nil {
		t.Fatalf("Judge of %q: %v", clip([]byte(s)), err)
	}
	if want := r.Answer() + "\n"; got != want {
		t.Errorf("%q: Judge says %q, Solve says %q", clip([]byte(s)), got, want)
	}

	st, ok := g.Encode(pos)
	if !ok {
		return
	}
	v, err := NewSearch(g, fuzzBudget).Value(context.Background(), st)
	if errors.Is(err, ErrBudget) {
		return
	}
	if err != nil {
		t.Fatalf("%q: search: %v", s, err)
	}
	if v.Outcome != r.Outcome {
		t.Errorf("%q: search says %v, formula says %v", s, v, r.Outcome)
	}
}

// judgeInput writes one position as a judge input of one test.
func judgeInput(pos Position) string {
	if p, ok := pos.(*Stacks); ok {
		return "1\n" + strconv.Itoa(len(p.stacks)) + " " + p.game.PlayerName(p.mover) + "\n" +
			strings.Join(p.stacks, "\n") + "\n"
	}
	return "1\n" + pos.String() + "\n"
}

// fuzzParse runs the shared parser properties for one game.
func fuzzParse(f *testing.F, g Game, seeds []string) {
	firsts := []string{"Dee", "Dum", "", "dum", "x"}
	for i, s := range seeds {
		f.Add(s, firsts[i%len(firsts)], i%3 == 0)
	}
	f.Fuzz(func(t *testing.T, text, first string, strict bool) {
		opts := ParseOptions{First: first, Strict: strict}
		pos, err := g.Parse(text, opts)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Parse(%q): error %v is %T, want *InputError", text, err, err)
			}
			if ie.Field == "" || ie.Msg == "" {
				t.Errorf("Parse(%q): error %#v lacks what or where", text, ie)
			}
			return
		}
		if g.NeedsFirst() {
			// Strict or not, the position parsed must parse the same way
			// with the first player's canonical name.
			opts.First = g.PlayerName(pos.ToMove())
		}
		checkPosition(t, pos, opts)
	})
}

var commonSeeds = []string{"", " ", "\t\n", "\x00", "é", ",", "0", "1", ".", "P", "A", "B"}

func FuzzParseBinim2(f *testing.F) {
	fuzzParse(f, Binim2, append([]string{"010 101", "0011, 00 1", " 0 ,1 ", "0 1 00 11", "1x", "000 00 1", "01 10 0110"}, commonSeeds...))
}

func FuzzParseBinim(f *testing.F) {
	fuzzParse(f, Binim, append([]string{"010 101", "0 1 00", "0111 1101", "\t1\r\n0", "0,,1"}, commonSeeds...))
}

func FuzzParseABGame(f *testing.F) {
	fuzzParse(f, ABGame, append([]string{"A.B", "A..B", "A..B.A..B", "B...A.B..", "A.A..B", "B.B.A.", "A..B.A.B", "a", "A B"}, commonSeeds...))
}

func FuzzParseAdapwns(f *testing.F) {
	fuzzParse(f, Adapwns, append([]string{"..P.P", "P..P.P", "...P", "....PP.....P..P", "....", "PP", "p", strings.Repeat(".", 129)}, commonSeeds...))
}

func FuzzParseBinString(f *testing.F) {
	fuzzParse(f, BinString, append([]string{"00011", "000011", "0110011", "1011101", "111", "0", "012"}, commonSeeds...))
}

// FuzzJudge runs a game's judge on arbitrary input. The judge fails only
// with an *InputError; when it succeeds, every test it answered is read
// again here, line by line, parsed with Parse, and must get the same
// answer from Solve.
func FuzzJudge(f *testing.F) {
	seeds := []struct {
		game  uint8
		input string
	}{
		{0, "1\n2 Dee\n010\n101\n"},
		{0, "2\n3 Dum\n0011\n00\n1\n3 Dee\n000\n00\n1\n"},
		{1, "2\n2 Dee\n010\n101\n3 Dum\n0\n1\n00\n"},
		{1, "1\r\n 2   Dee \r\n010\r\n101"},
		{2, "3\nA.B\nA..B\nA..B.A..B\n"},
		{2, "2\nA.B\n\n"},
		{3, "1\n..P.P\n"},
		{3, "2\n..\nP\n\n\n"},
		{4, "3\n00011\n000011\n0110011\n"},
		{4, "1\n0 1\n"},
		{0, ""},
		{2, "0\n"},
		{2, "-1\n"},
		{0, "1\n1 Dee\n0\n\nDum\n"},
	}
	for _, s := range seeds {
		f.Add(s.game, s.input, s.game%2 == 0)
	}
	f.Fuzz(func(t *testing.T, which uint8, input string, strict bool) {
		g := games[int(which)%len(games)]
		out, err := judgeString(t, g, input, strict)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Judge(%q): error %v is %T, want *InputError", input, err, err)
			}
			if !strings.HasPrefix(ie.Field, "line ") {
				t.Errorf("Judge(%q): error %q does not name a line", input, err)
			}
			return
		}
		want := rejudge(t, g, input, false)
		if !sameAnswers(out, want) {
			t.Errorf("Judge(%q) = %q, but Parse and Solve say %q", input, out, want)
		}
	})
}

// rejudge reads a judge input that the judge accepted, the slow way, and
// answers each test with Parse and Solve. A test beyond what Parse accepts
// (over MaxPositionLen) is built directly and answered by its formula if
// long is true, and answered "?" if not.
func rejudge(t *testing.T, g Game, input string, long bool) string {
	t.Helper()
	lines := strings.Split(input, "\n")
	for i := range lines {
		lines[i] = strings.Trim(lines[i], " \t\r")
	}
	next := 0
	line := func() string {
		if next >= len(lines) {
			t.Fatalf("Judge accepted %q, but it ends early", input)
		}
		next++
		return lines[next-1]
	}
	tests, err := strconv.Atoi(line())
	if err != nil {
		t.Fatalf("Judge accepted %q with T %q", input, lines[0])
	}
	var b strings.Builder
	for test := 0; test < tests; test++ {
		text, opts := line(), ParseOptions{}
		if g.NeedsFirst() {
			head := strings.Fields(text)
			if len(head) != 2 {
				t.Fatalf("Judge accepted head %q", text)
			}
			n, err := strconv.Atoi(head[0])
			if err != nil {
				t.Fatalf("Judge accepted head %q", text)
			}
			stacks := make([]string, n)
			for i := range stacks {
				stacks[i] = line()
			}
			text, opts.First = strings.Join(stacks, " "), head[1]
		}
		if len(text) > MaxPositionLen {
			b.WriteString(answerLong(g, text, opts, long))
			b.WriteByte('\n')
			continue
		}
		pos, err := g.Parse(text, opts)
		if err != nil {
			t.Fatalf("Judge accepted test %d %q, Parse says %v", test+1, text, err)
		}
		o, _ := pos.Analyze() // Solve's answer, without the search for a move
		b.WriteString(g.Answer(pos, o))
		b.WriteByte('\n')
	}
	for _, rest := range lines[next:] {
		if rest != "" {
			t.Fatalf("Judge accepted %q with trailing %q", input, rest)
		}
	}
	return b.String()
}

// answerLong answers a test longer than Parse accepts by building the
// position directly and applying its formula, or "?" unless long.
func answerLong(g Game, text string, opts ParseOptions, long bool) string {
	if !long {
		return "?"
	}
	var pos Position
	switch g {
	case ABGame:
		pos = &ABRow{row: text}
	case Adapwns:
		pos = &Board{cells: text}
	case BinString:
		pos = &BinaryString{s: text}
	default:
		first, _ := parseFirst(g.Name(), opts.First)
		pos = &Stacks{game: g.(*stackGame), stacks: strings.Fields(text), mover: first}
	}
	o, _ := pos.Analyze()
	return g.Answer(pos, o)
}

// sameAnswers compares judge output with rejudge's, where "?" matches any line.
func sameAnswers(got, want string) bool {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	if len(g) != len(w) {
		return false
	}
	for i := range g {
		if g[i] != w[i] && w[i] != "?" {
			return false
		}
	}
	return true
}
