package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// setEnv makes env read vars for the rest of the test.
func setEnv(tb testing.TB, vars map[string]string) {
	tb.Helper()
	old := env
	env = func(k string) string { return vars[k] }
	tb.Cleanup(func() { env = old })
}

func TestDiscordCommandConfigErrors(t *testing.T) {
	const key = "3b6a27bccebfb65a1d8cf8b3d0f7e9b06ec62a35e4cd1f07c2bf1e0c2a4e8f11"
	tests := []struct {
		name string
		run  func(*Main, context.Context, []string) error
		args []string
		env  map[string]string
		want []string // substrings of the error
	}{
		{"gateway without token", both(runGateway), nil, nil, []string{"DISCORD_TOKEN is not set", "nimtutor gateway", "bot token"}},
		{"gateway with bad log level", both(runGateway), nil, map[string]string{"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"}, []string{"LOG_LEVEL", "debug, info, warn or error"}},
		{"gateway with extra argument", both(runGateway), []string{"now"}, nil, []string{`unexpected argument "now"`}},
		{"http without key", both(runHTTP), nil, nil, []string{"DISCORD_PUBLIC_KEY is not set", "verify"}},
		{"http with non-hex key", both(runHTTP), nil, map[string]string{"DISCORD_PUBLIC_KEY": "xyz"}, []string{"DISCORD_PUBLIC_KEY is not hex"}},
		{"http with short key", both(runHTTP), nil, map[string]string{"DISCORD_PUBLIC_KEY": key[:32]}, []string{"has 16 bytes, want 32"}},
		{"http with an API URL that is not a URL", both(runHTTP), nil, map[string]string{"DISCORD_PUBLIC_KEY": key, "DISCORD_API_URL": "discord.com/api"}, []string{"DISCORD_API_URL", "not an http(s) URL"}},
		{"gateway with an API URL that is not a URL", both(runGateway), nil, map[string]string{"DISCORD_TOKEN": "x", "DISCORD_API_URL": "ftp://x"}, []string{"DISCORD_API_URL"}},
		{"register without token", both(runRegister), nil, map[string]string{"DISCORD_APP_ID": "1"}, []string{"DISCORD_TOKEN is not set", "nimtutor register"}},
		{"register without app id", both(runRegister), nil, map[string]string{"DISCORD_TOKEN": "x"}, []string{"DISCORD_APP_ID is not set", "application id"}},
		{"register with guild and global", both(runRegister), []string{"-guild", "1", "-global"}, map[string]string{"DISCORD_TOKEN": "x", "DISCORD_APP_ID": "1"}, []string{"contradict"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setEnv(t, tt.env)
			var stdout, stderr bytes.Buffer
			m := &Main{Stdout: &stdout, Stderr: &stderr}
			err := tt.run(m, context.Background(), tt.args)
			m.Close()
			if err == nil {
				t.Fatal("got nil error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestParsePublicKey(t *testing.T) {
	const key = "3b6a27bccebfb65a1d8cf8b3d0f7e9b06ec62a35e4cd1f07c2bf1e0c2a4e8f11"
	k, err := parsePublicKey(key)
	if err != nil || len(k) != 32 {
		t.Errorf("parsePublicKey = %d bytes, %v; want 32 bytes", len(k), err)
	}
}

func TestBotTokenStripsPrefix(t *testing.T) {
	setEnv(t, map[string]string{"DISCORD_TOKEN": "Bot abc"})
	if tok, err := botToken("gateway"); err != nil || tok != "abc" {
		t.Errorf("botToken = %q, %v; want abc", tok, err)
	}
}
