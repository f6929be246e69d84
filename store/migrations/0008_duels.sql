-- Duels between members (issue 28): one row per challenge, kept through
-- the game it becomes. first_user moves first from start (whose mover is
-- start_mover), second_user answers; challenger_first says which of them
-- issued the challenge, the other being the challenged member who may
-- accept or decline it. moves is the JSON array of every move, each as
-- its two numbers; result is who won once status is 'over'. Both players
-- reference users ON DELETE CASCADE: forgetting either one deletes the
-- duel, which holds the moves of both. Times are Unix milliseconds.
CREATE TABLE duels (
    duel_id          TEXT NOT NULL PRIMARY KEY CHECK (duel_id <> ''),
    first_user       TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    second_user      TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    challenger_first BOOLEAN NOT NULL CHECK (challenger_first IN (FALSE, TRUE)),
    guild_id         TEXT NOT NULL DEFAULT '',
    game             TEXT NOT NULL CHECK (game <> ''),
    start            TEXT NOT NULL,
    start_mover      INTEGER NOT NULL CHECK (start_mover IN (0, 1)),
    moves            {{json}} NOT NULL DEFAULT '[]' CHECK ({{isarray "moves"}}),
    status           TEXT NOT NULL CHECK (status IN ('offered', 'declined', 'playing', 'over')),
    result           TEXT NOT NULL DEFAULT '' CHECK (result IN ('', 'first', 'second', 'tie')),
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    CHECK (first_user <> second_user),
    CHECK ((status = 'over') = (result <> ''))
);
CREATE INDEX duels_first ON duels (first_user, status);
CREATE INDEX duels_second ON duels (second_user, status);
