package commands

import (
	"context"
	"image/png"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/render"
	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"

	"github.com/bwmarrin/discordgo"
)

func TestVerifyBusy(t *testing.T) {
	g := tutor.NewGate(1, 1)
	r := testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}, Searches: g}, Secret: []byte("s")})
	release := make(chan struct{})
	wg := tutortest.FillGate(t, g, 1, 1, release)
	defer func() { close(release); wg.Wait() }()
	start := time.Now()
	got := r.Handle(context.Background(), command(student, "adapwns", "verify", optPosition, "..P.P"))
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("busy answer took %v: it waited for the queue", took)
	}
	if got.Data.Flags != discordgo.MessageFlagsEphemeral || !strings.Contains(got.Data.Content, "nimtutor is busy") || !strings.Contains(got.Data.Content, "Try again in") {
		t.Errorf("got %q, want a private busy notice", got.Data.Content)
	}
	// A position too long to search needs no search and no gate.
	got = r.Handle(context.Background(), command(student, "adapwns", "verify", optPosition, strings.Repeat(".P", 101)))
	if len(got.Data.Embeds) == 0 || got.Data.Embeds[0].Title != "Too large to search" {
		t.Errorf("too long a position: got %+v", got.Data)
	}
	// One whose span passes the budget is turned down at once, saying how
	// far beyond it is.
	got = r.Handle(context.Background(), command(student, "adapwns", "verify", optPosition, strings.Repeat(".P", 20)))
	if len(got.Data.Embeds) == 0 || got.Data.Embeds[0].Title != "Too large to search" ||
		!strings.Contains(got.Data.Embeds[0].Fields[0].Value, "Up to about 24.5 billion positions can follow from this one, and exhaustive search here stops at 400,000 positions.") {
		t.Errorf("a position beyond the budget: got %+v", got.Data.Embeds)
	}
}

// TestVerifyCancelledMidSearch cancels a long search: the handler returns
// promptly, so no CPU is spent once the answer is moot.
func TestVerifyCancelledMidSearch(t *testing.T) {
	r := testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}, VerifyBudget: 1 << 30}, Secret: []byte("s")})
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan *discordgo.InteractionResponse, 1)
	go func() {
		done <- r.Handle(ctx, command(student, "adapwns", "verify", optPosition, strings.Repeat(".P", 16)))
	}()
	time.Sleep(50 * time.Millisecond)
	cancelled := time.Now()
	cancel(errTestStopping)
	select {
	case got := <-done:
		if took := time.Since(cancelled); took > 5*time.Second {
			t.Errorf("handler returned %v after cancellation: the search went on", took)
		}
		if !strings.Contains(got.Data.Content, "stopped before it finished (test is stopping)") {
			t.Errorf("got %q, want a notice that it was stopped", got.Data.Content)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("search went on after cancellation")
	}
}

// TestLargePictureLeftOutWhenBusy fills the picture gate: the answer
// comes without its picture.
func TestLargePictureLeftOutWhenBusy(t *testing.T) {
	g := tutor.NewGate(1, 0)
	// The real drawer: this test also checks that a reply's picture is a
	// PNG within the reply's pixel cap.
	r := testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}, Pictures: g, Draw: render.PNG}, Secret: []byte("s")})
	release := make(chan struct{})
	wg := tutortest.FillGate(t, g, 1, 0, release)
	defer func() { close(release); wg.Wait() }()
	got := r.Handle(context.Background(), command(student, "binstring", "solve", optPosition, strings.Repeat("0110", 300)))
	if len(got.Data.Embeds) == 0 || len(got.Data.Files) != 0 || got.Data.Embeds[0].Image != nil {
		t.Errorf("got %d files, image %v; want the answer without its picture", len(got.Data.Files), got.Data.Embeds[0].Image)
	}
	got = r.Handle(context.Background(), command(student, "binstring", "solve", optPosition, "0110"))
	if len(got.Data.Files) != 1 {
		t.Fatalf("small position: %d files, want its picture (no gate)", len(got.Data.Files))
	}
	cfg, err := png.DecodeConfig(got.Data.Files[0].Reader)
	if err != nil || cfg.Width*cfg.Height > render.ReplyPixels {
		t.Errorf("the picture: %+v, %v; want a PNG of at most %d pixels", cfg, err, render.ReplyPixels)
	}
}

