// Package commands is nimtutor's slash-command layer: the one table of
// commands that registration, both Discord transports and the local
// console share, and the handlers that turn a command's options into
// solver and explain calls and their results into Discord responses.
//
// Handlers return their response as a value; the transports in package bot
// are the only code that writes to Discord. The package knows Discord's
// data types and limits, but no session, token or network.
//
// Every option is checked against the table (type, JSON type, null,
// missing) so that bad input gets a message naming what is wrong. Work is
// bounded: searches take the request's context and a budget and run in a
// Gate with a bounded queue, large pictures in another, and a full queue
// is answered at once with a "busy, try again in N seconds".
package commands
