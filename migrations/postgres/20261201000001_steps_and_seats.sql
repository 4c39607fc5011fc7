-- Steps and seats as rows (shared/design/game-model.md): a game is its seats
-- (`game_seats`) and its list of steps (`steps`), for every rule set. The
-- Kendall-only columns of `games` (cone_player, spool_player, winner,
-- result_how, pending_sticks) and the `turns` table are migrated in place
-- and then DROPPED (PostgreSQL drops columns inside a transaction; their
-- CHECKs and the indexes games_cone_finished / games_spool_finished go with
-- them). The SQLite migration of the same name does the same by rebuilding
-- `games`.

ALTER TABLE games ADD COLUMN seat_count SMALLINT NOT NULL DEFAULT 2
    CHECK (seat_count BETWEEN 1 AND 4);
ALTER TABLE games ALTER COLUMN seat_count DROP DEFAULT;
-- How a finished game ended: the engine's `EndHow::as_str` names (borne_off,
-- gates, trial, no_pawns, three_borne_off, last_player, resigned,
-- abandoned). Not CHECKed: the engine owns the list.
ALTER TABLE games ADD COLUMN end_how TEXT;

-- One row a seat; `player_id` NULL while the seat is open. `place` (1 =
-- first), `score` and `colour` are set as the rules decide them (place and
-- score when the game ends). `finished_at` repeats the game's, so that one
-- index serves "the finished games of player X, newest first"; it is set in
-- the same transaction that finishes the game.
CREATE TABLE game_seats (
    game_id     UUID NOT NULL REFERENCES games (id),
    seat        SMALLINT NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player_id   UUID REFERENCES players (id),
    colour      SMALLINT,
    place       SMALLINT CHECK (place >= 1),
    score       INTEGER,
    finished_at TIMESTAMPTZ,
    PRIMARY KEY (game_id, seat)
);

-- The history list for one player: keyset pagination over
-- (finished_at, game_id), as games_finished_order is for everyone.
CREATE INDEX game_seats_player_finished
    ON game_seats (player_id, finished_at DESC, game_id DESC)
    WHERE finished_at IS NOT NULL;

-- Every step of a game, numbered from 1: a chance step (`seat` NULL; the
-- roll's text: `LDLL`, `d4`, `d3d5`, `lot1`) or a seat's decision (`0:9`,
-- `1:enter 2`, `0:9/4`, `2:roll 1`), or a record entry of the server's own
-- (`2:resign`, `2:abandon`). The store does not interpret the text.
CREATE TABLE steps (
    game_id   UUID NOT NULL REFERENCES games (id),
    step_no   INTEGER NOT NULL CHECK (step_no >= 1),
    seat      SMALLINT CHECK (seat BETWEEN 0 AND 3),
    step      TEXT NOT NULL,
    played_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, step_no)
);

-- Old games: seat 0 is the Cone, seat 1 the Spool; the winner is first.
UPDATE games SET end_how = result_how WHERE status = 'finished';

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

-- Old turns as steps: the throw is a chance step (the sticks, stick 0
-- first, `L` for bit i set), the move a decision `<seat>:<square>`; a
-- forfeit is its chance step alone (the engine passes inside it). A throw
-- announced but not moved by (`pending_sticks` of a game being played) is
-- one more chance step at the end.
INSERT INTO steps (game_id, step_no, seat, step, played_at)
SELECT game_id,
       ROW_NUMBER() OVER (PARTITION BY game_id ORDER BY ord, sub),
       seat, step, played_at
FROM (
    SELECT game_id, turn_no AS ord, 0 AS sub, CAST(NULL AS SMALLINT) AS seat,
           CASE WHEN (sticks & 1) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (sticks & 2) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (sticks & 4) <> 0 THEN 'L' ELSE 'D' END
           || CASE WHEN (sticks & 8) <> 0 THEN 'L' ELSE 'D' END AS step,
           played_at
    FROM turns
    UNION ALL
    SELECT game_id, turn_no, 1, CAST(CASE WHEN side = 'cone' THEN 0 ELSE 1 END AS SMALLINT),
           CASE WHEN side = 'cone' THEN '0:' ELSE '1:' END || CAST(from_square AS TEXT),
           played_at
    FROM turns
    WHERE from_square IS NOT NULL
    UNION ALL
    SELECT g.id, 2147483647, 0, CAST(NULL AS SMALLINT),
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
DROP INDEX IF EXISTS games_cone_finished;
DROP INDEX IF EXISTS games_spool_finished;
ALTER TABLE games
    DROP COLUMN cone_player,
    DROP COLUMN spool_player,
    DROP COLUMN winner,
    DROP COLUMN result_how,
    DROP COLUMN pending_sticks;
