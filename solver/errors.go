package solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Error is nimtutor's one error type, from the parsers to the transports:
// a Code that says what kind of failure it is, and a message fit for the
// person who caused it. Field names what the message is about, for
// example "position", "first" or "line 3", and may be empty. Err is the
// cause, for the logs, never shown.
type Error struct {
	Code  string
	Field string
	Msg   string
	Err   error
}

// The codes. The zero Code is EInvalid, so an Error built with only a
// Field and a Msg is an input error.
const (
	// EInvalid: input a person typed cannot be used; Msg says what and where.
	EInvalid = "invalid"
	// EExpired: state a control refers to is gone or damaged; run the
	// command again.
	EExpired = "expired"
	// EForbidden: the control belongs to someone else.
	EForbidden = "forbidden"
	// EBusy: too much work at once; Msg says when to try again.
	EBusy = "busy"
	// ETimeout: the work was stopped before it finished.
	ETimeout = "timeout"
	// EUsage: a command line called a command wrongly (the CLI exits 2
	// and prints the command's usage).
	EUsage = "usage"
	// EStore: the database could not read or write in time (stopped,
	// stalled, full, read-only, its file deleted); Msg says what was not
	// saved and what to do. The cause is logged.
	EStore = "store"
	// EInternal: our fault; it is logged and the person sees a plain
	// apology.
	EInternal = "internal"
)

// Error returns "field: message", or the message alone without a field.
func (e *Error) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// InputError is the name input errors go by: an *Error with EInvalid.
type InputError = Error

// Errorf returns an *Error with the given code, field and formatted
// message.
func Errorf(code, field, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Inputf returns an input error (EInvalid) about field.
func Inputf(field, format string, args ...any) *Error {
	return Errorf(EInvalid, field, format, args...)
}

// ErrorCode returns the code of err: that of the first *Error it wraps,
// ETimeout for an ended context, else EInternal.
func ErrorCode(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return cmp.Or(e.Code, EInvalid)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return ETimeout
	}
	return EInternal
}

// ErrorMessage returns what a person may read of err: the *Error's own
// words, or a plain sentence for a timeout or an internal error, which
// never shows internals.
func ErrorMessage(err error) string {
	var e *Error
	switch {
	case ErrorCode(err) == EInternal:
		return "Something went wrong on our side. It has been logged; please try again."
	case errors.As(err, &e):
		return e.Error()
	}
	return "This was stopped before it finished. Please try again."
}

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

// Count says "1 cell" or "3 cells": a number with its noun, singular for
// exactly one.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%s %s", thousands(n), many)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// About says a large count in words a person reads at a glance: "12,345
// positions", "about 3.2 million positions", "about 4.5 × 10^15
// positions".
func About(n float64, one, many string) string {
	// Each unit ends where its rounding would print 1000.0 of it.
	switch {
	case n < 999_999.5:
		return Count(int(math.Round(n)), one, many)
	case n < 999.95e6:
		return fmt.Sprintf("about %.1f million %s", n/1e6, many)
	case n < 999.95e9:
		return fmt.Sprintf("about %.1f billion %s", n/1e9, many)
	}
	e := math.Floor(math.Log10(n))
	m := n / math.Pow(10, e)
	if m >= 9.95 {
		m, e = 1, e+1
	}
	return fmt.Sprintf("about %.1f × 10^%d %s", m, int(e), many)
}

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
