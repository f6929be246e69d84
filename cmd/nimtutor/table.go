package main

import (
	"context"
	"io"

	"github.com/nimtutor/nimtutor/commands"
)

// runCommands implements `nimtutor commands --json`: the command table
// exactly as registration sends it to Discord.
func runCommands(_ context.Context, args []string, out io.Writer) error {
	fs := newFlags("commands")
	fs.Bool("json", true, "print JSON (the only format)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	return writeJSON(out, commands.Definitions())
}
