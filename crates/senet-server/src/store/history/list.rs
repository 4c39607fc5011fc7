//! The history's reads: finished games newest first, a game by id, games
//! being played, each with its seats.

use std::collections::HashMap;

use uuid::Uuid;

use super::super::rows::{GameColumns, SeatJoin, game_columns};
use super::super::{Pool, SeatRow, Store};
use super::HistoryRow;
use super::filters::{HistoryQuery, Param, bind_all, visible_to};

/// A listed game's own columns, before its seats are added.
#[derive(sqlx::FromRow)]
struct HistoryHead {
    #[sqlx(flatten)]
    game: GameColumns,
    step_count: i32,
    chance_count: i64,
    public: bool,
    time_control: Option<String>,
}

/// A seat with its game's id.
#[derive(sqlx::FromRow)]
struct SeatOfGame {
    game_id: Uuid,
    #[sqlx(flatten)]
    seat: SeatJoin,
}

/// The columns of [`HistoryHead`] from games `g`.
pub(super) const HEAD_COLUMNS: &str = concat!(
    game_columns!(),
    ",
        COALESCE((SELECT MAX(t.step_no) FROM steps t WHERE t.game_id = g.id), 0) AS step_count,
        (SELECT COUNT(*) FROM steps t WHERE t.game_id = g.id AND t.seat IS NULL) AS chance_count,
        COALESCE((SELECT r.public FROM rooms r WHERE r.code = g.room_code), FALSE) AS public,
        (SELECT r.time_control FROM rooms r WHERE r.code = g.room_code) AS time_control"
);

/// Ids a statement reads seats for at most (under both databases' limits).
const SEATS_CHUNK: usize = 500;

impl Store {
    /// Adds their seats to listed games (one query a chunk of games), with
    /// each holder's client seed when `client_seeds` (a game's detail shows
    /// them for `fairness`; the lists do not read them).
    async fn with_seats(
        &self,
        heads: Vec<HistoryHead>,
        client_seeds: bool,
    ) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let seed_column = if client_seeds { ", s.client_seed" } else { "" };
        let mut seats: HashMap<Uuid, Vec<SeatRow>> = HashMap::new();
        for chunk in heads.chunks(SEATS_CHUNK) {
            let list = (1..=chunk.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!(
                "SELECT s.game_id, s.seat, s.player_id, p.display_name, p.computer_level,
                        s.colour, s.place, s.score{seed_column},
                        CAST(ROUND(rh.rating_before) AS INTEGER) AS rating_before,
                        CAST(ROUND(rh.rating) AS INTEGER) AS rating_after
                 FROM game_seats s LEFT JOIN players p ON p.id = s.player_id
                 LEFT JOIN rating_history rh ON rh.game_id = s.game_id AND rh.player_id = s.player_id
                 WHERE s.game_id IN ({list})
                 ORDER BY s.game_id, s.seat"
            );
            let rows: Vec<SeatOfGame> = read!(self, pool => {
                let mut query = sqlx::query_as(&sql);
                for head in chunk {
                    query = query.bind(head.game.id);
                }
                query.fetch_all(pool).await
            })?;
            for row in rows {
                seats
                    .entry(row.game_id)
                    .or_default()
                    .extend(row.seat.into_seat());
            }
        }
        heads
            .into_iter()
            .map(|h| {
                let game_seats = seats.remove(&h.game.id).unwrap_or_default();
                Ok(HistoryRow {
                    game: h.game.typed(game_seats)?,
                    step_count: h.step_count,
                    chance_count: h.chance_count,
                    public: h.public,
                    time_control: h.time_control,
                })
            })
            .collect()
    }

    /// Finished games, newest first, filtered and paged, with their seats.
    pub async fn history(&self, q: &HistoryQuery) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let Some(shape) = self.name_shape(q).await? else {
            return Ok(Vec::new());
        };
        let (sql, params) = q.sql(shape);
        let heads = read!(self, pool => bind_all!(sqlx::query_as::<_, HistoryHead>(&sql), &params)
            .fetch_all(pool)
            .await)?;
        self.with_seats(heads, false).await
    }

    /// The query plan the database chooses for a history query: `EXPLAIN`
    /// on PostgreSQL, `EXPLAIN QUERY PLAN` on SQLite, one line a row.
    /// A name nobody matches needs no query: its plan is that sentence.
    pub async fn explain_history(&self, q: &HistoryQuery) -> Result<String, sqlx::Error> {
        let Some(shape) = self.name_shape(q).await? else {
            return Ok("no player matches the name: no query".to_owned());
        };
        let (sql, params) = q.sql(shape);
        let sql = format!("EXPLAIN {sql}");
        match &self.pool {
            Pool::Postgres(pool) => {
                let lines: Vec<String> = bind_all!(sqlx::query_scalar::<_, String>(&sql), &params)
                    .fetch_all(pool)
                    .await?;
                Ok(lines.join("\n"))
            }
            Pool::Sqlite(pool) => {
                let sql = sql.replacen("EXPLAIN", "EXPLAIN QUERY PLAN", 1);
                let rows: Vec<(i64, i64, i64, String)> =
                    bind_all!(sqlx::query_as::<_, (i64, i64, i64, String)>(&sql), &params)
                        .fetch_all(pool)
                        .await?;
                Ok(rows
                    .into_iter()
                    .map(|(_, _, _, detail)| detail)
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
        }
    }

    /// One game with its history metadata and seats (with their client
    /// seeds), whatever its status and whoever may see it (check
    /// [`HistoryRow::visible_to`]).
    pub async fn history_game(&self, id: Uuid) -> Result<Option<HistoryRow>, sqlx::Error> {
        let sql = format!("SELECT {HEAD_COLUMNS} FROM games g WHERE g.id = $1");
        let head = read!(self, pool => sqlx::query_as::<_, HistoryHead>(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        Ok(self
            .with_seats(head.into_iter().collect(), true)
            .await?
            .pop())
    }

    /// Games being played now that `viewer` may see (see [`HistoryQuery::viewer`]),
    /// most recently started first.
    pub async fn live_games(
        &self,
        limit: i64,
        viewer: Option<Uuid>,
    ) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let sql = format!(
            "SELECT {HEAD_COLUMNS} FROM games g WHERE g.status = 'playing' AND {}
             ORDER BY g.started_at DESC, g.id DESC LIMIT $1",
            visible_to(viewer.map(|_| 2)),
        );
        let heads = read!(self, pool => {
            let query = sqlx::query_as::<_, HistoryHead>(&sql).bind(limit);
            match viewer {
                Some(viewer) => query.bind(viewer),
                None => query,
            }
            .fetch_all(pool)
            .await
        })?;
        self.with_seats(heads, false).await
    }
}
