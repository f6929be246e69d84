package commands

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/solver"
)

// spoilers matches text behind spoiler marks.
var spoilers = regexp.MustCompile(`(?s)\|\|.*?\|\|`)

// shownAtOnce is the text of an embed a reader sees without clicking a
// spoiler.
func shownAtOnce(e *discordgo.MessageEmbed) string {
	parts := []string{e.Title, e.Description}
	if e.Footer != nil {
		parts = append(parts, e.Footer.Text)
	}
	for _, f := range e.Fields {
		parts = append(parts, f.Name, f.Value)
	}
	return spoilers.ReplaceAllString(strings.Join(parts, "\n"), "")
}

func TestSpoilerHidesVerdictAndMove(t *testing.T) {
	r, _ := newTestRouter(t)
	cases := map[string][2]string{
		"adapwns": {"..P.P", ""}, "binim2": {"010 101", "Dee"}, "abgame": {"A..B.A...B", ""},
		"binstring": {"0110011", ""}, "binim": {"0011 1", "Dum"},
	}
	for game, p := range mediumPositions() {
		cases[game+"-long"] = p
	}
	for name, p := range cases {
		t.Run(name, func(t *testing.T) {
			game, _, _ := strings.Cut(name, "-")
			opts := []any{optPosition, p[0], optSpoiler, true}
			if p[1] != "" {
				opts = append(opts, optFirst, p[1])
			}
			resp, buttons := solveCard(t, r, student, game, opts...)
			e := resp.Data.Embeds[0]
			g, _ := solver.Lookup(game)
			pos, _ := g.Parse(p[0], solver.ParseOptions{First: p[1]})
			res := explain.Solve(context.Background(), pos)
			shown := shownAtOnce(e)
			for _, secret := range []string{verdictTitle(res), "judge answer", "Judge answer", res.Answer() + "\n"} {
				if strings.Contains(shown, secret) {
					t.Errorf("%q shows without a click:\n%s", secret, shown)
				}
			}
			if res.Move != nil && strings.Contains(shown, res.Move.String()) {
				t.Errorf("the move %q shows without a click", res.Move)
			}
			if !strings.Contains(e.Description, "||"+verdictTitle(res)) {
				t.Errorf("the verdict is not behind spoilers: %q", e.Description)
			}
			if e.Color != colourHint {
				t.Errorf("colour %x gives the outcome away", e.Color)
			}
			for _, f := range e.Fields[:len(e.Fields)-1] {
				if !strings.HasPrefix(f.Value, "||") || !strings.HasSuffix(f.Value, "||") || strings.Count(f.Value, "||")%2 != 0 {
					t.Errorf("field %q is not one whole spoiler: %q", f.Name, f.Value)
				}
			}
			if last := e.Fields[len(e.Fields)-1]; last.Name != "Next" {
				t.Errorf("last field %q, want the mentions", last.Name)
			}
			if e.Image != nil {
				t.Errorf("the annotated picture is shown as the embed's image")
			}
			for _, f := range resp.Data.Files {
				if !strings.HasPrefix(f.Name, "SPOILER_") {
					t.Errorf("file %q is not marked as a spoiler", f.Name)
				}
			}
			if len(buttons) != len(cardButtons) {
				t.Errorf("%d buttons", len(buttons))
			}
		})
	}
}

func TestSpoilerOffShowsAnswer(t *testing.T) {
	r, _ := newTestRouter(t)
	resp, _ := solveCard(t, r, student, "adapwns", optPosition, "..P.P", optSpoiler, false)
	e := resp.Data.Embeds[0]
	if e.Title != "Ada wins in 3 moves" || strings.Contains(e.Description, "||") || e.Image == nil {
		t.Errorf("spoiler:false: title %q, description %q, image %v", e.Title, e.Description, e.Image)
	}
}

// TestSpoilerAsPlainText: where embeds are not allowed the card becomes
// text, and its spoilers must stay whole.
func TestSpoilerAsPlainText(t *testing.T) {
	r, _ := newTestRouter(t)
	for game, p := range mediumPositions() {
		opts := []any{optPosition, p[0], optSpoiler, true}
		if p[1] != "" {
			opts = append(opts, optFirst, p[1])
		}
		i := command(student, game, "solve", opts...)
		i.AppPermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
		resp := r.Handle(context.Background(), i)
		checkLimits(t, resp)
		text := resp.Data.Content
		if n := strings.Count(text, "||"); n == 0 || n%2 != 0 {
			t.Errorf("%s: %d spoiler marks in %q", game, n, text)
		}
		g, _ := solver.Lookup(game)
		pos, _ := g.Parse(p[0], solver.ParseOptions{First: p[1]})
		if verdict := verdictTitle(explain.Solve(context.Background(), pos)); strings.Contains(spoilers.ReplaceAllString(text, ""), verdict) {
			t.Errorf("%s: %q shows in the plain text: %q", game, verdict, text)
		}
	}
}
