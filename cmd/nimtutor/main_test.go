package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs the command line as main would and returns its exit code
// and output.
func runCLI(tb testing.TB, stdin string, args ...string) (int, string, string) {
	tb.Helper()
	var out, errOut bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut}
	code := m.Exec(context.Background(), args)
	return code, out.String(), errOut.String()
}

func TestConsolePiped(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	code, out, _ := runCLI(t, "/adapwns solve position:..P.P\n/binim2 hint position:010 101 first:Dee\nclick 1\n")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"== Ada wins", "Finding it", "Hint 1 of", "Hint 2 of", "(the message above is updated)"} {
		if !strings.Contains(out, want) {
			t.Errorf("console output lacks %q:\n%s", want, out)
		}
	}
}

func TestSolveJSONContract(t *testing.T) {
	for _, tc := range []struct {
		args      []string
		answer    string
		winner    string
		moveKeys  []string
		analysis  []string
		wantFirst bool
		// remoteness is the JSON of the field: moves to the end, or null
		// where the search does not reach.
		remoteness string
	}{
		{[]string{"adapwns", "..P.P"}, "Yes", "Ada", []string{"from", "to"}, []string{"gaps", "significant", "grundy", "xor"}, false, "3"},
		{[]string{"binim2", "010 101", "--first", "Dee"}, "Dee", "Dee", []string{"stack", "take"}, []string{"compressed", "dee_extra", "dum_extra"}, true, "4"},
		{[]string{"binim", "0011", "1", "--first=Dum"}, "Dee", "Dee", nil, []string{"dee_moves", "dum_moves"}, true, "2"},
		{[]string{"abgame", "A..B.A...B"}, "A", "A", []string{"from", "to"}, []string{"reserve_a", "reserve_b", "nim_heaps", "nim_sum"}, false, "5"},
		{[]string{"binstring", "000011"}, "Tie", "nobody", []string{"start", "end"}, []string{"zeros", "runs", "nim_sum"}, false, "3"},
		{[]string{"adapwns", strings.Repeat(".P", 100)}, "No", "Ada's opponent", nil, []string{"gaps", "significant", "grundy", "xor"}, false, "null"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"solve", "--json"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var v map[string]json.RawMessage
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatal(err)
			}
			var answer, winner string
			json.Unmarshal(v["answer"], &answer)
			json.Unmarshal(v["winner"], &winner)
			if answer != tc.answer || winner != tc.winner {
				t.Errorf("answer %q winner %q, want %q %q", answer, winner, tc.answer, tc.winner)
			}
			if _, ok := v["first"]; ok != tc.wantFirst {
				t.Errorf("first present: %v, want %v", ok, tc.wantFirst)
			}
			var move map[string]int
			json.Unmarshal(v["move"], &move)
			if tc.moveKeys == nil && string(v["move"]) != "null" {
				t.Errorf("move: got %s, want null (every move loses)", v["move"])
			}
			for _, k := range tc.moveKeys {
				if _, ok := move[k]; !ok {
					t.Errorf("move %s lacks %q", v["move"], k)
				}
			}
			var analysis map[string]json.RawMessage
			json.Unmarshal(v["analysis"], &analysis)
			if len(analysis) != len(tc.analysis) {
				t.Errorf("analysis has fields %v, want exactly %v", keys(analysis), tc.analysis)
			}
			for _, k := range tc.analysis {
				if _, ok := analysis[k]; !ok {
					t.Errorf("analysis lacks %q", k)
				}
			}
			if got := string(v["remoteness"]); got != tc.remoteness {
				t.Errorf("remoteness %s, want %s", got, tc.remoteness)
			}
			var steps []struct{ Title, Body string }
			if err := json.Unmarshal(v["steps"], &steps); err != nil || len(steps) < 3 {
				t.Errorf("steps: %v, %d of them", err, len(steps))
			}
		})
	}
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestExitCodes(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"", []string{"solve", "adapwns", "..X.P"}, 1, "position: character 3 is 'X'"},
		{"", []string{"solve", "adapwns", strings.Repeat(".", 7000)}, 1, "position: it has 7000 characters, over the 6000-character limit of a position on the command line\n"},
		{"", []string{"solve", "binim2", "010"}, 1, "first: binim2 needs the player who moves first"},
		{"", []string{"solve", "adapwns"}, 2, "give a game and a position"},
		{"", []string{"hint", "adapwns", "..P.P", "--level", "9"}, 1, "there are 5 levels"},
		{"", []string{"nope"}, 2, "\"nope\" is not a command\nRun 'nimtutor help' for the list of commands.\n"},
		{"", []string{"export"}, 2, `"export" is not a command of the command line but a slash command: run nimtutor console, then type /export`},
		{"", []string{"nim", "1 2"}, 2, `"nim" is not a command but a game; a command comes first: nimtutor solve nim POSITION`},
		{"1\n2 Dee\n010\n101\n", []string{"judge", "binim2"}, 0, ""},
		{"1\n2 Dee\n010\n", []string{"judge", "binim2"}, 1, "the input ended before stack 2"},
		{"", []string{"verify", "adapwns", "--max", "6"}, 0, ""},
		{"", []string{"verify", "binim2", "010", "101", "--first", "Dee"}, 0, ""},
		{"", []string{"verify", "nim", "--max", "0"}, 2, "--max is 0: give a size of 1 or more"},
		{"", []string{"verify", "nim", "--max", "-3"}, 2, "--max is -3"},
		{"", []string{"verify", "nim", "--max", "100"}, 2, "--max is 100, over nim's bound of 16: exhaustive search beyond 16 heaps (of 1..15) does not finish in reasonable time; give --max 16 or less"},
		{"", []string{"verify", "all", "--max", "17"}, 2, "--max is 17, over "},
		{"", []string{"hint", "nim", "1 2", "--level", "5", "--verdict", "First"}, 2, "--level prints a hint and --verdict checks your verdict: give one of them"},
		{"", []string{"practice", "nim", "--theme", "gap mod 3"}, 1, `theme: "gap mod 3" is not a theme of nim's puzzles; choose one of XOR to zero`},
		{"", []string{"solve", "adapwns", "3 4 5"}, 1, "position: character 1 is '3'; a board uses '.' and 'P' (it reads as a position of nim or misere: is that the game you meant?)"},
		{"", []string{"solve", "binim2", "A..B", "--first", "Dee"}, 1, "(it reads as a position of abgame: is that the game you meant?)"},
		{"", []string{"why", "adapwns", "..P.P", "--move", "5 4", "--other-move", "5,4"}, 2, "--other-move is the move --move names (move the piece on cell 5 to cell 4)"},
		{"", []string{"solve", "heaps", "3 4 5"}, 1, "rule: it starts with '3'; start with a rule, one of nim, subtract"},
		{"", []string{"solve", "heaps", "3 4 5"}, 1, "(it reads as a position of nim or misere: is that the game you meant?)"},
		{"", []string{"solve", "nim", "-1 2"}, 2, `"-1 2" is not a flag; a position that starts with '-' goes after --, as in: nimtutor solve GAME -- "-1 2"`},
		{"", []string{"solve", "nim", "--", "-1 2"}, 1, "position: heap 1, character 1 is '-'"},
		{"", []string{"solve", "binstring", "0110", "--first", "Dum"}, 2, "--first is for games where either player may start (binim, binim2); in binstring, Player 1 always moves first"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, tc.code, tc.want)
			}
		})
	}
}

