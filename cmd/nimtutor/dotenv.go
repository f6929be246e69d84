package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/joho/godotenv"
)

// loadDotEnv fills in, from the file path (.env), the settings the
// environment does not already set; a missing file is no error. The
// parser's own errors quote the rest of the file, or a whole value, and
// .env holds the bot's token: so a mistake is reported by its line
// number and what is wrong, never with the file's text.
func loadDotEnv(path string) error {
	err := godotenv.Load(path)
	if err == nil || errors.Is(err, os.ErrNotExist) {
		return nil
	}
	b, rerr := os.ReadFile(path)
	if rerr != nil {
		return fmt.Errorf("reading %s: %w", path, rerr)
	}
	text, msg := string(b), err.Error()
	at := -1
	what := "the line cannot be read"
	if k := strings.Index(msg, " in variable name near "); k >= 0 && strings.HasPrefix(msg, "unexpected character ") {
		if rest, uerr := strconv.Unquote(msg[k+len(" in variable name near "):]); uerr == nil && strings.HasSuffix(text, rest) {
			at = len(text) - len(rest)
		}
		char := strings.TrimPrefix(msg[:k], "unexpected character ")
		if char == `"\n"` || char == `"\r"` {
			what = "the line has no '=': write NAME=value"
		} else {
			what = fmt.Sprintf("a name holds the character %s; a name is letters, digits and _, then = and the value", char)
		}
	} else if value, ok := strings.CutPrefix(msg, "unterminated quoted value "); ok {
		at = strings.Index(text, value)
		what = "a quoted value has no closing quote"
	}
	where := path
	if at >= 0 {
		where += " line " + strconv.Itoa(strings.Count(text[:at], "\n")+1)
	}
	// The parser's words are left out: they quote the file.
	return fmt.Errorf("%s: %s (the line is not shown: it may hold a secret)", where, what)
}
