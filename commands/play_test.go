package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/games/adapwns"
	"github.com/nimtutor/nimtutor/solver"
)

// playGame plays a whole game through the handlers. choose picks the
// student's move in each position; moves alternate between the select
// menu and the typed-move form. It returns every event line shown.
func playGame(tb testing.TB, r *Router, clock *testClock, start *discordgo.Interaction, choose func(solver.Position) solver.Move) []string {
	tb.Helper()
	resp := r.Handle(context.Background(), start)
	var events []string
	for turn := 0; ; turn++ {
		checkLimits(tb, resp)
		if resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
			tb.Fatalf("turn %d: got a private reply: %q", turn, resp.Data.Content)
		}
		event := resp.Data.Embeds[0].Description
		for _, f := range resp.Data.Embeds[0].Fields {
			event += "\n" + f.Name + ": " + f.Value
		}
		events = append(events, event)
		buttons, menus := allControls(tb, resp)
		typed := slices.IndexFunc(buttons, func(b discordgo.Button) bool { return b.Label == "Type a move" })
		if typed < 0 {
			return events
		}
		buttons = buttons[typed:]
		if turn > 200 {
			tb.Fatalf("the game did not end")
		}
		_, pos, err := r.openPosition(context.Background(), buttons[0].CustomID, gameID)
		if err != nil {
			tb.Fatalf("turn %d: %v", turn, err)
		}
		a, b := choose(pos).Numbers()
		msg := message(resp, clock.t)
		if turn%2 == 0 && len(menus) == 1 {
			resp = r.Handle(context.Background(), click(student, menus[0].CustomID, msg, fmt.Sprintf("%d %d", a, b)))
		} else {
			form := r.Handle(context.Background(), click(student, buttons[0].CustomID, msg))
			if form.Type != discordgo.InteractionResponseModal {
				tb.Fatalf("turn %d: Type a move gave response type %v, want a form: %+v", turn, form.Type, form.Data)
			}
			checkLimits(tb, form)
			resp = r.Handle(context.Background(), submit(student, form.Data.CustomID, fmt.Sprintf("%d %d", a, b), msg))
		}
		if resp.Type != discordgo.InteractionResponseUpdateMessage {
			tb.Fatalf("turn %d: move answered with type %v: %q", turn, resp.Type, resp.Data.Content)
		}
	}
}

// blunderFirst returns a strategy that first throws away the win (if it
// can) and then plays the first legal move.
func blunderFirst() func(solver.Position) solver.Move {
	done := false
	return func(pos solver.Position) solver.Move {
		moves := solver.FirstMoves(pos, 1<<20)
		if !done {
			done = true
			o, _ := pos.Analyze()
			for _, m := range moves {
				next, _ := pos.Play(m)
				if after, _ := next.Analyze(); -after < o {
					return m
				}
			}
		}
		return moves[0]
	}
}

func TestPlayFullGames(t *testing.T) {
	for _, tc := range []struct {
		game, position, first string
		botFirst              bool
	}{
		{"adapwns", "..P.P", "", false},
		{"adapwns", "...P..P.P", "", true},
		{"abgame", "A..B.A...B", "", false},
		{"binim2", "0011 1 0110", "Dee", false},
		{"binim", "0011 1 10", "Dum", false},
		{"binstring", "0110011", "", false},
		{"binstring", "00011", "", true},
	} {
		t.Run(fmt.Sprintf("%s %s bot_first=%v", tc.game, tc.position, tc.botFirst), func(t *testing.T) {
			r, clock := newTestRouter(t)
			opts := []any{optPosition, tc.position}
			if tc.first != "" {
				opts = append(opts, optFirst, tc.first)
			}
			if tc.botFirst {
				opts = append(opts, optBotFirst, true)
			}
			events := playGame(t, r, clock, command(student, tc.game, "play", opts...), blunderFirst())
			all := strings.Join(events, "\n")
			last := events[len(events)-1]
			if !strings.Contains(all, "throws away") && !strings.Contains(all, "already losing") {
				t.Errorf("no feedback on the first move:\n%s", all)
			}
			if tc.botFirst && !strings.Contains(events[0], "The bot answers") {
				t.Errorf("the bot did not move first:\n%s", events[0])
			}
			if !strings.Contains(all, "The bot answers") {
				t.Errorf("the bot never replied:\n%s", all)
			}
			if !strings.Contains(last, "\n\n") {
				t.Errorf("last message has no position:\n%s", last)
			}
		})
	}
}

