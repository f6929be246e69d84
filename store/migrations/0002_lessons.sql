-- Lesson progress: one row per learner and lesson (/learn).
CREATE TABLE lesson_progress (
    user_id    TEXT NOT NULL,
    lesson     TEXT NOT NULL,
    steps_done INTEGER NOT NULL DEFAULT 0,
    mistakes   INTEGER NOT NULL DEFAULT 0,
    done       BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, lesson)
);
