-- The seats the server's engine plays, as JSON; NULL when none. Games with bots in progress
-- are what a starting replica looks for, to move the bots whose turn it is.
ALTER TABLE games ADD COLUMN bots TEXT;
CREATE INDEX games_with_bots_in_progress ON games (id) WHERE bots IS NOT NULL AND status = 'in_progress';
