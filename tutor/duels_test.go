package tutor_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// TestPickDuelPosition checks every game's picked positions against an
// exhaustive search of the position and of every move from it: the
// mover wins in a moderate number of moves and has a move that does not.
func TestPickDuelPosition(t *testing.T) {
	ctx := context.Background()
	for _, g := range solver.Games() {
		t.Run(g.Name(), func(t *testing.T) {
			for seed := range uint64(20) {
				pos, err := tutor.PickDuelPosition(ctx, g, seed)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				v, ok := solver.Reach(ctx, pos, 1<<22)
				if !ok || v.Outcome != solver.Win || v.Remoteness < tutor.DuelMinRemoteness || v.Remoteness > tutor.DuelMaxRemoteness {
					t.Errorf("seed %d: %s is %v (searched %v), want a win in %d..%d", seed, pos, v, ok, tutor.DuelMinRemoteness, tutor.DuelMaxRemoteness)
				}
				throws := 0
				for _, m := range pos.Moves() {
					next, err := pos.Play(m)
					if err != nil {
						t.Fatal(err)
					}
					if w, ok := solver.Reach(ctx, next, 1<<22); ok && w.Outcome != solver.Loss {
						throws++
					}
				}
				if throws == 0 {
					t.Errorf("seed %d: every move of %s wins: a duel on it is trivial", seed, pos)
				}
			}
		})
	}
}

// TestDuel plays a duel through the use cases: the checks on who may
// answer and move, a refused illegal move, the end with both reviews,
// and a rematch with the sides swapped.
func TestDuel(t *testing.T) {
	ctx := context.Background()
	tt := tutor.New(tutor.Config{Cache: mapCache{}, Practice: tutortest.SQLite(t).Opener(t)})
	g, _ := solver.Lookup("nim")
	pos, err := g.Parse("1 2", solver.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const a, b, c = "11", "22", "33"
	wantCode := func(t *testing.T, err error, code string) {
		t.Helper()
		if fault.Code(err) != code {
			t.Fatalf("err = %v (%s), want %s", err, fault.Code(err), code)
		}
	}
	_, err = tt.Challenge(ctx, a, a, "", g, pos, false)
	wantCode(t, err, fault.EInvalid)
	_, err = tt.Challenge(ctx, a, b, "", g, pos, true)
	wantCode(t, err, fault.EInvalid)
	d, err := tt.Challenge(ctx, a, b, "", g, pos, false)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tt.Challenge(ctx, c, b, "", g, pos, false)
	wantCode(t, err, fault.EInvalid) // b has an open challenge
	_, err = tt.AnswerChallenge(ctx, a, d.ID, true)
	wantCode(t, err, fault.EForbidden)
	if d, err = tt.AnswerChallenge(ctx, b, d.ID, true); err != nil || d.Status != store.DuelPlaying {
		t.Fatalf("accept: %v, %v", d.Status, err)
	}
	move := func(text string) func(solver.Position) (solver.Move, error) {
		return func(p solver.Position) (solver.Move, error) {
			m, ok := solver.ParseMove(p, text)
			if !ok {
				return nil, errors.New("bad move text")
			}
			return m, nil
		}
	}
	_, err = tt.DuelMove(ctx, b, d.ID, 0, move("1 1"))
	wantCode(t, err, fault.EForbidden) // a moves first
	_, err = tt.DuelMove(ctx, c, d.ID, 0, move("1 1"))
	wantCode(t, err, fault.EForbidden)
	_, err = tt.DuelMove(ctx, a, d.ID, 0, move("1 5"))
	wantCode(t, err, fault.EInvalid) // heap 1 holds 1
	// a throws the win away (taking the heap of 2 leaves 1: b takes it).
	if d, err = tt.DuelMove(ctx, a, d.ID, 0, move("2 2")); err != nil {
		t.Fatal(err)
	}
	_, err = tt.DuelMove(ctx, a, d.ID, 0, move("1 1"))
	wantCode(t, err, fault.EExpired) // an old board
	if d, err = tt.DuelMove(ctx, b, d.ID, 1, move("1 1")); err != nil {
		t.Fatal(err)
	}
	if d.Status != store.DuelOver || d.Result != "second" || d.Reviews[0] == nil || d.Reviews[1] == nil {
		t.Fatalf("after the last move: %s %q, reviews %v", d.Status, d.Result, d.Reviews)
	}
	if got := d.Reviews[0].Moves[0].Class; got != tutor.Mistake {
		t.Errorf("a's move is %v, want a mistake", got)
	}
	re, err := tt.Rematch(ctx, b, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if re.First != b || re.Second != a || re.Challenger() != b || re.Start != d.Start {
		t.Errorf("rematch: first %s second %s challenger %s start %q", re.First, re.Second, re.Challenger(), re.Start)
	}
	_, err = tt.AnswerChallenge(ctx, b, re.ID, true)
	wantCode(t, err, fault.EForbidden)
	if _, err = tt.AnswerChallenge(ctx, a, re.ID, false); err != nil {
		t.Fatal(err)
	}
}

// TestDuelExpired: a challenge can be answered for DuelOfferTTL after it
// was made, and only a challenge expires.
func TestDuelExpired(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		status string
		age    time.Duration
		want   bool
	}{
		{store.DuelOffered, tutor.DuelOfferTTL - time.Second, false},
		{store.DuelOffered, tutor.DuelOfferTTL + time.Second, true},
		{store.DuelPlaying, 10 * tutor.DuelOfferTTL, false},
		{store.DuelOver, 10 * tutor.DuelOfferTTL, false},
	}
	for _, tc := range tests {
		d := tutor.Duel{Duel: store.Duel{Status: tc.status, Created: now.Add(-tc.age)}}
		if got := d.Expired(now); got != tc.want {
			t.Errorf("%s, %v old: Expired = %v, want %v", tc.status, tc.age, got, tc.want)
		}
	}
}

// BenchmarkPickDuelPosition measures the pick of a duel's position (the
// exhaustive searches of the candidates and their moves) per game:
// go test ./tutor -run '^$' -bench PickDuelPosition
func BenchmarkPickDuelPosition(b *testing.B) {
	ctx := context.Background()
	for _, g := range solver.Games() {
		b.Run(g.Name(), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				if _, err := tutor.PickDuelPosition(ctx, g, seed); err != nil {
					b.Fatal(err)
				}
				seed++
			}
		})
	}
}
