-- Rated rooms and ratings (see migrations/postgres for the why of each
-- column), in SQLite's types.
ALTER TABLE rooms ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE ratings (
    player_id  BLOB NOT NULL REFERENCES players (id),
    pool       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION,
    games      INTEGER NOT NULL,
    rated_at   TEXT NOT NULL,
    PRIMARY KEY (player_id, pool)
);
CREATE INDEX ratings_pool_rating ON ratings (pool, rating DESC);

CREATE TABLE rating_history (
    game_id          BLOB NOT NULL REFERENCES games (id),
    player_id        BLOB NOT NULL REFERENCES players (id),
    pool             TEXT NOT NULL,
    rating_before    DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    rating           DOUBLE PRECISION NOT NULL,
    deviation        DOUBLE PRECISION NOT NULL,
    volatility       DOUBLE PRECISION,
    rated_at         TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_history_player ON rating_history (player_id, pool, rated_at);
