-- The computer as a player: one row per level (fixed ids, created by the
-- server when first needed; see crates/senet-server/src/computer.rs), with
-- no usable token. `computer_level` names the level; it is NULL for people.
ALTER TABLE players ADD COLUMN computer_level TEXT
    CHECK (computer_level IN ('beginner', 'intermediate', 'expert'));

CREATE UNIQUE INDEX players_computer_level ON players (computer_level)
    WHERE computer_level IS NOT NULL;
