package store

import (
	"context"
	"time"
)

// ReviewCard is one idea a learner is scheduled to see again: its
// spaced-repetition memory state (package fsrs) and what serves it.
type ReviewCard struct {
	User string `json:"-"`
	Game string `json:"game"`
	// Card is "theme:NAME" or "puzzle:ID".
	Card string `json:"card"`
	// State and Step are the scheduler's (fsrs.State and its step).
	State int `json:"state"`
	Step  int `json:"step"`
	// Stability (days) and Difficulty (1..10) are the memory model's.
	Stability  float64   `json:"stability"`
	Difficulty float64   `json:"difficulty"`
	Due        time.Time `json:"due"`
	LastReview time.Time `json:"last_review"`
	Reps       int       `json:"reps"`
	Lapses     int       `json:"lapses"`
	// Serving is the puzzle shown as this card's review and not yet
	// answered; LastPuzzle the puzzle of its latest review answered.
	Serving    string `json:"serving,omitempty"`
	LastPuzzle string `json:"last_puzzle,omitempty"`
}

const reviewCols = `user_id, game, card, state, step, stability, difficulty, due_at, last_review, reps, lapses, serving, last_puzzle`

func scanReview(row scanner) (ReviewCard, error) {
	var c ReviewCard
	var due, last int64
	err := row.Scan(&c.User, &c.Game, &c.Card, &c.State, &c.Step, &c.Stability, &c.Difficulty, &due, &last, &c.Reps, &c.Lapses, &c.Serving, &c.LastPuzzle)
	c.Due, c.LastReview = fromMillis(due), fromMillis(last)
	return c, err
}

// ReviewCards returns the learner's cards in game ("" for every game),
// the soonest due first.
func (s *Store) ReviewCards(ctx context.Context, user, game string) ([]ReviewCard, error) {
	return queryAll(ctx, s, "review cards", scanReview, `SELECT `+reviewCols+` FROM review_cards
		WHERE user_id = $1 AND ($2 = '' OR game = $2) ORDER BY due_at, game, card`, user, game)
}

// ReviewServing returns the card whose review is the learner's puzzle
// puzzleID, or ErrNotFound when the puzzle is not serving a review.
func (s *Store) ReviewServing(ctx context.Context, user, puzzleID string) (ReviewCard, error) {
	c, err := scanReview(s.db.QueryRowContext(ctx, `SELECT `+reviewCols+` FROM review_cards WHERE user_id = $1 AND serving = $2 ORDER BY due_at LIMIT 1`, user, puzzleID))
	return one(c, err, "review card")
}

// ReviewCard returns one of the learner's cards in the transaction, or
// ErrNotFound.
func (t *Tx) ReviewCard(user, game, card string) (ReviewCard, error) {
	c, err := scanReview(t.queryRow(`SELECT `+reviewCols+` FROM review_cards WHERE user_id = $1 AND game = $2 AND card = $3`, user, game, card))
	return one(c, err, "review card")
}

// ReviewServing is Store.ReviewServing in the transaction.
func (t *Tx) ReviewServing(user, puzzleID string) (ReviewCard, error) {
	c, err := scanReview(t.queryRow(`SELECT `+reviewCols+` FROM review_cards WHERE user_id = $1 AND serving = $2 ORDER BY due_at LIMIT 1`, user, puzzleID))
	return one(c, err, "review card")
}

// PutReviewCard writes a card, creating it or replacing its state.
func (t *Tx) PutReviewCard(c ReviewCard) error {
	if err := t.touchUser(c.User); err != nil {
		return err
	}
	return t.exec(`INSERT INTO review_cards (`+reviewCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (user_id, game, card) DO UPDATE SET state = excluded.state, step = excluded.step, stability = excluded.stability,
			difficulty = excluded.difficulty, due_at = excluded.due_at, last_review = excluded.last_review, reps = excluded.reps,
			lapses = excluded.lapses, serving = excluded.serving, last_puzzle = excluded.last_puzzle`,
		c.User, c.Game, c.Card, c.State, c.Step, c.Stability, c.Difficulty, c.Due.UnixMilli(), c.LastReview.UnixMilli(), c.Reps, c.Lapses, c.Serving, c.LastPuzzle)
}

// OpenReview opens puzzle o for its learner, as OpenPuzzle does, and
// marks it as the review of their card in the same transaction. A card
// already serving another puzzle serves this one instead.
func (s *Store) OpenReview(ctx context.Context, o Pending, card string) error {
	return s.Update(ctx, func(tx *Tx) error {
		if err := tx.openPuzzle(o); err != nil {
			return err
		}
		return tx.exec(`UPDATE review_cards SET serving = $4 WHERE user_id = $1 AND game = $2 AND card = $3`, o.User, o.Game, card, o.PuzzleID)
	})
}
