-- A schema that keeps itself consistent (issue 25): every row that
-- belongs to a learner references users ON DELETE CASCADE, so forgetting a
-- learner is one DELETE; CHECK constraints on enumerations and ranges; one
-- boolean type; the lists games.moves and attempts.themes as JSON arrays.
--
-- SQLite cannot add constraints to a table, so each table is rebuilt
-- (create the new one, copy, drop the old, rename): the same steps on
-- PostgreSQL, so that one file serves both. Every row is carried over.

-- Every learner the store knows, and when they last wrote anything.
CREATE TABLE users (
    user_id TEXT NOT NULL PRIMARY KEY CHECK (user_id <> ''),
    seen_at BIGINT NOT NULL
);
INSERT INTO users (user_id, seen_at)
SELECT user_id, MAX(at) FROM (
    SELECT user_id, updated_at AS at FROM learners
    UNION ALL SELECT user_id, opened_at FROM open_puzzles
    UNION ALL SELECT user_id, created_at FROM attempts
    UNION ALL SELECT user_id, 0 FROM guild_members
    UNION ALL SELECT user_id, updated_at FROM games
    UNION ALL SELECT user_id, updated_at FROM lesson_progress
    UNION ALL SELECT user_id, window_start FROM rate_limits
) AS owned GROUP BY user_id;

CREATE TABLE puzzles_new (
    puzzle_id TEXT NOT NULL PRIMARY KEY CHECK (puzzle_id <> ''),
    game      TEXT NOT NULL CHECK (game <> ''),
    rating    DOUBLE PRECISION NOT NULL,
    rd        DOUBLE PRECISION NOT NULL CHECK (rd > 0),
    vol       DOUBLE PRECISION NOT NULL CHECK (vol > 0),
    attempts  INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved    INTEGER NOT NULL DEFAULT 0,
    CHECK (solved BETWEEN 0 AND attempts)
);
INSERT INTO puzzles_new (puzzle_id, game, rating, rd, vol, attempts, solved)
SELECT puzzle_id, game, rating, rd, vol, attempts, solved FROM puzzles;
-- An attempt at a puzzle that has no row (the store always wrote one, but
-- the old schema did not insist) gets one with Glicko-2's starting rating.
INSERT INTO puzzles_new (puzzle_id, game, rating, rd, vol, attempts, solved)
SELECT puzzle_id, MIN(game), 1500, 350, 0.06, COUNT(*), SUM(CASE WHEN correct <> 0 THEN 1 ELSE 0 END)
FROM attempts WHERE puzzle_id NOT IN (SELECT puzzle_id FROM puzzles) GROUP BY puzzle_id;

CREATE TABLE learners_new (
    user_id     TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    game        TEXT NOT NULL CHECK (game <> ''),
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL CHECK (rd > 0),
    vol         DOUBLE PRECISION NOT NULL CHECK (vol > 0),
    solved      INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    failed      INTEGER NOT NULL DEFAULT 0 CHECK (failed >= 0),
    streak      INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
    best_streak INTEGER NOT NULL DEFAULT 0,
    hints       INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, game),
    CHECK (best_streak BETWEEN streak AND solved)
);
INSERT INTO learners_new (user_id, game, rating, rd, vol, solved, failed, streak, best_streak, hints, updated_at)
SELECT user_id, game, rating, rd, vol, solved, failed, streak, best_streak, hints, updated_at FROM learners;

