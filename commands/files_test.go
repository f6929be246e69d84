package commands

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor"
)

// fakeFiles serves attachments from memory by URL; a missing URL fails
// with the message a real downloader would give.
type fakeFiles struct {
	files map[string]string
	calls int
}

var _ Attachments = (*fakeFiles)(nil)

func (f *fakeFiles) Download(_ context.Context, a *discordgo.MessageAttachment, limit int64) ([]byte, error) {
	f.calls++
	body, ok := f.files[a.URL]
	if !ok {
		return nil, errors.New(a.Filename + " is image/png, not text; upload a plain text file (.txt)")
	}
	if int64(len(body)) > limit {
		return nil, errors.New(a.Filename + " is too large")
	}
	return []byte(body), nil
}

// withFile adds an attachment option named opt to the first-level options
// of i (under the subcommand when there is one), resolved to url.
func withFile(i *discordgo.Interaction, opt, filename, url string) *discordgo.Interaction {
	data := i.Data.(discordgo.ApplicationCommandInteractionData)
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: opt, Type: discordgo.ApplicationCommandOptionAttachment, Value: "900"}
	if len(data.Options) == 1 && data.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		data.Options[0].Options = append(data.Options[0].Options, o)
	} else {
		data.Options = append(data.Options, o)
	}
	data.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Attachments: map[string]*discordgo.MessageAttachment{
		"900": {ID: "900", Filename: filename, URL: url, ContentType: "text/plain; charset=utf-8"},
	}}
	i.Data = data
	return i
}

// judgeCommand builds /judge game:… with the file at url.
func judgeCommand(game, filename, url string, strict bool) *discordgo.Interaction {
	opts := []*discordgo.ApplicationCommandInteractionDataOption{{Name: optGame, Type: discordgo.ApplicationCommandOptionString, Value: game}}
	if strict {
		opts = append(opts, &discordgo.ApplicationCommandInteractionDataOption{Name: optJudgeStrict, Type: discordgo.ApplicationCommandOptionBoolean, Value: true})
	}
	i := &discordgo.Interaction{
		ID: "5", Type: discordgo.InteractionApplicationCommand, Token: "t",
		Member: &discordgo.Member{User: &discordgo.User{ID: student}},
		Data:   discordgo.ApplicationCommandInteractionData{Name: "judge", Options: opts},
	}
	return withFile(i, optJudgeFile, filename, url)
}

func newFilesRouter(tb testing.TB, files map[string]string) (*Router, *fakeFiles) {
	tb.Helper()
	f := &fakeFiles{files: files}
	return testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}}, Secret: []byte("s"), CommandIDs: testCommandIDs(), Attachments: f}), f
}

func TestPositionFile(t *testing.T) {
	long := strings.Repeat("..P", 5000) // 15000 characters, beyond the text option
	tooLong := strings.Repeat(".", 20001)
	r, _ := newFilesRouter(t, map[string]string{
		"u/ok": "..P.P\n", "u/bom": "\ufeff..P.P\r\n", "u/long": long, "u/bad": "..X.P", "u/toolong": tooLong, "u/stacks": "010\n101\n",
	})
	tests := []struct {
		name, game, sub string
		opts            []any
		file            string // URL, or ""
		want            string // in the title (or content, after "!")
	}{
		{"short file", "adapwns", "solve", nil, "u/ok", "Ada wins"},
		{"byte order mark (Notepad)", "adapwns", "solve", nil, "u/bom", "Ada wins"},
		{"long file", "adapwns", "solve", nil, "u/long", "wins"},
		{"long file hint", "adapwns", "hint", nil, "u/long", "Hint 1 of"},
		{"long file play", "adapwns", "play", nil, "u/long", "adapwns: you are Ada"},
		{"long file verify", "adapwns", "verify", nil, "u/long", "Too large to search"},
		{"stacks one a line", "binim2", "solve", []any{optFirst, "Dee"}, "u/stacks", "Dee wins"},
		{"both", "adapwns", "solve", []any{optPosition, "..P.P"}, "u/ok", "!either as text (position) or as a file (position_file), not both"},
		{"neither", "adapwns", "solve", nil, "", "!give the position as text (position) or upload it as a text file (position_file)"},
		{"not text", "adapwns", "solve", nil, "u/picture", "!position_file: board.txt is image/png, not text"},
		{"bad character", "adapwns", "solve", nil, "u/bad", "!position_file: character 3 is 'X'"},
		{"another game's position", "adapwns", "solve", []any{optPosition, "3 4 5"}, "", "!position: character 1 is '3'; a board uses '.' and 'P' (it reads as a position of nim or misere: is that the game you meant?)"},
		{"too long", "adapwns", "solve", nil, "u/toolong", "!position_file: it has 20001 characters, over the 20000-character limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := command(student, tt.game, tt.sub, tt.opts...)
			if tt.file != "" {
				i = withFile(i, optPositionFile, "board.txt", tt.file)
			}
			resp := r.Handle(context.Background(), i)
			checkLimits(t, resp)
			if want, isErr := strings.CutPrefix(tt.want, "!"); isErr {
				if resp.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(resp.Data.Content, want) {
					t.Errorf("got %q (flags %v), want an ephemeral %q", resp.Data.Content, resp.Data.Flags, want)
				}
				return
			}
			if len(resp.Data.Embeds) == 0 || !strings.Contains(resp.Data.Embeds[0].Title, tt.want) {
				t.Fatalf("got %+v, want a title with %q", resp.Data, tt.want)
			}
			if strings.HasPrefix(tt.file, "u/long") && len(resp.Data.Files) != 0 {
				t.Errorf("a position beyond the text option got a picture")
			}
		})
	}
}

