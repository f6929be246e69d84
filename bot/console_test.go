package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/store/storetest"
	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// newTestConsole is a console over the real handlers with a store, its
// files written under a temporary directory.
func newTestConsole(t *testing.T) (*Console, string) {
	t.Helper()
	st := storetest.Open(t, storetest.SQLiteConfig(t))
	router := newRouter(t, commands.Config{Config: tutor.Config{Practice: func(context.Context) (*practice.Service, error) { return practice.New(st, nil), nil }},
		Attachments: LocalFiles{}})
	dir := t.TempDir()
	return &Console{Handler: router, Commands: commands.Definitions(), PictureDir: dir}, dir
}

// doLine runs one console line and returns what it printed.
func doLine(t *testing.T, c *Console, line string) string {
	t.Helper()
	var out bytes.Buffer
	c.Do(context.Background(), line, &out)
	return out.String()
}

// savedFile returns the path a reply said it wrote a file of kind to,
// checking the file is there and not empty.
func savedFile(t *testing.T, out, kind string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + kind + `: (.+)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the reply names no %s:\n%s", strings.ToLower(kind), out)
	}
	st, err := os.Stat(m[1])
	if err != nil || st.Size() == 0 {
		t.Fatalf("%s %s: %v (size %v)", kind, m[1], err, st)
	}
	return m[1]
}

// TestConsoleFiles checks that the console writes and names the file of
// every reply that carries one, whatever came before it: /check's test
// file, /judge's answers and /export, each after a card whose buttons
// are current; and that the card's buttons still work after them and
// after one of them was pressed.
func TestConsoleFiles(t *testing.T) {
	c, dir := newTestConsole(t)
	card := doLine(t, c, "/adapwns solve position:..P.P")
	if !strings.Contains(card, "[3] Verify   → click 3") {
		t.Fatalf("card:\n%s", card)
	}
	savedFile(t, card, "Picture")

	// /check without output: hands out a test file, privately.
	out := doLine(t, c, "/check game:adapwns seed:7")
	tests := savedFile(t, out, "File")
	if filepath.Dir(tests) != dir || !strings.Contains(out, "(only you can see this)") {
		t.Errorf("test file at %s, want it in %s:\n%s", tests, dir, out)
	}
	// /judge on that file: the answers, as a file.
	out = doLine(t, c, "/judge game:adapwns file:"+tests)
	answers := savedFile(t, out, "File")
	if b, _ := os.ReadFile(answers); !bytes.Contains(b, []byte("Yes\n")) || !bytes.Contains(b, []byte("No\n")) {
		t.Errorf("answers %s:\n%s", answers, b)
	}
	// /check with the judge's answers as the output: all right.
	out = doLine(t, c, "/check game:adapwns output:"+answers+" input:"+tests)
	if !strings.Contains(out, "Every answer matches the truth") {
		t.Errorf("check of the right answers:\n%s", out)
	}

	// The card's buttons are still the current ones: Verify answers with
	// a message of its own, and the card's other buttons still work.
	out = doLine(t, c, "click 3")
	if !strings.Contains(out, "exhaustive search") && !strings.Contains(out, "Verif") {
		t.Errorf("verify:\n%s", out)
	}
	out = doLine(t, c, "click 4")
	if !strings.Contains(out, "Full reasoning") {
		t.Fatalf("after Verify, Full reasoning (button 4) of the same card:\n%s", out)
	}
	// Hint brings buttons of its own; back returns to the card's.
	out = doLine(t, c, "click 1")
	if !strings.Contains(out, "Hint 1 of") || !strings.Contains(out, "Next hint") {
		t.Fatalf("hint:\n%s", out)
	}
	out = doLine(t, c, "back")
	if !strings.Contains(out, "[5] Why?   → click 5") {
		t.Fatalf("back:\n%s", out)
	}
	if out = doLine(t, c, "click 5"); !strings.Contains(out, "Why the rule works") {
		t.Errorf("Why? after back:\n%s", out)
	}

	// /export: the learner's data as a JSON file.
	doLine(t, c, "/adapwns play position:.P.P")
	out = doLine(t, c, "/export")
	path := savedFile(t, out, "File")
	var ex struct {
		Games []struct{ ID string } `json:"games"`
	}
	if b, err := os.ReadFile(path); err != nil || json.Unmarshal(b, &ex) != nil || len(ex.Games) != 1 || filepath.Base(path) != "nimtutor-export.json" {
		t.Errorf("export %s: %+v, %v", path, ex, err)
	}
}

// TestConsoleNoControls checks that a console for one reply prints no
// control.
func TestConsoleNoControls(t *testing.T) {
	c, _ := newTestConsole(t)
	c.NoControls = true
	if out := doLine(t, c, "/adapwns solve position:..P.P"); strings.Contains(out, "click") || strings.Contains(out, "[1]") {
		t.Errorf("controls printed:\n%s", out)
	}
}

// TestConsoleAs plays both sides of a duel from one console: "as NAME"
// sends a line as another member, user:@NAME resolves to that member
// (and @nimtutor to a bot), a form opened by "answer" is sent by the
// same member, and mentions print as @names.
func TestConsoleAs(t *testing.T) {
	c, _ := newTestConsole(t)
	tests := []struct{ line, want string }{
		{"/duel user:@alice game:nim position:1 2", "@alice, you are challenged to a duel!"},
		{"as bob click 1", "Only @alice, who was challenged, can answer this challenge.\n(only @bob can see this)"},
		{"as alice click 1", "@you, your move (First)."},
		{"as alice answer 1 1", "It is not your turn: @you is to move.\n(only @alice can see this)"},
		{"answer 1 1", "@alice, your move (Second)."},
		{"as alice answer 2 2", "@alice wins!"},
		{"/duel user:@nimtutor game:nim", "bots cannot duel"},
		{"as alice", "as NAME needs a line to run"},
		{"as <@1> click 1", "is not a member's name"},
		{"/duel user:me game:nim", "you cannot challenge yourself"},
	}
	for _, tc := range tests {
		if got := doLine(t, c, tc.line); !strings.Contains(got, tc.want) {
			t.Errorf("%s:\n%s\nwant %q", tc.line, got, tc.want)
		}
	}
}

// TestConsoleSession runs a study session in the console: /session in
// its server channel, two members joining and answering with "as", a
// stop refused to another member, and "wait" letting the last puzzle's
// time run out, which posts its solution and the table.
func TestConsoleSession(t *testing.T) {
	st := storetest.Open(t, storetest.SQLiteConfig(t))
	clock := tutortest.NewClock(time.UnixMilli(1_800_000_000_000))
	router := newRouter(t, commands.Config{ChannelPosts: true,
		Config: tutor.Config{Now: clock.Now, Practice: func(context.Context) (*practice.Service, error) { return practice.New(st, nil), nil }}})
	c := &Console{Handler: router, Commands: commands.Definitions(), PictureDir: t.TempDir(), Wait: clock.Advance}
	control := func(out, label string) string {
		t.Helper()
		m := regexp.MustCompile(`\[(\d+)\] ` + label + ` `).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no %s control in:\n%s", label, out)
		}
		return m[1]
	}
	out := doLine(t, c, "/session start game:nim puzzles:2 seconds:30")
	if !strings.Contains(out, "@you started a study session of nim: 2 puzzles, 30 seconds each.") || !strings.Contains(out, "== Puzzle 1 of 2 (nim) ==") {
		t.Fatalf("the start:\n%s", out)
	}
	ss, err := st.RunningSession(context.Background(), consoleChannel)
	if err != nil {
		t.Fatal(err)
	}
	join := control(out, "Join")
	tests := []struct{ line, want string }{
		{"as alice click " + join, "You joined the study session (1 member so far)"},
		{"as bob click " + join, "(only @bob can see this)"},
		{"as alice answer " + tutortest.WinningMove(t, ss.Puzzles[0]), "Your answer to puzzle 1 of 2"},
		{"as bob answer " + tutortest.LosingMove(t, ss.Puzzles[0]), "Everyone has answered puzzle 1."},
		{"as carol /session stop", "Only @you, who started this session, or a member who can manage the server can stop it.\n(only @carol can see this)"},
		{"as alice answer " + tutortest.WinningMove(t, ss.Puzzles[1]), "Your answer to puzzle 2 of 2"},
		{"wait 29", "(29 seconds pass)"},
		{"wait soon", "wait needs a number of seconds"},
	}
	for _, tc := range tests {
		if out = doLine(t, c, tc.line); !strings.Contains(out, tc.want) {
			t.Errorf("%s:\n%s\nwant %q", tc.line, out, tc.want)
		}
	}
	out = doLine(t, c, "wait 1")
	for _, want := range []string{"(the bot posts in the channel)\nTime is up for puzzle 2.", "⏳ @bob: did not answer", "== Study session over: the table ==",
		"1. @alice: 2 right of 2", "2. @bob: 0 right of 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("wait 1: the end lacks %q:\n%s", want, out)
		}
	}
	if got := doLine(t, c, "/session stop"); !strings.Contains(got, "no session is running in this channel") {
		t.Errorf("/session stop after the end:\n%s", got)
	}
}

// TestConsoleChoiceError types a value that is not one of an option's
// choices: the console names the value and lists what can be typed, with
// each choice's name on Discord beside it when that differs (it used to
// list only the names, joined by "or", none of which could be typed).
func TestConsoleChoiceError(t *testing.T) {
	c, _ := newTestConsole(t)
	out := doLine(t, c, "/learn topic:xyz")
	want := `/learn: topic: "xyz" is not one of the choices; type one of nim (Nim and XOR), misere (Misère Nim), `
	if !strings.HasPrefix(out, want) {
		t.Errorf("/learn topic:xyz printed\n%s\nwant it to start\n%s", out, want)
	}
	if out := doLine(t, c, "/learn topic:Misère Nim"); !strings.Contains(out, "Misère Nim") || strings.Contains(out, "not one of the choices") {
		t.Errorf("a choice typed by its name is refused:\n%s", out)
	}
}

// TestConsoleForeignOption types an option of another command into a
// command that lacks it: the console says so, where the words used to
// be read as part of the position ("heap 4, character 1 is 'f'").
func TestConsoleForeignOption(t *testing.T) {
	c, _ := newTestConsole(t)
	out := doLine(t, c, "/nim solve position:3 4 5 first:Dee")
	want := "/nim solve: position: this command has no option first:; its options are position: position_file: spoiler:"
	if !strings.HasPrefix(out, want) {
		t.Errorf("printed\n%s\nwant it to start\n%s", out, want)
	}
	if out := doLine(t, c, "/heaps solve position:wythoff: 3 4"); strings.Contains(out, "has no option") {
		t.Errorf("a heaps rule with a colon is taken for an option:\n%s", out)
	}
}
