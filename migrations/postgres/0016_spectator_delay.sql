-- How much later than its seats spectators see a game (JSON: plies and milliseconds held
-- back), NULL for no delay. Fixed at creation.
ALTER TABLE games ADD COLUMN spectator_delay TEXT;
