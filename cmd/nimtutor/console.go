package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
	"github.com/nimtutor/nimtutor/tutor"
)

// runConsole implements `nimtutor console`, the default without Discord
// credentials: slash commands typed (or piped) on standard input, replies
// printed as text.
func (m *Main) runConsole(ctx context.Context, args []string) error {
	in, out := m.Stdin, m.Stdout
	fs := newFlags("console")
	dir := fs.String("pictures", "", "directory for attached pictures (default: a temporary directory)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	c, _ := m.newConsole(*dir)
	if isTerminal(in) {
		c.Prompt = "> "
		fmt.Fprintln(out, "nimtutor console: type a slash command such as /adapwns solve position:..P.P, or help.")
	}
	return c.Run(ctx, in, out)
}

// isTerminal reports whether r is an interactive terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// newConsole returns a console over the real handlers, and their tutor
// for the commands that print a use case's value themselves; pictures go
// to dir ("" for a temporary directory).
func (m *Main) newConsole(dir string) (*bot.Console, *tutor.Tutor) {
	c, t, _ := m.consoleAndStore(dir)
	return c, t
}

// newStoreConsole is newConsole for a command whose every answer comes
// from the store (practice, progress, history, review): it opens the
// store first, so a store that cannot be opened is the command's error,
// and its exit status, rather than a reply.
func (m *Main) newStoreConsole(ctx context.Context) (*bot.Console, *tutor.Tutor, error) {
	c, t, prac := m.consoleAndStore("")
	if _, err := prac.open(ctx); err != nil {
		return nil, nil, err
	}
	return c, t, nil
}

// consoleAndStore returns a console, its tutor and the store it opens on
// first use.
func (m *Main) consoleAndStore(dir string) (*bot.Console, *tutor.Tutor, *lazyPractice) {
	log := quietLogger(m.Stderr)
	clock := newConsoleClock(m.now)
	r, _, prac := newRouter(log, commands.Config{Attachments: bot.LocalFiles{}, ChannelPosts: true, Config: tutor.Config{Now: clock.now}})
	prac.now = m.now
	m.onClose(prac.close)
	return &bot.Console{Handler: r, Commands: commands.Definitions(), PictureDir: dir, Wait: clock.advance}, r.Tutor(), prac
}

// consoleClock is the clock of the console's study sessions: it stands
// at the time the console started and moves only when "wait SECONDS"
// moves it, so that a session's timings read the same on every run.
type consoleClock struct {
	mu    sync.Mutex
	start time.Time
	moved time.Duration
}

// newConsoleClock returns a clock at now() (time.Now when nil).
func newConsoleClock(now func() time.Time) *consoleClock {
	if now == nil {
		now = time.Now
	}
	return &consoleClock{start: now()}
}

func (c *consoleClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.start.Add(c.moved)
}

func (c *consoleClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.moved += d
}
