-- Senet Online: players, rooms, games and every turn (SQLite).
-- The same schema as migrations/postgres, in SQLite's types: UUIDs are
-- 16-byte BLOBs and times are RFC 3339 TEXT, as sqlx encodes them.

CREATE TABLE players (
    id           BLOB PRIMARY KEY,
    display_name TEXT NOT NULL,
    -- SHA-256 of the secret part of the player token; the token itself is never stored.
    token_hash   BLOB NOT NULL,
    created_at   TEXT NOT NULL
);

CREATE TABLE rooms (
    code       TEXT PRIMARY KEY,
    rule_set   TEXT NOT NULL,
    public     BOOLEAN NOT NULL,
    creator_id BLOB NOT NULL REFERENCES players (id),
    created_at TEXT NOT NULL
);

CREATE TABLE games (
    id             BLOB PRIMARY KEY,
    room_code      TEXT NOT NULL REFERENCES rooms (code),
    game_no        INTEGER NOT NULL,
    rule_set       TEXT NOT NULL,
    cone_player    BLOB REFERENCES players (id),
    spool_player   BLOB REFERENCES players (id),
    status         TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
    winner         TEXT CHECK (winner IN ('cone', 'spool')),
    result_how     TEXT CHECK (result_how IN ('borne_off', 'resigned', 'abandoned')),
    pending_sticks INTEGER,
    created_at     TEXT NOT NULL,
    started_at     TEXT,
    finished_at    TEXT,
    UNIQUE (room_code, game_no)
);

CREATE INDEX games_unfinished ON games (status) WHERE status <> 'finished';

CREATE TABLE turns (
    game_id     BLOB NOT NULL REFERENCES games (id),
    turn_no     INTEGER NOT NULL CHECK (turn_no >= 1),
    side        TEXT NOT NULL CHECK (side IN ('cone', 'spool')),
    throw       INTEGER NOT NULL,
    sticks      INTEGER NOT NULL,
    from_square INTEGER,
    position    TEXT NOT NULL,
    played_at   TEXT NOT NULL,
    PRIMARY KEY (game_id, turn_no)
) WITHOUT ROWID;
