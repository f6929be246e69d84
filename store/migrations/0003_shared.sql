-- State shared by replicas behind one endpoint (issue 15).

-- Interaction ids already received, so that one delivered to two replicas
-- is answered once. Rows older than an interaction token's life (15
-- minutes) are swept.
CREATE TABLE interactions (
    interaction_id TEXT NOT NULL PRIMARY KEY,
    seen_at        BIGINT NOT NULL
);
CREATE INDEX interactions_seen ON interactions (seen_at);

-- Per-user rate limits: a fixed window per user, counted atomically.
CREATE TABLE rate_limits (
    user_id      TEXT NOT NULL PRIMARY KEY,
    window_start BIGINT NOT NULL,
    used         INTEGER NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);

-- Game and hint states too large for a custom_id, under the random key
-- the custom_id carries.
CREATE TABLE states (
    state_key  TEXT NOT NULL PRIMARY KEY,
    value      TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX states_expires ON states (expires_at);