func TestPositionFileCardButtons(t *testing.T) {
	r, _ := newFilesRouter(t, map[string]string{"u/long": strings.Repeat(".P", 7000)})
	card := r.Handle(context.Background(), withFile(command(student, "adapwns", "solve"), optPositionFile, "long.txt", "u/long"))
	buttons, _ := allControls(t, card)
	if len(buttons) != len(cardButtons) {
		t.Fatalf("card has %d buttons", len(buttons))
	}
	for _, b := range buttons {
		got := r.Handle(context.Background(), click(stranger, b.CustomID, message(card, time.Now())))
		checkLimits(t, got)
		if len(got.Data.Embeds) == 0 || !strings.Contains(got.Data.Embeds[0].Description, "14000 characters in all") {
			t.Errorf("%s on a 14000-character card: %+v", b.Label, got.Data)
		}
	}
}

func TestPositionFileWithoutDownloader(t *testing.T) {
	r, _ := newTestRouter(t)
	got := r.Handle(context.Background(), withFile(command(student, "adapwns", "solve"), optPositionFile, "b.txt", "u/ok"))
	if !strings.Contains(got.Data.Content, "files cannot be read here") {
		t.Errorf("got %q", got.Data.Content)
	}
}

func TestJudgeFile(t *testing.T) {
	r, files := newFilesRouter(t, map[string]string{
		"u/ab":        "3\nA.B\nA..B\nA..B.A..B\n",
		"u/ada":       "4\r\n..P.P\r\nP\r\n.P\r\n..P\r\n",
		"u/ada-bom":   "\ufeff4\r\n..P.P\r\nP\r\n.P\r\n..P\r\n",
		"u/bad":       "3\nA.B\nA.X\nA..B\n",
		"u/short":     "2\n010\n",
		"u/none":      "0\n",
		"u/big-t":     "200001\n" + strings.Repeat("A.B\n", 200001),
		"u/too-many":  "2\n1 Dee\n0\n1 Dum\n1\n",
		"u/strict-ok": "1\n2 Dee\n010\n101\n",
	})
	tests := []struct {
		name, game, file string
		strict           bool
		title, verdicts  string // or the error, after "!"
		answers          string
	}{
		{"abgame samples", "abgame", "u/ab", false, "Judged 3 tests of abgame", "A: 2 · B: 1", "A\nA\nB\n"},
		{"windows line endings", "adapwns", "u/ada", false, "Judged 4 tests of adapwns", "Yes: 3 · No: 1", "Yes\nNo\nYes\nYes\n"},
		{"byte order mark (Notepad)", "adapwns", "u/ada-bom", false, "Judged 4 tests of adapwns", "Yes: 3 · No: 1", "Yes\nNo\nYes\nYes\n"},
		{"binim2", "binim2", "u/strict-ok", true, "Judged 1 test of binim2", "Dee: 1", "Dee\n"},
		{"no tests", "abgame", "u/none", false, "Judged 0 tests of abgame", "No tests: the input announces T = 0.", ""},
		{"malformed line", "abgame", "u/bad", false, "!in.txt is not a valid input: line 3: character 3 is 'X'", "Line 3 reads: `A.X`", ""},
		{"ends early", "binstring", "u/short", false, "!line 3: the input ended before the line of test 2 of 2", "", ""},
		{"strict limits", "abgame", "u/big-t", true, "!line 1: T is 200001", "Line 1 reads: `200001`", ""},
		{"wrong format for the game", "adapwns", "u/too-many", false, "!in.txt is not a valid input: line 2", "", ""},
		{"not text", "abgame", "u/picture", false, "!file: in.txt is image/png, not text", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := r.Handle(context.Background(), judgeCommand(tt.game, "in.txt", tt.file, tt.strict))
			checkLimits(t, resp)
			if resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Errorf("/judge replies are private")
			}
			if want, isErr := strings.CutPrefix(tt.title, "!"); isErr {
				if !strings.Contains(resp.Data.Content, want) || !strings.Contains(resp.Data.Content, tt.verdicts) {
					t.Errorf("got %q, want %q and %q", resp.Data.Content, want, tt.verdicts)
				}
				return
			}
			e := resp.Data.Embeds[0]
			if e.Title != tt.title || e.Fields[0].Value != tt.verdicts {
				t.Errorf("got %q / %q, want %q / %q", e.Title, e.Fields[0].Value, tt.title, tt.verdicts)
			}
			if len(resp.Data.Files) != 1 || resp.Data.Files[0].Name != tt.game+"-answers.txt" {
				t.Fatalf("files %+v, want %s-answers.txt", resp.Data.Files, tt.game)
			}
			got, _ := io.ReadAll(resp.Data.Files[0].Reader)
			if string(got) != tt.answers {
				t.Errorf("answers %q, want %q", got, tt.answers)
			}
		})
	}
	if files.calls != len(tests) {
		t.Errorf("%d downloads for %d commands", files.calls, len(tests))
	}
}

