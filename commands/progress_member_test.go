package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// TestProgressOfAnotherMember checks what `/progress user:` shows of
// another member: their answers in this server only (never in a direct
// message, never in another server), privately, nothing in a direct
// message, and nothing once they hide their progress, which /export
// lists and /forget deletes.
func TestProgressOfAnotherMember(t *testing.T) {
	ctx := context.Background()
	tutortest.Each(t, func(t *testing.T, db tutortest.DB) {
		r := newPracticeRouter(t, db)
		msg := &discordgo.Message{ID: "m", Flags: discordgo.MessageFlagsEphemeral, Timestamp: time.Now()}
		// The student answers two puzzles in g1, one in g2, three in a DM.
		for _, guild := range []string{"g1", "g1", "g2", "", "", ""} {
			resp := r.Handle(ctx, top(student, guild, "practice", "game", "abgame"))
			wantText(t, "/practice in "+guild, resp, "to move and win")
			wantText(t, "an answer in "+guild, r.Handle(ctx, answerAny(t, r, resp, msg)), "Rating: ")
		}
		own := r.Handle(ctx, top(student, "g1", "progress"))
		wantText(t, "one's own progress", own, "Your practice", "Solved")
		if !strings.Contains(replyText(own), "failed") || counted(replyText(own)) != 6 {
			t.Errorf("one's own progress counts %d answers, want all 6:\n%s", counted(replyText(own)), replyText(own))
		}

		for guild, want := range map[string]int{"g1": 2, "g2": 1} {
			prog := r.Handle(ctx, top(stranger, guild, "progress", "user", student))
			wantText(t, "progress of another in "+guild, prog, "<@"+student+">'s practice in this server", "abgame: ")
			t.Logf("/progress user: in %s shows:%s", guild, replyText(prog))
			if got := counted(replyText(prog)); got != want {
				t.Errorf("in %s: another's progress counts %d answers, want the %d given there:\n%s", guild, got, want, replyText(prog))
			}
			if prog.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Errorf("in %s: another's progress is public", guild)
			}
			if strings.Contains(replyText(prog), "streak") {
				t.Errorf("in %s: another's progress shows a streak, which runs across servers:\n%s", guild, replyText(prog))
			}
		}
		wantText(t, "another's progress where they never practised", r.Handle(ctx, top(stranger, "g3", "progress", "user", student)),
			"has not answered a practice puzzle in this server")
		dm := r.Handle(ctx, top(stranger, "", "progress", "user", student))
		wantText(t, "another's progress in a DM", dm, "In a direct message /progress shows only your own record")
		t.Logf("/progress user: in a DM shows: %s", replyText(dm))
		if strings.Contains(replyText(dm), "abgame") {
			t.Errorf("another's progress in a DM shows a game:\n%s", replyText(dm))
		}

		// Hidden: nothing for others, nor on the board; the learner still
		// sees everything.
		wantText(t, "hide", r.Handle(ctx, visible(student, false)), "hidden")
		hidden := r.Handle(ctx, top(stranger, "g1", "progress", "user", student))
		wantText(t, "hidden progress", hidden, "keeps their practice progress private")
		t.Logf("/progress user: of a member who hides it: %s", replyText(hidden))
		if board := replyText(r.Handle(ctx, top(stranger, "g1", "leaderboard", "game", "abgame"))); strings.Contains(board, student) {
			t.Errorf("a hidden learner is on another's leaderboard:\n%s", board)
		}
		wantText(t, "one's own board while hidden", r.Handle(ctx, top(student, "g1", "leaderboard", "game", "abgame")), "1. <@"+student+">")
		if got := counted(replyText(r.Handle(ctx, top(student, "g1", "progress")))); got != 6 {
			t.Errorf("one's own progress while hidden counts %d answers, want 6", got)
		}
		if s := exportSettings(t, r, student); s == nil || !s.HideProgress {
			t.Errorf("the export's settings = %+v, want hide_progress true", s)
		}
		wantText(t, "show", r.Handle(ctx, visible(student, true)), "visible again")
		wantText(t, "shown again", r.Handle(ctx, top(stranger, "g1", "progress", "user", student)), "<@"+student+">'s practice in this server")

		// Hidden, then forgotten: the setting goes with everything else.
		r.Handle(ctx, visible(student, false))
		f := r.Handle(ctx, top(student, "g1", "forget"))
		wantText(t, "forget", r.Handle(ctx, click(student, button(t, f, "Delete"), msg)), "Deleted")
		if s := exportSettings(t, r, student); s != nil {
			t.Errorf("settings after /forget: %+v", s)
		}
	})
}

// counted adds up the "Solved N, failed M" of a progress reply.
func counted(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		_, rest, ok := strings.Cut(line, "Solved ")
		if !ok {
			continue
		}
		var solved, failed int
		if _, err := fmt.Sscanf(rest, "%d, failed %d", &solved, &failed); err == nil {
			n += solved + failed
		}
	}
	return n
}

// exportSettings returns the settings in user's /export, nil if none.
func exportSettings(tb testing.TB, r *Router, user string) *struct {
	HideProgress bool `json:"hide_progress"`
} {
	tb.Helper()
	exp := r.Handle(context.Background(), top(user, "g1", "export"))
	if len(exp.Data.Files) != 1 {
		tb.Fatalf("export attaches %d files", len(exp.Data.Files))
	}
	raw, _ := io.ReadAll(exp.Data.Files[0].Reader)
	var e struct {
		Settings *struct {
			HideProgress bool `json:"hide_progress"`
		} `json:"settings"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		tb.Fatal(err)
	}
	return e.Settings
}

// visible is /progress visible:v by user in g1.
func visible(user string, v bool) *discordgo.Interaction {
	i := top(user, "g1", "progress")
	i.Data = discordgo.ApplicationCommandInteractionData{Name: "progress", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: optVisible, Type: discordgo.ApplicationCommandOptionBoolean, Value: v},
	}}
	return i
}
