-- Senet Online: players, rooms, games and every turn.

CREATE TABLE players (
    id           UUID PRIMARY KEY,
    display_name TEXT NOT NULL,
    -- SHA-256 of the secret part of the player token; the token itself is never stored.
    token_hash   BYTEA NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rooms (
    code       TEXT PRIMARY KEY,
    rule_set   TEXT NOT NULL,
    public     BOOLEAN NOT NULL,
    creator_id UUID NOT NULL REFERENCES players (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE games (
    id             UUID PRIMARY KEY,
    room_code      TEXT NOT NULL REFERENCES rooms (code),
    game_no        INTEGER NOT NULL,
    rule_set       TEXT NOT NULL,
    cone_player    UUID REFERENCES players (id),
    spool_player   UUID REFERENCES players (id),
    -- waiting (a seat is open), playing, finished
    status         TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
    winner         TEXT CHECK (winner IN ('cone', 'spool')),
    -- borne_off (all pieces off), resigned, abandoned
    result_how     TEXT CHECK (result_how IN ('borne_off', 'resigned', 'abandoned')),
    -- A throw that has been announced but not yet moved by (bits of the four sticks).
    pending_sticks SMALLINT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at     TIMESTAMPTZ,
    finished_at    TIMESTAMPTZ,
    UNIQUE (room_code, game_no)
);

CREATE INDEX games_unfinished ON games (status) WHERE status <> 'finished';

CREATE TABLE turns (
    game_id    UUID NOT NULL REFERENCES games (id),
    turn_no    INTEGER NOT NULL CHECK (turn_no >= 1),
    side       TEXT NOT NULL CHECK (side IN ('cone', 'spool')),
    throw      SMALLINT NOT NULL,
    -- bits of the four sticks, bit i set when stick i fell light side up
    sticks     SMALLINT NOT NULL,
    -- the square of the moved piece, NULL for a forfeit
    from_square SMALLINT,
    -- the position text after the turn
    position   TEXT NOT NULL,
    played_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, turn_no)
);