CREATE TABLE open_puzzles_new (
    user_id   TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    puzzle_id TEXT NOT NULL CHECK (puzzle_id <> ''),
    game      TEXT NOT NULL CHECK (game <> ''),
    guild_id  TEXT NOT NULL DEFAULT '',
    daily     TEXT NOT NULL DEFAULT '' CHECK (daily = '' OR daily LIKE '____-__-__'),
    hints     INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    opened_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
INSERT INTO open_puzzles_new (user_id, puzzle_id, game, guild_id, daily, hints, opened_at)
SELECT user_id, puzzle_id, game, guild_id, daily, hints, opened_at FROM open_puzzles;

CREATE TABLE attempts_new (
    attempt_id    {{autoid}},
    user_id       TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    guild_id      TEXT NOT NULL DEFAULT '',
    game          TEXT NOT NULL CHECK (game <> ''),
    puzzle_id     TEXT NOT NULL REFERENCES puzzles_new (puzzle_id),
    daily         TEXT NOT NULL DEFAULT '' CHECK (daily = '' OR daily LIKE '____-__-__'),
    move          TEXT NOT NULL,
    correct       BOOLEAN NOT NULL CHECK (correct IN (FALSE, TRUE)),
    hints         INTEGER NOT NULL CHECK (hints >= 0),
    themes        {{json}} NOT NULL DEFAULT '[]' CHECK ({{isarray "themes"}}),
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    puzzle_after  DOUBLE PRECISION NOT NULL,
    created_at    BIGINT NOT NULL
);
INSERT INTO attempts_new (attempt_id, user_id, guild_id, game, puzzle_id, daily, move, correct, hints, themes, rating_before, rating_after, puzzle_after, created_at)
SELECT attempt_id, user_id, guild_id, game, puzzle_id, daily, move, correct <> 0, hints, {{splitjson "themes" ","}}, rating_before, rating_after, puzzle_after, created_at FROM attempts;
{{syncidentity "attempts_new" "attempt_id"}}

CREATE TABLE guild_members_new (
    guild_id TEXT NOT NULL CHECK (guild_id <> ''),
    user_id  TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, user_id)
);
INSERT INTO guild_members_new (guild_id, user_id) SELECT guild_id, user_id FROM guild_members;

CREATE TABLE games_new (
    game_id     TEXT NOT NULL PRIMARY KEY CHECK (game_id <> ''),
    user_id     TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    guild_id    TEXT NOT NULL DEFAULT '',
    game        TEXT NOT NULL CHECK (game <> ''),
    start       TEXT NOT NULL,
    start_mover INTEGER NOT NULL CHECK (start_mover IN (0, 1)),
    side        INTEGER NOT NULL CHECK (side IN (0, 1)),
    moves       {{json}} NOT NULL DEFAULT '[]' CHECK ({{isarray "moves"}}),
    result      TEXT NOT NULL DEFAULT '' CHECK (result IN ('', 'won', 'lost', 'tie')),
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
INSERT INTO games_new (game_id, user_id, guild_id, game, start, start_mover, side, moves, result, created_at, updated_at)
SELECT game_id, user_id, guild_id, game, start, start_mover, side, {{splitjson "moves" ";"}}, result, created_at, updated_at FROM games;

CREATE TABLE lesson_progress_new (
    user_id    TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    lesson     TEXT NOT NULL CHECK (lesson <> ''),
    steps_done INTEGER NOT NULL DEFAULT 0 CHECK (steps_done >= 0),
    mistakes   INTEGER NOT NULL DEFAULT 0 CHECK (mistakes >= 0),
    done       BOOLEAN NOT NULL DEFAULT FALSE CHECK (done IN (FALSE, TRUE)),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, lesson)
);
INSERT INTO lesson_progress_new (user_id, lesson, steps_done, mistakes, done, updated_at)
SELECT user_id, lesson, steps_done, mistakes, done, updated_at FROM lesson_progress;

CREATE TABLE rate_limits_new (
    user_id      TEXT NOT NULL PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
    window_start BIGINT NOT NULL,
    used         INTEGER NOT NULL CHECK (used >= 1)
);
INSERT INTO rate_limits_new (user_id, window_start, used) SELECT user_id, window_start, used FROM rate_limits;

DROP TABLE learners;
DROP TABLE open_puzzles;
DROP TABLE attempts;
DROP TABLE guild_members;
DROP TABLE games;
DROP TABLE lesson_progress;
DROP TABLE rate_limits;
DROP TABLE puzzles;
ALTER TABLE puzzles_new RENAME TO puzzles;
ALTER TABLE learners_new RENAME TO learners;
ALTER TABLE open_puzzles_new RENAME TO open_puzzles;
ALTER TABLE attempts_new RENAME TO attempts;
ALTER TABLE guild_members_new RENAME TO guild_members;
ALTER TABLE games_new RENAME TO games;
ALTER TABLE lesson_progress_new RENAME TO lesson_progress;
ALTER TABLE rate_limits_new RENAME TO rate_limits;

CREATE INDEX users_seen ON users (seen_at);
CREATE INDEX learners_game_rating ON learners (game, rating);
CREATE INDEX attempts_user ON attempts (user_id, created_at);
CREATE UNIQUE INDEX attempts_daily ON attempts (guild_id, daily, user_id) WHERE daily <> '';
CREATE INDEX guild_members_user ON guild_members (user_id);
CREATE INDEX games_user ON games (user_id, updated_at);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