func TestPlayGoesOnAfterAMistypedMove(t *testing.T) {
	// "..P.P": 9 9 is off the board and 4 3 moves no pawn; the game must
	// show the board again and take 5 4, then go on to its end.
	code, out, errOut := runCLI(t, "9 9\n4 3\nhello\n5 4\n3 2\n", "play", "adapwns", "..p.p")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"cells are numbered 1 to 5", "cell 4 holds no pawn", "Try another move", "You move the piece on cell 5 to cell 4", "The bot answers"} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
}

func TestConsoleAnswerOpensTheForm(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	code, out, _ := runCLI(t, "/adapwns play position:..P.P\nanswer 5 4\n", "console")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "You move the piece on cell 5 to cell 4") {
		t.Errorf("answer without click did not play the move:\n%s", out)
	}
}

func TestSolveShortByDefaultFullOnDemand(t *testing.T) {
	code, short, _ := runCLI(t, "", "solve", "adapwns", "..P.P")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"Ada wins (judge: Yes)", "Why:", "Finding it:", "Your move:", "Best play: Ada 5→4", "The rule here:"} {
		if !strings.Contains(short, want) {
			t.Errorf("short answer lacks %q:\n%s", want, short)
		}
	}
	if n := len(strings.Fields(short)); n > 120 {
		t.Errorf("short answer has %d words:\n%s", n, short)
	}
	code, full, _ := runCLI(t, "", "solve", "adapwns", "..P.P", "--full")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"Which gaps count", "Finding the move", "Verdict and move", "Your move"} {
		if !strings.Contains(full, want) {
			t.Errorf("--full lacks %q:\n%s", want, full)
		}
	}
}

