-- Tournaments of many players. `body` is the whole tournament as JSON; `status` and
-- `revision` are copied out of it to list by status and to update conditionally. A game
-- made by a tournament names its place in it (`games.tournament`, JSON).
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    revision BIGINT NOT NULL,
    request_key TEXT UNIQUE
);
CREATE INDEX tournaments_by_status ON tournaments (status, id);

CREATE TABLE tournament_labels (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (tournament_id, key)
);
CREATE INDEX tournament_labels_by_label ON tournament_labels (key, value, tournament_id);

ALTER TABLE games ADD COLUMN tournament TEXT;
