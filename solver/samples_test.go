package solver

import (
	"encoding/json"
	"strings"
	"testing"
)

// samples are the examples of GAMES.md, with their judge output.
var samples = []struct {
	game   Game
	text   string
	first  string
	answer string
	winner string
}{
	{Binim2, "010 101", "Dee", "Dee", "Dee"},
	{ABGame, "A.B", "", "A", "A"},
	{ABGame, "A..B", "", "A", "A"},
	{ABGame, "A..B.A..B", "", "B", "B"},
	{Adapwns, "..P.P", "", "Yes", "Ada"},
	{BinString, "00011", "", "Player 1", "Player 1"},
	{BinString, "000011", "", "Tie", "nobody"},
	{BinString, "0110011", "", "Player 2", "Player 2"},
}

func TestSamples(t *testing.T) {
	for _, tc := range samples {
		t.Run(tc.game.Name()+"/"+tc.text, func(t *testing.T) {
			pos := mustParse(t, tc.game, tc.text, ParseOptions{First: tc.first, Strict: true})
			r := Solve(pos)
			if got := r.Answer(); got != tc.answer {
				t.Errorf("Answer() = %q, want %q", got, tc.answer)
			}
			if got := r.WinnerName(); got != tc.winner {
				t.Errorf("WinnerName() = %q, want %q", got, tc.winner)
			}
			if r.Move != nil {
				if _, err := pos.Play(r.Move); err != nil {
					t.Errorf("Solve's move %v is illegal: %v", r.Move, err)
				}
			}
		})
	}
}

// TestJudgeSamples runs each sample through the judge, in the judge
// format, and all samples of a game as one input.
func TestJudgeSamples(t *testing.T) {
	tests := []struct {
		game        Game
		input, want string
	}{
		{Binim2, "1\n2 Dee\n010\n101\n", "Dee\n"},
		{ABGame, "3\nA.B\nA..B\nA..B.A..B\n", "A\nA\nB\n"},
		{Adapwns, "1\n..P.P\n", "Yes\n"},
		{BinString, "3\n00011\n000011\n0110011\n", "Player 1\nTie\nPlayer 2\n"},
		// The same, with Windows line endings, blanks and no final newline.
		{Binim2, "1\r\n 2   Dee \r\n010\r\n101", "Dee\n"},
		{ABGame, "3\r\n\tA.B \r\nA..B\r\nA..B.A..B\r\n\r\n", "A\nA\nB\n"},
		// Both binim games, Dum first and more stacks.
		{Binim2, "2\n3 Dum\n0011\n00\n1\n3 Dee\n000\n00\n1\n", "Dum\nDum\n"},
		{Binim, "2\n2 Dee\n010\n101\n3 Dum\n0\n1\n00\n", "Dum\nDee\n"},
	}
	for _, tc := range tests {
		t.Run(tc.game.Name(), func(t *testing.T) {
			for _, strict := range []bool{false, true} {
				got, err := judgeString(t, tc.game, tc.input, strict)
				if err != nil {
					t.Fatalf("Judge(%q, strict %v): %v", tc.input, strict, err)
				}
				if got != tc.want {
					t.Errorf("Judge(%q, strict %v) = %q, want %q", tc.input, strict, got, tc.want)
				}
			}
		})
	}
}

