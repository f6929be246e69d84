package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// fakeClock is a settable clock.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func byUser(id string) *discordgo.Interaction {
	i := interaction(discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "solve"})
	i.Member = &discordgo.Member{User: &discordgo.User{ID: id}}
	return i
}

func TestRateLimiter(t *testing.T) {
	type step struct {
		advance time.Duration
		user    string
		want    string // "ok" or the start of the slow-down text
	}
	limited := func(secs string) string {
		return "Slow down — you're sending commands faster than I can teach. Try again in " + secs
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{name: "burst of five then wait two seconds", steps: []step{
			{0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"},
			{0, "a", limited("2 seconds.")},
			{time.Second, "a", limited("1 second.")},
			{time.Second, "a", "ok"},
			{0, "a", limited("2 seconds.")},
		}},
		{name: "users are independent", steps: []step{
			{0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"},
			{0, "a", limited("2 seconds.")},
			{0, "b", "ok"},
		}},
		{name: "a full refill after ten seconds", steps: []step{
			{0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"},
			{10 * time.Second, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"},
			{0, "a", limited("2 seconds.")},
		}},
		{name: "idle time does not bank more than the burst", steps: []step{
			{time.Hour, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"}, {0, "a", "ok"},
			{0, "a", limited("2 seconds.")},
		}},
		{name: "no user is not limited", steps: []step{
			{0, "", "ok"}, {0, "", "ok"}, {0, "", "ok"}, {0, "", "ok"}, {0, "", "ok"}, {0, "", "ok"}, {0, "", "ok"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
			l := NewRateLimiter(constHandler(message("ok")), RateLimitConfig{Now: clock.now})
			for n, s := range tt.steps {
				clock.advance(s.advance)
				i := byUser(s.user)
				if s.user == "" {
					i.Member = nil
				}
				resp := l.Handle(context.Background(), i)
				if got := resp.Data.Content; !strings.HasPrefix(got, s.want) {
					t.Fatalf("step %d (user %q): got %q, want %q", n, s.user, got, s.want)
				}
				if s.want != "ok" && resp.Data.Flags != discordgo.MessageFlagsEphemeral {
					t.Errorf("step %d: slow-down reply is not ephemeral", n)
				}
			}
		})
	}
}

func TestRateLimiterDMUser(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	l := NewRateLimiter(constHandler(message("ok")), RateLimitConfig{Burst: 1, Per: time.Second, Now: clock.now})
	dm := byUser("")
	dm.Member, dm.User = nil, &discordgo.User{ID: "dm-user"}
	if got := l.Handle(context.Background(), dm).Data.Content; got != "ok" {
		t.Fatalf("first DM: got %q, want ok", got)
	}
	if got := l.Handle(context.Background(), dm).Data.Content; !strings.Contains(got, "Try again in 1 second.") {
		t.Errorf("second DM: got %q, want a slow-down", got)
	}
}

// TestRateLimiterLetsAutocompleteThrough: Discord sends an autocomplete
// per keystroke; they are answered even when the user has no token left,
// and spend none, so the command being typed is not refused.
func TestRateLimiterLetsAutocompleteThrough(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	choices := 0
	h := &fakeHandler{handle: func(_ context.Context, i *discordgo.Interaction) *discordgo.InteractionResponse {
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			choices++
			return emptyChoices()
		}
		return message("ok")
	}}
	l := NewRateLimiter(h, RateLimitConfig{Burst: 1, Per: time.Second, Now: clock.now})
	ac := byUser("a")
	ac.Type = discordgo.InteractionApplicationCommandAutocomplete
	l.Handle(context.Background(), byUser("a")) // spends the only token
	for range 10 {
		if got := l.Handle(context.Background(), ac); got.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
			t.Fatalf("autocomplete with no token left: got type %d, want choices", got.Type)
		}
	}
	if choices != 10 {
		t.Errorf("the handler answered %d of 10 autocompletes", choices)
	}
	clock.advance(time.Second)
	for range 10 {
		l.Handle(context.Background(), ac)
	}
	if got := l.Handle(context.Background(), byUser("a")).Data.Content; got != "ok" {
		t.Errorf("the command after typing: got %q, want ok", got)
	}
}

func TestRateLimiterBoundedMemory(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	l := NewRateLimiter(constHandler(message("ok")), RateLimitConfig{MaxUsers: 100, Now: clock.now})
	for n := range 1000 {
		clock.advance(time.Millisecond)
		l.Handle(context.Background(), byUser(fmt.Sprint("user", n)))
		if got := l.Users(); got > 100 {
			t.Fatalf("after %d users: remembers %d, want at most 100", n+1, got)
		}
	}
	// With nobody idle, the user seen longest ago goes: the 100 latest stay.
	for _, user := range []string{"user900", "user999"} {
		if !l.Remembers(user) {
			t.Errorf("%s, among the 100 latest, was forgotten", user)
		}
	}
	if l.Remembers("user899") {
		t.Error("user899, older than the 100 latest, is still remembered")
	}
	// Idle users go first: after a full refill everybody is forgotten at once.
	clock.advance(DefaultRatePer)
	l.Handle(context.Background(), byUser("late"))
	if got := l.Users(); got != 1 {
		t.Errorf("after everybody idled: remembers %d, want 1", got)
	}
}

func TestRateLimiterPrivateDelegates(t *testing.T) {
	h := &fakeHandler{private: func(*discordgo.Interaction) bool { return true }}
	if !NewRateLimiter(h, RateLimitConfig{}).Private(byUser("a")) {
		t.Error("Private = false, want the wrapped handler's true")
	}
}

func TestSlowDown(t *testing.T) {
	tests := []struct {
		wait time.Duration
		want string
	}{
		{0, "Try again in 1 second."},
		{300 * time.Millisecond, "Try again in 1 second."},
		{time.Second, "Try again in 1 second."},
		{1001 * time.Millisecond, "Try again in 2 seconds."},
		{9 * time.Second, "Try again in 9 seconds."},
	}
	for _, tt := range tests {
		if got := slowDown(tt.wait); !strings.HasSuffix(got, tt.want) {
			t.Errorf("slowDown(%v) = %q, want it to end %q", tt.wait, got, tt.want)
		}
	}
}
