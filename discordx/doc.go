// Package discordx holds the parts of Discord's interaction protocol that
// discordgo v0.29 lacks, so that the command handlers and the transports
// share one definition of them: the Label component (type 18), which wraps
// a text input in a modal, a text input that sits inside a Label, a reader
// for components of any type (unknown ones are kept, not refused), a
// helper that finds a text input's value in a submitted modal whatever
// wraps it, and As, which takes a component held as a value or a pointer.
//
// The package knows Discord's JSON and nothing else: no session, no
// network, no games.
package discordx
