-- A game keeps several snapshots, by seq (its newest, and checkpoints every 512 events), so
-- that the game at any past seq is replayed from a nearby one; and when each seat's token
-- was last reissued (JSON microseconds per seat, NULL when never), which revokes signed
-- seat credentials issued before.
CREATE TABLE snapshots_by_seq (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    state   BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO snapshots_by_seq (game_id, seq, state) SELECT game_id, seq, state FROM snapshots;
DROP TABLE snapshots;
ALTER TABLE snapshots_by_seq RENAME TO snapshots;

ALTER TABLE games ADD COLUMN seats_reissued TEXT;
