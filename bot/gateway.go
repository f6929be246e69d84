package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// respondTimeout bounds one call to Discord's interaction callback.
const respondTimeout = 5 * time.Second

// GatewayConfig configures RunGateway.
type GatewayConfig struct {
	// Token is the bot token from the developer portal, without the "Bot "
	// prefix. It is never logged.
	Token string
	// DeferAfter is how long a Handler may take before the interaction is
	// deferred; DefaultDeferAfter when zero.
	DeferAfter time.Duration
	// HTTPClient carries the REST calls (the gateway lookup, interaction
	// callbacks and edits); discordgo's default client when nil. Tests point
	// it at a fake Discord.
	HTTPClient *http.Client
}

// ErrNoToken is returned when a transport that needs the bot token gets
// none.
var ErrNoToken = errors.New("bot: no bot token")

// RunGateway connects to Discord's gateway as the bot, answers interactions
// with handler through the deferral middleware until ctx is cancelled, then
// closes the connection and lets interactions in flight finish for a few
// seconds. It asks for no gateway intents: INTERACTION_CREATE is sent to
// every bot regardless of intents. It returns an error only if the
// connection cannot be opened.
func RunGateway(ctx context.Context, cfg GatewayConfig, handler Handler, log *slog.Logger) error {
	if cfg.Token == "" {
		return ErrNoToken
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := restSession("Bot "+cfg.Token, cfg.HTTPClient)
	s.Identify.Intents = discordgo.IntentsNone

	g := &gateway{
		base: context.WithoutCancel(ctx),
		d:    newDeferrer(handler, s, cfg.DeferAfter, log),
		log:  log,
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
	s.AddHandler(g.onInteraction)

	if err := s.Open(); err != nil {
		return fmt.Errorf("opening the gateway connection: %w", err)
	}
	log.Info("gateway connected")

	<-ctx.Done()
	log.Info("shutting down gateway transport")
	if err := s.Close(); err != nil {
		log.Warn("closing the gateway connection", "err", err)
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := g.drain(sctx); err != nil {
		log.Warn("interactions still in flight at shutdown", "err", err)
	}
	return nil
}

// gateway answers INTERACTION_CREATE events.
type gateway struct {
	base context.Context // the run's context without its cancellation
	d    *deferrer
	log  *slog.Logger

	mu       sync.Mutex
	draining bool
	inflight sync.WaitGroup
}

// onInteraction answers one interaction. discordgo calls it on a goroutine
// of its own, so it may block; a panic here would end the process, so it is
// recovered and the user gets an apology if nothing was sent yet.
func (g *gateway) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil || !g.start() {
		return
	}
	defer g.inflight.Done()
	i := ic.Interaction

	// Switch on the type before anything that could panic.
	switch i.Type {
	case discordgo.InteractionApplicationCommand,
		discordgo.InteractionApplicationCommandAutocomplete,
		discordgo.InteractionMessageComponent,
		discordgo.InteractionModalSubmit:
	default:
		g.log.Warn("ignoring interaction of unexpected type", "interaction", i.ID, "type", i.Type.String())
		return
	}

	responded := false // a panic while encoding leaves it false
	respond := func(resp *discordgo.InteractionResponse) error {
		ctx, cancel := context.WithTimeout(g.base, respondTimeout)
		defer cancel()
		err := s.InteractionRespond(i, resp, discordgo.WithContext(ctx))
		responded = true
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			g.log.Error("gateway transport panicked", append(logAttrs(i), "panic", r, "stack", string(debug.Stack()))...)
			if !responded {
				if err := respond(errorResponse(i)); err != nil {
					g.log.Error("sending apology", append(logAttrs(i), "err", err)...)
				}
			}
		}
	}()
	g.d.answer(g.base, i, respond)
}

// start registers an interaction in flight, unless draining has begun.
func (g *gateway) start() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.draining {
		return false
	}
	g.inflight.Add(1)
	return true
}

// drain stops taking interactions and waits until those in flight and
// their deferred responses are done, or ctx is.
func (g *gateway) drain(ctx context.Context) error {
	g.mu.Lock()
	g.draining = true
	g.mu.Unlock()
	idle := make(chan struct{})
	go func() {
		g.inflight.Wait()
		close(idle)
	}()
	select {
	case <-idle:
	case <-ctx.Done():
		return ctx.Err()
	}
	return g.d.wait(ctx)
}
