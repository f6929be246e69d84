package store_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/glicko2"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

var init1500 = glicko2.Rating{Rating: 1500, RD: 350, Vol: 0.06}

// answer records one attempt as practice does: lock the learner and the
// puzzle, change both, add the attempt.
func answer(tb testing.TB, s *store.Store, user, guild, puzzle string, correct bool) {
	tb.Helper()
	err := s.Update(context.Background(), func(tx *store.Tx) error {
		l, err := tx.LockLearner(user, "adapwns", init1500)
		if err != nil {
			return err
		}
		p, err := tx.LockPuzzle(puzzle, "adapwns", init1500)
		if err != nil {
			return err
		}
		before := l.Rating.Rating
		if correct {
			l.Solved++
			l.Rating.Rating += 10
			p.Solved++
		} else {
			l.Failed++
			l.Rating.Rating -= 10
		}
		p.Attempts++
		if err := tx.PutLearner(l); err != nil {
			return err
		}
		if err := tx.PutPuzzle(p); err != nil {
			return err
		}
		if err := tx.JoinGuild(guild, user); err != nil {
			return err
		}
		_, err = tx.AddAttempt(store.Attempt{User: user, Guild: guild, Game: "adapwns", PuzzleID: puzzle, Move: "5 4", Correct: correct,
			Before: before, After: l.Rating.Rating, PuzzleAfter: p.Rating.Rating, Themes: []string{"gap mod 3"}, At: time.Now()})
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
}

func TestMigrationsRunOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		cfg := b.Config(t)
		s1 := storetest.Open(t, cfg)
		s2 := storetest.Open(t, cfg) // a second start on the same database
		files, _ := os.ReadDir("migrations")
		for _, s := range []*store.Store{s1, s2} {
			v, err := s.Version(context.Background())
			if err != nil || v != len(files) {
				t.Errorf("Version = %d, %v; want %d, the number of migrations", v, err, len(files))
			}
		}
		if s1.Kind() != b.Kind {
			t.Errorf("Kind = %s, want %s", s1.Kind(), b.Kind)
		}
	})
}

func TestPracticeRecords(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		if _, err := s.Learner(ctx, "u1", "adapwns"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Learner of nobody: %v, want ErrNotFound", err)
		}
		// A pending puzzle counts hints up to the ladder's length.
		if err := s.OpenPuzzle(ctx, store.Pending{User: "u1", PuzzleID: "adapwns-1", Game: "adapwns", Guild: "g1"}); err != nil {
			t.Fatal(err)
		}
		for want := range []int{1, 2, 3, 3} {
			n, err := s.UseHint(ctx, "u1", "adapwns-1", 3)
			if err != nil || n != min(want+1, 3) {
				t.Errorf("UseHint = %d, %v; want %d", n, err, min(want+1, 3))
			}
		}
		// Showing it again keeps the hints.
		if err := s.OpenPuzzle(ctx, store.Pending{User: "u1", PuzzleID: "adapwns-1", Game: "adapwns"}); err != nil {
			t.Fatal(err)
		}
		p, err := s.Pending(ctx, "u1", "adapwns-1")
		if err != nil || p.Hints != 3 || p.Guild != "g1" {
			t.Errorf("Pending = %+v, %v; want 3 hints in g1", p, err)
		}
		if _, err := s.UseHint(ctx, "u1", "nothing", 3); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("UseHint on no puzzle: %v, want ErrNotFound", err)
		}
		// Taking it twice: the second finds nothing.
		for k, want := range []error{nil, store.ErrNotFound} {
			err := s.Update(ctx, func(tx *store.Tx) error {
				_, err := tx.TakePending("u1", "adapwns-1")
				return err
			})
			if !errors.Is(err, want) {
				t.Errorf("TakePending #%d: %v, want %v", k+1, err, want)
			}
		}
		answer(t, s, "u1", "g1", "adapwns-1", false)
		answer(t, s, "u1", "g1", "adapwns-2", true)
		answer(t, s, "u2", "g1", "adapwns-2", true)
		answer(t, s, "u2", "g1", "adapwns-3", true)
		answer(t, s, "u3", "g2", "adapwns-3", true)
		l, err := s.Learner(ctx, "u1", "adapwns")
		if err != nil || l.Solved != 1 || l.Failed != 1 || l.Rating.Rating != 1500 {
			t.Errorf("Learner u1 = %+v, %v; want 1 solved, 1 failed, 1500", l, err)
		}
		as, err := s.Attempts(ctx, "u1", "adapwns", 0)
		if err != nil || len(as) != 2 || as[0].Correct || !as[1].Correct || !slices.Equal(as[1].Themes, []string{"gap mod 3"}) {
			t.Errorf("Attempts = %+v, %v", as, err)
		}
		if as, _ := s.Attempts(ctx, "u1", "", 1); len(as) != 1 || !as[0].Correct {
			t.Errorf("Attempts limit 1 = %+v, want the newest", as)
		}
		pz, err := s.GetPuzzle(ctx, "adapwns-2")
		if err != nil || pz.Attempts != 2 || pz.Solved != 2 {
			t.Errorf("GetPuzzle = %+v, %v; want 2 attempts, 2 solved", pz, err)
		}
		top, rank, err := s.Leaderboard(ctx, "g1", "adapwns", "u1", 10)
		if err != nil || len(top) != 2 || top[0].User != "u2" || top[1].User != "u1" || rank != 2 {
			t.Errorf("Leaderboard g1 = %+v, rank %d, %v; want u2, u1 and rank 2", top, rank, err)
		}
		if _, rank, _ := s.Leaderboard(ctx, "g2", "adapwns", "u1", 10); rank != 0 {
			t.Errorf("u1's rank in g2 = %d, want 0 (never practised there)", rank)
		}
	})
}

