package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// shardingGateway is Discord's gateway for a sharded bot: each
// connection's IDENTIFY names its shard [i, n], and the connection then
// gets the INTERACTION_CREATE events of exactly the guilds whose
// (guild_id >> 22) % n is i, as Discord routes them.
type shardingGateway struct {
	events []*discordgo.Interaction

	mu         sync.Mutex
	identified [][2]int
	sent       map[string]int // interaction id → shard it was sent to
}

func (g *shardingGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	serveGatewaySocket(w, r, func(d json.RawMessage, dispatch func(string, any)) {
		var id struct {
			Shard *[2]int `json:"shard"`
		}
		json.Unmarshal(d, &id)
		shard := [2]int{0, 1}
		if id.Shard != nil {
			shard = *id.Shard
		}
		g.mu.Lock()
		g.identified = append(g.identified, shard)
		g.mu.Unlock()
		dispatch("READY", map[string]any{
			"v": 9, "session_id": fmt.Sprintf("fake-session-%d", shard[0]), "resume_gateway_url": "ws://127.0.0.1:1",
			"user":   map[string]any{"id": "1000000000000000001", "username": "nimtutor", "bot": true},
			"guilds": []any{}, "application": map[string]any{"id": "1000000000000000001", "flags": 0}, "shard": shard,
		})
		for _, i := range g.events {
			if s, _ := ShardOf(i.GuildID, shard[1]); s != shard[0] {
				continue
			}
			g.mu.Lock()
			g.sent[i.ID] = shard[0]
			g.mu.Unlock()
			dispatch("INTERACTION_CREATE", i)
		}
	})
}

func TestShardOf(t *testing.T) {
	tests := []struct {
		guild  string
		shards int
		want   int
	}{
		{"", 4, 0},
		{"1300000000000000001", 1, 0},
		{"41771983423143937", 2, 0}, // 41771983423143937 >> 22 = 9959216934, even
		{fmt.Sprint(uint64(5) << 22), 4, 1},
		{fmt.Sprint(uint64(7)<<22 | 0x3fffff), 4, 3},
	}
	for _, tt := range tests {
		got, err := ShardOf(tt.guild, tt.shards)
		if err != nil || got != tt.want {
			t.Errorf("ShardOf(%q, %d) = %d, %v; want %d", tt.guild, tt.shards, got, err, tt.want)
		}
	}
	if _, err := ShardOf("not-a-number", 2); err == nil {
		t.Error("ShardOf accepted a guild id that is not a snowflake")
	}
}

func TestParseShardRange(t *testing.T) {
	tests := []struct {
		in          string
		first, last int
		bad         bool
	}{
		{"0", 0, 0, false}, {"2-5", 2, 5, false}, {"3-1", 0, 0, true}, {"x", 0, 0, true}, {"-1", 0, 0, true}, {"1-", 0, 0, true},
	}
	for _, tt := range tests {
		f, l, err := ParseShardRange(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && (f != tt.first || l != tt.last)) {
			t.Errorf("ParseShardRange(%q) = %d, %d, %v", tt.in, f, l, err)
		}
	}
}

