-- The time control, as JSON; NULL for a game without clocks. Fixed at creation.
ALTER TABLE games ADD COLUMN clock TEXT;
-- When the earliest running clock of a game in progress runs out, in microseconds since the
-- Unix epoch; NULL while no clock runs. Every process's timekeeper looks for the soonest.
ALTER TABLE games ADD COLUMN deadline_us BIGINT;
CREATE INDEX games_by_deadline ON games (deadline_us) WHERE deadline_us IS NOT NULL;
