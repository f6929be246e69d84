package commands

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/nimtutor/nimtutor/tutor"
)

// mapStates is a StateStore in a map, shared by the routers of a test as
// a database table is by replicas.
type mapStates struct {
	mu sync.Mutex
	m  map[string]string
}

func (s *mapStates) PutState(_ context.Context, key, value string, _ time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = value
	return nil
}

func (s *mapStates) GetState(_ context.Context, key string) (string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	return v, ok, nil
}

// TestSharedStateAcrossReplicas shows a card whose position is too long
// for a custom_id on one router and clicks its hint on another with an
// empty cache of its own: the shared store answers; without it, the
// click finds the position expired.
func TestSharedStateAcrossReplicas(t *testing.T) {
	clock := &testClock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	states := &mapStates{m: map[string]string{}}
	replica := func(st tutor.StateStore) *Router {
		return testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}, States: st}, Secret: []byte("shared secret")})
	}
	a, b, alone := replica(states), replica(states), replica(nil)
	long := strings.Repeat("..P", 110)
	card, buttons := solveCard(t, a, student, "adapwns", optPosition, long)
	if len(states.m) == 0 {
		t.Fatal("the long position was not written to the shared store")
	}
	got := b.Handle(context.Background(), click(stranger, buttons["Hint (private)"], message(card, clock.t)))
	if got.Type != discordgo.InteractionResponseChannelMessageWithSource || len(got.Data.Embeds) == 0 ||
		!strings.Contains(got.Data.Embeds[0].Description, "330 characters in all") {
		t.Fatalf("hint on another replica: %+v", got.Data)
	}
	got = alone.Handle(context.Background(), click(stranger, buttons["Hint (private)"], message(card, clock.t)))
	if !strings.Contains(got.Data.Content, "expired") {
		t.Errorf("a replica without the shared store: %q", got.Data.Content)
	}
}

// ctxStates is a StateStore that records the contexts it is written
// under.
type ctxStates struct {
	mapStates
	ctxs []context.Context
}

func (s *ctxStates) PutState(ctx context.Context, key, value string, ttl time.Duration) error {
	s.ctxs = append(s.ctxs, ctx)
	return s.mapStates.PutState(ctx, key, value, ttl)
}

type ctxKey struct{}

// TestStatesWrittenUnderRequest checks that a long position's state is
// written under the request's context, and that building buttons writes
// nothing.
func TestStatesWrittenUnderRequest(t *testing.T) {
	states := &ctxStates{mapStates: mapStates{m: map[string]string{}}}
	r := testNew(Config{Config: tutor.Config{Cache: &mapCache{m: map[string]any{}}, States: states}, Secret: []byte("s")})
	ctx := context.WithValue(context.Background(), ctxKey{}, "the request")
	r.Handle(ctx, command(student, "adapwns", "solve", optPosition, strings.Repeat("..P", 110)))
	if len(states.ctxs) == 0 {
		t.Fatal("the long position was not shared")
	}
	for _, c := range states.ctxs {
		if c.Value(ctxKey{}) != "the request" {
			t.Error("a state was written outside the request's context")
		}
	}
	n := len(states.ctxs)
	pos := mustParse(t, "adapwns", strings.Repeat("..P", 120))
	if id := r.customID("card:h:adapwns:"+student, pos); !strings.Contains(id, ":c") || len(states.ctxs) != n {
		t.Errorf("customID %q wrote %d states; it only computes", id, len(states.ctxs)-n)
	}
}
