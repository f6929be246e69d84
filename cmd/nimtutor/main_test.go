package main

import (
	"bytes"
	"context"
	"encoding/json"
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
		{"", []string{"solve", "binim2", "010"}, 1, "first: binim2 needs the player who moves first"},
		{"", []string{"solve", "adapwns"}, 2, "give a game and a position"},
		{"", []string{"hint", "adapwns", "..P.P", "--level", "9"}, 1, "there are 5 levels"},
		{"", []string{"nope"}, 2, `"nope" is not a command`},
		{"1\n2 Dee\n010\n101\n", []string{"judge", "binim2"}, 0, ""},
		{"1\n2 Dee\n010\n", []string{"judge", "binim2"}, 1, "the input ended before stack 2"},
		{"", []string{"verify", "adapwns", "--max", "6"}, 0, ""},
		{"", []string{"verify", "binim2", "010", "101", "--first", "Dee"}, 0, ""},
		{"", []string{"verify", "nim", "--max", "0"}, 2, "--max is 0: give a size of 1 or more"},
		{"", []string{"verify", "nim", "--max", "-3"}, 2, "--max is -3"},
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
	if code != 2 || !strings.Contains(errOut, "--move: the cell to move from and the cell to move to, e.g. 5 4") {
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
