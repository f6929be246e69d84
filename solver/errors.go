package solver

import "fmt"

// InputError reports input a person typed that cannot be used: what is
// wrong and where. Field names the option or input it is about, for
// example "position", "first" or "line 3".
type InputError struct {
	Field string
	Msg   string
}

// Error returns "field: message".
func (e *InputError) Error() string { return e.Field + ": " + e.Msg }

func inputErr(field, format string, args ...any) *InputError {
	return &InputError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// MaxPositionLen is the longest position text accepted: a slash command's
// string option holds at most 6000 characters.
const MaxPositionLen = 6000

// MaxLongPositionLen is the longest position text accepted with
// ParseOptions.Long, for positions that come as a file rather than in a
// slash command's option. At this size the slowest shapes measured (the
// search for binstring's and binim2's winning move, the adapwns
// explanation, which grow quadratically) stay under a second.
const MaxLongPositionLen = 20000

// checkLength rejects empty and over-long position text. name describes
// what the position is made of, for the message.
func checkLength(text, what string, opts ParseOptions) error {
	if len(text) == 0 {
		return inputErr("position", "it is empty; write %s", what)
	}
	if opts.Long && len(text) > MaxLongPositionLen {
		return inputErr("position", "it has %d characters, over the %d-character limit of a position given as a file", len(text), MaxLongPositionLen)
	}
	if !opts.Long && len(text) > MaxPositionLen {
		return inputErr("position", "it has %d characters, over the %d-character limit of a slash command", len(text), MaxPositionLen)
	}
	return nil
}

// quoteChar shows a byte of user input safely in a message.
func quoteChar(b byte) string {
	if b >= 0x20 && b < 0x7f {
		return fmt.Sprintf("'%c'", b)
	}
	return fmt.Sprintf("byte 0x%02x", b)
}
