-- The first schema: game records and their append-only event logs.
CREATE TABLE games (
    id                TEXT PRIMARY KEY,
    kind              TEXT NOT NULL,
    config            TEXT NOT NULL,
    seat_token_hashes BYTEA NOT NULL,
    created_us        BIGINT NOT NULL,
    updated_us        BIGINT NOT NULL,
    seq               BIGINT NOT NULL,
    status            TEXT NOT NULL,
    outcome           TEXT,
    move_count        BIGINT NOT NULL
);

CREATE TABLE events (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        BIGINT NOT NULL,
    time_us    BIGINT NOT NULL,
    body       TEXT NOT NULL,
    request_id TEXT,
    PRIMARY KEY (game_id, seq)
);
