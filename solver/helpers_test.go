package solver

import (
	"errors"
	"strings"
	"testing"
)

// mustParse parses text for g or fails the test.
func mustParse(tb testing.TB, g Game, text string, opts ParseOptions) Position {
	tb.Helper()
	pos, err := g.Parse(text, opts)
	if err != nil {
		tb.Fatalf("%s.Parse(%q, %+v): %v", g.Name(), clip([]byte(text)), opts, err)
	}
	return pos
}

// asInputError fails the test unless err is an *InputError, and returns it.
func asInputError(tb testing.TB, err error) *InputError {
	tb.Helper()
	var ie *InputError
	if !errors.As(err, &ie) {
		tb.Fatalf("error %v (%T) is not an *InputError", err, err)
	}
	return ie
}

// wantInputError fails the test unless err is an *InputError whose message
// holds every one of parts.
func wantInputError(tb testing.TB, err error, parts ...string) {
	tb.Helper()
	if err == nil {
		tb.Fatalf("got no error, want an *InputError mentioning %q", parts)
	}
	ie := asInputError(tb, err)
	for _, p := range parts {
		if !strings.Contains(ie.Error(), p) {
			tb.Errorf("error %q does not mention %q", ie.Error(), p)
		}
	}
}

// judgeString runs g's judge on input and returns its output.
func judgeString(tb testing.TB, g Game, input string, strict bool) (string, error) {
	tb.Helper()
	var out strings.Builder
	err := Judge(g, strings.NewReader(input), &out, strict)
	return out.String(), err
}

// playAll plays every listed move of pos and fails the test on any error.
func playAll(tb testing.TB, pos Position) []Position {
	tb.Helper()
	var out []Position
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			tb.Fatalf("%q: Play(%v), a listed move: %v", pos.String(), m, err)
		}
		out = append(out, next)
	}
	return out
}
