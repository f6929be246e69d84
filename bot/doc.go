// Package bot owns nimtutor's connections to Discord: the gateway
// (websocket) transport, the HTTP transport for an Interactions Endpoint
// URL, the local console, command registration, the deferral middleware
// both Discord transports share, a per-user rate limiter and the bounded
// cache.
//
// The package knows nothing about games or commands. It reads raw
// interaction JSON itself (readInteraction: discordgo v0.29 cannot read a
// Label in a modal and panics on option values of the wrong type), moves
// interactions to a Handler and the Handler's responses back, and is the
// one place that writes to Discord: wire.go encodes every response
// without nulls and with its files listed as attachments, and REST sends
// callbacks, edits and follow-ups to DISCORD_API_URL, retrying 429 and
// 5xx answers until the interaction token expires.
//
// The deferrer makes sure every accepted interaction gets exactly one
// final answer: inline when the Handler is quick, otherwise a deferral
// (keeping the reply's privacy) and a delivery later. A Ledger answers an
// interaction delivered twice once. Work is cancelled when its answer can
// no longer be delivered, and on shutdown apologised for.
//
// Two helpers serve the commands without knowing them: Downloader fetches
// files attached to interactions, only text, only from Discord's
// attachment hosts and within size and time limits (LocalFiles reads local
// files for the console), and CommandIDs keeps the ids Discord gave the
// registered commands, for clickable command mentions.
//
// Nothing here reads the environment; package main does that and passes in
// tokens, keys and addresses.
package bot
