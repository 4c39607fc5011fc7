-- Provably fair chance (docs/fairness.md): each game's secret server seed,
-- drawn from the OS CSPRNG when the game is created, and its SHA-256
-- commitment, shown to players from the start; the seed is revealed only
-- once the game is over. Each seat's client seed is the player's own
-- contribution ('' when they gave none). Games of earlier releases have no
-- row here: their throws came straight from the OS CSPRNG.
CREATE TABLE game_fairness (
    game_id     BLOB PRIMARY KEY REFERENCES games (id),
    server_seed BLOB NOT NULL,
    commitment  TEXT NOT NULL
);

ALTER TABLE game_seats ADD COLUMN client_seed TEXT;
