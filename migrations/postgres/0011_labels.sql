-- The labels the managing backend gives games and series, to find them by: a game's in a
-- column of its own (a JSON object, NULL when it has none; a series' are in its body), and
-- both in index tables, one row a label, so that a list filtered by labels reads an index.
ALTER TABLE games ADD COLUMN labels TEXT;

CREATE TABLE game_labels (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (game_id, key)
);
CREATE INDEX game_labels_by_label ON game_labels (key, value, game_id);

CREATE TABLE series_labels (
    series_id TEXT NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (series_id, key)
);
CREATE INDEX series_labels_by_label ON series_labels (key, value, series_id);
