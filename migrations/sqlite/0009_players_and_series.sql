-- Who sits in each seat (JSON, NULL when the creator named nobody) and the series a game is
-- part of (JSON, NULL for a game on its own).
ALTER TABLE games ADD COLUMN players TEXT;
ALTER TABLE games ADD COLUMN series TEXT;

-- Each game's named players by id, so that a player's games are listed from an index.
CREATE TABLE game_players (
    player_id TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX game_players_by_game ON game_players (game_id);

-- Series of games between two players. `body` is the whole series as JSON; `status` and
-- `revision` are copied out of it to list by status and to update conditionally.
CREATE TABLE series (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    revision BIGINT NOT NULL,
    request_key TEXT UNIQUE
);
CREATE INDEX series_by_status ON series (status, id);
