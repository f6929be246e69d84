// Package commands is nimtutor's slash-command layer: the one table of
// commands that registration, both Discord transports and the local
// console share, and the handlers that turn a command's options into
// solver and explain calls and their results into Discord responses.
//
// Handlers return their response as a value; the transports in package bot
// are the only code that writes to Discord. The package knows Discord's
// data types and limits, but no session, token or network.
package commands
