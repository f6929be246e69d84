package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
)

// Cache bounds: entries (each at most one Discord message or one
// 6000-character position) and how long they live.
const (
	cacheEntries = 2000
	cacheTTL     = time.Hour
)

// newRouter wires the handlers with the bounded cache, the logger and the
// secret that signs button state (NIMTUTOR_SECRET; random if unset).
func newRouter() *commands.Router {
	return commands.New(commands.Config{
		Log:    slog.New(slog.NewTextHandler(os.Stderr, nil)),
		Cache:  bot.NewCache(cacheEntries, cacheTTL),
		Secret: []byte(os.Getenv("NIMTUTOR_SECRET")),
	})
}