func TestStalePendingDropped(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		now := time.Now()
		s.SetClock(func() time.Time { return now })
		if err := s.OpenPuzzle(ctx, store.Pending{User: "u", PuzzleID: "old", Game: "adapwns"}); err != nil {
			t.Fatal(err)
		}
		now = now.Add(store.PendingLife + time.Hour)
		if err := s.OpenPuzzle(ctx, store.Pending{User: "u", PuzzleID: "new", Game: "adapwns"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Pending(ctx, "u", "old"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a puzzle open for %v is still open: %v", store.PendingLife, err)
		}
		if _, err := s.Pending(ctx, "u", "new"); err != nil {
			t.Errorf("the new puzzle: %v", err)
		}
	})
}

func TestDaily(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		add := func(user string, correct bool) error {
			return s.Update(ctx, func(tx *store.Tx) error {
				if _, err := tx.LockPuzzle("p", "abgame", init1500); err != nil {
					return err
				}
				_, err := tx.AddAttempt(store.Attempt{User: user, Guild: "g", Game: "abgame", PuzzleID: "p", Daily: "2026-11-23", Move: "1 2", Correct: correct, At: time.Now()})
				return err
			})
		}
		for _, a := range []struct {
			user    string
			correct bool
			want    error
		}{{"a", true, nil}, {"b", false, nil}, {"c", true, nil}, {"a", false, store.ErrDuplicate}} {
			if err := add(a.user, a.correct); !errors.Is(err, a.want) {
				t.Errorf("answer by %s: %v, want %v", a.user, err, a.want)
			}
		}
		solved, failed, err := s.DailyTally(ctx, "g", "2026-11-23")
		if err != nil || solved != 2 || failed != 1 {
			t.Errorf("DailyTally = %d, %d, %v; want 2, 1", solved, failed, err)
		}
		if a, err := s.DailyAttempt(ctx, "g", "2026-11-23", "a"); err != nil || !a.Correct {
			t.Errorf("DailyAttempt a = %+v, %v", a, err)
		}
		if _, err := s.DailyAttempt(ctx, "g", "2026-11-23", "z"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("DailyAttempt z: %v, want ErrNotFound", err)
		}
	})
}

