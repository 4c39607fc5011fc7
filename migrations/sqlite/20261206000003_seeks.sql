-- Quick pairing (see migrations/postgres for the why of each column).
CREATE TABLE seeks (
    id           BLOB PRIMARY KEY,
    player_id    BLOB NOT NULL UNIQUE REFERENCES players (id),
    rule_set     TEXT NOT NULL,
    seats        SMALLINT NOT NULL,
    time_control TEXT NOT NULL,
    rated        BOOLEAN NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    created_at   TEXT NOT NULL,
    seen_at      TEXT NOT NULL,
    room_code    TEXT
);
CREATE INDEX seeks_pool ON seeks (rule_set, seats, time_control, rated, created_at)
    WHERE room_code IS NULL;
