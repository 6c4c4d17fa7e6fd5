-- Rated games and players' ratings. A rated game's `rating` (JSON: its pool, its players,
-- their ratings before and, once rated, after) is fixed at creation but for the rating
-- written once when it has ended; `rating_due` marks a rated game not rated yet.
ALTER TABLE games ADD COLUMN rating TEXT;
ALTER TABLE games ADD COLUMN rating_due BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX games_rating_due ON games (id) WHERE rating_due;

-- Each player's rating per owner and pool, in whole millionths (volatility: billionths), so
-- that what is read back is exactly what was computed. `revision` counts the writes: each
-- expects the one before it.
CREATE TABLE ratings (
    owner TEXT NOT NULL,
    pool TEXT NOT NULL,
    player TEXT NOT NULL,
    rating_micros BIGINT NOT NULL,
    deviation_micros BIGINT NOT NULL,
    volatility_nanos BIGINT NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    rated_us BIGINT NOT NULL,
    revision BIGINT NOT NULL,
    PRIMARY KEY (owner, pool, player)
);
CREATE INDEX ratings_by_rank ON ratings (owner, pool, rating_micros DESC, player);
CREATE INDEX ratings_by_player ON ratings (owner, player);
