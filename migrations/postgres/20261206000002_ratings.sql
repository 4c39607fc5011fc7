-- Rated rooms, and a rating per player and pool: a pool is a rule set
-- (`kendall`, `kendall-7`, `jequier`, `simple`, `peril`) or Senet-modern by
-- seat count (`modern-2`, `modern-3`, `modern-4`). docs/ratings.md.
ALTER TABLE rooms ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE ratings (
    player_id  UUID NOT NULL REFERENCES players (id),
    pool       TEXT NOT NULL,
    -- Glicko-2 (two seats): rating, RD, volatility. Weng-Lin (three or
    -- four seats): mu and sigma on the same scale, volatility NULL.
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION,
    games      INTEGER NOT NULL,
    -- When its last rated game ended: the deviation grows with idle time.
    rated_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (player_id, pool)
);
-- Leaderboards: a pool's best ratings of players active lately.
CREATE INDEX ratings_pool_rating ON ratings (pool, rating DESC);

-- One row a player and rated game, written in the game's ending
-- transaction: the key makes a second update of one game impossible.
CREATE TABLE rating_history (
    game_id          UUID NOT NULL REFERENCES games (id),
    player_id        UUID NOT NULL REFERENCES players (id),
    pool             TEXT NOT NULL,
    rating_before    DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    rating           DOUBLE PRECISION NOT NULL,
    deviation        DOUBLE PRECISION NOT NULL,
    volatility       DOUBLE PRECISION,
    rated_at         TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_history_player ON rating_history (player_id, pool, rated_at);
