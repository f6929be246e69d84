package solver

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	dee := ParseOptions{First: "Dee"}
	tests := []struct {
		name string
		game Game
		text string
		opts ParseOptions
		want []string // parts of the message
	}{
		{"abgame empty", ABGame, "", ParseOptions{}, []string{"position:", "empty"}},
		{"adapwns blanks only", Adapwns, " \t\n ", ParseOptions{}, []string{"position:", "empty", "'.' and 'P'"}},
		{"binstring empty", BinString, "", ParseOptions{}, []string{"position:", "empty"}},
		{"binim2 empty", Binim2, "", dee, []string{"position:", "empty"}},
		{"binim2 only commas", Binim2, ",, ,", dee, []string{"position:", "no stacks"}},
		{"abgame wrong character", ABGame, "A.x.B", ParseOptions{}, []string{"position:", "character 3", "'x'", "'.', 'A' and 'B'"}},
		{"abgame lowercase other letter", ABGame, "c", ParseOptions{}, []string{"character 1", "'c'"}},
		{"abgame control byte", ABGame, "A\x01", ParseOptions{}, []string{"character 2", "byte 0x01"}},
		{"abgame inner space", ABGame, "A. B", ParseOptions{}, []string{"character 3", "' '"}},
		{"adapwns wrong character", Adapwns, "..x", ParseOptions{}, []string{"character 3", "'x'"}},
		{"adapwns not ascii", Adapwns, "P.é", ParseOptions{}, []string{"character 3", "byte 0xc3"}},
		{"binstring wrong character", BinString, "01102", ParseOptions{}, []string{"character 5", "'2'", "0 and 1"}},
		{"binim2 wrong character", Binim2, "01 0x1", dee, []string{"stack 2, character 2", "'x'"}},
		{"binim wrong character", Binim, "2", dee, []string{"stack 1, character 1", "'2'"}},
		{"abgame too long", ABGame, strings.Repeat(".", MaxPositionLen+1), ParseOptions{}, []string{"6001 characters", "6000"}},
		{"binstring too long", BinString, strings.Repeat("01", 3001), ParseOptions{}, []string{"6002 characters"}},
		{"binim too long", Binim, strings.Repeat("0 ", 3000) + "1", dee, []string{"6001 characters"}},
		{"binim2 no first", Binim2, "01", ParseOptions{}, []string{"first:", "binim2", "Dee or Dum"}},
		{"binim no first", Binim, "01", ParseOptions{First: "  "}, []string{"first:", "binim", "Dee or Dum"}},
		{"binim2 bad first", Binim2, "01", ParseOptions{First: "Tweedle"}, []string{"first:", `"Tweedle"`, "Dee or Dum"}},
		// Strict mode: the contest's limits.
		{"adapwns strict short", Adapwns, "P", ParseOptions{Strict: true}, []string{"1 cell;", "2 to 128"}},
		{"adapwns strict long", Adapwns, strings.Repeat(".", 129), ParseOptions{Strict: true}, []string{"129 cells", "2 to 128"}},
		{"binim2 strict stack", Binim2, "0 " + strings.Repeat("1", 51), ParseOptions{First: "Dum", Strict: true}, []string{"stack 2 has 51 symbols", "at most 50"}},
		{"binim strict stacks", Binim, strings.Repeat("01 ", 51), ParseOptions{First: "Dee", Strict: true}, []string{"51 stacks", "at most 50"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos, err := tc.game.Parse(tc.text, tc.opts)
			if err == nil {
				t.Fatalf("Parse(%q) = %q, want an error", clip([]byte(tc.text)), pos.String())
			}
			wantInputError(t, err, tc.want...)
		})
	}
}

// TestParseAccepts checks inputs at the limits and the normal form.
func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name string
		game Game
		text string
		opts ParseOptions
		want string // String()
	}{
		{"abgame 6000", ABGame, strings.Repeat("A.", 3000), ParseOptions{}, strings.Repeat("A.", 3000)},
		{"abgame trimmed", ABGame, " \tA.B\r\n", ParseOptions{}, "A.B"},
		{"adapwns not strict short", Adapwns, "P", ParseOptions{}, "P"},
		{"adapwns not strict long", Adapwns, strings.Repeat(".", 129), ParseOptions{}, strings.Repeat(".", 129)},
		{"adapwns strict 128", Adapwns, strings.Repeat("P", 128), ParseOptions{Strict: true}, strings.Repeat("P", 128)},
		{"binim2 spaces and commas", Binim2, " 0, 1\t00 ,,  11\n", ParseOptions{First: "Dum"}, "0 1 00 11"},
		{"binim first any case", Binim, "01", ParseOptions{First: " dUM "}, "01"},
		{"binim2 not strict long", Binim2, strings.Repeat("0", 51), ParseOptions{First: "Dee"}, strings.Repeat("0", 51)},
		{"binim2 strict 50 by 50", Binim2, strings.TrimSpace(strings.Repeat(strings.Repeat("1", 50)+" ", 50)), ParseOptions{First: "Dee", Strict: true},
			strings.TrimSpace(strings.Repeat(strings.Repeat("1", 50)+" ", 50))},
		{"binstring", BinString, "  0110 ", ParseOptions{Strict: true}, "0110"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustParse(t, tc.game, tc.text, tc.opts)
			if got := pos.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", clip([]byte(got)), clip([]byte(tc.want)))
			}
			if got, want := pos.ToMove(), Player(0); !tc.game.NeedsFirst() && got != want {
				t.Errorf("ToMove() = %d, want %d", got, want)
			}
		})
	}
	pos := mustParse(t, Binim2, "01", ParseOptions{First: "Dum"})
	if got, want := pos.ToMove(), Player(1); got != want {
		t.Errorf("binim2 with Dum first: ToMove() = %d, want %d", got, want)
	}
}

