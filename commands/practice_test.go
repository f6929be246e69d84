package commands

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// newPracticeRouter returns a router whose practice runs on a new store
// on db.
func newPracticeRouter(tb testing.TB, db tutortest.DB) *Router {
	tb.Helper()
	return testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}, Practice: db.Opener(tb)}, Secret: []byte("test secret")})
}

// top builds /NAME name:value… in guild ("" for a direct message).
func top(user, guild, name string, opts ...string) *discordgo.Interaction {
	var o []*discordgo.ApplicationCommandInteractionDataOption
	for k := 0; k+1 < len(opts); k += 2 {
		typ := discordgo.ApplicationCommandOptionString
		if opts[k] == optUser {
			typ = discordgo.ApplicationCommandOptionUser // Discord sends the user's id
		}
		o = append(o, &discordgo.ApplicationCommandInteractionDataOption{Name: opts[k], Type: typ, Value: opts[k+1]})
	}
	i := &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand, Token: "t", GuildID: guild,
		Member: &discordgo.Member{User: &discordgo.User{ID: user}},
		Data:   discordgo.ApplicationCommandInteractionData{Name: name, Options: o}}
	if guild == "" {
		i.Member, i.User = nil, &discordgo.User{ID: user}
	}
	return i
}

// replyText is a response's content, embeds and fields as one string.
func replyText(resp *discordgo.InteractionResponse) string {
	var b strings.Builder
	b.WriteString(resp.Data.Content)
	for _, e := range resp.Data.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + ": " + f.Value)
		}
	}
	return b.String()
}

func wantText(tb testing.TB, what string, resp *discordgo.InteractionResponse, wants ...string) {
	tb.Helper()
	checkLimits(tb, resp)
	for _, w := range wants {
		if !strings.Contains(replyText(resp), w) {
			tb.Errorf("%s: the reply lacks %q:\n%s", what, w, replyText(resp))
		}
	}
}

// button returns the custom_id of the first button labelled with prefix.
func button(tb testing.TB, resp *discordgo.InteractionResponse, prefix string) string {
	tb.Helper()
	buttons, _ := allControls(tb, resp)
	for _, b := range buttons {
		if strings.HasPrefix(b.Label, prefix) {
			return b.CustomID
		}
	}
	tb.Fatalf("no button %q in:\n%s", prefix, replyText(resp))
	return ""
}

func TestTopDefinitions(t *testing.T) {
	defs := topDefinitions()
	if len(defs) != len(topCommands) {
		t.Fatalf("%d definitions for %d commands", len(defs), len(topCommands))
	}
	for _, c := range defs {
		if c.Name != strings.ToLower(c.Name) || len(c.Name) > maxNameLen || c.Description == "" || len(c.Description) > maxDescriptionLen || len(c.Options) > maxOptions {
			t.Errorf("/%s breaks a limit: %+v", c.Name, c)
		}
		for _, o := range c.Options {
			if len(o.Description) > maxDescriptionLen || len(o.Choices) > maxSelectOptions {
				t.Errorf("/%s %s breaks a limit", c.Name, o.Name)
			}
			for _, ch := range o.Choices {
				if len(ch.Name) > 100 {
					t.Errorf("/%s %s: choice %q is too long", c.Name, o.Name, ch.Name)
				}
			}
		}
	}
}

func TestPracticeWithoutStore(t *testing.T) {
	r, _ := newTestRouter(t)
	resp := r.Handle(context.Background(), top(student, "g", "practice", "game", "adapwns"))
	wantText(t, "no store", resp, "practice needs a database")
}

