package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"
)

// discordgo logs through a package variable. It is pointed once at
// dgLog, which forwards to the logger of the latest RunGateway.
var (
	dgLogOnce sync.Once
	dgLogger  atomic.Pointer[slog.Logger]
)

// routeDiscordgoLogs sends discordgo's log lines to log. discordgo's
// complaint that it cannot read an INTERACTION_CREATE (a Label in a modal)
// is logged at debug level: the transport reads the raw event itself.
func routeDiscordgoLogs(log *slog.Logger) {
	dgLogger.Store(log)
	dgLogOnce.Do(func() { discordgo.Logger = dgLog })
}

func dgLog(msgL, _ int, format string, a ...any) {
	log := dgLogger.Load()
	if log == nil {
		return
	}
	msg := fmt.Sprintf(format, a...)
	level := slog.LevelDebug
	switch {
	case strings.Contains(msg, "unmarshalling INTERACTION_CREATE"):
	case msgL == discordgo.LogError:
		level = slog.LevelError
	case msgL == discordgo.LogWarning:
		level = slog.LevelWarn
	}
	log.Log(context.Background(), level, "discordgo: "+strings.TrimSpace(msg))
}
