-- The first schema: game records and their append-only event logs.
CREATE TABLE games (
    id                TEXT PRIMARY KEY NOT NULL,
    kind              TEXT NOT NULL,
    config            TEXT NOT NULL,
    seat_token_hashes BLOB NOT NULL,
    created_us        INTEGER NOT NULL,
    updated_us        INTEGER NOT NULL,
    seq               INTEGER NOT NULL,
    status            TEXT NOT NULL,
    outcome           TEXT,
    move_count        INTEGER NOT NULL
);

CREATE TABLE events (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    time_us    INTEGER NOT NULL,
    body       TEXT NOT NULL,
    request_id TEXT,
    PRIMARY KEY (game_id, seq)
);
