//! Reading games: a game with its seats, its steps, the lobby.

use uuid::Uuid;

use super::rows::{GameSeatRow, LobbyColumns, fold_games, game_columns};
use super::{GameRow, LobbyRow, Pool, StepRow, Store};

/// A game joined with each of its seats and the seat holders' names, in
/// seat order; the caller adds the `WHERE` on `g`.
const GAME_SEATS_SELECT: &str = concat!(
    "SELECT ",
    game_columns!(),
    ",
        s.seat, s.player_id, p.display_name, p.computer_level, s.colour, s.place, s.score,
        s.client_seed
     FROM games g
     LEFT JOIN game_seats s ON s.game_id = g.id
     LEFT JOIN players p ON p.id = s.player_id"
);

impl Store {
    /// A game by id, with its seats (one statement, so one snapshot).
    pub async fn game(&self, id: Uuid) -> Result<Option<GameRow>, sqlx::Error> {
        let sql = format!("{GAME_SEATS_SELECT} WHERE g.id = $1 ORDER BY s.seat");
        let rows: Vec<GameSeatRow> =
            read!(self, pool => sqlx::query_as(&sql).bind(id).fetch_all(pool).await)?;
        Ok(fold_games(rows)?.pop())
    }

    /// The latest game of a room (the highest `game_no`), with its seats.
    pub async fn latest_game(&self, room: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let sql = format!(
            "{GAME_SEATS_SELECT}
             WHERE g.id = (SELECT l.id FROM games l WHERE l.room_code = $1
                           ORDER BY l.game_no DESC LIMIT 1)
             ORDER BY s.seat"
        );
        let rows: Vec<GameSeatRow> =
            read!(self, pool => sqlx::query_as(&sql).bind(room).fetch_all(pool).await)?;
        Ok(fold_games(rows)?.pop())
    }

    /// The steps of a game, in order.
    pub async fn steps(&self, game_id: Uuid) -> Result<Vec<StepRow>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT step_no, seat, step, played_at, clock FROM steps WHERE game_id = $1 ORDER BY step_no",
        )
        .bind(game_id)
        .fetch_all(pool)
        .await)
    }

    /// How many steps are stored, over all games.
    pub async fn step_count(&self) -> Result<i64, sqlx::Error> {
        read!(self, pool => sqlx::query_scalar("SELECT count(*) FROM steps")
            .fetch_one(pool)
            .await)
    }

    /// Public rooms whose latest game waits for players, newest first (at
    /// most 100), with how many of its seats are open.
    pub async fn lobby(&self) -> Result<Vec<LobbyRow>, sqlx::Error> {
        let rows: Vec<LobbyColumns> = read!(self, pool => sqlx::query_as(
            "SELECT r.code, r.rule_set, p.display_name AS creator_name, g.seat_count,
                    (SELECT COUNT(*) FROM game_seats s
                     WHERE s.game_id = g.id AND s.player_id IS NULL) AS open_seats,
                    (SELECT MIN(s.seat) FROM game_seats s
                     WHERE s.game_id = g.id AND s.player_id IS NULL) AS open_seat,
                    r.created_at
             FROM games g
             JOIN rooms r ON r.code = g.room_code
             JOIN players p ON p.id = r.creator_id
             WHERE g.status = 'waiting' AND r.public
               AND g.game_no = (SELECT MAX(l.game_no) FROM games l WHERE l.room_code = g.room_code)
             ORDER BY r.created_at DESC
             LIMIT 100",
        )
        .fetch_all(pool)
        .await)?;
        rows.into_iter().map(LobbyColumns::typed).collect()
    }

    /// A room's series score: each player's points summed over the room's
    /// finished games (the scores the rules gave; Jequier scores each game).
    pub async fn room_series(&self, room: &str) -> Result<Vec<(Uuid, i64)>, sqlx::Error> {
        let rows: Vec<(Uuid, i64)> = read!(self, pool => sqlx::query_as(
            "SELECT s.player_id, CAST(SUM(s.score) AS BIGINT)
             FROM game_seats s
             JOIN games g ON g.id = s.game_id
             WHERE g.room_code = $1 AND g.status = 'finished'
               AND s.player_id IS NOT NULL AND s.score IS NOT NULL
             GROUP BY s.player_id
             ORDER BY s.player_id",
        )
        .bind(room)
        .fetch_all(pool)
        .await)?;
        Ok(rows)
    }

    /// A game's server seed and its commitment (`docs/fairness.md`);
    /// `None` for games of earlier releases, which have none.
    pub async fn fairness(&self, game_id: Uuid) -> Result<Option<(Vec<u8>, String)>, sqlx::Error> {
        read!(self, pool => sqlx::query_as(
            "SELECT server_seed, commitment FROM game_fairness WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(pool)
        .await)
    }
}