func TestJudgeStopsWithItsContext(t *testing.T) {
	r, _ := newFilesRouter(t, map[string]string{"u/ab": "1\nA.B\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := r.Handle(ctx, judgeCommand("abgame", "in.txt", "u/ab", false))
	if !strings.Contains(got.Data.Content, "stopped before it finished") {
		t.Errorf("judge with a cancelled context: %q, want the notice that it was stopped", got.Data.Content)
	}
}

// TestLongFileRepliesFitDiscordLimits sends every subcommand the longest
// positions a file may carry.
func TestLongFileRepliesFitDiscordLimits(t *testing.T) {
	row := func(pattern string) string { return strings.Repeat(pattern, 20000/len(pattern)+1)[:20000] }
	stacks := strings.TrimSpace(strings.Repeat(strings.Repeat("01", 50)+" ", 198))
	positions := map[string][2]string{
		"binim2": {stacks, "Dee"}, "binim": {stacks, "Dum"},
		"abgame": {row("A..B.A...BB.A"), ""}, "adapwns": {row("..P.P"), ""}, "binstring": {row("0110011"), ""},
	}
	files := map[string]string{}
	for game, p := range positions {
		files["u/"+game] = p[0]
	}
	r, _ := newFilesRouter(t, files)
	for game, p := range positions {
		for _, sub := range []string{"solve", "hint", "play", "verify"} {
			t.Run(game+"/"+sub, func(t *testing.T) {
				var opts []any
				if p[1] != "" {
					opts = append(opts, optFirst, p[1])
				}
				resp := r.Handle(context.Background(), withFile(command(student, game, sub, opts...), optPositionFile, game+".txt", "u/"+game))
				checkLimits(t, resp)
				if len(resp.Data.Embeds) == 0 || !strings.Contains(resp.Data.Embeds[0].Description, "characters in all") {
					t.Errorf("reply %q %+v", resp.Data.Content, resp.Data.Embeds)
				}
			})
		}
	}
}
