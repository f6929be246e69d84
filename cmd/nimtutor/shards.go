package main

import (
	"cmp"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/nimtutor/nimtutor/bot"
)

// shardFlags are `nimtutor gateway`'s sharding flags.
type shardFlags struct {
	shard, shards, shardRange *string
}

// addShardFlags declares --shard, --shards and --shard-range on fs.
func addShardFlags(fs *flag.FlagSet) shardFlags {
	return shardFlags{
		shard:      fs.String("shard", "", "this process's one shard id, needs --shards (default SHARD_ID)"),
		shards:     fs.String("shards", "", `the bot's total shard count, or "auto" to ask Discord (default SHARD_COUNT; without either, one unsharded connection)`),
		shardRange: fs.String("shard-range", "", "run the shards first-last (inclusive) in this process, such as 0-3 (default: every shard of --shards)"),
	}
}

// plan turns the flags (and SHARD_ID, SHARD_COUNT) into the shards this
// process runs. No flags and no environment mean one unsharded connection.
func (f shardFlags) plan() (bot.ShardPlan, error) {
	shard := cmp.Or(strings.TrimSpace(*f.shard), setting("SHARD_ID"))
	shards := cmp.Or(strings.TrimSpace(*f.shards), setting("SHARD_COUNT"))
	rng := strings.TrimSpace(*f.shardRange)
	if shards == "" {
		if shard != "" || rng != "" {
			return bot.ShardPlan{}, usagef("--shard and --shard-range need --shards (or SHARD_COUNT): the bot's total number of shards")
		}
		return bot.ShardPlan{Count: 1, First: 0, Last: 0}, nil
	}
	var p bot.ShardPlan
	if shards != "auto" {
		n, err := strconv.Atoi(shards)
		if err != nil || n < 1 {
			return p, usagef("--shards is %q: want a count of 1 or more, or auto", shards)
		}
		p.Count = n
	}
	switch {
	case shard != "" && rng != "":
		return p, usagef("--shard and --shard-range contradict each other: give one")
	case shard != "":
		rng = shard
	case rng == "":
		p.First, p.Last = 0, -1 // every shard
		return p, nil
	}
	first, last, err := bot.ParseShardRange(rng)
	if err != nil {
		return p, usagef("%v", err)
	}
	if p.Count > 0 && last >= p.Count {
		return p, usagef("shard %d does not exist: with --shards %d the ids are 0-%d", last, p.Count, p.Count-1)
	}
	p.First, p.Last = first, last
	return p, nil
}

// describePlan names the plan for the start-up line.
func describePlan(p bot.ShardPlan) string {
	switch {
	case p.Count == 1:
		return ""
	case p.Count == 0:
		return " (shard count from Discord)"
	case p.Last < p.First:
		return fmt.Sprintf(" (all %d shards)", p.Count)
	case p.First == p.Last:
		return fmt.Sprintf(" (shard %d of %d)", p.First, p.Count)
	}
	return fmt.Sprintf(" (shards %d-%d of %d)", p.First, p.Last, p.Count)
}
