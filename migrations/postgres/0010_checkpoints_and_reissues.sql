-- A game keeps several snapshots, by seq (its newest, and checkpoints every 512 events), so
-- that the game at any past seq is replayed from a nearby one; and when each seat's token
-- was last reissued (JSON microseconds per seat, NULL when never), which revokes signed
-- seat credentials issued before.
ALTER TABLE snapshots DROP CONSTRAINT snapshots_pkey;
ALTER TABLE snapshots ADD PRIMARY KEY (game_id, seq);

ALTER TABLE games ADD COLUMN seats_reissued TEXT;
