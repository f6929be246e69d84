-- Secrets every replica must share (issue 24): the key that signs the
-- state carried in buttons, created once by the first replica that needs
-- it (INSERT … ON CONFLICT DO NOTHING) and read by all.
CREATE TABLE secrets (
    name       TEXT NOT NULL PRIMARY KEY CHECK (name <> ''),
    value      TEXT NOT NULL CHECK (value <> ''),
    created_at BIGINT NOT NULL
);
