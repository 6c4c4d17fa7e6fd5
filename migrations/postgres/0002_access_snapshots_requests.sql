-- Private games and their owners, state snapshots, retried requests found by index, and
-- the change poll's index.
ALTER TABLE games ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN owner TEXT;

CREATE INDEX games_owner_status ON games (owner, status);
CREATE INDEX games_updated ON games (updated_us);

CREATE TABLE snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq     BIGINT NOT NULL,
    state   BYTEA NOT NULL
);

CREATE INDEX events_request ON events (game_id, request_id) WHERE request_id IS NOT NULL;
