-- Seats' presence. Each game keeping it records what its log last announced of each seat
-- (JSON, one entry a seat; NULL before any was). A lease is one process's hold on one
-- seat: it runs until `expires_us` (microseconds since the epoch), renewed while the
-- process holds a stream of the seat (`streaming` 1); a seat whose leases all ran out is
-- announced gone by whichever process finds it first.
ALTER TABLE games ADD COLUMN presence TEXT;

CREATE TABLE seat_leases (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    holder TEXT NOT NULL,
    streaming BIGINT NOT NULL,
    expires_us BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, holder)
);

CREATE INDEX seat_leases_by_holder ON seat_leases (holder, streaming);
