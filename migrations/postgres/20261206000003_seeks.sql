-- Quick pairing: a player waiting in a pool (docs/pairing.md). Shared by
-- every node: a pair is made by one transaction that claims every seek
-- it pairs (`room_code` from NULL to the new room's) and creates the room.
CREATE TABLE seeks (
    id           UUID PRIMARY KEY,
    -- One pool at a time: a new seek of the player replaces the old.
    player_id    UUID NOT NULL UNIQUE REFERENCES players (id),
    rule_set     TEXT NOT NULL,
    seats        SMALLINT NOT NULL,
    -- The room's time control as stored text ('' for none).
    time_control TEXT NOT NULL,
    rated        BOOLEAN NOT NULL,
    -- The player's rating in the pool when the seek began.
    rating       DOUBLE PRECISION NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    -- Refreshed by the seeker's socket; a seek not seen lately (its node
    -- died) is never paired.
    seen_at      TIMESTAMPTZ NOT NULL,
    -- Set once, when paired.
    room_code    TEXT
);
CREATE INDEX seeks_pool ON seeks (rule_set, seats, time_control, rated, created_at)
    WHERE room_code IS NULL;
