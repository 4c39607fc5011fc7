-- Accounts and login sessions (see migrations/postgres for the why of each
-- column), in SQLite's types.
CREATE TABLE accounts (
    player_id     BLOB PRIMARY KEY REFERENCES players (id),
    username      TEXT NOT NULL,
    username_key  TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL
);

CREATE TABLE sessions (
    token_hash BLOB PRIMARY KEY,
    player_id  BLOB NOT NULL REFERENCES players (id),
    created_at TEXT NOT NULL
);
CREATE INDEX sessions_player_id ON sessions (player_id);
