package commands

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// walk runs i through r with a Walk in the context and returns the reply
// and the steps it took.
func walk(tb testing.TB, r *Router, i *discordgo.Interaction) (*discordgo.InteractionResponse, []string) {
	tb.Helper()
	w := &tutor.Walk{}
	resp := r.Handle(tutor.WithWalk(context.Background(), w), i)
	return resp, w.Steps()
}

// wantWalk checks that a flow took exactly the steps want: down from
// commands to the tutor once, and back once.
func wantWalk(tb testing.TB, flow string, got []string, want ...string) {
	tb.Helper()
	if !slices.Equal(got, want) {
		tb.Errorf("%s walked\n  %s\nwant\n  %s", flow, strings.Join(got, " → "), strings.Join(want, " → "))
	}
}

// TestWalks checks the packages each flow passes through: commands reads
// the interaction, one use case of the tutor goes down (to practice and
// the store where the flow needs them) and comes back, and commands
// renders the value; nothing goes down again while the reply is built.
func TestWalks(t *testing.T) {
	r := newPracticeRouter(t, tutortest.SQLite(t))
	at := time.Now()

	_, steps := walk(t, r, command(student, "adapwns", "solve", optPosition, "..P.P"))
	wantWalk(t, "/adapwns solve", steps, "commands.route", "tutor.Solve", "commands.reply")

	// A rule's values: one use case, nothing stored.
	_, steps = walk(t, r, command(student, "heaps", "values", optRule, "kayles"))
	wantWalk(t, "/heaps values", steps, "commands.route", "tutor.Values", "commands.reply")

	// A practice answer: one transaction in practice, and nothing read
	// again to draw the outcome.
	puzzle := r.Handle(context.Background(), top(student, "", "practice", "game", "adapwns"))
	_, menus := allControls(t, puzzle)
	out, steps := walk(t, r, click(student, menus[0].CustomID, message(puzzle, at), tutortest.WinningMove(t, puzzleID(puzzle))))
	wantText(t, "answer", out, "Solved")
	wantWalk(t, "a practice answer", steps, "commands.route", "tutor.Answer", "practice.Answer", "commands.reply")

	// A duel: the challenge is stored, the accept and each move read the
	// record and write it once; nothing is read again to draw the board.
	offer, steps := walk(t, r, top(student, "", "duel", optUser, stranger, optGame, "nim", optPosition, "1 2"))
	wantWalk(t, "/duel", steps, "commands.route", "tutor.Challenge", "store.CreateDuel", "commands.reply")
	buttons, _ := allControls(t, offer)
	board, steps := walk(t, r, click(stranger, buttons[0].CustomID, message(offer, at)))
	wantWalk(t, "accepting a duel", steps, "commands.route", "tutor.AnswerChallenge", "store.Duel", "store.AdvanceDuel", "commands.reply")
	_, menus = allControls(t, board)
	_, steps = walk(t, r, click(student, menus[0].CustomID, message(board, at), "1 1"))
	wantWalk(t, "a duel move", steps, "commands.route", "tutor.DuelMove", "store.Duel", "store.AdvanceDuel", "commands.reply")

	// A study session: the start is refused in a busy channel before any
	// puzzle is drawn, then stored; an answer reads the record and
	// writes once.
	start := &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand, Token: "t", GuildID: "g", ChannelID: "c",
		Member: &discordgo.Member{User: &discordgo.User{ID: student}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "session", Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: subStart, Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: optGame, Type: discordgo.ApplicationCommandOptionString, Value: "nim"},
				{Name: optPuzzles, Type: discordgo.ApplicationCommandOptionInteger, Value: 2.0},
				{Name: optSeed, Type: discordgo.ApplicationCommandOptionInteger, Value: 1.0}}}}}} // nim 5 1: a menu
	session, steps := walk(t, r, start)
	wantWalk(t, "/session start", steps, "commands.route", "tutor.StartSession", "store.RunningSession", "store.CreateSession",
		"store.SessionMembers", "store.SessionAnswers", "commands.reply")
	_, menus = allControls(t, session)
	_, steps = walk(t, r, click(stranger, menus[0].CustomID, message(session, at), menus[0].Options[0].Value))
	wantWalk(t, "a session answer", steps, "commands.route", "tutor.AnswerSession", "store.StudySession", "store.AnswerSession", "commands.reply")

	// A game: its start is stored, a move is stored on its record, and a
	// take-back takes it off that record.
	game, steps := walk(t, r, command(student, "adapwns", "play", optPosition, "..P.P..P"))
	wantWalk(t, "/adapwns play", steps, "commands.route", "tutor.StartGame", "store.SaveGame", "commands.reply")
	_, menus = allControls(t, game)
	var moved *discordgo.InteractionResponse
	for _, o := range menus[0].Options {
		moved, steps = walk(t, r, click(student, menus[0].CustomID, message(game, at), o.Value))
		wantWalk(t, "a move", steps, "commands.route", "tutor.Move", "store.Game", "store.ReplaceMoves", "commands.reply")
		if back := takeBackButton(t, moved); back != "" {
			_, steps = walk(t, r, click(student, back, message(moved, at)))
			wantWalk(t, "a take-back", steps, "commands.route", "tutor.TakeBack", "store.Game", "store.ReplaceMoves", "commands.reply")
			return
		}
		// Not a worse move: try the next one on a fresh game.
		game = r.Handle(context.Background(), command(student, "adapwns", "play", optPosition, "..P.P..P"))
		_, menus = allControls(t, game)
	}
	t.Fatal("no move in ..P.P..P offered a take-back")
}