func TestLookup(t *testing.T) {
	for _, name := range Names() {
		g, err := Lookup(strings.ToUpper(name))
		if err != nil || g.Name() != name {
			t.Errorf("Lookup(%q) = %v, %v; want %s", strings.ToUpper(name), g, err, name)
		}
	}
	_, err := Lookup("chess")
	wantInputError(t, err, "game:", `"chess"`, "binim2, binim, abgame, adapwns, binstring")
}

func TestJudgeErrors(t *testing.T) {
	rows := func(n, length int) string { // n rows of length cells
		return strings.Repeat(strings.Repeat(".", length-1)+"A\n", n)
	}
	stacks := func(n, length int) string {
		return strings.Repeat(strings.Repeat("1", length)+"\n", n)
	}
	tests := []struct {
		name   string
		game   Game
		input  string
		strict bool
		want   []string
	}{
		{"empty input", ABGame, "", false, []string{"line 1:", "empty", "number of tests"}},
		{"blank first line", Adapwns, "\n", false, []string{"line 1:", `"" is not a number of tests`}},
		{"bad T", ABGame, "three\nA\n", false, []string{"line 1:", `"three" is not a number of tests`}},
		{"negative T", BinString, "-2\n", false, []string{"line 1:", `"-2"`}},
		{"rows end early", ABGame, "3\nA.B\n", false, []string{"line 3:", "ended before the line of test 2 of 3"}},
		{"stacks end early", Binim2, "1\n2 Dee\n010\n", false, []string{"line 4:", "ended before stack 2 of test 1 of 1"}},
		{"head missing", Binim, "2\n1 Dee\n0\n", false, []string{"line 4:", `ended before the line "N S" of test 2 of 2`}},
		{"head one field", Binim2, "1\n2\n01\n10\n", false, []string{"line 2:", `"2" should be "N S"`}},
		{"head three fields", Binim2, "1\n2 Dee Dum\n01\n10\n", false, []string{"line 2:", "should be \"N S\""}},
		{"head bad N", Binim2, "1\nx Dee\n01\n", false, []string{"line 2:", `"x" is not a number of stacks`}},
		{"head zero N", Binim, "1\n0 Dee\n", false, []string{"line 2:", `"0" is not a number of stacks`}},
		{"head bad player", Binim2, "1\n1 Tweedle\n01\n", false, []string{"line 2:", `"Tweedle" is not a player`, "Dee or Dum"}},
		{"head lowercase player", Binim2, "1\n1 dee\n01\n", false, []string{"line 2:", `"dee" is not a player`}},
		{"bad cell", ABGame, "2\nA.B\nA.C\n", false, []string{"line 3:", "character 3 is 'C'"}},
		{"bad pawn", Adapwns, "1\n.P.p\n", false, []string{"line 2:", "character 4 is 'p'"}},
		{"bad binary", BinString, "2\n01\n0 1\n", false, []string{"line 3:", "character 2 is ' '"}},
		{"bad stack symbol", Binim2, "1\n2 Dee\n010\n1x1\n", false, []string{"line 4:", "character 2 is 'x'"}},
		{"empty row", ABGame, "2\nA.B\n\n", false, []string{"line 3:", "empty"}},
		{"empty board", Adapwns, "1\n  \n", false, []string{"line 2:", "empty"}},
		{"empty string", BinString, "1\n\r\n", false, []string{"line 2:", "empty"}},
		{"empty stack", Binim, "1\n2 Dee\n0\n\n", false, []string{"line 4:", "stack 2 of test 1 is empty"}},
		{"trailing row", ABGame, "1\nA.B\nA\n", false, []string{"line 3:", "more input after the 1 test the"}},
		{"trailing after blanks", Binim2, "1\n1 Dee\n0\n\n\nDum\n", false, []string{"line 6:", "more input"}},
		// Strict limits.
		{"strict T zero", ABGame, "0\n", true, []string{"line 1:", "T is 0", "1 to 100000"}},
		{"strict T adapwns", Adapwns, "501\n" + strings.Repeat("..\n", 501), true, []string{"line 1:", "T is 501", "1 to 500"}},
		{"strict T binim", Binim2, "501\n", true, []string{"line 1:", "T is 501", "1 to 500"}},
		{"strict T abgame", ABGame, "100001\n", true, []string{"line 1:", "T is 100001"}},
		{"strict N", Binim2, "1\n51 Dee\n" + stacks(51, 1), true, []string{"line 2:", "N is 51", "at most 50"}},
		{"strict stack length", Binim, "1\n2 Dum\n0\n" + stacks(1, 51), true, []string{"line 4:", "stack 2 has 51 symbols", "at most 50"}},
		{"strict short board", Adapwns, "2\n..\nP\n", true, []string{"line 3:", "1 cell;", "2 to 128"}},
		{"strict long board", Adapwns, "1\n" + strings.Repeat(".", 129) + "\n", true, []string{"line 2:", "129 cells"}},
		{"strict long row", ABGame, "1\n" + rows(1, 100001), true, []string{"line 2:", "100001 cells", "at most 100000"}},
		{"strict total", ABGame, "11\n" + rows(11, 100000), true, []string{"line 12:", "1100000 cells", "1000000 in all"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := judgeString(t, tc.game, tc.input, tc.strict)
			wantInputError(t, err, tc.want...)
		})
	}
}

