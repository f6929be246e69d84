package fault

import (
	"cmp"
	"context"
	"errors"
	"fmt"
)

// Error is nimtutor's one error type: a Code that says what kind of
// failure it is, and a message fit for the person who caused it. Field
// names what the message is about, for example "position", "first" or
// "line 3", and may be empty. Err is the cause, for the logs, never shown.
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
	// EInternal: our fault; it is logged and the person sees Apology.
	EInternal = "internal"
)

// Apology is what a person reads when the failure is ours (a bug, a
// panic): the details go to the log only.
const Apology = "Something went wrong on our side. It has been logged; please try again."

// stopped is what a person reads when their work was stopped.
const stopped = "This was stopped before it finished. Please try again."

// New returns an *Error with the given code, field and formatted
// message. It is the one constructor: every nimtutor error a person
// reads is made here (Wrap adds a cause for the logs).
func New(code, field, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Wrap sets e's cause, which the logs show and the person never does,
// and returns e.
func (e *Error) Wrap(cause error) *Error {
	e.Err = cause
	return e
}

// Error returns "field: message", or the message alone without a field.
func (e *Error) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Code returns the code of err: that of the first *Error it wraps,
// ETimeout for an ended context, else EInternal; "" for nil.
func Code(err error) string {
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

// Message returns what a person may read of err: the *Error's own words,
// or a plain sentence for a timeout, or Apology for an internal error,
// which never shows internals.
func Message(err error) string {
	var e *Error
	switch {
	case Code(err) == EInternal:
		return Apology
	case errors.As(err, &e):
		return e.Error()
	}
	return stopped
}
