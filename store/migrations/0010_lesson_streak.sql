-- Lessons with fresh exercises (issue 27): a step is passed after two
-- right answers in a row on different positions. streak counts the
-- right answers in a row on step streak_step (from 0), the latest of
-- them on the position streak_position.
ALTER TABLE lesson_progress ADD COLUMN streak_step INTEGER NOT NULL DEFAULT 0 CHECK (streak_step >= 0);
ALTER TABLE lesson_progress ADD COLUMN streak INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0);
ALTER TABLE lesson_progress ADD COLUMN streak_position TEXT NOT NULL DEFAULT '';
