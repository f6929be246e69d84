package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// takeBackButton returns the custom_id of a reply's Take back button, or "".
func takeBackButton(tb testing.TB, resp *discordgo.InteractionResponse) string {
	tb.Helper()
	buttons, _ := allControls(tb, resp)
	for _, b := range buttons {
		if b.Label == "Take back" {
			return b.CustomID
		}
	}
	return ""
}

// exportedGames returns the games /export gives user.
func exportedGames(tb testing.TB, r *Router, user string) []struct {
	ID     string
	Moves  []string
	Result string
} {
	tb.Helper()
	exp := r.Handle(context.Background(), top(user, "", "export"))
	if len(exp.Data.Files) != 1 {
		tb.Fatalf("export: %s", replyText(exp))
	}
	raw, _ := io.ReadAll(exp.Data.Files[0].Reader)
	var e struct {
		Games []struct {
			ID     string
			Moves  []string
			Result string
		}
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		tb.Fatal(err)
	}
	return e.Games
}

// TestTakeBackKeepsOneGame plays a game in which every worse move is
// taken back and a better one tried, to the end: the store keeps one
// game, the line finally played from its first move, and /history and
// the review show that one game, opening move included.
func TestTakeBackKeepsOneGame(t *testing.T) {
	ctx := context.Background()
	tutortest.Each(t, func(t *testing.T, db tutortest.DB) {
		r := newPracticeRouter(t, db)
		at := time.Now()
		resp := r.Handle(ctx, command(student, "adapwns", "play", optPosition, "..P.P..P"))
		var kept []string // the learner's moves that stayed
		takeBacks := 0
		for range 40 {
			_, menus := allControls(t, resp)
			if len(menus) == 0 {
				break
			}
			board := resp
			played := false
			for _, o := range menus[0].Options {
				resp = r.Handle(ctx, click(student, menus[0].CustomID, message(board, at), o.Value))
				wantText(t, "a move", resp, "You move")
				back := takeBackButton(t, resp)
				if back == "" {
					kept, played = append(kept, o.Value), true
					break
				}
				// The board moved on: a second move on it (the same click
				// delivered twice) is refused, and nothing is stored for it.
				stale := r.Handle(ctx, click(student, menus[0].CustomID, message(board, at), o.Value))
				wantText(t, "a second move on one board", stale, "no longer the game's latest")
				// A worse move: take it back and try the next one.
				resp = r.Handle(ctx, click(student, back, message(resp, at)))
				wantText(t, "take back", resp, "You take your move back")
				takeBacks++
				board = resp
				_, menus = allControls(t, board)
			}
			if !played {
				t.Fatalf("no move that keeps the best outcome in:\n%s", replyText(board))
			}
		}
		if takeBacks == 0 {
			t.Fatal("no move was taken back; the test needs a position with a worse move")
		}
		wantText(t, "the end", resp, "Game review", "You played Ada from `..P.P..P`.", "No mistake")

		games := exportedGames(t, r, student)
		if len(games) != 1 {
			t.Fatalf("%d games stored after %d take-backs, want 1: %+v", len(games), takeBacks, games)
		}
		g := games[0]
		if g.Result == "" || len(g.Moves) != 2*len(kept) && len(g.Moves) != 2*len(kept)-1 {
			t.Fatalf("stored game %+v, want it over, with the %d moves kept and the bot's answers", g, len(kept))
		}
		for k, m := range kept {
			if g.Moves[2*k] != m {
				t.Errorf("stored move %d is %q, want the learner's %q", 2*k+1, g.Moves[2*k], m)
			}
		}
		hist := r.Handle(ctx, top(student, "", "history"))
		wantText(t, "/history", hist, fmt.Sprintf("1. Game %s (adapwns) from `..P.P..P`, %d moves, %s", g.ID, len(g.Moves), g.Result))
		if strings.Contains(replyText(hist), "2. Game") {
			t.Errorf("/history shows more than the one game:\n%s", replyText(hist))
		}
		rev := r.Handle(ctx, click(student, button(t, hist, "Review 1"), message(hist, at)))
		a, b, _ := strings.Cut(kept[0], " ")
		wantText(t, "review", rev, "You played Ada from `..P.P..P`.", "1. move the piece on cell "+a+" to cell "+b+": **", "No mistake")
	})
}

// TestReviewByID reviews two stored games by the ids /history shows, and
// refuses another learner's id.
func TestReviewByID(t *testing.T) {
	ctx := context.Background()
	r := newPracticeRouter(t, tutortest.SQLite(t))
	at := time.Now()
	for _, pos := range []string{".P.P", "..P.P"} {
		resp := r.Handle(ctx, command(student, "adapwns", "play", optPosition, pos))
		for range 10 {
			_, menus := allControls(t, resp)
			if len(menus) == 0 {
				break
			}
			resp = r.Handle(ctx, click(student, menus[0].CustomID, message(resp, at), menus[0].Options[0].Value))
		}
		wantText(t, "game over", resp, "Game review")
	}
	hist := replyText(r.Handle(ctx, top(student, "", "history")))
	ids := map[string]string{}
	for _, m := range regexp.MustCompile("Game ([A-Z0-9]{12}) \\(adapwns\\) from `([.P]+)`").FindAllStringSubmatch(hist, -1) {
		ids[m[2]] = m[1]
	}
	if len(ids) != 2 {
		t.Fatalf("history shows ids %v, want one per game:\n%s", ids, hist)
	}
	for start, id := range ids {
		rec, rev, err := r.Tutor().Review(ctx, student, id)
		if err != nil || rec.ID != id || rec.Start != start || !strings.Contains(rev.Card(), "from `"+start+"`") {
			t.Errorf("review %s: %+v, %v; want the game from %s", id, rec, err, start)
		}
		if _, _, err := r.Tutor().Review(ctx, stranger, id); err == nil || !strings.Contains(err.Error(), "no stored game of yours") {
			t.Errorf("a stranger reviews %s: %v", id, err)
		}
	}
}
