package solver

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// verifySizes are the sizes the issue asks to prove, per game.
var verifySizes = map[string]int{"adapwns": 16, "abgame": 10, "binstring": 10, "binim2": 3, "binim": 3}

// TestFormulasAgainstSearch is the oracle: every starting position up to
// the sizes above is solved by exhaustive search, and the formula must
// agree on every state searched and give an optimal move at every start.
func TestFormulasAgainstSearch(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			n := verifySizes[g.Name()]
			if testing.Short() {
				n = min(n, 8)
			}
			var positions, checked, disagreements int
			for _, row := range Verify(g, n, nil) {
				positions += row.Positions
				checked += row.Checked
				disagreements += row.Disagreements
				for _, e := range row.Examples {
					t.Errorf("size %d: %s", row.Size, e)
				}
			}
			t.Logf("%s: %d starting positions up to %d %s, %d states checked", g.Name(), positions, n, g.SizeLabel(), checked)
			if positions == 0 || checked < positions {
				t.Errorf("covered %d positions and %d states; the check did not run", positions, checked)
			}
			if disagreements > 0 {
				t.Errorf("%d disagreements", disagreements)
			}
		})
	}
}

// wrongFormula wraps a position and flips the formula's verdict, to show
// that Verify can fail.
type wrongFormula struct{ Position }

func (w wrongFormula) Analyze() (Outcome, Analysis) {
	o, a := w.Position.Analyze()
	return -o, a
}

func (w wrongFormula) Play(m Move) (Position, error) {
	next, err := w.Position.Play(m)
	return wrongFormula{next}, err
}

func TestVerifyCatchesAWrongFormula(t *testing.T) {
	pos, _ := Adapwns.Parse("..P.P", ParseOptions{})
	s := NewSearch(0)
	var bad int
	s.OnState = func(p Position, o Outcome) {
		if f, _ := p.Analyze(); f != o {
			bad++
		}
	}
	if _, err := s.Outcome(wrongFormula{pos}); err != nil {
		t.Fatal(err)
	}
	if bad == 0 {
		t.Errorf("a flipped formula went unnoticed on %d states", s.States())
	}
	var moveBad int
	checkMove(NewSearch(0), losingMove{pos}, func(string, ...any) { moveBad++ })
	if moveBad == 0 {
		t.Errorf("a losing 'optimal' move went unnoticed")
	}
}

// losingMove reports a formula move that is not optimal.
type losingMove struct{ Position }

func (l losingMove) bestMove(Outcome) Move { return CellMove{From: 3, To: 2} }

func TestSamples(t *testing.T) {
	for _, tc := range []struct {
		game, position, first, answer, winner string
	}{
		{"binim2", "010 101", "Dee", "Dee", "Dee"},
		{"abgame", "A.B", "", "A", "A"},
		{"abgame", "A..B", "", "A", "A"},
		{"abgame", "A..B.A..B", "", "B", "B"},
		{"adapwns", "..P.P", "", "Yes", "Ada"},
		{"binstring", "00011", "", "Player 1", "Player 1"},
		{"binstring", "000011", "", "Tie", "nobody"},
		{"binstring", "0110011", "", "Player 2", "Player 2"},
	} {
		t.Run(tc.game+" "+tc.position, func(t *testing.T) {
			g, err := Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := g.Parse(tc.position, ParseOptions{First: tc.first})
			if err != nil {
				t.Fatal(err)
			}
			r := Solve(pos)
			if got := r.Answer(); got != tc.answer {
				t.Errorf("answer: got %q, want %q", got, tc.answer)
			}
			if got := r.WinnerName(); got != tc.winner {
				t.Errorf("winner: got %q, want %q", got, tc.winner)
			}
		})
	}
}

