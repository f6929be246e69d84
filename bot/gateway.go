package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/discordx"
)

// respondTimeout bounds the initial response to an interaction received
// over the gateway, retries included: Discord waits three seconds.
const respondTimeout = 3 * time.Second

// GatewayConfig configures RunGateway.
type GatewayConfig struct {
	// Token is the bot token from the developer portal, without the "Bot "
	// prefix. It is never logged.
	Token string
	// DeferAfter is how long a Handler may take before the interaction is
	// deferred; DefaultDeferAfter when zero.
	DeferAfter time.Duration
	// HTTPClient carries the REST calls (the gateway lookup, interaction
	// callbacks and edits); a client with a 10-second timeout when nil.
	// Tests point it at a fake Discord.
	HTTPClient *http.Client
	// Sender, when set, sends interaction answers instead of a REST
	// client of DefaultAPIURL made from HTTPClient.
	Sender Sender
	// Ledger records interactions already received; a MemoryLedger when nil.
	Ledger Ledger
	// ClaimTimeout is how long the Ledger may take to claim an
	// interaction before it is answered without it; DefaultClaimTimeout
	// when zero.
	ClaimTimeout time.Duration
	// ShutdownGrace is how long work in flight may finish on shutdown
	// before it is cancelled; DefaultShutdownGrace when zero.
	ShutdownGrace time.Duration
	// ShardID and ShardCount identify the connection as shard
	// [ShardID, ShardCount]; a ShardCount of 0 or 1 means no sharding.
	// RunShards sets them; see docs/SCALING.md.
	ShardID, ShardCount int
}

// ErrNoToken is returned when a transport that needs the bot token gets
// none.
var ErrNoToken = errors.New("bot: no bot token")

// interactionCreate is the gateway event that carries an interaction.
const interactionCreate = "INTERACTION_CREATE"

// RunGateway connects to Discord's gateway as the bot, answers interactions
// with handler through the deferral middleware until ctx is cancelled, then
// closes the connection, lets work in flight finish briefly, cancels the
// rest with an apology and returns within ShutdownTimeout. It asks for no
// gateway intents: INTERACTION_CREATE is sent to every bot regardless of
// intents. Interactions are read from the raw event, so that parts
// discordgo lacks (a Label in a modal) are read too. It returns an error
// only if the connection cannot be opened.
func RunGateway(ctx context.Context, cfg GatewayConfig, handler Handler, log *slog.Logger) error {
	if cfg.Token == "" {
		return ErrNoToken
	}
	log = orDiscard(log)
	routeDiscordgoLogs(log)
	s, _ := discordgo.New("Bot " + cfg.Token) // New never fails.
	s.StateEnabled = false
	s.Client = cmp.Or(cfg.HTTPClient, s.Client)
	s.Identify.Intents = discordgo.IntentsNone
	s.ShardID, s.ShardCount = cfg.ShardID, max(cfg.ShardCount, 1)
	if cfg.ShardCount > 1 {
		log = log.With("shard", cfg.ShardID, "shards", cfg.ShardCount)
	}
	sender := cfg.Sender
	if sender == nil {
		sender = NewREST("", cfg.HTTPClient, log)
	}

	g := gateway{newDeferrer(handler, sender, cfg.Ledger, cfg.DeferAfter, log)}
	if cfg.ClaimTimeout > 0 {
		g.claimWait = cfg.ClaimTimeout
	}
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		attrs := []any{"guilds", len(r.Guilds), "api_version", r.Version}
		if r.User != nil {
			attrs = append(attrs, "user", r.User.Username, "user_id", r.User.ID)
		}
		log.Info("gateway ready", attrs...)
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) {
		log.Info("gateway session resumed")
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
		log.Info("gateway disconnected")
	})
	s.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) {
		if e != nil && e.Type == interactionCreate {
			g.onInteraction(e.RawData)
		}
	})

	if err := s.Open(); err != nil {
		return fmt.Errorf("opening the gateway connection: %w", err)
	}
	log.Info("gateway connected")

	<-ctx.Done()
	log.Info("shutting down gateway transport")
	start := time.Now()
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		if err := s.Close(); err != nil {
			log.Warn("closing the gateway connection", "err", err)
		}
	}()
	g.shutdown(sctx, cfg.ShutdownGrace)
	select {
	case <-closed:
	case <-sctx.Done():
	}
	log.Info("gateway transport stopped", "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// refused reports whether a callback's error says for certain that
// Discord did not take it: the response could not be encoded, or Discord
// refused it (a 4xx other than 429).
func refused(err error) bool {
	if errors.Is(err, errEncode) {
		return true
	}
	apiErr, ok := errors.AsType[*APIError](err)
	return ok && apiErr.Status >= 400 && apiErr.Status < 500 && apiErr.Status != http.StatusTooManyRequests
}

// gateway answers INTERACTION_CREATE events through its deferrer.
type gateway struct{ *deferrer }

// onInteraction answers one interaction from its raw JSON. discordgo
// calls it on a goroutine of its own, so it may block; a panic here would
// end the process, so it is recovered and the user gets an apology if
// nothing was sent yet.
func (g gateway) onInteraction(raw []byte) {
	i, err := readInteraction(raw)
	if bad, ok := errors.AsType[*badInteraction](err); ok {
		g.log.Warn("ignoring a gateway event that is not an interaction nimtutor handles", "err", bad.msg, "type", bad.typ)
		return
	}
	if i.Type == discordgo.InteractionPing {
		g.log.Warn("ignoring a PING over the gateway", "interaction", i.ID)
		return
	}

	responded := false // a panic while encoding leaves it false
	respond := func(resp *discordgo.InteractionResponse) error {
		ctx, cancel := context.WithTimeout(context.Background(), respondTimeout)
		defer cancel()
		err := g.sender.Respond(ctx, i, resp)
		responded = true
		if err != nil && !refused(err) {
			// The callback may have reached Discord even though its
			// answer did not come back (a dropped connection, a timeout):
			// a deferral is then Discord's, and the answer goes by
			// webhook. If it never arrived, the webhook is refused and
			// the loss counted; dropping the work here would lose the
			// answer for certain.
			g.log.Warn("interaction response may not have arrived; carrying on", append(logAttrs(i), "err", err)...)
			return nil
		}
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			g.log.Error("gateway transport panicked", append(logAttrs(i), "panic", r, "stack", string(debug.Stack()))...)
			if !responded {
				g.send(i, respond, errorResponse(i))
			}
		}
	}()
	fe, _ := errors.AsType[*discordx.FieldError](err)
	g.answer(context.Background(), i, fe, respond)
}
