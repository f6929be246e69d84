package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nimtutor/nimtutor/bot"
)

// runPlay implements `nimtutor play GAME POSITION [--first X] [--bot-first]`:
// a game against the bot in the terminal, through the same handlers as
// /GAME play. A line of two numbers is a move; console lines work too.
func (m *Main) runPlay(ctx context.Context, args []string) error {
	in, out := m.Stdin, m.Stdout
	pf := newPositionFlags("play")
	botFirst := pf.fs.Bool("bot-first", false, "let the bot make the first move")
	pos, positional, err := pf.parse(args)
	if err != nil {
		return err
	}
	first := pf.first
	c, _ := m.newConsole("")
	line := fmt.Sprintf("/%s play position:%s", positional[0], strings.Join(positional[1:], " "))
	if *first != "" {
		line += " first:" + *first
	}
	if *botFirst {
		line += " bot_first:true"
	}
	c.Do(ctx, line, out)
	fmt.Fprintf(out, "Type your move as two numbers (%s), or quit.\n", pos.Game().MoveFormat())
	return typeMoves(ctx, c, in, out, c.Playing, nil)
}

// typeMoves reads lines from in while more reports true, until quit or
// exit: a line that starts with a digit is a move typed in the last
// reply's form, a word of words runs its function, and any other line is
// a console line.
func typeMoves(ctx context.Context, c *bot.Console, in io.Reader, out io.Writer, more func() bool, words map[string]func()) error {
	sc := bufio.NewScanner(in)
	for more() && sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "quit" || text == "exit":
			return nil
		case text == "":
		case words[text] != nil:
			words[text]()
		case text[0] >= '0' && text[0] <= '9':
			c.TypeMove(ctx, text, out)
		default:
			c.Do(ctx, text, out)
		}
	}
	return sc.Err()
}
