package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"
)

// runPlay implements `nimtutor play GAME POSITION [--first X] [--bot-first]`:
// a game against the bot in the terminal, through the same handlers as
// /GAME play. A line of two numbers is a move; console lines work too.
func (m *Main) runPlay(ctx context.Context, args []string) error {
	in, out := m.Stdin, m.Stdout
	pf := newPositionFlags("play")
	botFirst := pf.fs.Bool("bot-first", false, "let the bot make the first move")
	_, positional, err := pf.parse(args)
	if err != nil {
		return err
	}
	first := pf.first
	c := m.newConsole("")
	line := fmt.Sprintf("/%s play position:%s", positional[0], strings.Join(positional[1:], " "))
	if *first != "" {
		line += " first:" + *first
	}
	if *botFirst {
		line += " bot_first:true"
	}
	c.Do(ctx, line, out)
	fmt.Fprintln(out, "Type your move as two numbers, e.g. 5 4, or quit.")
	sc := bufio.NewScanner(in)
	for c.Playing() && sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "quit" || text == "exit":
			return nil
		case text == "":
		case text[0] >= '0' && text[0] <= '9':
			c.TypeMove(ctx, text, out)
		default:
			c.Do(ctx, text, out)
		}
	}
	return sc.Err()
}
