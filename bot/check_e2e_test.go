package bot

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/check"
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/solver"
)

// checkCommand returns /check game:game seed:seed, with output attached
// when it is not nil.
func checkCommand(game string, seed int, output *discordgo.MessageAttachment) *discordgo.Interaction {
	opts := []*discordgo.ApplicationCommandInteractionDataOption{opt("game", game),
		{Name: "seed", Type: discordgo.ApplicationCommandOptionInteger, Value: float64(seed)}}
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		ID: "1500000000000000003", Name: "check", CommandType: discordgo.ChatApplicationCommand, Options: opts,
	})
	i.Member.User.ID = e2eUser
	if output != nil {
		i = withAttachment(i, "output", output)
	}
	return i
}

// TestE2ECheck hands out a test file through the signed HTTP transport,
// then checks a right output, a wrong one and a malformed one.
func TestE2ECheck(t *testing.T) {
	const seed = 5
	g, _ := solver.Lookup("adapwns")
	f, err := check.Generate(g, seed)
	if err != nil {
		t.Fatal(err)
	}
	var answers bytes.Buffer
	if err := solver.Judge(t.Context(), g, bytes.NewReader(f.Input), &answers, true); err != nil {
		t.Fatal(err)
	}
	right := strings.Split(strings.TrimSuffix(answers.String(), "\n"), "\n")
	flip := func(a string) string {
		if a == "Yes" {
			return "No"
		}
		return "Yes"
	}
	// Two wrong answers: on the sample (5 cells) and on ".P" (2 cells).
	small := slices.IndexFunc(f.Tests, func(c check.Test) bool { return c.Text == ".P" })
	sample := slices.IndexFunc(f.Tests, func(c check.Test) bool { return c.Text == "..P.P" })
	if small < 0 || sample < 0 {
		t.Fatalf("the test file no longer holds ..P.P and .P: %v", f.Tests[:12])
	}
	n := len(f.Tests)
	wrong := slices.Clone(right)
	wrong[sample], wrong[small] = flip(wrong[sample]), flip(wrong[small])
	malformed := slices.Clone(right[:len(right)-1])
	malformed[2] = "maybe"
	files := map[string]string{
		"/right.txt":     strings.Join(right, "\n") + "\n",
		"/wrong.txt":     strings.Join(wrong, "\n") + "\n",
		"/malformed.txt": strings.Join(malformed, "\n") + "\n",
	}
	cdn := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte(files[r.URL.Path]))
	}))
	defer cdn.Close()
	u, _ := url.Parse(cdn.URL)
	attach := func(name string) *discordgo.MessageAttachment {
		return &discordgo.MessageAttachment{ID: "77", Filename: name, URL: cdn.URL + "/" + name, ContentType: "text/plain"}
	}
	router := newRouter(t, commands.Config{Attachments: NewDownloader([]string{u.Host}, time.Second, testLogger(t)),
		CommandIDs: map[string]string{"check": "1300000000000000009"}})
	srv := newE2EHTTP(t, router)

	t.Run("test file", func(t *testing.T) {
		got := srv.do(t, checkCommand("adapwns", seed, nil))
		if got.Files[f.Name()] != string(f.Input) || !got.ephemeral() {
			t.Fatalf("files %v, data %v", len(got.Files), got.Data)
		}
		e := got.embeds()[0]
		if !strings.Contains(e["description"].(string), "seed 5") || !strings.Contains(e["description"].(string), "</check:1300000000000000009>") {
			t.Errorf("description %q", e["description"])
		}
	})
	t.Run("right output", func(t *testing.T) {
		got := srv.do(t, checkCommand("adapwns", seed, attach("right.txt")))
		e := got.embeds()
		if len(e) == 0 || e[0]["title"] != "/check adapwns: All "+itoa(n)+" answers are right." {
			t.Fatalf("data %v", got.Data)
		}
	})
	t.Run("wrong output", func(t *testing.T) {
		got := srv.do(t, checkCommand("adapwns", seed, attach("wrong.txt")))
		e := got.embeds()
		if len(e) == 0 || e[0]["title"] != "/check adapwns: "+itoa(n-2)+" of "+itoa(n)+" answers are right." {
			t.Fatalf("data %v", got.Data)
		}
		desc := e[0]["description"].(string)
		want := "The smallest failing case: Test " + itoa(small+1) + " (input line " + itoa(small+2) + ") `.P`: the answer is **" + right[small] + "**, your output line " + itoa(small+1) + " says **" + wrong[small] + "**."
		if !strings.Contains(desc, "2 wrong answers") || !strings.Contains(desc, want) {
			t.Errorf("description %q\nwant it to hold %q", desc, want)
		}
		fields, _ := e[0]["fields"].([]any)
		var titles []string
		for _, f := range fields {
			titles = append(titles, f.(map[string]any)["name"].(string))
		}
		// The failing case is explained by the short card; its full
		// reasoning is behind the card's button.
		if !slices.Contains(titles, "Why") || !slices.Contains(titles, "Finding it") || got.buttons()["Full reasoning"] == "" {
			t.Errorf("the explanation of .P is missing: fields %v", titles)
		}
		b := got.buttons()
		if b["Hint (private)"] == "" || b["Play this position"] == "" {
			t.Fatalf("buttons %v", b)
		}
		play := srv.do(t, press(e2eUser, b["Play this position"]))
		if e := play.embeds(); len(e) == 0 || !strings.Contains(e[0]["description"].(string), "`.P`") {
			t.Errorf("playing the failing case: %v", play.Data)
		}
		solve := srv.do(t, press(e2eUser, b["Solve (full card)"]))
		if e := solve.embeds(); !solve.ephemeral() || len(e) == 0 || !strings.Contains(e[0]["description"].(string), "`.P`") || !strings.HasPrefix(e[0]["title"].(string), "Ada wins") {
			t.Errorf("solving the failing case: %v", solve.Data)
		}
	})
	t.Run("malformed output", func(t *testing.T) {
		got := srv.do(t, checkCommand("adapwns", seed, attach("malformed.txt")))
		e := got.embeds()
		if len(e) == 0 {
			t.Fatalf("data %v", got.Data)
		}
		desc := e[0]["description"].(string)
		for _, want := range []string{"2 malformed output lines", `line 3: "maybe" is not an answer; an answer is "No" or "Yes"`,
			"line " + itoa(n) + ": the output ends after " + itoa(n-1) + " answers; the input has " + itoa(n) + " tests"} {
			if !strings.Contains(desc, want) {
				t.Errorf("description %q\nwant it to hold %q", desc, want)
			}
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
