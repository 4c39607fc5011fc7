-- Steps and seats as rows (shared/design/game-model.md), as in
-- migrations/postgres: a game is its seats (`game_seats`) and its list of
-- steps (`steps`), for every rule set.
--
-- The Kendall-only columns of `games` (cone_player, spool_player, winner,
-- result_how, pending_sticks) are DROPPED here too, by rebuilding the table:
-- SQLite cannot drop a column that a CHECK or an index names. sqlx runs this
-- file in one transaction, where `PRAGMA foreign_keys = OFF` does nothing,
-- so the order keeps every foreign key valid at each statement: the new
-- `games_new` is filled first and the new tables point at it; `turns` (the
-- only table pointing at the old `games`) is emptied into `steps` and
-- dropped; then the old `games` is dropped and `games_new` renamed to
-- `games`, which rewrites the references of `game_seats` and `steps`
-- (SQLite >= 3.26, legacy_alter_table off).

CREATE TABLE games_new (
    id          BLOB PRIMARY KEY,
    room_code   TEXT NOT NULL REFERENCES rooms (code),
    game_no     INTEGER NOT NULL,
    rule_set    TEXT NOT NULL,
    seat_count  INTEGER NOT NULL CHECK (seat_count BETWEEN 1 AND 4),
    status      TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
    -- The engine's `EndHow::as_str` names; not CHECKed, the engine owns the list.
    end_how     TEXT,
    created_at  TEXT NOT NULL,
    started_at  TEXT,
    finished_at TEXT,
    UNIQUE (room_code, game_no)
);

INSERT INTO games_new (id, room_code, game_no, rule_set, seat_count, status, end_how,
                       created_at, started_at, finished_at)
SELECT id, room_code, game_no, rule_set, 2, status,
       CASE WHEN status = 'finished' THEN result_how END,
       created_at, started_at, finished_at
FROM games;

-- One row a seat; see migrations/postgres for the columns.
CREATE TABLE game_seats (
    game_id     BLOB NOT NULL REFERENCES games_new (id),
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player_id   BLOB REFERENCES players (id),
    colour      INTEGER,
    place       INTEGER CHECK (place >= 1),
    score       INTEGER,
    finished_at TEXT,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- Every step of a game, numbered from 1; see migrations/postgres.
CREATE TABLE steps (
    game_id   BLOB NOT NULL REFERENCES games_new (id),
    step_no   INTEGER NOT NULL CHECK (step_no >= 1),
    seat      INTEGER CHECK (seat BETWEEN 0 AND 3),
    step      TEXT NOT NULL,
    played_at TEXT NOT NULL,
    PRIMARY KEY (game_id, step_no)
) WITHOUT ROWID;

-- Old games: seat 0 is the Cone, seat 1 the Spool; the winner is first.
INSERT INTO game_seats (game_id, seat, player_id, place, finished_at)
SELECT id, 0, cone_player,
       CASE WHEN status <> 'finished' THEN NULL
            WHEN winner = 'cone' THEN 1 WHEN winner = 'spool' THEN 2 END,
       CASE WHEN status = 'finished' THEN finished_at END
FROM games
UNION ALL
SELECT id, 1, spool_player,
       CASE WHEN status <> 'finished' THEN NULL
            WHEN winner = 'spool' THEN 1 WHEN winner = 'cone' THEN 2 END,
       CASE WHEN status = 'finished' THEN finished_at END
FROM games;

-- Old turns as steps, as in migrations/postgres.
INSERT INTO steps (game_id, step_no, seat, step, played_at)
SELECT game_id,
       ROW_NUMBER() OVER (PARTITION BY game_id ORDER BY ord, sub),
       seat, step, played_at
FROM (
    SELECT game_id, turn_no AS ord, 0 AS sub, NULL AS seat,
           CASE WHEN (sticks & 1) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (sticks & 2) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (sticks & 4) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (sticks & 8) <> 0 THEN 'L' ELSE 'D' END AS step,
           played_at
    FROM turns
    UNION ALL
    SELECT game_id, turn_no, 1, CASE WHEN side = 'cone' THEN 0 ELSE 1 END,
           CASE WHEN side = 'cone' THEN '0:' ELSE '1:' END || CAST(from_square AS TEXT),
           played_at
    FROM turns
    WHERE from_square IS NOT NULL
    UNION ALL
    SELECT g.id, 2147483647, 0, NULL,
           CASE WHEN (g.pending_sticks & 1) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (g.pending_sticks & 2) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (g.pending_sticks & 4) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (g.pending_sticks & 8) <> 0 THEN 'L' ELSE 'D' END,
           COALESCE((SELECT MAX(t.played_at) FROM turns t WHERE t.game_id = g.id),
                    g.started_at, g.created_at)
    FROM games g
    WHERE g.pending_sticks IS NOT NULL AND g.status = 'playing'
) AS old_steps;

DROP TABLE turns;
-- Its indexes (games_unfinished, games_finished_order, games_cone_finished,
-- games_spool_finished) go with it.
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;

CREATE INDEX games_unfinished ON games (status) WHERE status <> 'finished';

CREATE INDEX games_finished_order ON games (finished_at DESC, id DESC)
    WHERE status = 'finished';

-- The history list for one player: keyset pagination over
-- (finished_at, game_id), as games_finished_order is for everyone.
CREATE INDEX game_seats_player_finished
    ON game_seats (player_id, finished_at DESC, game_id DESC)
    WHERE finished_at IS NOT NULL;
