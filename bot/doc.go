// Package bot owns nimtutor's connections to Discord: the gateway
// (websocket) transport, the HTTP transport for an Interactions Endpoint
// URL, command registration, the deferral middleware both transports share
// and a per-user rate limiter.
//
// The package knows nothing about games or commands. It moves interactions
// from Discord to a Handler and the Handler's responses back, and it makes
// sure every interaction is answered within Discord's three seconds: a
// Handler that has not returned within a threshold (DefaultDeferAfter) is
// answered with a deferral first, and its response later replaces the
// original message through the interaction webhook.
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