func TestPracticeCommands(t *testing.T) {
	ctx := context.Background()
	tutortest.Each(t, func(t *testing.T, db tutortest.DB) {
		r := newPracticeRouter(t, db)
		resp := r.Handle(ctx, top(student, "g1", "practice", "game", "abgame"))
		wantText(t, "/practice", resp, "to move and win")
		if resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Error("a puzzle is not private")
		}
		msg := &discordgo.Message{ID: "m", Flags: discordgo.MessageFlagsEphemeral, Timestamp: time.Now()}
		hint := button(t, resp, "Hint 1")
		wantText(t, "a stranger's hint", r.Handle(ctx, click(stranger, hint, msg)), "belong to")
		wantText(t, "a forged hint", r.Handle(ctx, click(student, hint[:len(hint)-1]+"x", msg)), "damaged")
		_, menus := allControls(t, resp)
		win := tutortest.WinningMove(t, puzzleID(resp))
		resp = r.Handle(ctx, click(student, menus[0].CustomID, msg, win))
		wantText(t, "right answer", resp, "Solved", "Rating: 1500 → ", "Streak: 1 (best 1)")
		// The same answer delivered again counts once.
		wantText(t, "a second answer", r.Handle(ctx, click(student, menus[0].CustomID, msg, win)), "not open for you")

		wantText(t, "leaderboard", r.Handle(ctx, top(student, "g1", "leaderboard", "game", "abgame")), "1. <@"+student+">", "You are number 1")
		wantText(t, "leaderboard in a DM", r.Handle(ctx, top(student, "", "leaderboard", "game", "abgame")), "direct message")
		wantText(t, "leaderboard of a stranger", r.Handle(ctx, top(stranger, "g1", "leaderboard", "game", "abgame")), "not on this board")
		wantText(t, "progress of nobody", r.Handle(ctx, top(stranger, "g1", "progress")), "record is empty")
		prog := r.Handle(ctx, top(stranger, "g1", "progress", "user", student))
		wantText(t, "progress of another", prog, "<@"+student+">'s practice", "abgame: ", "Solved 1, failed 0")
		if len(prog.Data.Files) != 1 {
			t.Errorf("progress attaches %d files, want the plot", len(prog.Data.Files))
		}

		// The daily puzzle: answered once, then the tally.
		resp = r.Handle(ctx, top(student, "g1", "daily"))
		wantText(t, "/daily", resp, "Today's puzzle", "0 solved, 0 failed in this server")
		resp = r.Handle(ctx, answerAny(t, r, resp, msg))
		wantText(t, "daily answer", resp, "Daily puzzle ")
		wantText(t, "/daily again", r.Handle(ctx, top(student, "g1", "daily")), "Come back tomorrow", "1 ")

		// A game against the bot, stored and reviewed.
		resp = r.Handle(ctx, command(student, "adapwns", "play", optPosition, ".P.P"))
		_, menus = allControls(t, resp)
		resp = r.Handle(ctx, click(student, menus[0].CustomID, message(resp, time.Now()), "2 1"))
		wantText(t, "game over", resp, "Game review", "mistake", "The winning alternative was move the piece on cell 4 to cell 3")
		hist := r.Handle(ctx, top(student, "g1", "history"))
		wantText(t, "/history", hist, "(adapwns) from `.P.P`, 2 moves, lost", "abgame-")
		wantText(t, "review from history", r.Handle(ctx, click(student, button(t, hist, "Review 1"), msg)), "Game review", "mistake")

		// Export, then forget: cancel, a stranger's click, the owner's.
		exp := r.Handle(ctx, top(student, "g1", "export"))
		if len(exp.Data.Files) != 1 {
			t.Fatalf("export attaches %d files", len(exp.Data.Files))
		}
		raw, _ := io.ReadAll(exp.Data.Files[0].Reader)
		var e struct {
			User     string
			Attempts []any
			Games    []any
		}
		if err := json.Unmarshal(raw, &e); err != nil || len(e.Attempts) != 2 || len(e.Games) != 1 || e.User != student {
			t.Errorf("export = %+v, %v; want 2 attempts and 1 game", e, err)
		}
		f := r.Handle(ctx, top(student, "g1", "forget"))
		wantText(t, "cancel", r.Handle(ctx, click(student, button(t, f, "Cancel"), msg)), "Nothing was deleted")
		wantText(t, "a stranger forgets", r.Handle(ctx, click(stranger, button(t, f, "Delete"), msg)), "belong to")
		wantText(t, "forget", r.Handle(ctx, click(student, button(t, f, "Delete"), msg)), "Deleted")
		wantText(t, "progress after forget", r.Handle(ctx, top(student, "g1", "progress")), "record is empty")
		wantText(t, "history after forget", r.Handle(ctx, top(student, "g1", "history")), "Nothing yet")
	})
}

// puzzleID is the id of the puzzle a reply shows.
func puzzleID(resp *discordgo.InteractionResponse) string {
	return strings.TrimSuffix(strings.Fields(strings.TrimPrefix(resp.Data.Embeds[0].Title, "Puzzle "))[0], ":")
}

// answerAny answers the puzzle of resp with its first legal move: from
// the menu, or where the puzzle has too many moves for one, typed.
func answerAny(tb testing.TB, r *Router, resp *discordgo.InteractionResponse, msg *discordgo.Message) *discordgo.Interaction {
	tb.Helper()
	if _, menus := allControls(tb, resp); len(menus) > 0 {
		return click(student, menus[0].CustomID, msg, menus[0].Options[0].Value)
	}
	form := r.Handle(context.Background(), click(student, button(tb, resp, "Type a move"), msg))
	return submit(student, form.Data.CustomID, tutortest.FirstMove(tb, puzzleID(resp)), msg)
}

// TestResumeStoredGame leaves a game unfinished, then a new router on the
// same store (a restart, with a new secret) resumes it from /history and
// plays on to the review.
func TestResumeStoredGame(t *testing.T) {
	ctx := context.Background()
	db := tutortest.SQLite(t)
	r := newPracticeRouter(t, db)
	resp := r.Handle(ctx, command(student, "adapwns", "play", optPosition, "..P.P..P"))
	_, menus := allControls(t, resp)
	resp = r.Handle(ctx, click(student, menus[0].CustomID, message(resp, time.Now()), menus[0].Options[0].Value))
	wantText(t, "first move", resp, "The bot answers")

	r2 := newPracticeRouter(t, db)
	r2.signer.key = []byte("another secret")
	hist := r2.Handle(ctx, top(student, "", "history"))
	wantText(t, "/history", hist, "(adapwns) from `..P.P..P`, 2 moves, in progress")
	msg := &discordgo.Message{ID: "m", Flags: discordgo.MessageFlagsEphemeral, Timestamp: time.Now()}
	resp = r2.Handle(ctx, click(student, button(t, hist, "Resume 1"), msg))
	wantText(t, "resume", resp, "Resumed your game of adapwns", "2 moves in")
	wantText(t, "a stranger resumes", r2.Handle(ctx, click(stranger, button(t, hist, "Resume 1"), msg)), "belong to")
	// Play on from the resumed board until the end: the review counts
	// every move of the learner's, before and after the restart.
	for range 20 {
		_, menus = allControls(t, resp)
		if len(menus) == 0 {
			break
		}
		resp = r2.Handle(ctx, click(student, menus[0].CustomID, message(resp, time.Now()), menus[0].Options[0].Value))
	}
	wantText(t, "end of the resumed game", resp, "Game review", "You played Ada from `..P.P..P`")
}