func TestJudgeSamples(t *testing.T) {
	for _, tc := range []struct{ game, in, want string }{
		{"binim2", "1\n2 Dee\n010\n101\n", "Dee\n"},
		{"abgame", "3\nA.B\nA..B\nA..B.A..B\n", "A\nA\nB\n"},
		{"adapwns", "1\n..P.P\n", "Yes\n"},
		{"binstring", "3\n00011\n000011\n0110011\n", "Player 1\nTie\nPlayer 2\n"},
		{"binim", "2\n2 Dee\n0011\n1\n1 Dum\n0\n", "Dee\nDee\n"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g, _ := Lookup(tc.game)
			var out strings.Builder
			if err := Judge(g, strings.NewReader(tc.in), &out, true); err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAnalysisByHand(t *testing.T) {
	pos, _ := Adapwns.Parse("..P.P", ParseOptions{})
	_, a := pos.Analyze()
	got := a.(AdapwnsAnalysis)
	// Gaps 2 and 1; the rightmost (index 2) counts; 1 mod 3 = 1.
	if !equal(got.Gaps, []int{2, 1}) || !equal(got.Significant, []int{2}) || !equal(got.Grundy, []int{1}) || got.Xor != 1 {
		t.Errorf("adapwns ..P.P: got %+v", got)
	}
	pos, _ = ABGame.Parse("A..B.A...B", ParseOptions{})
	_, b := pos.Analyze()
	ab := b.(ABGameAnalysis)
	if ab.ReserveA != 0 || ab.ReserveB != 0 || !equal(ab.NimHeaps, []int{2, 3}) || ab.NimSum != 1 {
		t.Errorf("abgame A..B.A...B: got %+v", ab)
	}
	pos, _ = ABGame.Parse("A.A..B", ParseOptions{})
	_, b = pos.Analyze()
	ab = b.(ABGameAnalysis)
	// A.A is A's pair (1 reserve); B is unpaired with no room to the edge.
	if ab.ReserveA != 1 || ab.ReserveB != 0 || len(ab.NimHeaps) != 0 {
		t.Errorf("abgame A.A..B: got %+v", ab)
	}
	pos, _ = Binim2.Parse("0011 10 1", ParseOptions{First: "Dee"})
	_, c := pos.Analyze()
	b2 := c.(Binim2Analysis)
	if strings.Join(b2.Compressed, " ") != "01 10 1" || b2.DeeExtra != 0 || b2.DumExtra != 1 {
		t.Errorf("binim2 0011 10 1: got %+v", b2)
	}
	pos, _ = BinString.Parse("1101110", ParseOptions{})
	_, d := pos.Analyze()
	bs := d.(BinStringAnalysis)
	if bs.Zeros != 2 || !equal(bs.Runs, []int{2, 3}) || bs.NimSum != 1 {
		t.Errorf("binstring 1101110: got %+v", bs)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseErrors(t *testing.T) {
	long := strings.Repeat(".", MaxPositionLen+1)
	for _, tc := range []struct {
		game, text, first, field, want string
	}{
		{"adapwns", "", "", "position", "empty"},
		{"adapwns", "  \t ", "", "position", "empty"},
		{"adapwns", "..P.X", "", "position", "character 5 is 'X'; a board uses '.' and 'P'"},
		{"adapwns", long, "", "position", "6001 characters"},
		{"abgame", "A..C", "", "position", "character 4 is 'C'"},
		{"abgame", "A\x01", "", "position", "byte 0x01"},
		{"binstring", "0120", "", "position", "character 3 is '2'"},
		{"binim2", "010 101", "", "first", "needs the player who moves first"},
		{"binim", "010", "Alice", "first", `"Alice" is not a player`},
		{"binim2", "010 1x1", "Dee", "position", "stack 2, character 2 is 'x'"},
		{"binim2", " , ", "Dee", "position", "no stacks"},
		{"chess", "x", "", "game", `"chess" is not a game`},
	} {
		t.Run(tc.game+" "+tc.want, func(t *testing.T) {
			g, err := Lookup(tc.game)
			if err == nil {
				_, err = g.Parse(tc.text, ParseOptions{First: tc.first})
			}
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an *InputError", err)
			}
			if ie.Field != tc.field || !strings.Contains(ie.Msg, tc.want) {
				t.Errorf("got %q, want field %q and a message containing %q", ie, tc.field, tc.want)
			}
		})
	}
}

func TestParseAcceptsSpacesCommasAndTrims(t *testing.T) {
	pos, err := Binim2.Parse("  010, 101  ,1 ", ParseOptions{First: "dum"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pos.String(), "010 101 1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if pos.ToMove() != 1 {
		t.Errorf("first player: got %d, want Dum", pos.ToMove())
	}
}

func TestStrictLimits(t *testing.T) {
	row := strings.Repeat(".", 200)
	if _, err := Adapwns.Parse(row, ParseOptions{}); err != nil {
		t.Errorf("a 200-cell board without --strict: %v", err)
	}
	if _, err := Adapwns.Parse(row, ParseOptions{Strict: true}); err == nil {
		t.Errorf("a 200-cell board with --strict was accepted; the contest allows 128")
	}
	in := "1\n" + row + "\n"
	if err := Judge(Adapwns, strings.NewReader(in), &strings.Builder{}, false); err != nil {
		t.Errorf("judge without --strict: %v", err)
	}
	if err := Judge(Adapwns, strings.NewReader(in), &strings.Builder{}, true); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("judge --strict: got %v, want an error on line 2", err)
	}
}

func TestJudgeErrors(t *testing.T) {
	for _, tc := range []struct{ game, in, want string }{
		{"abgame", "", "line 1: the input is empty"},
		{"abgame", "x\n", "line 1"},
		{"abgame", "2\nA.B\n", "line 3: the input ended before the line of test 2 of 2"},
		{"abgame", "1\nA.C\n", "line 2: character 3 is 'C'"},
		{"abgame", "1\nA.B\nA\n", "line 3: more input after the 1 tests"},
		{"binim2", "1\n2 Dee\n010\n", "the input ended before stack 2 of test 1"},
		{"binim2", "1\n2 Bob\n010\n101\n", "line 2: \"Bob\" is not a player"},
		{"binim2", "1\nx Dee\n", "line 2"},
		{"binim", "1\n1 Dee\n012\n", "line 3: character 3 is '2'"},
		{"binstring", "1\n\n", "line 2: the string is empty"},
	} {
		t.Run(tc.game+" "+tc.want, func(t *testing.T) {
			g, _ := Lookup(tc.game)
			err := Judge(g, strings.NewReader(tc.in), &strings.Builder{}, false)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestJudgeEqualsSolve(t *testing.T) {
	// The judge's streaming pass and Solve must agree on every position of
	// the enumerations (both first players for binim).
	for _, g := range Games() {
		t.Run(g.Name(), func(t *testing.T) {
			var in, want strings.Builder
			count := 0
			g.Enumerate(min(verifySizes[g.Name()], 7), func(pos Position) bool {
				count++
				if s, ok := pos.(*Stacks); ok {
					in.WriteString(strings.Join([]string{strconv.Itoa(len(s.stacks)), g.PlayerName(s.mover)}, " ") + "\n")
					for _, st := range s.stacks {
						in.WriteString(st + "\n")
					}
				} else {
					in.WriteString(pos.String() + "\n")
				}
				want.WriteString(Solve(pos).Answer() + "\n")
				return true
			})
			var out strings.Builder
			if err := Judge(g, strings.NewReader(strconv.Itoa(count)+"\n"+in.String()), &out, false); err != nil {
				t.Fatal(err)
			}
			if out.String() != want.String() {
				t.Errorf("judge and Solve disagree on some of %d positions", count)
			}
		})
	}
}

func TestPlayRejectsIllegalMoves(t *testing.T) {
	for _, tc := range []struct {
		game, pos, first string
		move             Move
	}{
		{"adapwns", "..P.P", "", CellMove{From: 3, To: 4}},
		{"adapwns", "..P.P", "", CellMove{From: 5, To: 2}},
		{"adapwns", ".PP", "", CellMove{From: 3, To: 1}},
		{"abgame", "A..B", "", CellMove{From: 4, To: 3}},
		{"abgame", "A..B", "", CellMove{From: 1, To: 5}},
		{"binim2", "10 01", "Dee", StackMove{Stack: 1, Take: 1}},
		{"binim2", "10 01", "Dee", StackMove{Stack: 2, Take: 3}},
		{"binstring", "0110", "", RangeMove{Start: 3, End: 2}},
		{"binstring", "0110", "", StackMove{Stack: 1, Take: 1}},
	} {
		t.Run(tc.game+" "+tc.move.String(), func(t *testing.T) {
			g, _ := Lookup(tc.game)
			pos, err := g.Parse(tc.pos, ParseOptions{First: tc.first})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pos.Play(tc.move); err == nil {
				t.Errorf("%v was accepted on %q", tc.move, tc.pos)
			}
		})
	}
}
