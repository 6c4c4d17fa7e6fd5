-- Games scheduled to start later: when each starts (microseconds since the epoch), NULL for
-- a game that started at its creation.
ALTER TABLE games ADD COLUMN start_us BIGINT;
