package commands

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/solver"
)

// checkInteraction builds /check with the given options; output is
// attached from url when url is not "".
func checkInteraction(game string, seed int, filename, url string) *discordgo.Interaction {
	opts := []*discordgo.ApplicationCommandInteractionDataOption{{Name: optGame, Type: discordgo.ApplicationCommandOptionString, Value: game}}
	if seed >= 0 {
		opts = append(opts, &discordgo.ApplicationCommandInteractionDataOption{Name: optCheckSeed, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(seed)})
	}
	i := &discordgo.Interaction{
		ID: "6", Type: discordgo.InteractionApplicationCommand, Token: "t",
		Member: &discordgo.Member{User: &discordgo.User{ID: student}},
		Data:   discordgo.ApplicationCommandInteractionData{Name: "check", Options: opts},
	}
	if url != "" {
		i = withFile(i, optCheckOutput, filename, url)
	}
	return i
}

func TestCheckRepliesFitAndFindTheSeed(t *testing.T) {
	for _, g := range check.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			f, _ := check.Generate(g, 11)
			var want bytes.Buffer
			solver.Judge(t.Context(), g, bytes.NewReader(f.Input), &want, false)
			first := strings.SplitN(want.String(), "\n", 2)[0]
			// Always the first answer: many wrong, including the largest
			// positions; and one with every line malformed.
			files := map[string]string{
				"u/same":    strings.Repeat(first+"\n", len(f.Tests)),
				"u/garbage": strings.Repeat("??\n", len(f.Tests)+3),
			}
			r, _ := newFilesRouter(t, files)
			handOut := r.Handle(context.Background(), checkInteraction(g.Name(), -1, "", ""))
			checkLimits(t, handOut)
			if len(handOut.Data.Files) != 1 {
				t.Fatalf("no test file handed out: %v", handOut.Data.Content)
			}
			// Without a seed option the router remembers the handed-out one.
			for _, url := range []string{"u/same", "u/garbage"} {
				resp := r.Handle(context.Background(), checkInteraction(g.Name(), -1, "out.txt", url))
				checkLimits(t, resp)
				if len(resp.Data.Embeds) == 0 || !strings.Contains(resp.Data.Embeds[0].Title, "answers are right") {
					t.Fatalf("%s: %q %v", url, resp.Data.Content, resp.Data.Embeds)
				}
			}
		})
	}
}

func TestCheckMistakes(t *testing.T) {
	r, _ := newFilesRouter(t, map[string]string{"u/out": "Yes\n"})
	for _, tc := range []struct {
		name string
		i    *discordgo.Interaction
		want string
	}{
		{"no seed known", checkInteraction("adapwns", -1, "out.txt", "u/out"), "which test file is out.txt the output of?"},
		{"seed from the file name", checkInteraction("adapwns", -1, "adapwns-tests-seed-3-out.txt", "u/out"), "0 of 324 answers are right"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := r.Handle(context.Background(), tc.i)
			text := resp.Data.Content
			if len(resp.Data.Embeds) > 0 {
				text += resp.Data.Embeds[0].Title
			}
			if !strings.Contains(text, tc.want) {
				t.Errorf("got %q, want %q", text, tc.want)
			}
		})
	}
}
