package solver

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// fuzzParse checks the properties every parser must keep on any input:
// no panic; errors are *InputError; a position that parses round-trips
// through String; Solve's move is legal; the judge agrees with Solve.
func fuzzParse(t *testing.T, g Game, text, first string) {
	pos, err := g.Parse(text, ParseOptions{First: first})
	if err != nil {
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Fatalf("Parse(%q) error %v is not an *InputError", text, err)
		}
		return
	}
	again, err := g.Parse(pos.String(), ParseOptions{First: g.PlayerName(pos.ToMove())})
	if err != nil {
		t.Fatalf("Parse(String()) of %q: %v", pos.String(), err)
	}
	if again.String() != pos.String() || again.Key() != pos.Key() {
		t.Fatalf("round trip changed %q (key %q) into %q (key %q)", pos.String(), pos.Key(), again.String(), again.Key())
	}
	if len(pos.String()) > 40 {
		return // Solve's move search is quadratic for binstring; keep the fuzzer fast.
	}
	r := Solve(pos)
	if r.Move != nil {
		next, err := pos.Play(r.Move)
		if err != nil {
			t.Fatalf("Solve's move %v on %q is illegal: %v", r.Move, pos, err)
		}
		if o, _ := next.Analyze(); -o != r.Outcome {
			t.Fatalf("Solve's move %v on %q does not keep %v", r.Move, pos, r.Outcome)
		}
	}
	var in strings.Builder
	in.WriteString("1\n")
	if s, ok := pos.(*Stacks); ok {
		in.WriteString(strconv.Itoa(len(s.stacks)) + " " + g.PlayerName(s.mover) + "\n" + strings.Join(s.stacks, "\n") + "\n")
	} else {
		in.WriteString(pos.String() + "\n")
	}
	var out strings.Builder
	if err := Judge(g, strings.NewReader(in.String()), &out, false); err != nil {
		t.Fatalf("judge on %q: %v", pos, err)
	}
	if got := strings.TrimSpace(out.String()); got != r.Answer() {
		t.Fatalf("judge says %q, Solve says %q for %q", got, r.Answer(), pos)
	}
}

func FuzzParseBinim2(f *testing.F) {
	for _, s := range []string{"010 101", "0,1", " 0011 1 ", "", "01x", "1 1 1 1"} {
		f.Add(s, "Dee")
		f.Add(s, "Dum")
	}
	f.Add("010", "")
	f.Fuzz(func(t *testing.T, text, first string) { fuzzParse(t, Binim2, text, first) })
}

func FuzzParseBinim(f *testing.F) {
	for _, s := range []string{"0011 1", "0", "10 01 110", "", "0 2"} {
		f.Add(s, "Dum")
	}
	f.Fuzz(func(t *testing.T, text, first string) { fuzzParse(t, Binim, text, first) })
}

func FuzzParseABGame(f *testing.F) {
	for _, s := range []string{"A.B", "A..B", "A..B.A..B", "A..B.A...B", ".", "", "AB.C", "B....A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { fuzzParse(t, ABGame, text, "") })
}

func FuzzParseAdapwns(f *testing.F) {
	for _, s := range []string{"..P.P", "P", "....", "", "..p.P", ".PP.P..P"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { fuzzParse(t, Adapwns, text, "") })
}

func FuzzParseBinString(f *testing.F) {
	for _, s := range []string{"00011", "000011", "0110011", "1", "", "012"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { fuzzParse(t, BinString, text, "") })
}

// FuzzJudge feeds arbitrary input to every judge: it must never panic,
// must fail only with an *InputError, and must print one line per test.
func FuzzJudge(f *testing.F) {
	f.Add("1\n2 Dee\n010\n101\n")
	f.Add("3\nA.B\nA..B\nA..B.A..B\n")
	f.Add("1\n..P.P\n")
	f.Add("2\n00011\n0\n")
	f.Add("")
	f.Add("2\n")
	f.Fuzz(func(t *testing.T, in string) {
		for _, g := range Games() {
			var out strings.Builder
			err := Judge(g, strings.NewReader(in), &out, false)
			if err != nil {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Fatalf("%s: error %v is not an *InputError", g.Name(), err)
				}
				continue
			}
			first, _, _ := strings.Cut(strings.TrimSpace(in), "\n")
			tests, _ := strconv.Atoi(strings.TrimSpace(first))
			if got := strings.Count(out.String(), "\n"); got != tests {
				t.Fatalf("%s: %d output lines for %d tests", g.Name(), got, tests)
			}
		}
	})
}
