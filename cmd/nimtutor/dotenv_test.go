package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDotEnvMistakeHidesTheFile writes .env files with a mistake beside a
// token: the error names the line and what is wrong, and shows no part of
// the file (godotenv's own message quoted the rest of the file, token
// included, or the whole unterminated value).
func TestDotEnvMistakeHidesTheFile(t *testing.T) {
	const secret = "MTIzNDU2.supersecret"
	for _, tc := range []struct{ name, text, want string }{
		{"no equals after the token", "DISCORD_TOKEN=" + secret + "\nbad line\nLOG_LEVEL=info\n", "line 2: the line has no '=': write NAME=value"},
		{"no equals before the token", "# comment\nbad line\nDISCORD_TOKEN=" + secret + "\n", "line 2: the line has no '=': write NAME=value"},
		{"a dash in a name", "DISCORD_TOKEN=" + secret + "\nLOG-LEVEL=info\n", "line 2: a name holds the character \"-\"; a name is letters, digits and _, then = and the value"},
		{"an unterminated quote", "LOG_LEVEL=info\nDISCORD_TOKEN=\"" + secret + "\nHTTP_ADDR=x\n", "line 2: a quoted value has no closing quote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, k := range []string{"DISCORD_TOKEN", "LOG_LEVEL", "HTTP_ADDR"} {
				if v, ok := os.LookupEnv(k); ok {
					t.Cleanup(func() { os.Setenv(k, v) })
				} else {
					t.Cleanup(func() { os.Unsetenv(k) })
				}
			}
			path := filepath.Join(t.TempDir(), ".env")
			if err := os.WriteFile(path, []byte(tc.text), 0o600); err != nil {
				t.Fatal(err)
			}
			err := loadDotEnv(path)
			if err == nil || !strings.Contains(err.Error(), path+" "+tc.want) || strings.Contains(err.Error(), "supersecret") || strings.Contains(err.Error(), "bad line") {
				t.Errorf("loadDotEnv: %v; want %q and no text of the file", err, path+" "+tc.want)
			}
		})
	}
	if err := loadDotEnv(filepath.Join(t.TempDir(), ".env")); err != nil {
		t.Errorf("a missing .env: %v, want no error", err)
	}
}
