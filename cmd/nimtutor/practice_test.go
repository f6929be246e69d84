package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMain points the store at a temporary SQLite file, so that tests of
// commands that store (play, practice) never write ./nimtutor.db. Started
// as a child by a test, the binary is a nimtutor process instead.
func TestMain(m *testing.M) {
	if os.Getenv(envE2EChild) == "1" {
		e2eChild() // a server process of TestPracticeEndToEnd
		return
	}
	if os.Getenv("NIMTUTOR_TEST_RUN_MAIN") == "1" {
		// The real main, for TestSIGTERMStopsWithinTwoSeconds.
		os.Args = append([]string{"nimtutor"}, strings.Fields(os.Getenv("NIMTUTOR_TEST_ARGS"))...)
		main()
		return
	}
	dir, err := os.MkdirTemp("", "nimtutor-cmd-test")
	if err != nil {
		panic(err)
	}
	os.Setenv("NIMTUTOR_DB", filepath.Join(dir, "nimtutor.db"))
	os.Unsetenv("DATABASE_URL")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestPracticeCLI practises in the terminal, plays a game, and reads the
// progress, the history and the review back from the store.
func TestPracticeCLI(t *testing.T) {
	t.Setenv("NIMTUTOR_DB", filepath.Join(t.TempDir(), "cli.db"))
	code, out, errOut := runCLI(t, "hint\npick 1 1\nquit\n", "practice", "adapwns")
	if code != 0 {
		t.Fatalf("practice: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"== Puzzle adapwns-", "Hint 1 of", "Rating\n  1500 → ", "Next puzzle"} {
		if !strings.Contains(out, want) {
			t.Errorf("practice output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, "", "progress")
	if code != 0 || !strings.Contains(out, "adapwns: ") || !strings.Contains(out, "Picture: ") || strings.Contains(out, "click") || strings.Contains(out, "only you can see") {
		t.Errorf("progress: exit %d:\n%s", code, out)
	}
	// A game thrown away on the first move, then its review.
	code, out, _ = runCLI(t, "2 1\n", "play", "adapwns", ".P.P")
	if code != 0 || !strings.Contains(out, "Game review") {
		t.Errorf("play: exit %d, no review card:\n%s", code, out)
	}
	code, out, errOut = runCLI(t, "", "review")
	if code != 0 || !strings.Contains(out, "1. move the piece on cell 2 to cell 1: mistake") || !strings.Contains(out, "The game turned on your move 1") {
		t.Errorf("review: exit %d (%s):\n%s", code, errOut, out)
	}
	code, out, _ = runCLI(t, "", "history")
	if code != 0 || !strings.Contains(out, "(adapwns) from `.P.P`, 2 moves, lost") || !strings.Contains(out, "adapwns-") {
		t.Errorf("history: exit %d:\n%s", code, out)
	}
	if strings.Contains(out, "click") || strings.Contains(out, "[1]") || strings.Contains(out, "only you can see") || !strings.Contains(out, "nimtutor review GAMEID") {
		t.Errorf("history prints controls the command line cannot press:\n%s", out)
	}
	if code, out, errOut := runCLI(t, "", "review", historyID(t, out)); code != 0 || !strings.Contains(out, "1. move the piece on cell 2 to cell 1: mistake") {
		t.Errorf("review by the id history shows: exit %d (%s):\n%s", code, errOut, out)
	}
	if code, _, errOut := runCLI(t, "", "review", "nope"); code != 1 || !strings.Contains(errOut, `no stored game of yours has the id "nope"; nimtutor history lists them`) || strings.Contains(errOut, "/history") {
		t.Errorf("review of an unknown id: exit %d, %s", code, errOut)
	}
	if code, _, _ := runCLI(t, "", "practice"); code != 2 {
		t.Errorf("practice without a game: exit %d, want 2", code)
	}
}

// historyID returns the id of the first game a /history reply lists.
func historyID(tb testing.TB, out string) string {
	tb.Helper()
	m := regexp.MustCompile(`1\. Game ([A-Za-z0-9_-]{12}) \(`).FindStringSubmatch(out)
	if m == nil {
		tb.Fatalf("history shows no game id:\n%s", out)
	}
	return m[1]
}

// TestPracticeNextUnanswered asks for the next puzzle without answering
// the one shown: the same puzzle comes back, and the reply says why.
func TestPracticeNextUnanswered(t *testing.T) {
	t.Setenv("NIMTUTOR_DB", filepath.Join(t.TempDir(), "next.db"))
	code, out, errOut := runCLI(t, "next\nquit\n", "practice", "adapwns")
	if code != 0 || !strings.Contains(out, "You have not answered this puzzle yet") {
		t.Errorf("next on an unanswered puzzle: exit %d (%s):\n%s", code, errOut, out)
	}
}

// TestStoreThatCannotOpen points the store at a folder that does not
// exist and at a setting that does not parse. The commands that answer
// from the store exit 1 with a message that says what to change; the
// console answers /practice that the database is not available, not with
// the apology kept for bugs, and a solve still works.
func TestStoreThatCannotOpen(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder")
	t.Setenv("NIMTUTOR_DB", filepath.Join(missing, "x.db"))
	wantCLI := "the folder " + missing + ", where the SQLite file goes, does not exist; create it, or set NIMTUTOR_DB to a file in a folder that exists"
	for _, args := range [][]string{{"practice", "nim"}, {"progress"}, {"history"}, {"review"}} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(errOut, wantCLI) || out != "" {
			t.Errorf("nimtutor %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", strings.Join(args, " "), code, out, errOut, wantCLI)
		}
	}
	code, out, _ := runCLI(t, "/practice game:nim\n/nim solve position:1 2\n", "console")
	if code != 0 || !strings.Contains(out, "⚠️ The folder "+missing+", where the SQLite file goes, does not exist") || strings.Contains(out, "went wrong on our side") || !strings.Contains(out, "First wins") {
		t.Errorf("console on a missing folder: exit %d:\n%s", code, out)
	}

	t.Setenv("NIMTUTOR_DB", filepath.Join(t.TempDir(), "x.db"))
	t.Setenv("NIMTUTOR_STORE_DEADLINES", "write=soon")
	code, out, errOut := runCLI(t, "", "progress")
	if code != 1 || !strings.Contains(errOut, "NIMTUTOR_STORE_DEADLINES") || out != "" {
		t.Errorf("progress with a bad NIMTUTOR_STORE_DEADLINES: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "/progress\n", "console")
	if want := "⚠️ The practice database could not be opened, so nothing was recorded; whoever runs nimtutor can find why in its log."; code != 0 || !strings.Contains(out, want) {
		t.Errorf("console /progress with a bad NIMTUTOR_STORE_DEADLINES: exit %d:\n%s\nwant %q", code, out, want)
	}
}

// TestDatabaseURLNotPostgres sets DATABASE_URL to a URL of another
// database: `nimtutor http` and `nimtutor progress` exit 1 saying what
// the setting must look like, and never print its password (the message
// was the driver's "failed to parse as keyword/value").
func TestDatabaseURLNotPostgres(t *testing.T) {
	t.Setenv("DISCORD_PUBLIC_KEY", strings.Repeat("ab", 32))
	for _, url := range []string{"mysql://bob:s3cretpw@db/nimtutor?tls=true", "bob:s3cretpw@db/nimtutor"} {
		t.Setenv("DATABASE_URL", url)
		for _, args := range [][]string{{"http", "--addr", "127.0.0.1:0"}, {"progress"}} {
			code, _, errOut := runCLI(t, "", args...)
			want := "; nimtutor uses PostgreSQL: postgres://USER:PASSWORD@HOST:5432/DATABASE?sslmode=disable (unset it to use the SQLite file NIMTUTOR_DB)"
			if code != 1 || !strings.Contains(errOut, "DATABASE_URL ") || !strings.Contains(errOut, want) || strings.Contains(errOut, "s3cretpw") {
				t.Errorf("DATABASE_URL=%s nimtutor %s: exit %d, %q; want exit 1 and %q, without the password", url, args[0], code, errOut, want)
			}
		}
	}
}
