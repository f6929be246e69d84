package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Gateway sharding. Discord sends each guild's events to one shard of a
// bot's gateway connections: the shard whose id is
//
//	shard_id = (guild_id >> 22) % num_shards
//
// and direct messages to shard 0. A connection identifies as [shard_id,
// num_shards]; every shard of one bot must use the same num_shards. One
// process may run any set of shards (RunShards), so a bot can run one
// process per range of shards, all answering through the same handler
// setup and, for state, the same database.

// ShardPlan says which shards a process runs.
type ShardPlan struct {
	// Count is the bot's total number of shards; 0 means ask Discord
	// (GET /gateway/bot) for its recommended count.
	Count int
	// First and Last bound the range of shard ids this process runs,
	// inclusive. With Last < First (the zero plan) the process runs every
	// shard from First to Count-1.
	First, Last int
	// IdentifyEvery spaces the shards' IDENTIFY calls: Discord allows
	// max_concurrency identifies per 5 seconds. DefaultIdentifyEvery when
	// zero; tests shorten it.
	IdentifyEvery time.Duration
}

// DefaultIdentifyEvery is Discord's identify rate-limit window.
const DefaultIdentifyEvery = 5 * time.Second

// ParseShardRange reads "i" or "i-j" (inclusive) into a plan's range.
func ParseShardRange(s string) (first, last int, err error) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	first, err = strconv.Atoi(a)
	if err != nil || first < 0 {
		return 0, 0, fmt.Errorf("shard range %q: want a shard id (0, 1, …) or a range such as 0-3", s)
	}
	last = first
	if isRange {
		last, err = strconv.Atoi(b)
		if err != nil || last < first {
			return 0, 0, fmt.Errorf("shard range %q: want first-last with last ≥ first, such as 0-3", s)
		}
	}
	return first, last, nil
}

// recommendedShards asks Discord how many shards the bot should run and
// how many may identify at once.
func recommendedShards(cfg GatewayConfig) (count, concurrency int, err error) {
	s, _ := discordgo.New("Bot " + cfg.Token)
	s.Client = cmp.Or(cfg.HTTPClient, &http.Client{Timeout: 10 * time.Second})
	gb, err := s.GatewayBot()
	if err != nil {
		return 0, 0, fmt.Errorf("asking Discord for the recommended shard count (GET /gateway/bot): %w", err)
	}
	if gb.Shards < 1 {
		return 0, 0, errors.New("discord recommended no shards (GET /gateway/bot)")
	}
	return gb.Shards, max(gb.SessionStartLimit.MaxConcurrency, 1), nil
}

// RunShards runs the plan's shards in this process, each a RunGateway
// connection identified as [id, count], all answering with handler and
// sharing one Ledger (cfg.Ledger, or one MemoryLedger). Shards identify
// one identify window apart (max_concurrency at a time, as Discord
// allows). It returns when ctx ends and every shard has stopped, or at
// once with an error if the plan is impossible or a shard cannot
// connect (the others are then stopped too).
func RunShards(ctx context.Context, cfg GatewayConfig, plan ShardPlan, handler Handler, log *slog.Logger) error {
	if cfg.Token == "" {
		return ErrNoToken
	}
	log = orDiscard(log)
	concurrency := 1
	if plan.Count == 0 {
		n, c, err := recommendedShards(cfg)
		if err != nil {
			return err
		}
		plan.Count, concurrency = n, c
		log.Info("Discord recommends shards", "shards", n, "max_concurrency", c)
	}
	if plan.Last < plan.First {
		plan.Last = plan.Count - 1
	}
	if plan.First < 0 || plan.Last >= plan.Count {
		return fmt.Errorf("shards %d-%d do not exist: the bot runs %d shards, numbered 0-%d", plan.First, plan.Last, plan.Count, plan.Count-1)
	}
	if plan.IdentifyEvery <= 0 {
		plan.IdentifyEvery = DefaultIdentifyEvery
	}
	if cfg.Ledger == nil {
		cfg.Ledger = NewMemoryLedger(0, 0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make([]error, plan.Last-plan.First+1) // one per shard
	for k, id := 0, plan.First; id <= plan.Last; k, id = k+1, id+1 {
		sc := cfg
		sc.ShardID, sc.ShardCount = id, plan.Count
		wait := time.Duration(k/concurrency) * plan.IdentifyEvery
		wg.Go(func() {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			if err := RunGateway(ctx, sc, handler, log); err != nil {
				errs[k] = fmt.Errorf("shard %d of %d: %w", sc.ShardID, sc.ShardCount, err)
				cancel()
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