func TestHintChecksAVerdict(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"hint", "adapwns", "..P.P", "--verdict", "ada"}, "Right: Ada wins", 0},
		{[]string{"hint", "adapwns", "..P.P", "--verdict", "Ada's opponent"}, "Not this time", 0},
		{[]string{"hint", "binstring", "0011", "--verdict", "Tie"}, "Right: with best play it is a tie", 0},
		{[]string{"hint", "binstring", "0011", "--verdict", "Dee"}, "choose one of Player 1, Player 2, Tie", 1},
	} {
		code, out, errOut := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%v: exit %d, output %q%q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
}

func TestMovesAndWhyCommands(t *testing.T) {
	code, out, errOut := runCLI(t, "", "moves", "adapwns", "..P.P", "--json")
	if code != 0 {
		t.Fatalf("moves --json: exit %d: %s", code, errOut)
	}
	var v struct {
		Moves []struct {
			Move        map[string]int `json:"move"`
			Value       string         `json:"value"`
			Remoteness  *int           `json:"remoteness"`
			Recommended bool           `json:"recommended"`
		} `json:"moves"`
		More int `json:"more"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Moves) != 3 || v.More != 0 {
		t.Fatalf("moves: %+v", v)
	}
	recommended := 0
	for _, m := range v.Moves {
		if m.Remoteness == nil || m.Move["from"] == 0 || m.Value == "" {
			t.Errorf("row %+v lacks a field", m)
		}
		if m.Recommended {
			recommended++
			if m.Move["from"] != 5 || m.Move["to"] != 4 || m.Value != "win" || *m.Remoteness != 5 {
				t.Errorf("recommended row %+v, want 5 to 4, a win in 5", m)
			}
		}
	}
	if recommended != 1 {
		t.Errorf("%d rows recommended", recommended)
	}
	code, out, _ = runCLI(t, "", "moves", "adapwns", "..P.P")
	if code != 0 || !strings.Contains(out, "3 1       win in 3 moves") || strings.Contains(out, "```") {
		t.Errorf("moves text: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "why", "adapwns", "..P.P", "--move", "3 2")
	if code != 0 || !strings.Contains(out, "Their refutation") || !strings.Contains(out, "loses in 4 moves") {
		t.Errorf("why: exit %d\n%s", code, out)
	}
	code, _, errOut = runCLI(t, "", "why", "adapwns", "..P.P")
	if code != 2 || !strings.Contains(errOut, "--move, as two numbers: the cell to move from and the cell to move to, e.g. 5 4") {
		t.Errorf("why without a move: exit %d %q", code, errOut)
	}
	// Where no move is left there is none to ask about: why says why the
	// game is over, in the game's words, for normal and misère play.
	for _, tc := range []struct{ game, pos, want string }{
		{"misere", "0", "The only heap is empty, so First, who is to move, cannot move and wins (misère play: the player who cannot move wins)."},
		{"nim", "0 0", "Both heaps are empty, so First, who is to move, cannot move and loses (normal play: the player who cannot move loses)."},
		{"adapwns", ".", "There is no pawn on the board, so Ada, who is to move, cannot move and loses"},
	} {
		code, out, errOut = runCLI(t, "", "why", tc.game, tc.pos)
		if code != 0 || !strings.Contains(out, "No move to look at: "+tc.want) {
			t.Errorf("why %s %q: exit %d %q\n%s", tc.game, tc.pos, code, errOut, out)
		}
	}
	// A lost position keeps move null in solve's JSON, and recommends the
	// slowest loss in moves.
	code, out, _ = runCLI(t, "", "solve", "adapwns", ".P.P.P", "--json")
	if code != 0 || !strings.Contains(out, `"move": null`) {
		t.Errorf("solve of a lost position: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "moves", "adapwns", ".P.P.P")
	if code != 0 || !strings.Contains(out, "4 3       lose in 6 moves    ← recommended") {
		t.Errorf("moves of a lost position: exit %d\n%s", code, out)
	}
}

// TestBadCharacterNamed types a character outside a game's alphabet, one
// that is not ASCII, into each game's position: the message counts the
// place in characters and shows the character, where it used to show one
// byte of it ("character 1 is byte 0xe2").
func TestBadCharacterNamed(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "adapwns", "..P…P"}, "position: character 4 is '…' (U+2026); a board uses '.' and 'P'"},
		{[]string{"solve", "abgame", "éA.B"}, "position: character 1 is 'é' (U+00E9); a row uses '.', 'A' and 'B'"},
		{[]string{"solve", "binstring", "01２"}, "position: character 3 is '２' (U+FF12, the full-width form of '2'); the string uses only 0 and 1"},
		{[]string{"solve", "binim", "01 1é", "--first", "Dum"}, "position: stack 2, character 2 is 'é' (U+00E9); a stack uses only 0 and 1"},
		{[]string{"solve", "nim", "３ 4"}, "position: heap 1, character 1 is '３' (U+FF13, the full-width form of '3'); a heap is a number of objects"},
	} {
		code, _, errOut := runCLI(t, "", tc.args...)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("nimtutor %s: exit %d, %q; want exit 1 and %q", strings.Join(tc.args, " "), code, errOut, tc.want)
		}
	}
	code, _, errOut := runCLI(t, "1\n3 é\n", "judge", "nim")
	if want := "line 2: character 3 is 'é' (U+00E9); a test is heap sizes separated by spaces"; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("judge nim: exit %d, %q; want %q", code, errOut, want)
	}
}