func TestSlow(t *testing.T) {
	r, _ := newTestRouter(t)
	for _, tc := range []struct {
		i    *discordgo.Interaction
		want bool
	}{
		{command(student, "adapwns", "verify", optPosition, "..P.P"), true},
		{command(student, "adapwns", "verify", optPosition, strings.Repeat(".", 201)), false},
		{command(student, "adapwns", "verify", optPosition, 5.0), false},
		{command(student, "adapwns", "solve", optPosition, "..P.P"), false},
		{click(student, "play:x", nil), false},
		{&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand}, false},
	} {
		if got := r.Slow(tc.i); got != tc.want {
			t.Errorf("Slow(%v) = %v, want %v", tc.i.Data, got, tc.want)
		}
	}
}

// TestHintClickKeepsPicture clicks Next hint on a message that carries
// the bare picture: the update keeps it instead of drawing it again, and
// the last level draws the annotated one.
func TestHintClickKeepsPicture(t *testing.T) {
	r, clock := newTestRouter(t)
	resp := r.Handle(context.Background(), command(student, "adapwns", "hint", optPosition, "..P.P"))
	if len(resp.Data.Files) != 1 {
		t.Fatalf("hint has %d files, want its picture", len(resp.Data.Files))
	}
	msg := message(resp, clock.t)
	msg.Attachments = []*discordgo.MessageAttachment{{ID: "1600000000000000001", Filename: "adapwns.png", URL: "https://cdn/x"}}
	for level := 2; ; level++ {
		buttons, _ := allControls(t, resp)
		next := ""
		for _, b := range buttons {
			if strings.HasPrefix(b.Label, "Next hint") {
				next = b.CustomID
			}
		}
		if next == "" {
			break
		}
		resp = r.Handle(context.Background(), click(student, next, msg))
		last := len(resp.Data.Components) == 0
		switch {
		case !last && (len(resp.Data.Files) != 0 || resp.Data.Attachments == nil || (*resp.Data.Attachments)[0].ID != "1600000000000000001"):
			t.Errorf("level %d: files %d, attachments %v; want the picture kept", level, len(resp.Data.Files), resp.Data.Attachments)
		case last && len(resp.Data.Files) != 1:
			t.Errorf("last level: %d files, want the annotated picture drawn", len(resp.Data.Files))
		}
		if img := resp.Data.Embeds[0].Image; img == nil || img.URL != "attachment://adapwns.png" {
			t.Errorf("level %d: embed image %v", level, img)
		}
	}
}

// countingCache is a Cache that notes how many calls are in it at once.
type countingCache struct {
	mapCache
	mu       sync.Mutex
	now, top int
}

func (c *countingCache) Get(k string) (any, bool) {
	c.mu.Lock()
	c.now++
	c.top = max(c.top, c.now)
	c.mu.Unlock()
	time.Sleep(5 * time.Millisecond)
	c.mu.Lock()
	c.now--
	c.mu.Unlock()
	return c.mapCache.Get(k)
}

// TestWorkGateOneAtATime runs answers through a work gate of one worker:
// they run one at a time, and all are answered.
func TestWorkGateOneAtATime(t *testing.T) {
	cache := &countingCache{mapCache: mapCache{m: map[string]any{}}}
	r := testNew(Config{Config: tutor.Config{Cache: cache, Work: tutor.NewGate(1, 16)}, Secret: []byte("s")})
	var wg sync.WaitGroup
	for k := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := r.Handle(context.Background(), command(student, "adapwns", "hint", optPosition, strings.Repeat(".", k)+"..P.P"))
			if len(got.Data.Embeds) == 0 {
				t.Errorf("answer %d: %+v", k, got.Data)
			}
		}()
	}
	wg.Wait()
	if cache.top != 1 {
		t.Errorf("%d answers ran at once, want 1", cache.top)
	}
}