// TestJudgeNotStrict checks that over-limit input the strict judge rejects
// is judged without --strict.
func TestJudgeNotStrict(t *testing.T) {
	tests := []struct {
		name  string
		game  Game
		input string
		want  string
	}{
		{"T zero", ABGame, "0\n", ""},
		{"many boards", Adapwns, "501\n" + strings.Repeat("..\n", 501), strings.Repeat("No\n", 501)},
		{"short board", Adapwns, "1\nP\n", "No\n"},
		{"long board", Adapwns, "1\n" + strings.Repeat(".", 129) + "P\n", "No\n"},      // gap 129 = 0 mod 3
		{"long board win", Adapwns, "1\n" + strings.Repeat(".", 130) + "P\n", "Yes\n"}, // gap 130 = 1 mod 3
		{"51 stacks", Binim2, "1\n51 Dee\n" + strings.Repeat("1\n", 51), "Dee\n"},      // Dum has 51 extra moves
		{"long stack", Binim, "1\n1 Dee\n" + strings.Repeat("0", 51) + "\n", "Dee\n"},
		// 11 rows of 100000 cells, each an A with 99999 reserve moves.
		{"total over 10^6", ABGame, "11\n" + strings.Repeat("A"+strings.Repeat(".", 99999)+"\n", 11), strings.Repeat("A\n", 11)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := judgeString(t, tc.game, tc.input, false)
			if err != nil {
				t.Fatalf("Judge: %v", err)
			}
			if got != tc.want {
				t.Errorf("Judge = %q, want %q", clip([]byte(got)), clip([]byte(tc.want)))
			}
		})
	}
}

// TestJudgeHugeLine judges one abgame row of about 60 MB, far beyond the
// read buffer: accepted without --strict, rejected with it.
func TestJudgeHugeLine(t *testing.T) {
	pairs := 15_000_000 // "A..B" 15M times: 60 MB, heaps of 2, XOR 0
	if testing.Short() || raceEnabled {
		pairs = 2_000_000 // 8 MB: still 30 times the read buffer
	}
	row := strings.Repeat("A..B", pairs)
	tests := []struct {
		input, want string
	}{
		// XOR 0 and no reserve moves: B. Then a short row, A.B: A.
		{"2\n" + row + "\nA.B\n", "B\nA\n"},
		// An unpaired A with 2 cells to the edge: A has more reserve moves.
		{"1\n" + row + "A..\n", "A\n"},
	}
	for _, tc := range tests {
		got, err := judgeString(t, ABGame, tc.input, false)
		if err != nil {
			t.Fatalf("Judge of %d bytes: %v", len(tc.input), err)
		}
		if got != tc.want {
			t.Errorf("Judge of %d bytes = %q, want %q", len(tc.input), got, tc.want)
		}
	}
	_, err := judgeString(t, ABGame, tests[0].input, true)
	wantInputError(t, err, "line 2:", fmt.Sprintf("%d cells", 4*pairs))
}

func TestParseIgnoresLetterCase(t *testing.T) {
	for _, tc := range []struct {
		g          Game
		text, want string
	}{
		{Adapwns, "..p.P", "..P.P"},
		{Adapwns, " p.p ", "P.P"},
		{ABGame, "a..b.A", "A..B.A"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			pos, err := tc.g.Parse(tc.text, ParseOptions{})
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.text, err)
			}
			if got := pos.String(); got != tc.want {
				t.Errorf("Parse(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}