func TestPlayGameOverSummary(t *testing.T) {
	r, clock := newTestRouter(t)
	// ".P": Ada's only move is 2 to 1; then the opponent cannot move.
	resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, ".P"))
	_, menus := allControls(t, resp)
	resp = r.Handle(context.Background(), click(student, menus[0].CustomID, message(resp, clock.t), "2 1"))
	desc := resp.Data.Embeds[0].Description
	if !strings.Contains(desc, "It was your only move") {
		t.Errorf("forced move not called forced:\n%s", desc)
	}
	f := resp.Data.Embeds[0].Fields
	if len(f) != 1 || f[0].Name != "Game over" {
		t.Fatalf("game over: got %+v", f)
	}
	for _, want := range []string{"Ada's opponent, who is to move, cannot move and loses", "normal play: the player who cannot move loses", "You won!", "Your one move kept your best outcome."} {
		if !strings.Contains(f[0].Value, want) {
			t.Errorf("game over %q lacks %q", f[0].Value, want)
		}
	}
	if len(resp.Data.Components) != 0 {
		t.Errorf("a finished game still has controls")
	}
}

func TestPlayIllegalTypedMove(t *testing.T) {
	r, clock := newTestRouter(t)
	resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P"))
	buttons, _ := allControls(t, resp)
	for text, want := range map[string]string{
		"5 2":   "1 or 2 cells",
		"4 3":   "no pawn",
		"hello": "not two numbers",
		"9 8":   "numbered 1 to 5",
	} {
		form := r.Handle(context.Background(), click(student, buttons[0].CustomID, message(resp, clock.t)))
		got := r.Handle(context.Background(), submit(student, form.Data.CustomID, text, message(resp, clock.t)))
		if got.Type != discordgo.InteractionResponseUpdateMessage || got.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
			t.Fatalf("typed %q: got response type %v flags %v, want the game message updated", text, got.Type, got.Data.Flags)
		}
		desc := got.Data.Embeds[0].Description
		if !strings.Contains(desc, want) || !strings.Contains(desc, "Try another move") || !strings.Contains(desc, "`..P.P`") {
			t.Errorf("typed %q: got %q, want the board again with a message containing %q", text, desc, want)
		}
		again, menus := allControls(t, got)
		if len(again) != 1 || len(menus) != 1 {
			t.Errorf("typed %q: the controls are gone: %d buttons, %d menus", text, len(again), len(menus))
		}
	}
	// The game goes on: a legal move after the mistakes is played.
	form := r.Handle(context.Background(), click(student, buttons[0].CustomID, message(resp, clock.t)))
	got := r.Handle(context.Background(), submit(student, form.Data.CustomID, "5 4", message(resp, clock.t)))
	if desc := got.Data.Embeds[0].Description; !strings.Contains(desc, "You move the piece on cell 5 to cell 4") {
		t.Errorf("a legal move after mistakes: got %q", desc)
	}
}

func TestVerifyBudget(t *testing.T) {
	pos, err := adapwns.Game.Parse("..P.P..P", solver.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c, err := solver.CheckPosition(ctx, pos, 0)
	if err != nil {
		t.Fatal(err)
	}
	need := c.States
	r, _ := solver.ReportPosition(ctx, pos, need)
	if r.Status != solver.Verified || r.Sections[0].Text != fmt.Sprint(need) {
		t.Errorf("at the budget (%d states): got %+v", need, r)
	}
	r, _ = solver.ReportPosition(ctx, pos, need-1)
	if r.Status != solver.TooLarge || !strings.Contains(r.Sections[0].Text, fmt.Sprintf("The search stopped at its budget of %d positions.", need-1)) || !strings.Contains(r.Sections[0].Text, "`nimtutor verify adapwns` on the command line") {
		t.Errorf("one state over the budget: got %+v", r)
	}
	r, _ = solver.ReportPosition(ctx, mustParse(t, "binstring", strings.Repeat("01", 150)), VerifyBudget)
	if r.Status != solver.TooLarge {
		t.Errorf("300-character string: got %+v", r)
	}
}

func mustParse(tb testing.TB, game, text string) solver.Position {
	tb.Helper()
	g, _ := solver.Lookup(game)
	pos, err := g.Parse(text, solver.ParseOptions{First: "Dee"})
	if err != nil {
		tb.Fatal(err)
	}
	return pos
}

// TestPlayCountsMoves checks the feedback that counts moves to the end:
// on ..P.P the quickest win takes 3 moves (pawn 3 to 1), and moving pawn
// 5 to 4, the move the strategy teaches, wins in 5; on ...P..P, 4 to 3
// wins in 7 where the quickest takes 5 and the strategy's 7 to 5 is
// quicker: that is slower, with a why and a take-back.
func TestPlayCountsMoves(t *testing.T) {
	for _, tc := range []struct{ position, move, want string }{
		{"..P.P", "3 1", "Good: the quickest win, 3 moves to the end."},
		{"..P.P", "5 4", "Good: the move the strategy teaches, winning in 5 moves. The quickest: move the piece on cell 3 to cell 1, in 3 moves."},
		{"...P..P", "4 3", "Still winning, but slower: your move wins in 7 moves; move the piece on cell 7 to cell 5 wins in 5 moves."},
		{"..P.P", "3 2", "That throws away the win"},
	} {
		t.Run(tc.position+" "+tc.move, func(t *testing.T) {
			r, clock := newTestRouter(t)
			resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, tc.position))
			_, menus := allControls(t, resp)
			resp = r.Handle(context.Background(), click(student, menus[0].CustomID, message(resp, clock.t), tc.move))
			desc := resp.Data.Embeds[0].Description
			if !strings.Contains(desc, tc.want) {
				t.Errorf("after %s: got\n%s\nwant %q", tc.move, desc, tc.want)
			}
			if !strings.Contains(desc, "The bot answers") {
				t.Errorf("no reply from the bot:\n%s", desc)
			}
		})
	}
}