// TestAnalysis checks the JSON analysis of hand-worked positions. Each
// want was worked out from GAMES.md, as the comment says.
func TestAnalysis(t *testing.T) {
	tests := []struct {
		game        Game
		text, first string
		answer      string
		want        string // the analysis object as JSON
	}{
		// Pawns on cells 3 and 5: 2 empty cells before the first, 1 before
		// the second. The rightmost gap (2nd) counts: 1 mod 3 = 1.
		{Adapwns, "..P.P", "", "Yes", `{"gaps":[2,1],"significant":[2],"grundy":[1],"xor":1}`},
		// Gaps 0, 2, 1; counted: 3rd and 1st; grundy 0 and 1.
		{Adapwns, "P..P.P", "", "Yes", `{"gaps":[0,2,1],"significant":[1,3],"grundy":[0,1],"xor":1}`},
		// One pawn with 3 empty cells: 3 mod 3 = 0, a loss for Ada.
		{Adapwns, "...P", "", "No", `{"gaps":[3],"significant":[1],"grundy":[0],"xor":0}`},
		// Gaps 4, 0, 5, 2: counted 4th and 2nd; 2 xor 0 = 2.
		{Adapwns, "....PP.....P..P", "", "Yes", `{"gaps":[4,0,5,2],"significant":[2,4],"grundy":[0,2],"xor":2}`},
		{Adapwns, "....", "", "No", `{"gaps":[],"significant":[],"grundy":[],"xor":0}`},
		// Pairs (A1,B4) and (A6,B9), both Nim heaps of 2: XOR 0, B wins.
		{ABGame, "A..B.A..B", "", "B", `{"reserve_a":0,"reserve_b":0,"nim_heaps":[2,2],"nim_sum":0}`},
		// Pair (A1,A3) gives A 1 reserve move; B6 is unpaired at the edge.
		{ABGame, "A.A..B", "", "A", `{"reserve_a":1,"reserve_b":0,"nim_heaps":[],"nim_sum":0}`},
		// (B1,A5) is a heap of 3; B7 is unpaired with cells 8 and 9 to the edge.
		{ABGame, "B...A.B..", "", "B", `{"reserve_a":0,"reserve_b":2,"nim_heaps":[3],"nim_sum":3}`},
		// (B1,B3) gives B 1 reserve move; A5 has 1 cell to the edge. Equal
		// reserves and no heap: A, to move, loses.
		{ABGame, "B.B.A.", "", "B", `{"reserve_a":1,"reserve_b":1,"nim_heaps":[],"nim_sum":0}`},
		// 010 and 101 are both top = bottom: one extra move each; equal, the mover wins.
		{Binim2, "010 101", "Dee", "Dee", `{"compressed":["010","101"],"dee_extra":1,"dum_extra":1}`},
		// 0011 cancels; 00 is Dee's extra, 1 is Dum's: equal, Dum to move wins.
		{Binim2, "0011 00 1", "Dum", "Dum", `{"compressed":["01","0","1"],"dee_extra":1,"dum_extra":1}`},
		// Dee has 2 extra moves, Dum 1: the one with fewer (Dum) wins.
		{Binim2, "000 00 1", "Dee", "Dum", `{"compressed":["0","0","1"],"dee_extra":2,"dum_extra":1}`},
		// Dee: two 0s in 010; Dum: two 1s in 101. Not strictly more: Dee loses.
		{Binim, "010 101", "Dee", "Dum", `{"dee_moves":2,"dum_moves":2}`},
		// Dee: 0 and 00 give 3; Dum: 1 gives 1. Dum to move loses.
		{Binim, "0 1 00", "Dum", "Dee", `{"dee_moves":3,"dum_moves":1}`},
		// 1s counted only in stacks with 1 on top: 0111 gives Dee one move.
		{Binim, "0111 1101", "Dee", "Dum", `{"dee_moves":1,"dum_moves":3}`},
		// Three 0s (odd); runs 2 and 2 XOR to 0: Player 2.
		{BinString, "0110011", "", "Player 2", `{"zeros":3,"runs":[2,2],"nim_sum":0}`},
		{BinString, "00011", "", "Player 1", `{"zeros":3,"runs":[2],"nim_sum":2}`},
		{BinString, "000011", "", "Tie", `{"zeros":4,"runs":[2],"nim_sum":2}`},
		{BinString, "1011101", "", "Tie", `{"zeros":2,"runs":[1,3,1],"nim_sum":3}`},
		{BinString, "111", "", "Tie", `{"zeros":0,"runs":[3],"nim_sum":3}`},
		{BinString, "0", "", "Player 2", `{"zeros":1,"runs":[],"nim_sum":0}`},
	}
	for _, tc := range tests {
		t.Run(tc.game.Name()+"/"+tc.text, func(t *testing.T) {
			pos := mustParse(t, tc.game, tc.text, ParseOptions{First: tc.first})
			r := Solve(pos)
			if got := r.Answer(); got != tc.answer {
				t.Errorf("Answer() = %q, want %q", got, tc.answer)
			}
			b, err := json.Marshal(r.Analysis)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(b); got != tc.want {
				t.Errorf("analysis\n got %s\nwant %s", got, tc.want)
			}
			judgeIn := "1\n" + tc.text + "\n"
			if tc.game.NeedsFirst() {
				stacks := strings.Fields(tc.text)
				judgeIn = "1\n" + itoa(len(stacks)) + " " + tc.first + "\n" + strings.Join(stacks, "\n") + "\n"
			}
			got, err := judgeString(t, tc.game, judgeIn, false)
			if err != nil {
				t.Fatalf("Judge: %v", err)
			}
			if want := tc.answer + "\n"; got != want {
				t.Errorf("Judge(%q) = %q, want %q", judgeIn, got, want)
			}
		})
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestMoveJSON checks the move shapes of the JSON contract.
func TestMoveJSON(t *testing.T) {
	tests := []struct {
		move Move
		json string
		text string
	}{
		{StackMove{Stack: 2, Take: 3}, `{"stack":2,"take":3}`, "take 3 from stack 2"},
		{CellMove{From: 5, To: 4}, `{"from":5,"to":4}`, "move the piece on cell 5 to cell 4"},
		{RangeMove{Start: 1, End: 3}, `{"start":1,"end":3}`, "remove characters 1 to 3"},
		{RangeMove{Start: 2, End: 2}, `{"start":2,"end":2}`, "remove character 2"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			b, err := json.Marshal(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(b); got != tc.json {
				t.Errorf("json %s, want %s", got, tc.json)
			}
			if got := tc.move.String(); got != tc.text {
				t.Errorf("String() = %q, want %q", got, tc.text)
			}
		})
	}
}

// TestSolveMoves checks Solve's move on hand-worked positions.
func TestSolveMoves(t *testing.T) {
	tests := []struct {
		game        Game
		text, first string
		want        Move // nil: no move
	}{
		// Gaps [2,1]: take the counted gap 1 to 0 by moving pawn 5 to 4.
		// Moving pawn 3 first leaves gaps [1,2] or [0,3] with grundy 2 or 0;
		// only [0,3] (pawn 3 to 1) also wins, and it comes first in Moves.
		{Adapwns, "..P.P", "", CellMove{From: 3, To: 1}},
		// A lost position has no move.
		{Adapwns, "...P", "", nil},
		// A..B: heap 2, A moves next to B to leave heap 0.
		{ABGame, "A..B", "", CellMove{From: 1, To: 3}},
		// 00011: every move that takes a 0 leaves Player 1 at least level
		// on 0s; taking one 1 leaves 0001, where Player 2 wins the Nim on
		// the 1s. Taking 11 leaves 000 with Nim sum 0: Player 2 must start
		// on the 0s and ends with two of three.
		{BinString, "00011", "", RangeMove{Start: 4, End: 5}},
		// Player 2 wins: no move for Player 1.
		{BinString, "0110011", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.game.Name()+"/"+tc.text, func(t *testing.T) {
			pos := mustParse(t, tc.game, tc.text, ParseOptions{First: tc.first})
			got := Solve(pos).Move
			if got != tc.want {
				t.Errorf("Solve(%q).Move = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}
