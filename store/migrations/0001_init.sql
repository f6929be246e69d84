-- Practice ratings: one row per learner and game (Glicko-2).
CREATE TABLE learners (
    user_id     TEXT NOT NULL,
    game        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    vol         DOUBLE PRECISION NOT NULL,
    solved      INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    hints       INTEGER NOT NULL DEFAULT 0,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, game)
);
CREATE INDEX learners_game_rating ON learners (game, rating);

-- Puzzles that have been attempted, with their own Glicko-2 rating.
CREATE TABLE puzzles (
    puzzle_id TEXT NOT NULL PRIMARY KEY,
    game      TEXT NOT NULL,
    rating    DOUBLE PRECISION NOT NULL,
    rd        DOUBLE PRECISION NOT NULL,
    vol       DOUBLE PRECISION NOT NULL,
    attempts  INTEGER NOT NULL DEFAULT 0,
    solved    INTEGER NOT NULL DEFAULT 0
);

-- A puzzle shown to a learner and not yet answered, with the hints used.
CREATE TABLE open_puzzles (
    user_id   TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    game      TEXT NOT NULL,
    guild_id  TEXT NOT NULL DEFAULT '',
    daily     TEXT NOT NULL DEFAULT '',
    hints     INTEGER NOT NULL DEFAULT 0,
    opened_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);

-- Every answered puzzle.
CREATE TABLE attempts (
    attempt_id    {{autoid}},
    user_id       TEXT NOT NULL,
    guild_id      TEXT NOT NULL DEFAULT '',
    game          TEXT NOT NULL,
    puzzle_id     TEXT NOT NULL,
    daily         TEXT NOT NULL DEFAULT '',
    move          TEXT NOT NULL,
    correct       INTEGER NOT NULL,
    hints         INTEGER NOT NULL,
    themes        TEXT NOT NULL DEFAULT '',
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    puzzle_after  DOUBLE PRECISION NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX attempts_user ON attempts (user_id, created_at);
-- One answer per learner to a server's daily puzzle.
CREATE UNIQUE INDEX attempts_daily ON attempts (guild_id, daily, user_id) WHERE daily <> '';

-- The servers a learner has practised in: leaderboards are per server.
CREATE TABLE guild_members (
    guild_id TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX guild_members_user ON guild_members (user_id);

-- Games against the bot: the start and every move, to resume and review.
CREATE TABLE games (
    game_id    TEXT NOT NULL PRIMARY KEY,
    user_id    TEXT NOT NULL,
    guild_id   TEXT NOT NULL DEFAULT '',
    game       TEXT NOT NULL,
    start      TEXT NOT NULL,
    start_mover INTEGER NOT NULL,
    side       INTEGER NOT NULL,
    moves      TEXT NOT NULL DEFAULT '',
    result     TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX games_user ON games (user_id, updated_at);
