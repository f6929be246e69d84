package bot

import (
	"context"
	"os"
	"testing"
	"time"
)

// liveToken returns the bot token for the opt-in live test, or "" when
// the test should be skipped: NIMTUTOR_LIVE_TOKEN, or DISCORD_TOKEN when
// NIMTUTOR_LIVE=1.
func liveToken() string {
	if tok := os.Getenv("NIMTUTOR_LIVE_TOKEN"); tok != "" {
		return tok
	}
	if os.Getenv("NIMTUTOR_LIVE") == "1" {
		return os.Getenv("DISCORD_TOKEN")
	}
	return ""
}

// TestLiveGateway connects to the real Discord for a few seconds. It runs
// only when a token is given (see liveToken) and needs the internet.
func TestLiveGateway(t *testing.T) {
	tok := liveToken()
	if tok == "" {
		t.Skip("set NIMTUTOR_LIVE_TOKEN (or DISCORD_TOKEN and NIMTUTOR_LIVE=1) to run against the real Discord")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := RunGateway(ctx, GatewayConfig{Token: tok}, &fakeHandler{}, testLogger(t)); err != nil {
		t.Fatalf("RunGateway against Discord: %v", err)
	}
}