// TestTwoShardProcesses runs two gateway runs as two processes would,
// one per shard of two, against a fake gateway that routes each guild's
// events to its shard: each run identifies with its own [i, 2] and
// answers exactly the interactions of its own guilds.
func TestTwoShardProcesses(t *testing.T) {
	gw := &shardingGateway{sent: map[string]int{}}
	want := map[string]int{} // interaction id → the shard that must answer
	for k := range 8 {
		guild := fmt.Sprint(uint64(1000+k) << 22)
		i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{ID: "1100000000000000007", Name: "solve"})
		i.ID, i.Token, i.GuildID = fmt.Sprintf("12000000000000000%02d", k), fmt.Sprintf("token-%d", k), guild
		gw.events = append(gw.events, i)
		want[i.ID] = (1000 + k) % 2
	}
	fake := newFakeDiscord(t)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for shard := range 2 {
		h := &fakeHandler{handle: func(_ context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
			return message(fmt.Sprintf("shard %d answers %s", shard, i.ID))
		}}
		wg.Go(func() {
			plan := ShardPlan{Count: 2, First: shard, Last: shard}
			if err := RunShards(ctx, GatewayConfig{Token: "test-token", HTTPClient: fake.client()}, plan, h, testLogger(t)); err != nil {
				t.Errorf("shard %d: %v", shard, err)
			}
		})
	}
	answered := map[string]string{}
	for range len(want) {
		r := fake.next(t)
		parts := strings.Split(r.Path, "/") // /api/v10/interactions/ID/TOKEN/callback
		if len(parts) < 5 {
			t.Fatalf("unexpected request %s %s", r.Method, r.Path)
		}
		id := parts[4]
		if prev, dup := answered[id]; dup {
			t.Errorf("interaction %s answered twice: %q and then again", id, prev)
		}
		d, _ := jsonOf(t, r.Body)["data"].(map[string]any)
		answered[id], _ = d["content"].(string)
	}
	cancel()
	wg.Wait()
	fake.none(t)

	gw.mu.Lock()
	defer gw.mu.Unlock()
	got := map[[2]int]bool{}
	for _, s := range gw.identified {
		got[s] = true
	}
	if !got[[2]int{0, 2}] || !got[[2]int{1, 2}] || len(gw.identified) != 2 {
		t.Errorf("IDENTIFY shards = %v, want [0 2] and [1 2] once each", gw.identified)
	}
	for id, shard := range want {
		if w := fmt.Sprintf("shard %d answers %s", shard, id); answered[id] != w {
			t.Errorf("interaction %s (guild's shard %d): answer %q, want %q", id, shard, answered[id], w)
		}
		if gw.sent[id] != shard {
			t.Errorf("the fake sent %s to shard %d, want %d", id, gw.sent[id], shard)
		}
	}
}

// TestRunShardsAuto asks Discord for the shard count (--shards auto),
// which the fake answers with one, and refuses shards that do not exist.
func TestRunShardsAuto(t *testing.T) {
	gw := &shardingGateway{sent: map[string]int{}}
	fake := newFakeDiscord(t)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- RunShards(ctx, GatewayConfig{Token: "test-token", HTTPClient: fake.client()}, ShardPlan{}, constHandler(message("ok")), testLogger(t))
	}()
	deadline := time.Now().Add(5 * time.Second)
	for {
		gw.mu.Lock()
		n := len(gw.identified)
		gw.mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(gw.identified) != 1 || gw.identified[0] != [2]int{0, 1} {
		t.Errorf("identified %v, want one unsharded connection (the fake recommends 1 shard)", gw.identified)
	}
	if err := RunShards(context.Background(), GatewayConfig{Token: "t", HTTPClient: fake.client()}, ShardPlan{Count: 2, First: 2, Last: 3}, constHandler(message("ok")), nil); err == nil || !strings.Contains(err.Error(), "do not exist") {
		t.Errorf("shards 2-3 of 2: %v", err)
	}
}

// TestRunShardsSeveralInOneProcess runs four shards in one process (as
// --shards 4 --shard-range 0-3 does): each identifies once with its own id.
func TestRunShardsSeveralInOneProcess(t *testing.T) {
	gw := &shardingGateway{sent: map[string]int{}}
	fake := newFakeDiscord(t)
	fake.mu.Lock()
	fake.extra = gw
	fake.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		plan := ShardPlan{Count: 4, First: 0, Last: 3, IdentifyEvery: 10 * time.Millisecond}
		done <- RunShards(ctx, GatewayConfig{Token: "test-token", HTTPClient: fake.client()}, plan, constHandler(message("ok")), testLogger(t))
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		gw.mu.Lock()
		n := len(gw.identified)
		gw.mu.Unlock()
		if n == 4 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := map[[2]int]int{}
	for _, s := range gw.identified {
		got[s]++
	}
	for id := range 4 {
		if got[[2]int{id, 4}] != 1 {
			t.Errorf("shard [%d 4] identified %d times; all: %v", id, got[[2]int{id, 4}], gw.identified)
		}
	}
}
