-- What a learner shows other members (issue 24): with hide_progress,
-- `/progress user:` shows their record to nobody but themselves, and
-- leaderboards leave them out. The row is the learner's own: /export
-- lists it and /forget deletes it with their row in users.
CREATE TABLE user_settings (
    user_id       TEXT NOT NULL PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
    hide_progress BOOLEAN NOT NULL DEFAULT FALSE CHECK (hide_progress IN (FALSE, TRUE)),
    updated_at    BIGINT NOT NULL
);
