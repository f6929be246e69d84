-- Spaced repetition (issue 27): one FSRS card per learner, game and idea.
-- An idea is a theme ('theme:NAME') or a missed puzzle ('puzzle:ID'),
-- whose review is a fresh position with the same themes. serving is the
-- puzzle shown as the card's review until it is answered, last_puzzle
-- the puzzle of the latest review answered. Times are Unix milliseconds.
CREATE TABLE review_cards (
    user_id     TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    game        TEXT NOT NULL CHECK (game <> ''),
    card        TEXT NOT NULL CHECK (card LIKE 'theme:_%' OR card LIKE 'puzzle:_%'),
    state       INTEGER NOT NULL CHECK (state BETWEEN 0 AND 3),
    step        INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
    stability   DOUBLE PRECISION NOT NULL CHECK (stability >= 0),
    difficulty  DOUBLE PRECISION NOT NULL CHECK (difficulty BETWEEN 0 AND 10),
    due_at      BIGINT NOT NULL,
    last_review BIGINT NOT NULL,
    reps        INTEGER NOT NULL DEFAULT 0 CHECK (reps >= 0),
    lapses      INTEGER NOT NULL DEFAULT 0 CHECK (lapses BETWEEN 0 AND reps),
    serving     TEXT NOT NULL DEFAULT '',
    last_puzzle TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (user_id, game, card)
);
CREATE INDEX review_cards_due ON review_cards (user_id, game, due_at);
