-- Duel ratings (issue 28): one Glicko-2 rating per member and game from
-- finished duels, apart from the practice ratings of learners. A row is
-- its member's own: /export lists it and /forget deletes it.
CREATE TABLE duel_ratings (
    user_id    TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    game       TEXT NOT NULL CHECK (game <> ''),
    rating     DOUBLE PRECISION NOT NULL,
    rd         DOUBLE PRECISION NOT NULL CHECK (rd > 0),
    vol        DOUBLE PRECISION NOT NULL CHECK (vol > 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses     INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    ties       INTEGER NOT NULL DEFAULT 0 CHECK (ties >= 0),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, game)
);
CREATE INDEX duel_ratings_game ON duel_ratings (game, rating);
