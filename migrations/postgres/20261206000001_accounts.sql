-- Accounts: a player who chose a username and a password. The player keeps
-- its id, so its games (and later its ratings) stay its own.
CREATE TABLE accounts (
    player_id     UUID PRIMARY KEY REFERENCES players (id),
    -- As the player wrote it (NFKC), shown on profiles and leaderboards.
    username      TEXT NOT NULL,
    -- The username's confusable skeleton, case-folded: two usernames that
    -- look alike share it, so it is unique and is what a login looks up.
    username_key  TEXT NOT NULL UNIQUE,
    -- Argon2id in the PHC string format (salt and parameters included).
    password_hash TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);

-- One row a login: the token's secret is 256 bits from the OS RNG and only
-- its SHA-256 is stored. A player's first token (players.token_hash) is
-- not here: it predates any account.
CREATE TABLE sessions (
    token_hash BYTEA PRIMARY KEY,
    player_id  UUID NOT NULL REFERENCES players (id),
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_player_id ON sessions (player_id);
