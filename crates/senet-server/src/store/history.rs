//! Match-history queries: finished games newest first (keyset pagination
//! over `(finished_at, id)`), games in progress, per-player totals — for
//! every rule set and any number of seats.
//!
//! Indexes: `games_finished_order` walks every finished game newest first;
//! `game_seats_player_finished` walks one player's finished games newest
//! first (migration `20261201000001_steps_and_seats`; a seat row repeats its
//! game's `finished_at` for it). A player filter matches the player in any
//! seat; a game where they hold several seats is listed once.
//!
//! Filters only ever add fixed SQL fragments; every value is a bound
//! parameter (the SQL is built in [`super::history_sql`]). Each list is one
//! statement that returns its games with their seats.
//!
//! Privacy: a game of a private room (a room made with `public: false`,
//! and every room against the computer) is listed only to its players.
//! Every list here takes the viewer (the player asking, if any) and adds
//! [`visible_to`]'s condition.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::history_sql::{
    HEAD_COLUMNS, NAME_PLAYERS, NAME_PLAYERS_MAX, NameMatch, PLAYER_GAMES, Param, contains_pattern,
    first_places, visible_to, with_seats,
};
use super::rows::SeatJoin;
use super::{Pool, SeatRow, Store};

/// A game as the history lists it, with its seats.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    /// Game id.
    pub id: Uuid,
    /// Room code.
    pub room_code: String,
    /// 1 for the room's first game, then 2, 3… for rematches.
    pub game_no: i32,
    /// Rule set name.
    pub rule_set: String,
    /// How many seats the game has.
    pub seat_count: i16,
    /// `waiting`, `playing` or `finished`.
    pub status: String,
    /// How it ended (the engine's `EndHow::as_str` names), once finished.
    pub end_how: Option<String>,
    /// When the game was created.
    pub created_at: DateTime<Utc>,
    /// When every seat was taken.
    pub started_at: Option<DateTime<Utc>>,
    /// When the game ended.
    pub finished_at: Option<DateTime<Utc>>,
    /// Steps stored (step numbers run 1..=n, so this is the highest).
    pub step_count: i32,
    /// Of those, chance steps (under the stick rule sets, one a turn).
    pub chance_count: i64,
    /// Whether the game's room is public; a private room's games are shown
    /// to their players only.
    pub public: bool,
    /// Its seats, seat 0 first, with their players' names and levels.
    pub seats: Vec<SeatRow>,
}

impl HistoryRow {
    /// Whether `viewer` may see this game: anyone when its room is public,
    /// only its players when it is private.
    #[must_use]
    pub fn visible_to(&self, viewer: Option<Uuid>) -> bool {
        self.public || viewer.is_some_and(|v| self.seats.iter().any(|s| s.player_id == Some(v)))
    }

    /// The seat in first place, once the game is over.
    #[must_use]
    pub fn winner_seat(&self) -> Option<i16> {
        self.seats
            .iter()
            .find(|s| s.place == Some(1))
            .map(|s| s.seat)
    }

    /// The seat with this number.
    #[must_use]
    pub fn seat(&self, seat: i16) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == seat)
    }
}

/// A listed game's own columns.
#[derive(sqlx::FromRow)]
struct HistoryHead {
    id: Uuid,
    room_code: String,
    game_no: i32,
    rule_set: String,
    seat_count: i16,
    status: String,
    end_how: Option<String>,
    created_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    finished_at: Option<DateTime<Utc>>,
    step_count: i32,
    chance_count: i64,
    public: bool,
}

/// A listed game with one of its seats (or none).
#[derive(sqlx::FromRow)]
struct HistorySeatRow {
    #[sqlx(flatten)]
    head: HistoryHead,
    #[sqlx(flatten)]
    seat: SeatJoin,
}

/// Folds rows (one a seat, a game's rows together) into games with seats.
fn fold(rows: Vec<HistorySeatRow>) -> Vec<HistoryRow> {
    let mut games: Vec<HistoryRow> = Vec::new();
    for HistorySeatRow { head: h, seat } in rows {
        let seat = seat.into_seat();
        match games.last_mut() {
            Some(game) if game.id == h.id => game.seats.extend(seat),
            _ => games.push(HistoryRow {
                id: h.id,
                room_code: h.room_code,
                game_no: h.game_no,
                rule_set: h.rule_set,
                seat_count: h.seat_count,
                status: h.status,
                end_how: h.end_how,
                created_at: h.created_at,
                started_at: h.started_at,
                finished_at: h.finished_at,
                step_count: h.step_count,
                chance_count: h.chance_count,
                public: h.public,
                seats: seat.into_iter().collect(),
            }),
        }
    }
    games
}

/// Who won, as a filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinnerFilter {
    /// This seat finished first (Kendall: 0 the Cone, 1 the Spool).
    Seat(u8),
    /// The filtered player finished first (in one of their seats).
    PlayerWon,
    /// The filtered player did not finish first.
    PlayerLost,
}

