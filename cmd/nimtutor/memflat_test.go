package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/bot"
	"github.com/nimtutor/nimtutor/commands"
)

// TestMemoryFlat drives distinct positions through the serving handlers
// until the caches are full, then as many again: the live heap must stay
// flat, since every cache is bounded. The load test does the same with
// 100,000 positions and reports RSS.
func TestMemoryFlat(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("drives thousands of positions; .ci/run runs it without -race")
	}
	h, closeStore := newHandlerWith(t.Context(), quietLogger(io.Discard), commands.Config{}, bot.RateLimitConfig{Burst: 1 << 30})
	defer closeStore()
	rng := rand.New(rand.NewPCG(7, 7))
	subs := []string{"solve", "hint", "play"}
	n := 0
	drive := func(count int) {
		for range count {
			n++
			text := distinctRow(rng, n)
			i := &discordgo.Interaction{ID: fmt.Sprint(n), Type: discordgo.InteractionApplicationCommand, Token: "t",
				User: &discordgo.User{ID: "7"},
				Data: discordgo.ApplicationCommandInteractionData{Name: "abgame", Options: []*discordgo.ApplicationCommandInteractionDataOption{{
					Name: subs[n%3], Type: discordgo.ApplicationCommandOptionSubCommand,
					Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "position", Type: discordgo.ApplicationCommandOptionString, Value: text}},
				}}}}
			if resp := h.Handle(context.Background(), i); resp == nil || resp.Data == nil || resp.Data.Content != "" {
				t.Fatalf("position %d %q: unexpected answer %+v", n, text, resp)
			}
		}
	}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	// Lessons are shared by positions with the same key numbers, so the
	// cache takes more positions than it has entries to fill.
	drive(2*cacheEntries + 500)
	full, at := heap(), n
	drive(2 * cacheEntries)
	after := heap()
	t.Logf("live heap after %d positions: %d KB; after %d: %d KB", at, full>>10, n, after>>10)
	if after > full+full/10 {
		t.Errorf("live heap grew from %d KB to %d KB over %d more distinct positions; want it flat", full>>10, after>>10, n-at)
	}
}

// distinctRow returns an abgame row of about 30 to 130 cells (longer than
// a custom_id holds, so games keep their state in the cache) that differs
// from every other n.
func distinctRow(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range 30 + rng.IntN(100) {
		b.WriteByte(".....AB"[rng.IntN(7)])
	}
	fmt.Fprintf(&b, "%s", strings.Repeat(".", n%7))
	for k := n; k > 0; k /= 3 {
		b.WriteByte(".AB"[k%3])
	}
	return b.String()
}
