-- Study sessions (issue 28): a mentor's run of puzzles in one server
-- channel. puzzles is the JSON array of the practice puzzle ids, posted
-- one at a time; current is the index of the open one (the number of
-- puzzles once the session is over), opened_at when it was posted and
-- due_at when its time runs out. bot_posts says the app's bot user could
-- post in the channel when the session started (app_permissions); app_id,
-- token and token_until are the latest interaction of the session (its
-- start, a Join or an answer), whose follow-ups may carry what a
-- running-out clock posts until token_until, and token_posts counts the
-- follow-ups already sent with it (Discord allows 5). At most
-- one session runs in a channel (study_sessions_running). Times are Unix
-- milliseconds.
CREATE TABLE study_sessions (
    session_id   TEXT NOT NULL PRIMARY KEY CHECK (session_id <> ''),
    guild_id     TEXT NOT NULL CHECK (guild_id <> ''),
    channel_id   TEXT NOT NULL CHECK (channel_id <> ''),
    starter_user TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    game         TEXT NOT NULL CHECK (game <> ''),
    puzzles      {{json}} NOT NULL CHECK ({{isarray "puzzles"}}),
    seconds      INTEGER NOT NULL CHECK (seconds > 0),
    current      INTEGER NOT NULL DEFAULT 0 CHECK (current >= 0),
    opened_at    BIGINT NOT NULL,
    due_at       BIGINT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('running', 'over', 'stopped')),
    bot_posts    BOOLEAN NOT NULL CHECK (bot_posts IN (FALSE, TRUE)),
    app_id       TEXT NOT NULL DEFAULT '',
    token        TEXT NOT NULL DEFAULT '',
    token_until  BIGINT NOT NULL DEFAULT 0,
    token_posts  INTEGER NOT NULL DEFAULT 0 CHECK (token_posts >= 0),
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE UNIQUE INDEX study_sessions_running ON study_sessions (channel_id) WHERE status = 'running';
CREATE INDEX study_sessions_due ON study_sessions (status, due_at);
CREATE INDEX study_sessions_starter ON study_sessions (starter_user);

-- The members of a session: who pressed Join or answered a puzzle.
-- from_puzzle is the first puzzle the member is waited for: the one open
-- when they pressed Join, or the one after their first answer. A puzzle
-- closes early once every member waited for has answered it.
CREATE TABLE session_members (
    session_id  TEXT NOT NULL REFERENCES study_sessions (session_id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    joined_at   BIGINT NOT NULL,
    from_puzzle INTEGER NOT NULL CHECK (from_puzzle >= 0),
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX session_members_user ON session_members (user_id);

-- One answer per member and puzzle: the move as its two numbers, whether
-- it wins, and how long after the puzzle was posted it came.
CREATE TABLE session_answers (
    session_id  TEXT NOT NULL REFERENCES study_sessions (session_id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    puzzle      INTEGER NOT NULL CHECK (puzzle >= 0),
    move        TEXT NOT NULL,
    correct     BOOLEAN NOT NULL CHECK (correct IN (FALSE, TRUE)),
    elapsed_ms  BIGINT NOT NULL CHECK (elapsed_ms >= 0),
    answered_at BIGINT NOT NULL,
    PRIMARY KEY (session_id, user_id, puzzle)
);
CREATE INDEX session_answers_user ON session_answers (user_id);