func TestGames(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		g := store.GameRecord{ID: "g1", User: "u", Game: "adapwns", Start: "..P.P", Side: 0}
		if err := s.SaveGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		if err := s.AppendMoves(ctx, "g1", nil, []string{"3 1", "5 4"}, ""); err != nil {
			t.Fatal(err)
		}
		if err := s.AppendMoves(ctx, "g1", nil, []string{"3 2"}, ""); !errors.Is(err, store.ErrGameMoved) {
			t.Errorf("AppendMoves from a stale board: %v, want ErrGameMoved", err)
		}
		if err := s.AppendMoves(ctx, "g1", []string{"3 1", "5 4"}, []string{"4 3"}, "won"); err != nil {
			t.Fatal(err)
		}
		got, err := s.Game(ctx, "g1")
		if err != nil || len(got.Moves) != 3 || got.Moves[2] != "4 3" || got.Result != "won" || got.Start != "..P.P" {
			t.Errorf("Game = %+v, %v", got, err)
		}
		if err := s.AppendMoves(ctx, "nope", nil, nil, ""); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("AppendMoves of no game: %v", err)
		}
		gs, err := s.Games(ctx, "u", 10)
		if err != nil || len(gs) != 1 {
			t.Errorf("Games = %+v, %v", gs, err)
		}
	})
}

func TestForgetAndExport(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		answer(t, s, "me", "g1", "p1", true)
		answer(t, s, "other", "g1", "p1", true)
		if err := s.SaveGame(ctx, store.GameRecord{ID: "x", User: "me", Guild: "g2", Game: "abgame", Start: "A.B", Moves: []string{"1 2"}}); err != nil {
			t.Fatal(err)
		}
		if err := s.OpenPuzzle(ctx, store.Pending{User: "me", PuzzleID: "p2", Game: "adapwns"}); err != nil {
			t.Fatal(err)
		}
		e, err := s.ExportUser(ctx, "me")
		if err != nil || len(e.Ratings) != 1 || len(e.Attempts) != 1 || len(e.Games) != 1 || len(e.Open) != 1 || len(e.Guilds) != 2 {
			t.Fatalf("ExportUser = %+v, %v; want 1 rating, attempt, game, open puzzle and 2 guilds", e, err)
		}
		if err := s.Forget(ctx, "me"); err != nil {
			t.Fatal(err)
		}
		e, err = s.ExportUser(ctx, "me")
		if err != nil || len(e.Ratings)+len(e.Attempts)+len(e.Games)+len(e.Open)+len(e.Guilds) != 0 {
			t.Errorf("after Forget, ExportUser = %+v, %v; want nothing", e, err)
		}
		if l, err := s.Learner(ctx, "other", "adapwns"); err != nil || l.Solved != 1 {
			t.Errorf("Forget touched another learner: %+v, %v", l, err)
		}
	})
}

// TestDuelBusy: a member with an unfinished duel cannot be in a second
// one, and a challenge older than the cut-off no longer binds them.
func TestDuelBusy(t *testing.T) {
	ctx := context.Background()
	s := storetest.Open(t, storetest.SQLiteConfig(t))
	duel := func(id, a, b string) store.Duel {
		return store.Duel{ID: id, First: a, Second: b, ChallengerFirst: true, Game: "nim", Start: "1 2", Status: store.DuelOffered}
	}
	past, future := time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	if err := s.CreateDuel(ctx, duel("d1", "1", "2"), past, past); err != nil {
		t.Fatal(err)
	}
	var busy *store.ErrInDuel
	if err := s.CreateDuel(ctx, duel("d2", "3", "2"), past, past); !errors.As(err, &busy) || busy.User != "2" {
		t.Errorf("a second challenge of a busy member: %v, want ErrInDuel for 2", err)
	}
	// With the cut-off after the first challenge was made, it has expired.
	if err := s.CreateDuel(ctx, duel("d3", "3", "2"), future, future); err != nil {
		t.Errorf("a challenge after the first expired: %v", err)
	}
	if _, err := s.Duel(ctx, "d2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused challenge was stored: %v", err)
	}
}
