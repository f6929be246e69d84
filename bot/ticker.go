package bot

import (
	"context"
	"log/slog"
	"time"

	"github.com/nimtutor/nimtutor/discordx"
)

// Ticker is implemented by a Handler that has work due at times, with no
// interaction to answer: commands.Router's Tick closes the study-session
// puzzles whose time ran out and returns the messages that announce
// them.
type Ticker interface {
	Tick(ctx context.Context) ([]discordx.Post, error)
}

// Poster posts a message no interaction is waiting for; *REST
// implements it.
type Poster interface {
	Post(ctx context.Context, p discordx.Post) error
}

// DefaultTickEvery is how often each replica asks for due work.
const DefaultTickEvery = time.Second

// tickTimeout bounds one tick and the posting of what it returns.
const tickTimeout = 30 * time.Second

// RunTicker calls t.Tick every interval (DefaultTickEvery when <= 0)
// until ctx ends, and posts what each tick returns with p. Every replica
// runs one: the store hands each due puzzle to one of them. A message
// that cannot be posted is logged (its puzzle stays closed).
func RunTicker(ctx context.Context, t Ticker, p Poster, every time.Duration, log *slog.Logger) {
	if every <= 0 {
		every = DefaultTickEvery
	}
	log = orDiscard(log)
	tick := time.NewTicker(every)
	defer tick.Stop()
	failing := false // a failed tick is logged once, not every second
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		err := TickOnce(ctx, t, p, log)
		switch {
		case err != nil && !failing:
			log.Warn("closing study-session puzzles whose time ran out failed; retrying every tick", "err", err)
		case err == nil && failing:
			log.Info("closing study-session puzzles whose time ran out works again")
		}
		failing = err != nil
	}
}

// TickOnce runs one tick of RunTicker and returns the tick's error (the
// store's, say); a message that cannot be posted is logged.
func TickOnce(ctx context.Context, t Ticker, p Poster, log *slog.Logger) error {
	log = orDiscard(log)
	ctx, cancel := context.WithTimeout(ctx, tickTimeout)
	defer cancel()
	posts, err := t.Tick(ctx)
	for _, post := range posts {
		if err := p.Post(ctx, post); err != nil {
			log.Error("announcing a study-session puzzle whose time ran out", "channel", post.Channel, "err", err)
		}
	}
	return err
}
