package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestWhyCommand(t *testing.T) {
	r, _ := newTestRouter(t)
	for _, tc := range []struct {
		name  string
		opts  []any
		want  []string // in the embed's fields
		error string   // in an ephemeral message instead
	}{
		{"losing move", []any{optPosition, "..P.P", optMove, "3 2"},
			[]string{"Their refutation", "5→3", "The better move", "Move the piece on cell 5 to cell 4 is better for Ada: it wins in 5 moves, while move the piece on cell 3 to cell 2 loses in 4 moves.", "Move the piece on cell 3 to cell 2 loses in 4 moves.", "Move the piece on cell 5 to cell 4 wins in 5 moves."}, ""},
		{"against another move", []any{optPosition, "..P.P", optMove, "5 4", optOtherMove, "3 1"},
			[]string{"Move the piece on cell 3 to cell 1 is better for Ada: it wins in 3 moves and move the piece on cell 5 to cell 4 wins in 5 moves, so it gets there sooner.", "Move the piece on cell 3 to cell 1 wins in 3 moves."}, ""},
		{"binstring holds", []any{optPosition, "0110011", optMove, "4 4"},
			[]string{"Player 1 holds 1 zero and Player 2 holds 0"}, ""},
		{"no move", []any{optPosition, "..P.P"}, nil, "move: give the move to look at"},
		{"game over", []any{optPosition, "."}, []string{"No move to look at", "There is no pawn on the board, so Ada, who is to move, cannot move and loses (normal play: the player who cannot move loses)."}, ""},
		{"illegal move", []any{optPosition, "..P.P", optMove, "4 3"}, nil, "cell 4 holds no pawn"},
		{"not numbers", []any{optPosition, "..P.P", optMove, "left"}, nil, `"left" is not two numbers`},
		{"the same move twice", []any{optPosition, "..P.P", optMove, "5 4", optOtherMove, "5 4"}, nil, "other_move: it is the move in move: (move the piece on cell 5 to cell 4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			game := "adapwns"
			if strings.Contains(tc.name, "binstring") {
				game = "binstring"
			}
			resp := r.Handle(context.Background(), command(student, game, "why", tc.opts...))
			checkLimits(t, resp)
			if tc.error != "" {
				if resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(resp.Data.Content, tc.error) {
					t.Fatalf("got %q, want a private error with %q", resp.Data.Content, tc.error)
				}
				return
			}
			var text strings.Builder
			for _, f := range resp.Data.Embeds[0].Fields {
				text.WriteString(f.Name + ": " + f.Value + "\n")
			}
			for _, w := range tc.want {
				if !strings.Contains(text.String(), w) {
					t.Errorf("the why lacks %q:\n%s", w, text.String())
				}
			}
		})
	}
}

func TestMovesCommand(t *testing.T) {
	r, _ := newTestRouter(t)
	for _, tc := range []struct {
		game, pos, first string
		want             []string
	}{
		{"adapwns", "..P.P", "", []string{"3 2       lose in 4 moves", "3 1       win in 3 moves", "5 4       win in 5 moves     ← recommended"}},
		{"adapwns", ".P.P.P", "", []string{"← recommended"}},
		{"binstring", "000011", "", []string{"tie in", "← recommended"}},
		{"adapwns", strings.Repeat(".P", 300), "", []string{"… and 240 other moves.", "beyond the search's reach"}},
		{"adapwns", "P", "", []string{"No legal move"}},
	} {
		t.Run(tc.game+" "+tc.pos[:min(len(tc.pos), 10)], func(t *testing.T) {
			opts := []any{optPosition, tc.pos}
			if tc.first != "" {
				opts = append(opts, optFirst, tc.first)
			}
			resp := r.Handle(context.Background(), command(student, tc.game, "moves", opts...))
			checkLimits(t, resp)
			desc := resp.Data.Embeds[0].Description
			for _, w := range tc.want {
				if !strings.Contains(desc, w) {
					t.Errorf("the table lacks %q:\n%s", w, desc)
				}
			}
			if n := strings.Count(desc, "← recommended"); n > 1 {
				t.Errorf("%d moves recommended", n)
			}
		})
	}
}
