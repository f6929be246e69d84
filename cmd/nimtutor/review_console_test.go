package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/practice"
)

// TestConsoleReviewComesBack is a console session with practice's clock
// moved by hand: a missed puzzle, a new one, and, once the first
// learning step has passed, the review of the missed idea in a fresh
// position; /progress lists what is due and when.
func TestConsoleReviewComesBack(t *testing.T) {
	t.Setenv("NIMTUTOR_DB", filepath.Join(t.TempDir(), "review.db"))
	clock := practice.NewManualClock(time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC))
	var out, errOut bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, now: clock.Now}
	defer m.Close()
	ctx := context.Background()
	c, _ := m.newConsole(t.TempDir())
	idRe := regexp.MustCompile(`Puzzle (nim-\d+):`)
	var transcript strings.Builder
	step := func(what string, f func()) string {
		out.Reset()
		f()
		transcript.WriteString("> " + what + "\n" + out.String() + "\n")
		return out.String()
	}
	puzzle := func(text string) *practice.Puzzle {
		t.Helper()
		id := idRe.FindStringSubmatch(text)
		if id == nil {
			t.Fatalf("no puzzle in:\n%s", text)
		}
		g, seed, err := practice.ParseID(id[1])
		if err != nil {
			t.Fatal(err)
		}
		p, err := practice.Generate(g, seed)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	wrong := func(p *practice.Puzzle) string {
		for _, mv := range p.Position.Moves() {
			if !p.IsWinning(mv) {
				return practice.MoveText(mv)
			}
		}
		t.Fatalf("%s: every move wins", p.ID)
		return ""
	}

	text := step("/practice game:nim", func() { c.Do(ctx, "/practice game:nim", &out) })
	missed := puzzle(text)
	if !strings.Contains(text, "New puzzle") {
		t.Errorf("the first puzzle is not called new:\n%s", text)
	}
	mv := wrong(missed)
	text = step(mv+"   (a wrong move)", func() { c.TypeMove(ctx, mv, &out) })
	if !strings.Contains(text, "Not this time") || !strings.Contains(text, "Comes back") || !strings.Contains(text, "you missed") || !strings.Contains(text, "in 1 minute") {
		t.Errorf("the miss does not say when it comes back:\n%s", text)
	}
	text = step("/practice game:nim", func() { c.Do(ctx, "/practice game:nim", &out) })
	fresh := puzzle(text)
	win := practice.MoveText(fresh.Winning[0])
	step(win+"   (a winning move)", func() { c.TypeMove(ctx, win, &out) })

	clock.Advance(2 * time.Minute)
	transcript.WriteString("(the clock moves on 2 minutes)\n\n")
	text = step("/practice game:nim", func() { c.Do(ctx, "/practice game:nim", &out) })
	review := puzzle(text)
	if !strings.Contains(text, "Review") || !strings.Contains(text, missed.ID) || review.ID == missed.ID {
		t.Errorf("2 minutes on, /practice does not bring back %s as a review in a fresh position:\n%s", missed.ID, text)
	}
	win = practice.MoveText(review.Winning[0])
	text = step(win+"   (a winning move)", func() { c.TypeMove(ctx, win, &out) })
	if !strings.Contains(text, "This was a review of") || !strings.Contains(text, "in 10 minutes") {
		t.Errorf("the review's answer does not say what it reviewed and when it comes next:\n%s", text)
	}
	text = step("/progress game:nim", func() { c.Do(ctx, "/progress game:nim", &out) })
	for _, want := range []string{"Reviews (ideas that come back)", missed.ID, "Weakest theme", "XOR to zero", "Lesson: Nim and XOR"} {
		if !strings.Contains(text, want) {
			t.Errorf("/progress lacks %q:\n%s", want, text)
		}
	}
	t.Logf("the session:\n%s", transcript.String())
}
