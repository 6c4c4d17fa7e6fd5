-- Rematches: the game a game is a rematch of (fixed at creation) and a finished game's
-- rematch (set once, in the transaction that creates it, so a game has at most one).
ALTER TABLE games ADD COLUMN rematch_of TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;
