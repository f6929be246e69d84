package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/solver"
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
	prompt := fmt.Sprintf("Type your move as two numbers (%s), or quit.", pos.Game().MoveFormat())
	if c.Playing() { // a position with no move is over at once
		fmt.Fprintln(out, prompt)
	}
	return typeMoves(ctx, c, in, out, c.Playing, nil, prompt)
}

// consoleWords are the first words of the console lines typeMoves passes
// on besides slash commands.
var consoleWords = map[string]bool{"help": true, "click": true, "pick": true, "answer": true, "back": true, "as": true}

// typeMoves reads lines from in while more reports true, until quit or
// exit: a line that starts with a digit is a move typed in the last
// reply's form, a word of words runs its function, a slash command or a
// console line (click 1) is run, and any other line is answered with
// prompt, which says what can be typed.
func typeMoves(ctx context.Context, c *bot.Console, in io.Reader, out io.Writer, more func() bool, words map[string]func(), prompt string) error {
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
		case text[0] == '/' || consoleWords[strings.Fields(text)[0]]:
			c.Do(ctx, text, out)
		default:
			fmt.Fprintf(out, "%q is not a move. %s\n", solver.Clip([]byte(text)), prompt)
		}
	}
	return sc.Err()
}
