// Package commands is nimtutor's slash-command layer: the one table of
// commands that registration, both Discord transports and the local
// console share, and the handlers that read a command's options (or a
// control's signed custom_id), call one use case of package tutor, and
// render the plain value it returns as a Discord response.
//
// Handlers return their response as a value; the transports in package bot
// are the only code that writes to Discord. The package knows Discord's
// data types and limits, but no session, token or network: attached files
// come through the Attachments interface, which package bot implements.
//
// Besides the games' commands (solve, hint, play, verify) there are /judge
// and /help. A solve card's buttons (card.go) lead on to a hint, a game or
// a verification of the card's position for whoever clicks.
//
// Every option is checked against the table (type, JSON type, null,
// missing) so that bad input gets a message naming what is wrong. The
// package touches no store: the tutor owns the store, the cache and the
// gates that bound work (a full queue is answered at once with a "busy,
// try again in N seconds"), and building a reply never writes anything.
package commands
