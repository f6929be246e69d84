package main

import (
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
)

// botToken returns DISCORD_TOKEN without a "Bot " prefix, if one was
// pasted along.
func botToken(command string) (string, error) {
	tok, err := requireEnv("DISCORD_TOKEN", command)
	return strings.TrimPrefix(tok, "Bot "), err
}

// newLogger returns a text logger on stderr at LOG_LEVEL (debug, info,
// warn or error; info when unset).
func newLogger(stderr io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if s := setting("LOG_LEVEL"); s != "" {
		if err := level.UnmarshalText([]byte(s)); err != nil {
			return nil, fmt.Errorf("LOG_LEVEL is %q: use debug, info, warn or error", s)
		}
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})), nil
}

// runGateway implements `nimtutor gateway`.
func runGateway(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("gateway")
	sf := addShardFlags(fs)
	metricsAddr := fs.String("metrics-addr", "", "serve /healthz, /readyz and /metrics on this address (default METRICS_ADDR; off when both are empty)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	plan, err := sf.plan()
	if err != nil {
		return err
	}
	tok, err := botToken("gateway")
	if err != nil {
		return err
	}
	rep, err := newReplica(ctx, stdout, stderr, tok, "nimtutor: connecting to the Discord gateway"+describePlan(plan)+"; press Ctrl+C to stop")
	if err != nil {
		return err
	}
	defer rep.close()
	return rep.runGateway(ctx, tok, plan, *metricsAddr)
}

// runHTTP implements `nimtutor http`.
func runHTTP(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("http")
	addr := fs.String("addr", "", "listen address (default HTTP_ADDR, else "+bot.DefaultHTTPAddr+")")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	keyHex, err := requireEnv("DISCORD_PUBLIC_KEY", "http")
	if err != nil {
		return err
	}
	key, err := parsePublicKey(keyHex)
	if err != nil {
		return err
	}
	*addr = cmp.Or(*addr, setting("HTTP_ADDR"), bot.DefaultHTTPAddr)
	// Listen before saying so: an address that cannot be listened on is
	// the command's error, not a banner followed by one.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %q (--addr, else HTTP_ADDR, a HOST:PORT such as %s): %w", *addr, bot.DefaultHTTPAddr, err)
	}
	tok, _ := botToken("http") // optional here: it only fetches command ids
	rep, err := newReplica(ctx, stdout, stderr, tok, "nimtutor: serving interactions at http://"+ln.Addr().String()+bot.InteractionsPath+"; press Ctrl+C to stop")
	if err != nil {
		ln.Close()
		return err
	}
	defer rep.close()
	return bot.ServeHTTP(ctx, ln, key, rep.handler, rep.log, rep.httpOptions()...)
}

// parsePublicKey decodes DISCORD_PUBLIC_KEY.
func parsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY is not hex: %w; copy the Public Key from the developer portal's General Information page", err)
	}
	if len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY has %d bytes, want %d (%d hex digits); copy the Public Key, not the token or the client secret", len(b), ed25519.PublicKeySize, 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// registerTimeout bounds `nimtutor register`.
const registerTimeout = 30 * time.Second

// runRegister implements `nimtutor register`.
func runRegister(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("register")
	guild := fs.String("guild", "", "register in this server only (default DISCORD_GUILD_ID; globally when both are empty)")
	global := fs.Bool("global", false, "register globally even if DISCORD_GUILD_ID is set")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	tok, err := botToken("register")
	if err != nil {
		return err
	}
	appID, err := requireEnv("DISCORD_APP_ID", "register")
	if err != nil {
		return err
	}
	if *global && *guild != "" {
		return errors.New("register: -guild and -global contradict each other")
	}
	if !*global && *guild == "" {
		*guild = setting("DISCORD_GUILD_ID")
	}
	s, _ := discordgo.New("Bot " + tok) // New never fails.
	cmds := commands.Definitions()
	ctx, cancel := context.WithTimeout(ctx, registerTimeout)
	defer cancel()
	got, err := bot.Register(ctx, s, appID, *guild, cmds)
	if err != nil {
		return err
	}
	where := "globally (they may take up to an hour to appear)"
	if *guild != "" {
		where = "in guild " + *guild
	}
	fmt.Fprintf(stdout, "nimtutor: registered %d commands %s\n", len(cmds), where)
	path := commandIDsPath()
	if err := bot.SaveCommandIDs(path, appID, *guild, bot.IDsOf(got)); err != nil {
		fmt.Fprintf(stderr, "nimtutor: %v; command mentions fall back to plain text\n", err)
		return nil
	}
	fmt.Fprintf(stdout, "nimtutor: saved the command ids to %s for command mentions\n", path)
	return nil
}
