-- Each owner's log: what happens to the games a service key owns (created, started,
-- ended, a draw offered, a takeback asked), numbered by a cursor of the owner's own. A
-- writing transaction takes the owner's counter row (after any game rows it locks) and
-- numbers its entries from it, so one owner's entries commit in cursor order on every
-- replica: a reader of cursors after N never sees a gap filled later. An entry points at
-- its game's event, which holds what happened.
CREATE TABLE owner_logs (
    owner TEXT PRIMARY KEY,
    cursor BIGINT NOT NULL
);

CREATE TABLE owner_events (
    owner TEXT NOT NULL,
    cursor BIGINT NOT NULL,
    kind BIGINT NOT NULL,
    game_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    PRIMARY KEY (owner, cursor)
);
