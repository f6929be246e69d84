package tutor_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

// moveOf returns the move of pos that text ("2 1") names.
func moveOf(tb testing.TB, pos solver.Position, text string) func(solver.Position) (solver.Move, error) {
	tb.Helper()
	for _, m := range pos.Moves() {
		if tutor.MoveText(m) == text {
			return func(solver.Position) (solver.Move, error) { return m, nil }
		}
	}
	tb.Fatalf("%s has no move %q", pos, text)
	return nil
}

// wantFault checks that err is a fault of code whose message holds text.
func wantFault(tb testing.TB, err error, code string, text string) {
	tb.Helper()
	if err == nil || fault.Code(err) != code || !strings.Contains(fault.Message(err), text) {
		tb.Errorf("got %v (code %v), want a %v fault saying %q", err, fault.Code(err), code, text)
	}
}

// TestStudySession runs a session through the use cases on each engine:
// the refused starts, a puzzle closed because every member answered, one
// closed because its time ran out (once, though two tutors tick), the
// checks on who may reveal and stop, and the final table.
func TestStudySession(t *testing.T) {
	ctx := context.Background()
	tutortest.Each(t, func(t *testing.T, db tutortest.DB) {
		clock := tutortest.NewClock(time.UnixMilli(1_800_000_000_000))
		open := db.Opener(t)
		tt := tutor.New(tutor.Config{Cache: mapCache{}, Practice: open, Now: clock.Now})
		other := tutor.New(tutor.Config{Cache: mapCache{}, Practice: open, Now: clock.Now}) // a second replica
		g, _ := solver.Lookup("nim")
		const mentor, alice, bob, carol = "1", "2", "3", "4"
		in := tutor.SessionStart{Starter: mentor, Guild: "g", Channel: "c", Game: g, Puzzles: 3, Seconds: 60, BotPosts: true}

		bad := in
		bad.Guild = ""
		_, err := tt.StartSession(ctx, bad)
		wantFault(t, err, fault.EInvalid, "runs in a server channel")
		bad = in
		bad.Puzzles = 11
		_, err = tt.StartSession(ctx, bad)
		wantFault(t, err, fault.EInvalid, "give 1 to 10 puzzles, not 11")
		bad = in
		bad.Seconds = 5
		_, err = tt.StartSession(ctx, bad)
		wantFault(t, err, fault.EInvalid, "give 15 to 600 seconds a puzzle, not 5")

		v, err := tt.StartSession(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if v.Open == nil || v.Open.Index != 0 || len(v.Puzzles) != 3 || v.Closed != nil {
			t.Fatalf("the start: %+v", v)
		}
		// Every puzzle's winning moves are exactly those an exhaustive
		// search finds.
		for _, id := range v.Puzzles {
			p, err := tt.OpenPuzzle(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			var wins []string
			for _, m := range p.Position.Moves() {
				next, _ := p.Position.Play(m)
				if r, ok := solver.Reach(ctx, next, 1<<22); ok && r.Outcome == solver.Loss {
					wins = append(wins, tutor.MoveText(m))
				} else if !ok {
					t.Fatalf("%s: the search of %s did not finish", id, next)
				}
			}
			var got []string
			for _, m := range p.Winning {
				got = append(got, tutor.MoveText(m))
			}
			if !slices.Equal(wins, got) || len(wins) == 0 || len(wins) == len(p.Position.Moves()) {
				t.Errorf("%s: winning %v, search says %v of %d moves", id, got, wins, len(p.Position.Moves()))
			}
		}
		busy := in
		busy.Starter = carol
		_, err = tt.StartSession(ctx, busy)
		wantFault(t, err, fault.EInvalid, "a session is already running in this channel: started by <@1>, puzzle 1 of 3; /session stop ends it")

		// Puzzle 1: both members joined; it closes on the second answer.
		for _, u := range []string{alice, bob} {
			if _, err := tt.JoinSession(ctx, u, v.ID, tutor.Via{}); err != nil {
				t.Fatal(err)
			}
		}
		p0 := v.Open.Puzzle
		clock.Advance(10 * time.Second)
		a, err := tt.AnswerSession(ctx, alice, v.ID, 0, tutor.Via{}, moveOf(t, p0.Position, tutortest.WinningMove(t, p0.ID)))
		if err != nil || a.Closed != nil {
			t.Fatalf("alice's answer: %+v, %v; want it recorded, the puzzle open", a, err)
		}
		_, err = tt.AnswerSession(ctx, alice, v.ID, 0, tutor.Via{}, moveOf(t, p0.Position, tutortest.WinningMove(t, p0.ID)))
		wantFault(t, err, fault.EInvalid, "you already answered puzzle 1")
		clock.Advance(10 * time.Second)
		a, err = tt.AnswerSession(ctx, bob, v.ID, 0, tutor.Via{}, moveOf(t, p0.Position, tutortest.LosingMove(t, p0.ID)))
		if err != nil || a.Closed == nil {
			t.Fatalf("bob's answer: %+v, %v; want it to close the puzzle", a, err)
		}
		c := a.Closed
		if c.Closed.Index != 0 || c.Open.Index != 1 || len(c.Closed.Answers) != 2 || len(c.Closed.Missing) != 0 || !strings.Contains(c.Event, "Everyone has answered puzzle 1") {
			t.Fatalf("after everyone answered: %+v", c)
		}
		_, err = tt.AnswerSession(ctx, carol, v.ID, 0, tutor.Via{}, moveOf(t, p0.Position, tutortest.WinningMove(t, p0.ID)))
		wantFault(t, err, fault.EExpired, "this puzzle is closed: the session is at puzzle 2 of 3")

		// Puzzle 2: alice answers, then the time runs out; two replicas
		// tick and it closes once.
		p1 := c.Open.Puzzle
		clock.Advance(5 * time.Second)
		if _, err := tt.AnswerSession(ctx, alice, v.ID, 1, tutor.Via{}, moveOf(t, p1.Position, tutortest.WinningMove(t, p1.ID))); err != nil {
			t.Fatal(err)
		}
		if due, err := tt.CloseDueSessions(ctx); err != nil || len(due) != 0 {
			t.Fatalf("closed before the time ran out: %v, %v", due, err)
		}
		clock.Advance(55 * time.Second)
		due, err := tt.CloseDueSessions(ctx)
		if err != nil || len(due) != 1 {
			t.Fatalf("the time ran out: closed %d, %v; want 1", len(due), err)
		}
		if again, err := other.CloseDueSessions(ctx); err != nil || len(again) != 0 {
			t.Errorf("the other replica closed it again: %d, %v", len(again), err)
		}
		d := due[0]
		if d.Closed.Index != 1 || !slices.Equal(d.Closed.Missing, []string{bob}) || d.Open.Index != 2 || !strings.Contains(d.Event, "Time is up for puzzle 2") {
			t.Fatalf("after the time ran out: %+v", d)
		}

		// Puzzle 3: only the starter or a manager reveals or stops.
		_, err = tt.RevealSession(ctx, alice, v.ID, 2, false)
		wantFault(t, err, fault.EForbidden, "only <@1>, who started this session, or a member who can manage the server can reveal")
		_, err = tt.StopSession(ctx, bob, "g", "c", false)
		wantFault(t, err, fault.EForbidden, "can stop it")
		clock.Advance(3 * time.Second)
		if _, err := tt.AnswerSession(ctx, bob, v.ID, 2, tutor.Via{}, moveOf(t, d.Open.Puzzle.Position, tutortest.WinningMove(t, d.Open.Puzzle.ID))); err != nil {
			t.Fatal(err)
		}
		end, err := tt.RevealSession(ctx, carol, v.ID, 2, true)
		if err != nil {
			t.Fatal(err)
		}
		if !end.Over() || end.Status != store.SessionOver || end.Open != nil || len(end.Table) != 2 {
			t.Fatalf("the end: %+v", end)
		}
		// Alice: 2 right in 10+5 s; Bob: 1 right (puzzle 3) in 20+3 s.
		want := []tutor.Standing{{Rank: 1, User: alice, Right: 2, Answered: 2, Time: 15 * time.Second}, {Rank: 2, User: bob, Right: 1, Answered: 2, Time: 23 * time.Second}}
		if !slices.Equal(end.Table, want) {
			t.Errorf("table %+v, want %+v", end.Table, want)
		}
		_, err = tt.StopSession(ctx, mentor, "g", "c", false)
		wantFault(t, err, fault.EInvalid, "no session is running in this channel")

		// A session the bot cannot post in keeps its puzzle open past the
		// time, until the mentor stops it.
		quiet := in
		quiet.BotPosts = false
		q, err := tt.StartSession(ctx, quiet)
		if err != nil {
			t.Fatal(err)
		}
		// Nobody joined: an answer does not close the puzzle (its member
		// is waited for from the next puzzle on).
		qp := q.Open.Puzzle
		if a, err := tt.AnswerSession(ctx, carol, q.ID, 0, tutor.Via{}, moveOf(t, qp.Position, tutortest.WinningMove(t, qp.ID))); err != nil || a.Closed != nil {
			t.Errorf("the first answer, nobody having joined: %+v, %v; want the puzzle open", a, err)
		}
		clock.Advance(10 * time.Minute)
		if due, err := tt.CloseDueSessions(ctx); err != nil || len(due) != 0 {
			t.Errorf("closed a session nobody can announce: %v, %v", due, err)
		}
		stop, err := tt.StopSession(ctx, mentor, "g", "c", false)
		if err != nil || stop.Status != store.SessionStopped || stop.ID != q.ID || stop.Closed == nil || stop.Closed.Index != 0 {
			t.Errorf("stopping: %+v, %v", stop, err)
		}

		// A session abandoned for an hour past its puzzle's time no
		// longer holds the channel: a new start stops it.
		old, err := tt.StartSession(ctx, quiet)
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(tutor.SessionAbandoned) // due after 60 s: not yet an hour past
		_, err = tt.StartSession(ctx, busy)
		wantFault(t, err, fault.EInvalid, "a session is already running in this channel")
		clock.Advance(time.Minute)
		fresh, err := tt.StartSession(ctx, busy)
		if err != nil || fresh.ID == old.ID || fresh.Starter != carol {
			t.Fatalf("a start after an abandoned session: %+v, %v", fresh, err)
		}
	})
}

// TestStartSessionEveryGame starts a session of the most puzzles in
// every game, and checks each puzzle has a winning move and a move that
// does not win.
func TestStartSessionEveryGame(t *testing.T) {
	ctx := context.Background()
	tt := tutor.New(tutor.Config{Cache: mapCache{}, Practice: tutortest.SQLite(t).Opener(t)})
	for k, g := range solver.Games() {
		v, err := tt.StartSession(ctx, tutor.SessionStart{Starter: "1", Guild: "g", Channel: "c" + g.Name(), Game: g, Puzzles: tutor.MaxSessionPuzzles, Seconds: 60, Seed: uint64(k + 1)})
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		if len(v.Puzzles) != tutor.MaxSessionPuzzles {
			t.Errorf("%s: %d puzzles", g.Name(), len(v.Puzzles))
		}
		for _, id := range v.Puzzles {
			p, err := tt.OpenPuzzle(ctx, id)
			if err != nil || len(p.Winning) == 0 || len(p.Winning) == p.Moves {
				t.Errorf("%s: puzzle %s has %d winning moves of %d (%v)", g.Name(), id, len(p.Winning), p.Moves, err)
			}
		}
	}
}

// BenchmarkStartSession measures a session's start in each game: the
// draw of five puzzles (each found and solved by exhaustive search) and
// the stored record.
func BenchmarkStartSession(b *testing.B) {
	ctx := context.Background()
	for _, g := range solver.Games() {
		b.Run(g.Name(), func(b *testing.B) {
			tt := tutor.New(tutor.Config{Cache: mapCache{}, Practice: tutortest.SQLite(b).Opener(b)})
			k := 0
			for b.Loop() {
				k++
				// A channel each, with fresh seeds: no puzzle is cached.
				if _, err := tt.StartSession(ctx, tutor.SessionStart{Starter: "1", Guild: "g", Channel: fmt.Sprint("c", k), Game: g, Puzzles: 5, Seconds: 60, Seed: uint64(k)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSessionTokenPosts checks the clock of a session whose bot user
// cannot post: it posts through the session's latest interaction, at
// most MaxTokenPosts times a token and while the token lasts; an answer's
// interaction brings a fresh token.
func TestSessionTokenPosts(t *testing.T) {
	ctx := context.Background()
	clock := tutortest.NewClock(time.UnixMilli(1_800_000_000_000))
	tt := tutor.New(tutor.Config{Cache: mapCache{}, Practice: tutortest.SQLite(t).Opener(t), Now: clock.Now})
	g, _ := solver.Lookup("nim")
	v, err := tt.StartSession(ctx, tutor.SessionStart{Starter: "1", Guild: "g", Channel: "c", Game: g, Puzzles: 9, Seconds: 15, AppID: "app", Token: "start", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	tick := func(want int) []tutor.SessionView {
		t.Helper()
		clock.Advance(15 * time.Second)
		due, err := tt.CloseDueSessions(ctx)
		if err != nil || len(due) != want {
			t.Fatalf("a tick closed %d, %v; want %d", len(due), err, want)
		}
		return due
	}
	for range tutor.MaxTokenPosts {
		if due := tick(1); due[0].Token != "start" {
			t.Errorf("posted with token %q, want the start's", due[0].Token)
		}
	}
	tick(0) // the start's token has no follow-up left
	p, err := tt.SessionPuzzleAt(ctx, v.ID, tutor.MaxTokenPosts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tt.AnswerSession(ctx, "2", v.ID, tutor.MaxTokenPosts, tutor.Via{AppID: "app", Token: "answer"}, moveOf(t, p.Position, tutortest.WinningMove(t, p.ID))); err != nil {
		t.Fatal(err)
	}
	if due := tick(1); due[0].Token != "answer" || due[0].Closed.Index != tutor.MaxTokenPosts {
		t.Errorf("after an answer: closed puzzle %d with token %q, want %d with the answer's", due[0].Closed.Index, due[0].Token, tutor.MaxTokenPosts)
	}
	clock.Advance(tutor.TokenLife) // the answer's token expires
	if due, err := tt.CloseDueSessions(ctx); err != nil || len(due) != 0 {
		t.Errorf("closed %d after the token expired, %v", len(due), err)
	}
}
