package main

import (
	"fmt"
	"os"
	"strings"
)

// settings names every environment variable nimtutor reads, with what it
// is for: the one place they are listed. Each may also be set in .env,
// and .env.example documents each (TestSettingsDocumented checks both
// ways, and that code reads no other name).
var settings = map[string]string{
	"DISCORD_TOKEN":             "the bot token (developer portal → your application → Bot → Reset Token)",
	"DISCORD_APP_ID":            "the application id (developer portal → General Information → Application ID)",
	"DISCORD_PUBLIC_KEY":        "the application's public key in hex (developer portal → General Information → Public Key), used to verify that requests come from Discord",
	"DISCORD_GUILD_ID":          "a test server's id, where `register` puts the commands at once",
	"DISCORD_API_URL":           "the base URL of Discord's REST API, for a shared rate-limit proxy",
	"HTTP_ADDR":                 "where `nimtutor http` listens",
	"LOG_LEVEL":                 "debug, info, warn or error",
	"NIMTUTOR_SECRET":           "the key that signs the state carried in buttons",
	"NIMTUTOR_COMMAND_IDS":      "the file of the ids Discord gave the commands",
	"NIMTUTOR_ATTACHMENT_HOSTS": "the hosts uploaded files are downloaded from",
	"DATABASE_URL":              "the PostgreSQL database replicas share",
	"NIMTUTOR_DB":               "the SQLite file, without DATABASE_URL",
	"NIMTUTOR_STORE_DEADLINES":  "how long each kind of database operation may take (shared, read, write)",
	"NIMTUTOR_MEMORY_LIMIT":     "the soft memory limit of a serving process",
	"RATE_BURST":                "how many interactions a user may send per RATE_PER",
	"RATE_PER":                  "the window of the per-user rate limit",
	"METRICS_ADDR":              "where the gateway serves /healthz, /readyz and /metrics",
	"SHARD_ID":                  "this process's gateway shard",
	"SHARD_COUNT":               "how many gateway shards there are",
	"GOGC":                      "the Go garbage collector's target (the runtime reads it; nimtutor only sees whether it is set)",
	"GOMEMLIMIT":                "the Go runtime's soft memory limit, over NIMTUTOR_MEMORY_LIMIT",
}

// env reads the environment; tests replace it.
var env = os.Getenv

// setting returns the value of the environment variable name, one of
// settings, without surrounding blanks.
func setting(name string) string { return strings.TrimSpace(env(name)) }

// rawSetting returns the value of the environment variable name, one of
// settings, as it is: for a key, whose every byte counts.
func rawSetting(name string) string { return env(name) }

// requireEnv returns the value of key, or an error naming the key, what it
// is for and which command needs it.
func requireEnv(key, command string) (string, error) {
	v := setting(key)
	if v == "" {
		return "", fmt.Errorf("%s is not set: `nimtutor %s` needs %s; set it in the environment or in .env (see .env.example)", key, command, settings[key])
	}
	return v, nil
}
