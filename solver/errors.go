package solver

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nimtutor/nimtutor/fault"
)

// The error vocabulary lives in package fault, which imports nothing of
// nimtutor; these names forward to it so that the games, written against
// package solver, need no second import to report a bad position.

// Error is fault.Error.
type Error = fault.Error

// InputError is the name input errors go by: an *Error with EInvalid.
type InputError = fault.Error

// The codes, as package fault defines them.
const (
	EInvalid   = fault.EInvalid
	EExpired   = fault.EExpired
	EForbidden = fault.EForbidden
	EBusy      = fault.EBusy
	ETimeout   = fault.ETimeout
	EUsage     = fault.EUsage
	EStore     = fault.EStore
	EInternal  = fault.EInternal
)

// Errorf is fault.New.
func Errorf(code, field, format string, args ...any) *Error {
	return fault.New(code, field, format, args...)
}

// Inputf returns an input error (EInvalid) about field: fault.New with
// the code filled in.
func Inputf(field, format string, args ...any) *Error {
	return fault.New(EInvalid, field, format, args...)
}

// ErrorCode is fault.Code.
func ErrorCode(err error) string { return fault.Code(err) }

// ErrorMessage is fault.Message.
func ErrorMessage(err error) string { return fault.Message(err) }

// MaxPositionLen is the longest position text accepted: a slash command's
// string option holds at most 6000 characters.
const MaxPositionLen = 6000

// MaxLongPositionLen is the longest position text accepted with
// ParseOptions.Long, for positions that come as a file rather than in a
// slash command's option. Everything a reply computes is linear in the
// size of the position, so this only bounds the memory one reply takes.
const MaxLongPositionLen = 20000

// CheckLength rejects empty and over-long position text. what describes
// what the position is made of, for the message.
func CheckLength(text, what string, opts ParseOptions) error {
	if len(text) == 0 {
		return Inputf("position", "it is empty; write %s", what)
	}
	limit, of := MaxPositionLen, "a slash command"
	if opts.Long {
		limit, of = MaxLongPositionLen, "a position given as a file"
	}
	if len(text) > limit {
		return Inputf("position", "it has %d characters, over the %d-character limit of %s", len(text), limit, of)
	}
	return nil
}

// Count is fault.Count: "1 cell" or "3 cells".
func Count(n int, one, many string) string { return fault.Count(n, one, many) }

// About is fault.About: a large count in words read at a glance.
func About(n float64, one, many string) string { return fault.About(n, one, many) }

// UpperLetters returns text with the lowercase forms of letters, for
// example 'p', turned into their capitals: boards and rows may be typed
// in either case. Other bytes are left for the parser to check.
func UpperLetters(text, letters string) string {
	b := []byte(text)
	for i, c := range b {
		if c >= 'a' && c <= 'z' && strings.IndexByte(letters, c-'a'+'A') >= 0 {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// CharAt says which character of text begins at byte i, for a message
// about input: "character 4 is '…' (U+2026)". The place is counted in
// characters, as a person counts them, not in bytes; a character that
// does not show (a tab, a no-break space) or is not text is named
// instead of quoted, and a full-width form says which ASCII character it
// stands for.
func CharAt(text string, i int) string {
	return fmt.Sprintf("character %d is %s", utf8.RuneCountInString(text[:i])+1, describeRune(text[i:]))
}

// describeRune shows the first character of s safely in a message.
func describeRune(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf("byte 0x%02x, which is not UTF-8 text", s[0])
	case r == '\t':
		return "a tab"
	case r == 0xa0:
		return "a no-break space (U+00A0)"
	case r == 0x200b:
		return "a zero-width space (U+200B)"
	case r < utf8.RuneSelf && r >= 0x20 && r < 0x7f:
		return fmt.Sprintf("'%c'", r)
	case r >= 0xff01 && r <= 0xff5e:
		return fmt.Sprintf("'%c' (U+%04X, the full-width form of '%c')", r, r, r-0xfee0)
	case unicode.IsPrint(r):
		return fmt.Sprintf("'%c' (U+%04X)", r, r)
	}
	return fmt.Sprintf("an invisible character, U+%04X", r)
}

// QuoteChar shows a byte of user input safely in a message.
func QuoteChar(b byte) string {
	if b >= 0x20 && b < 0x7f {
		return fmt.Sprintf("'%c'", b)
	}
	return fmt.Sprintf("byte 0x%02x", b)
}

// FirstNotIn returns the index of the first byte of s that is not in set,
// or -1.
func FirstNotIn(s []byte, set string) int {
	for i, c := range s {
		if strings.IndexByte(set, c) < 0 {
			return i
		}
	}
	return -1
}

// FirstNotBinary returns the index of the first byte that is not 0 or 1, or -1.
func FirstNotBinary(s []byte) int {
	for i, c := range s {
		if c|1 != '1' {
			return i
		}
	}
	return -1
}
