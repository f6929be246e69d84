package main

import (
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/bot"
)

func TestShardPlan(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    bot.ShardPlan
		wantErr string
	}{
		{"no sharding", nil, nil, bot.ShardPlan{Count: 1}, ""},
		{"one shard of four", []string{"--shard", "2", "--shards", "4"}, nil, bot.ShardPlan{Count: 4, First: 2, Last: 2}, ""},
		{"from the environment", nil, map[string]string{"SHARD_ID": "1", "SHARD_COUNT": "3"}, bot.ShardPlan{Count: 3, First: 1, Last: 1}, ""},
		{"flags win over the environment", []string{"--shard", "0", "--shards", "2"}, map[string]string{"SHARD_ID": "1", "SHARD_COUNT": "3"}, bot.ShardPlan{Count: 2, First: 0, Last: 0}, ""},
		{"a range", []string{"--shards", "4", "--shard-range", "0-1"}, nil, bot.ShardPlan{Count: 4, First: 0, Last: 1}, ""},
		{"all shards", []string{"--shards", "4"}, nil, bot.ShardPlan{Count: 4, First: 0, Last: -1}, ""},
		{"auto", []string{"--shards", "auto"}, nil, bot.ShardPlan{Count: 0, First: 0, Last: -1}, ""},
		{"auto with a range", []string{"--shards", "auto", "--shard-range", "2-3"}, nil, bot.ShardPlan{Count: 0, First: 2, Last: 3}, ""},
		{"shard without count", []string{"--shard", "1"}, nil, bot.ShardPlan{}, "need --shards"},
		{"shard beyond count", []string{"--shard", "4", "--shards", "4"}, nil, bot.ShardPlan{}, "does not exist"},
		{"bad count", []string{"--shards", "zero"}, nil, bot.ShardPlan{}, "want a count"},
		{"both shard and range", []string{"--shards", "4", "--shard", "1", "--shard-range", "0-1"}, nil, bot.ShardPlan{}, "contradict"},
		{"bad range", []string{"--shards", "4", "--shard-range", "3-1"}, nil, bot.ShardPlan{}, "last ≥ first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := env
			env = func(k string) string { return tt.env[k] }
			defer func() { env = old }()
			fs := newFlags("gateway")
			sf := addShardFlags(fs)
			if err := parseNoArgs(fs, tt.args); err != nil {
				t.Fatal(err)
			}
			got, err := sf.plan()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("plan = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}
