package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// TestReviewCards writes cards, serves one with a puzzle, reads them back
// soonest first, exports them and forgets them with the learner; the
// schema refuses a card that is neither a theme nor a puzzle.
func TestReviewCards(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.Open(t, b.Config(t))
		t0 := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
		cards := []store.ReviewCard{
			{User: "me", Game: "adapwns", Card: "theme:parity", State: 2, Stability: 3.5, Difficulty: 5, Due: t0.Add(72 * time.Hour), LastReview: t0, Reps: 2},
			{User: "me", Game: "adapwns", Card: "puzzle:adapwns-7", State: 1, Stability: 0.212, Difficulty: 6.4, Due: t0.Add(time.Minute), LastReview: t0, Reps: 1, Lapses: 0},
			{User: "other", Game: "adapwns", Card: "theme:parity", State: 1, Stability: 2.3, Difficulty: 2, Due: t0, LastReview: t0, Reps: 1},
		}
		err := s.Update(ctx, func(tx *store.Tx) error {
			for _, c := range cards {
				if err := tx.PutReviewCard(c); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.OpenReview(ctx, store.Pending{User: "me", PuzzleID: "adapwns-99", Game: "adapwns"}, "puzzle:adapwns-7"); err != nil {
			t.Fatal(err)
		}
		got, err := s.ReviewCards(ctx, "me", "adapwns")
		if err != nil || len(got) != 2 || got[0].Card != "puzzle:adapwns-7" || got[0].Serving != "adapwns-99" || !got[0].Due.Equal(t0.Add(time.Minute)) {
			t.Fatalf("ReviewCards = %+v, %v; want the puzzle card first, serving adapwns-99", got, err)
		}
		if c, err := s.ReviewServing(ctx, "me", "adapwns-99"); err != nil || c.Card != "puzzle:adapwns-7" {
			t.Errorf("ReviewServing = %+v, %v", c, err)
		}
		if _, err := s.Pending(ctx, "me", "adapwns-99"); err != nil {
			t.Errorf("the review puzzle is not open: %v", err)
		}
		if _, err := s.ReviewServing(ctx, "me", "adapwns-1"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("ReviewServing of a plain puzzle: %v, want ErrNotFound", err)
		}
		bad := cards[0]
		bad.Card = "parity"
		if err := s.Update(ctx, func(tx *store.Tx) error { return tx.PutReviewCard(bad) }); err == nil {
			t.Error("a card named neither theme: nor puzzle: was stored")
		}
		e, err := s.ExportUser(ctx, "me")
		if err != nil || len(e.Reviews) != 2 {
			t.Fatalf("export has %d review cards (%v), want 2", len(e.Reviews), err)
		}
		if err := s.Forget(ctx, "me"); err != nil {
			t.Fatal(err)
		}
		if got, err := s.ReviewCards(ctx, "me", ""); err != nil || len(got) != 0 {
			t.Errorf("after Forget: %+v, %v", got, err)
		}
		if got, err := s.ReviewCards(ctx, "other", ""); err != nil || len(got) != 1 {
			t.Errorf("Forget touched another learner's cards: %+v, %v", got, err)
		}
	})
}