func TestBotPlaysTheSlowestLoss(t *testing.T) {
	// ".P.P.P": Ada (the bot, moving first) loses whatever she does; the
	// bot must pick a move of the greatest remoteness, not the first.
	r, _ := newTestRouter(t)
	pos := mustParse(t, "adapwns", ".P.P.P")
	values, err := solver.MoveValues(context.Background(), pos, 0)
	if err != nil {
		t.Fatal(err)
	}
	slowest := values[0].Value
	for _, v := range values {
		if v.Value.Better(slowest) {
			slowest = v.Value
		}
	}
	resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, ".P.P.P", optBotFirst, true))
	desc := resp.Data.Embeds[0].Description
	var played solver.MoveValue
	for _, v := range values {
		if strings.Contains(desc, "The bot answers: "+v.Move.String()+".") {
			played = v
		}
	}
	if played.Move == nil || played.Value != slowest {
		t.Fatalf("the bot played %v (%v); the slowest loss is %v:\n%s", played.Move, played.Value, slowest, desc)
	}
	if !strings.Contains(desc, "holds out as long as it can") {
		t.Errorf("the bot's move is not explained as holding out:\n%s", desc)
	}
}

func TestPlayWhyAndTakeBack(t *testing.T) {
	r, clock := newTestRouter(t)
	resp := r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P"))
	_, menus := allControls(t, resp)
	resp = r.Handle(context.Background(), click(student, menus[0].CustomID, message(resp, clock.t), "3 2"))
	checkLimits(t, resp)
	if len(resp.Data.Embeds) < 2 || !strings.HasPrefix(resp.Data.Embeds[1].Title, "Why move the piece on cell 3 to cell 2 is worse") {
		t.Fatalf("a losing move gets no why: %+v", resp.Data.Embeds)
	}
	var names []string
	for _, f := range resp.Data.Embeds[1].Fields {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, "|"); got != "After your move|Their refutation|The better move|Win or lose" {
		t.Errorf("why fields %q", got)
	}
	buttons, _ := allControls(t, resp)
	back := ""
	for _, b := range buttons {
		if b.Label == "Take back" {
			back = b.CustomID
		}
	}
	if back == "" {
		t.Fatalf("no Take back button: %+v", buttons)
	}
	again := r.Handle(context.Background(), click(student, back, message(resp, clock.t)))
	desc := again.Data.Embeds[0].Description
	if again.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(desc, "You take your move back") || !strings.Contains(desc, "`..P.P`") {
		t.Fatalf("take back: type %v\n%s", again.Type, desc)
	}
	// The same position again, and a good move is now taken as such.
	_, menus = allControls(t, again)
	won := r.Handle(context.Background(), click(student, menus[0].CustomID, message(again, clock.t), "3 1"))
	if d := won.Data.Embeds[0].Description; !strings.Contains(d, "Good: the quickest win") {
		t.Errorf("after taking back, 3 1: %s", d)
	}
	if r.Handle(context.Background(), click(stranger, back, message(resp, clock.t))).Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("a stranger could take the move back")
	}
}

// TestVerifyReportsWhichLimit: a verify that stops says which limit it
// met, in words, and a lost position with moves says every move loses.
func TestVerifyReportsWhichLimit(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ game, text, want string }{
		{"nim", "60 80 100", "The search stopped after 59,714 positions and about 6.4 million moves, its limit of moves tried."},
		{"abgame", "A..........B..........A..........B", "This position does not fit the exhaustive search, which stores each position in 48 bits."},
		{"adapwns", strings.Repeat(".P", 20), "Up to about 24.5 billion positions can follow from this one, and exhaustive search here stops at 400,000 positions."},
	} {
		r, err := solver.ReportPosition(ctx, mustParse(t, tc.game, tc.text), VerifyBudget)
		if err != nil || r.Status != solver.TooLarge || !strings.HasPrefix(r.Sections[0].Text, tc.want) {
			t.Errorf("%s %s: got %+v, %v; want a report starting %q", tc.game, tc.text, r, err, tc.want)
		}
	}
	r, _ := solver.ReportPosition(ctx, mustParseFirst(t, "binim", "010 101", "Dee"), VerifyBudget)
	if r.MovesText(0) != "None: every move loses against perfect play." {
		t.Errorf("binim 010 101, Dee to move: moves %q", r.MovesText(0))
	}
}
