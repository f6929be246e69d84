package fault

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestCodeAndMessage(t *testing.T) {
	cause := errors.New("disk on fire")
	for _, tc := range []struct {
		name     string
		err      error
		code     string
		message  string
		wrapsErr error
	}{
		{"nil", nil, "", stopped, nil},
		{"input", New(EInvalid, "position", "character %d is %q", 7, "x"), EInvalid, `position: character 7 is "x"`, nil},
		{"zero code is invalid", &Error{Field: "move", Msg: "not two numbers"}, EInvalid, "move: not two numbers", nil},
		{"wrapped in fmt", fmt.Errorf("reading: %w", New(EBusy, "", "busy; try again in 1 second")), EBusy, "busy; try again in 1 second", nil},
		{"cause kept, not shown", New(EInvalid, "file", "it is not text").Wrap(cause), EInvalid, "file: it is not text", cause},
		{"cancelled", context.Canceled, ETimeout, stopped, nil},
		{"deadline", fmt.Errorf("solving: %w", context.DeadlineExceeded), ETimeout, stopped, nil},
		{"bug", cause, EInternal, Apology, nil},
		{"internal error value", New(EInternal, "", "the store said no"), EInternal, Apology, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Code(tc.err); got != tc.code {
				t.Errorf("Code = %q, want %q", got, tc.code)
			}
			if tc.err == nil {
				return
			}
			if got := Message(tc.err); got != tc.message {
				t.Errorf("Message = %q, want %q", got, tc.message)
			}
			if tc.wrapsErr != nil && !errors.Is(tc.err, tc.wrapsErr) {
				t.Errorf("%v does not wrap %v", tc.err, tc.wrapsErr)
			}
		})
	}
}

func TestCountAndAbout(t *testing.T) {
	for _, tc := range []struct {
		n    float64
		want string
	}{
		{0, "0 positions"},
		{1, "1 position"},
		{999, "999 positions"},
		{400000, "400,000 positions"},
		{3.25e6, "about 3.2 million positions"},
		{2e9, "about 2.0 billion positions"},
		{4.5e15, "about 4.5 × 10^15 positions"},
		{9.97e14, "about 1.0 × 10^15 positions"},
		{999_999.6, "about 1.0 million positions"},
		{999.96e9, "about 1.0 × 10^12 positions"},
	} {
		if got := About(tc.n, "position", "positions"); got != tc.want {
			t.Errorf("About(%v) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got := Count(-1234, "cell", "cells"); got != "-1,234 cells" {
		t.Errorf("Count(-1234) = %q", got)
	}
}
