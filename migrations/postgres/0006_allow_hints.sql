-- Whether the seat to move may ask for hints while the game runs. Fixed at creation; games
-- created before it keep what they had: hints for peg solitaire (one seat) only.
ALTER TABLE games ADD COLUMN allow_hints BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE games SET allow_hints = TRUE WHERE kind = 'peg_solitaire';
