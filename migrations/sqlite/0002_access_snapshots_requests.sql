-- Private games and their owners, state snapshots, and retried requests found by index.
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN owner TEXT;

CREATE INDEX games_owner_status ON games (owner, status);

CREATE TABLE snapshots (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    state   BLOB NOT NULL
);

CREATE INDEX events_request ON events (game_id, request_id) WHERE request_id IS NOT NULL;