// TestMovePromptsAreTheGames checks that the terminal's prompts for a
// move give the game's own example: in Nim "5 4" is heap 5, which `1 2`
// does not have.
func TestMovePromptsAreTheGames(t *testing.T) {
	t.Setenv("NIMTUTOR_DB", filepath.Join(t.TempDir(), "prompts.db"))
	want := "Type your move as two numbers (the heap and how many to take, e.g. 2 3), or quit."
	if code, out, _ := runCLI(t, "quit\n", "play", "nim", "1 2"); code != 0 || !strings.Contains(out, want) {
		t.Errorf("play nim: exit %d, output lacks %q:\n%s", code, want, out)
	}
	want = "Type your move as two numbers (the first and last character to remove, e.g. 3 5), hint, next, or quit."
	if code, out, _ := runCLI(t, "quit\n", "practice", "binstring"); code != 0 || !strings.Contains(out, want) {
		t.Errorf("practice binstring: exit %d, output lacks %q:\n%s", code, want, out)
	}
	// A word that is neither a move nor a console line gets the prompt
	// again, not the console's "not a console command; type help".
	want = "\"abc\" is not a move. Type your move as two numbers (the heap and how many to take, e.g. 2 3), or quit."
	if code, out, _ := runCLI(t, "abc\nquit\n", "play", "nim", "1 2"); code != 0 || !strings.Contains(out, want) || strings.Contains(out, "console command") {
		t.Errorf("play nim, typing abc: exit %d, output lacks %q:\n%s", code, want, out)
	}
	// A game over before it starts asks for no move.
	if code, out, _ := runCLI(t, "", "play", "adapwns", "P.."); code != 0 || !strings.Contains(out, "Game over") || strings.Contains(out, "Type your move") {
		t.Errorf("play adapwns P..: exit %d; want Game over and no prompt:\n%s", code, out)
	}
	want = "give the move to look at with --move, as two numbers: the heap and how many to take, e.g. 2 3"
	if code, _, errOut := runCLI(t, "", "why", "nim", "1 2"); code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("why nim without --move: exit %d, %q; want exit 2 and %q", code, errOut, want)
	}
}

// TestHTTPAddressThatCannotBeListenedOn gives `nimtutor http` an address
// with no port: it exits 1 saying which setting is wrong, and never
// announces that it serves (it used to print "serving interactions at
// http://nonsense/interactions" before failing).
func TestHTTPAddressThatCannotBeListenedOn(t *testing.T) {
	t.Setenv("DISCORD_PUBLIC_KEY", strings.Repeat("ab", 32))
	t.Setenv("NIMTUTOR_DB", filepath.Join(t.TempDir(), "http.db"))
	code, out, errOut := runCLI(t, "", "http", "--addr", "nonsense")
	want := `cannot listen on "nonsense" (--addr, else HTTP_ADDR, a HOST:PORT such as 127.0.0.1:8080)`
	if code != 1 || strings.Contains(out, "serving") || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, no banner, and %q", code, out, errOut, want)
	}
}

// TestInterruptedSaysSo runs a long verify under a context that ends, as
// Ctrl+C ends main's: the command says it was interrupted, not "context
// canceled".
func TestInterruptedSaysSo(t *testing.T) {
	var out, errOut bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}
	code := m.Exec(ctx, []string{"verify", "nim", "--max", "16"})
	if want := "nimtutor verify: stopped before it finished (interrupted)\n"; code != 1 || errOut.String() != want {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, errOut.String(), want)
	}
}
