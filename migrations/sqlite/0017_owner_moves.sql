-- Whether each move of a game goes on its owner's stream besides what the stream always
-- carries. Fixed at creation; off for every game made before.
ALTER TABLE games ADD COLUMN owner_moves BOOLEAN NOT NULL DEFAULT FALSE;