/// What to list.
#[derive(Debug, Clone, Default)]
pub struct HistoryQuery {
    /// Only games this player sat in (any seat).
    pub player: Option<Uuid>,
    /// Only games where a player's name contains this (any case).
    pub name: Option<String>,
    /// Only games of this rule set.
    pub rule_set: Option<String>,
    /// Only games with this winner.
    pub winner: Option<WinnerFilter>,
    /// Only games that ended this way (an `end_how` name).
    pub how: Option<&'static str>,
    /// Only games after this `(finished_at, id)` in the order.
    pub after: Option<(DateTime<Utc>, Uuid)>,
    /// How many rows at most.
    pub limit: i64,
    /// Who asks: besides public games, the list holds this player's
    /// private ones (nobody's when `None`).
    pub viewer: Option<Uuid>,
}

/// A player's finished games, wins and losses.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Totals {
    /// Finished games played.
    pub games: i64,
    /// Of those, won (finished first).
    pub wins: i64,
}

impl Store {
    /// How the name filter of `q` is applied: by the ids of the players
    /// whose names match when they are few, else by the pattern.
    async fn name_match(&self, q: &HistoryQuery) -> Result<NameMatch, sqlx::Error> {
        let Some(name) = &q.name else {
            return Ok(NameMatch::Any);
        };
        let pattern = contains_pattern(name);
        let sql = format!("{NAME_PLAYERS} LIMIT {}", NAME_PLAYERS_MAX + 1);
        let ids: Vec<Uuid> = read!(self, pool => sqlx::query_scalar(&sql)
            .bind(&pattern)
            .fetch_all(pool)
            .await)?;
        Ok(if ids.len() > NAME_PLAYERS_MAX {
            NameMatch::Pattern(pattern)
        } else {
            NameMatch::Players(ids)
        })
    }

    /// Finished games, newest first, filtered and paged, with their seats.
    pub async fn history(&self, q: &HistoryQuery) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let names = self.name_match(q).await?;
        let (sql, params) = q.sql(&names);
        let rows = read!(self, pool => bind_all!(sqlx::query_as::<_, HistorySeatRow>(&sql), &params)
            .fetch_all(pool)
            .await)?;
        Ok(fold(rows))
    }

    /// The query plan the database chooses for a history query: `EXPLAIN`
    /// on PostgreSQL, `EXPLAIN QUERY PLAN` on SQLite, one line a row.
    pub async fn explain_history(&self, q: &HistoryQuery) -> Result<String, sqlx::Error> {
        let names = self.name_match(q).await?;
        let (sql, params) = q.sql(&names);
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

    /// One game with its history metadata and seats, whatever its status
    /// and whoever may see it (check [`HistoryRow::visible_to`]).
    pub async fn history_game(&self, id: Uuid) -> Result<Option<HistoryRow>, sqlx::Error> {
        let sql = with_seats(
            &format!("SELECT {HEAD_COLUMNS} FROM games g WHERE g.id = $1"),
            "",
        );
        let rows = read!(self, pool => sqlx::query_as::<_, HistorySeatRow>(&sql)
            .bind(id)
            .fetch_all(pool)
            .await)?;
        Ok(fold(rows).pop())
    }

    /// Games being played now that `viewer` may see (see [`HistoryQuery::viewer`]),
    /// most recently started first, with their seats.
    pub async fn live_games(
        &self,
        limit: i64,
        viewer: Option<Uuid>,
    ) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let heads = format!(
            "SELECT {HEAD_COLUMNS} FROM games g WHERE g.status = 'playing' AND {}
             ORDER BY g.started_at DESC, g.id DESC LIMIT $1",
            visible_to(viewer.map(|_| 2)),
        );
        let sql = with_seats(&heads, "h.started_at DESC, h.id DESC, ");
        let rows = read!(self, pool => {
            let query = sqlx::query_as::<_, HistorySeatRow>(&sql).bind(limit);
            match viewer {
                Some(viewer) => query.bind(viewer),
                None => query,
            }
            .fetch_all(pool)
            .await
        })?;
        Ok(fold(rows))
    }

    /// A player's finished games and wins (games where one of their seats
    /// finished first): all of them when `with_private` (the player asks
    /// about themselves), else only public rooms' games, so the figures
    /// agree with the list the asker can see.
    pub async fn player_totals(
        &self,
        player: Uuid,
        with_private: bool,
    ) -> Result<Totals, sqlx::Error> {
        let visible = if with_private {
            String::new()
        } else {
            format!(" AND {}", visible_to(None))
        };
        let sql = format!(
            "SELECT COUNT(*) AS games,
                    COALESCE(SUM(CASE WHEN {} > 0 THEN 1 ELSE 0 END), 0) AS wins
             FROM games g
             WHERE g.status = 'finished' AND g.id IN ({}){visible}",
            first_places("w.player_id = $1"),
            PLAYER_GAMES.replace("$P", "$1"),
        );
        read!(self, pool => sqlx::query_as(&sql)
        .bind(player)
        .fetch_one(pool)
        .await)
    }
}
