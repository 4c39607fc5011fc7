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
//! A name filter runs one of two ways, by how many players match it
//! ([`NAME_GATHER_MAX`]).
//!
//! Filters only ever add fixed SQL fragments; every value is a bound
//! parameter.
//!
//! Privacy: a game of a private room (a room made with `public: false`,
//! and every room against the computer) is listed only to its players.
//! Every list here takes the viewer (the player asking, if any) and adds
//! [`visible_to`]'s condition.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

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

/// A listed game's own columns, before its seats are added.
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

/// A seat with its game's id.
#[derive(sqlx::FromRow)]
struct SeatOfGame {
    game_id: Uuid,
    #[sqlx(flatten)]
    seat: SeatJoin,
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

/// A player's finished games and wins, overall and by rule set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    /// Finished games played.
    pub games: i64,
    /// Of those, won (finished first).
    pub wins: i64,
    /// The same by rule set (those with a game only), by rule set name.
    pub by_rule_set: Vec<RuleSetTotals>,
}

/// A player's finished games of one rule set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSetTotals {
    /// The rule set's name.
    pub rule_set: String,
    /// Finished games played.
    pub games: i64,
    /// Of those, won (finished first).
    pub wins: i64,
    /// How many games they finished in each place: index 0 first place,
    /// 1 second, … up to the last place they took. Where they held several
    /// seats of a game, their best place counts.
    pub places: Vec<i64>,
}

/// One row of the totals query: a rule set, a place (`None` for a
/// finished game whose seat has no place) and how many games.
#[derive(sqlx::FromRow)]
struct PlaceCount {
    rule_set: String,
    place: Option<i16>,
    games: i64,
}

enum Param {
    Uuid(Uuid),
    Text(String),
    Time(DateTime<Utc>),
    Int(i64),
}

/// The columns of [`HistoryHead`] from games `g`.
const HEAD_COLUMNS: &str = "g.id, g.room_code, g.game_no, g.rule_set, g.seat_count,
        g.status, g.end_how, g.created_at, g.started_at, g.finished_at,
        COALESCE((SELECT MAX(t.step_no) FROM steps t WHERE t.game_id = g.id), 0) AS step_count,
        (SELECT COUNT(*) FROM steps t WHERE t.game_id = g.id AND t.seat IS NULL) AS chance_count,
        COALESCE((SELECT r.public FROM rooms r WHERE r.code = g.room_code), FALSE) AS public";

/// The ids of the finished games player `$P` sat in, along the index.
const PLAYER_GAMES: &str =
    "SELECT s.game_id FROM game_seats s WHERE s.player_id = $P AND s.finished_at IS NOT NULL";

/// Whether game `g`'s room is public: a scalar subquery, so that both
/// databases look the room up by its key for each candidate row and the
/// lists keep walking their order indexes (PostgreSQL would read an
/// `EXISTS` beside an `OR` as a hash of every public room).
const ROOM_PUBLIC: &str = "(SELECT r.public FROM rooms r WHERE r.code = g.room_code)";

/// The condition that game `g` is public, or, with `Some(n)`, public or
/// played by the player bound as `$n`. The seats are counted by a scalar
/// subquery, for the same reason as [`ROOM_PUBLIC`]: an `EXISTS` beside the
/// `OR` becomes a hash of every seat of the player (a scan of `game_seats`).
fn visible_to(viewer_param: Option<usize>) -> String {
    match viewer_param {
        None => ROOM_PUBLIC.to_owned(),
        Some(n) => format!(
            "({ROOM_PUBLIC} OR (SELECT COUNT(*) FROM game_seats v \
             WHERE v.game_id = g.id AND v.player_id = ${n}) > 0)"
        ),
    }
}

/// How many seats of game `g` in first place satisfy `seat_condition`
/// (a scalar subquery: the game's seats by their key, for each row).
fn first_places(seat_condition: &str) -> String {
    format!(
        "(SELECT COUNT(*) FROM game_seats w WHERE w.game_id = g.id AND w.place = 1 \
         AND {seat_condition})"
    )
}

/// A `LIKE` pattern matching `needle` anywhere, with `\`, `%` and `_`
/// escaped (by `\`, named in the query's `ESCAPE`), lower-cased.
#[must_use]
pub fn contains_pattern(needle: &str) -> String {
    let mut pattern = String::with_capacity(needle.len() + 2);
    pattern.push('%');
    for c in needle.to_lowercase().chars() {
        if matches!(c, '\\' | '%' | '_') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// Up to this many players matching a name filter, the list gathers their
/// games along their seats and sorts them; past it, it walks every game
/// newest first and checks each one's players. Gathering costs the matched
/// players' games, walking costs about a page divided by the share of
/// games that match: a rare name (one player: ~40 games here) is cheap to
/// gather and would walk most of the order index; a common one (1,000
/// players: ~40,000 games to sort) is found within a few rows of the walk.
const NAME_GATHER_MAX: i64 = 50;

/// How a name filter is run (see [`NAME_GATHER_MAX`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NameShape {
    /// The matching players' games, gathered along their seats.
    Gather,
    /// Every game newest first, each one's players checked.
    Walk,
}

impl HistoryQuery {
    /// The SQL and its parameters, in order; `shape` says how the name
    /// filter (if any) runs.
    fn sql(&self, shape: NameShape) -> (String, Vec<Param>) {
        let mut params = Vec::new();
        let next = |params: &mut Vec<Param>, p: Param| {
            params.push(p);
            params.len()
        };
        let mut conditions = vec!["g.status = 'finished'".to_owned()];
        // With a player, their seats drive the list: one range of
        // `game_seats_player_finished` from the cursor, newest first, each
        // game looked up by its key.
        let (from, order) = match self.player {
            Some(player) => {
                let n = next(&mut params, Param::Uuid(player));
                conditions.push(format!("ps.player_id = ${n}"));
                conditions.push("ps.finished_at IS NOT NULL".to_owned());
                // Once per game, at the player's first seat.
                conditions.push(
                    "NOT EXISTS (SELECT 1 FROM game_seats d WHERE d.game_id = ps.game_id \
                     AND d.player_id = ps.player_id AND d.seat < ps.seat)"
                        .to_owned(),
                );
                (
                    "FROM game_seats ps JOIN games g ON g.id = ps.game_id",
                    ("ps.finished_at", "ps.game_id"),
                )
            }
            None => ("FROM games g", ("g.finished_at", "g.id")),
        };
        if let Some(name) = &self.name {
            let n = next(&mut params, Param::Text(contains_pattern(name)));
            conditions.push(match shape {
                // Matching players first (a smaller table), then their
                // games along the seats' index.
                NameShape::Gather => format!(
                    "g.id IN ({}) ",
                    PLAYER_GAMES.replace(
                        "= $P",
                        &format!(
                            "IN (SELECT p.id FROM players p \
                             WHERE LOWER(p.display_name) LIKE LOWER(${n}) ESCAPE '\\')"
                        )
                    )
                ),
                // Each game's seats by their key, for each row of the walk:
                // a scalar subquery, so neither database turns it into a
                // hash of every matching seat.
                NameShape::Walk => format!(
                    "(SELECT COUNT(*) FROM game_seats n JOIN players p ON p.id = n.player_id \
                     WHERE n.game_id = g.id \
                     AND LOWER(p.display_name) LIKE LOWER(${n}) ESCAPE '\\') > 0"
                ),
            });
        }
        if let Some(rule_set) = &self.rule_set {
            let n = next(&mut params, Param::Text(rule_set.clone()));
            conditions.push(format!("g.rule_set = ${n}"));
        }
        match (self.winner, self.player) {
            (Some(WinnerFilter::Seat(seat)), _) => {
                let n = next(&mut params, Param::Int(i64::from(seat)));
                conditions.push(format!("{} > 0", first_places(&format!("w.seat = ${n}"))));
            }
            (Some(WinnerFilter::PlayerWon), Some(_)) => {
                conditions.push(format!(
                    "{} > 0",
                    first_places("w.player_id = ps.player_id")
                ));
            }
            (Some(WinnerFilter::PlayerLost), Some(_)) => {
                conditions.push(format!(
                    "{} = 0",
                    first_places("w.player_id = ps.player_id")
                ));
            }
            // won/lost without a player is refused by the handler.
            _ => {}
        }
        if let Some(how) = self.how {
            let n = next(&mut params, Param::Text(how.to_owned()));
            conditions.push(format!("g.end_how = ${n}"));
        }
        let viewer = self.viewer.map(|v| next(&mut params, Param::Uuid(v)));
        conditions.push(visible_to(viewer));
        if let Some((at, id)) = self.after {
            let a = next(&mut params, Param::Time(at));
            let b = next(&mut params, Param::Uuid(id));
            conditions.push(format!("({}, {}) < (${a}, ${b})", order.0, order.1));
        }
        let n = next(&mut params, Param::Int(self.limit));
        let sql = format!(
            "SELECT {HEAD_COLUMNS}\n     {from}\n     WHERE {}\n     ORDER BY {} DESC, {} DESC\n     LIMIT ${n}",
            conditions.join("\n       AND "),
            order.0,
            order.1,
        );
        (sql, params)
    }
}

/// Binds the parameters in order onto a query, whatever the driver.
macro_rules! bind_all {
    ($query:expr, $params:expr) => {{
        let mut query = $query;
        for param in $params {
            query = match param {
                Param::Uuid(v) => query.bind(*v),
                Param::Text(v) => query.bind(v.clone()),
                Param::Time(v) => query.bind(*v),
                Param::Int(v) => query.bind(*v),
            };
        }
        query
    }};
}

/// Ids a statement reads seats for at most (under both databases' limits).
const SEATS_CHUNK: usize = 500;

impl Store {
    /// Adds their seats to listed games (one query a chunk of games).
    async fn with_seats(&self, heads: Vec<HistoryHead>) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let mut seats: HashMap<Uuid, Vec<SeatRow>> = HashMap::new();
        for chunk in heads.chunks(SEATS_CHUNK) {
            let list = (1..=chunk.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!(
                "SELECT s.game_id, s.seat, s.player_id, p.display_name, p.computer_level,
                        s.colour, s.place, s.score
                 FROM game_seats s LEFT JOIN players p ON p.id = s.player_id
                 WHERE s.game_id IN ({list})
                 ORDER BY s.game_id, s.seat"
            );
            let rows: Vec<SeatOfGame> = read!(self, pool => {
                let mut query = sqlx::query_as(&sql);
                for head in chunk {
                    query = query.bind(head.id);
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
        Ok(heads
            .into_iter()
            .map(|h| HistoryRow {
                seats: seats.remove(&h.id).unwrap_or_default(),
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
            })
            .collect())
    }

    /// How to run `q`'s name filter: by how many players match it (at
    /// most [`NAME_GATHER_MAX`] + 1 counted); `None` when nobody matches,
    /// so no game can.
    async fn name_shape(&self, q: &HistoryQuery) -> Result<Option<NameShape>, sqlx::Error> {
        let Some(name) = &q.name else {
            return Ok(Some(NameShape::Gather));
        };
        let matching: i64 = read!(self, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM (SELECT 1 FROM players p
             WHERE LOWER(p.display_name) LIKE LOWER($1) ESCAPE '\\' LIMIT $2) m",
        )
        .bind(contains_pattern(name))
        .bind(NAME_GATHER_MAX + 1)
        .fetch_one(pool)
        .await)?;
        Ok(match matching {
            0 => None,
            n if n <= NAME_GATHER_MAX => Some(NameShape::Gather),
            _ => Some(NameShape::Walk),
        })
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
        self.with_seats(heads).await
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

    /// One game with its history metadata and seats, whatever its status
    /// and whoever may see it (check [`HistoryRow::visible_to`]).
    pub async fn history_game(&self, id: Uuid) -> Result<Option<HistoryRow>, sqlx::Error> {
        let sql = format!("SELECT {HEAD_COLUMNS} FROM games g WHERE g.id = $1");
        let head = read!(self, pool => sqlx::query_as::<_, HistoryHead>(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)?;
        Ok(self.with_seats(head.into_iter().collect()).await?.pop())
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
        self.with_seats(heads).await
    }

    /// A player's finished games, wins and places, overall and by rule
    /// set: all of them when `with_private` (the player asks about
    /// themselves), else only public rooms' games, so the figures agree
    /// with the list the asker can see.
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
        // The player's seats along `game_seats_player_finished`, one row a
        // game with their best place, then counted by rule set and place.
        let sql = format!(
            "SELECT g.rule_set, b.place, COUNT(*) AS games
             FROM (SELECT s.game_id, MIN(s.place) AS place
                   FROM game_seats s
                   WHERE s.player_id = $1 AND s.finished_at IS NOT NULL
                   GROUP BY s.game_id) b
             JOIN games g ON g.id = b.game_id
             WHERE g.status = 'finished'{visible}
             GROUP BY g.rule_set, b.place
             ORDER BY g.rule_set, b.place"
        );
        let rows: Vec<PlaceCount> = read!(self, pool => sqlx::query_as(&sql)
            .bind(player)
            .fetch_all(pool)
            .await)?;
        Ok(totals_of(rows))
    }
}

/// Folds the counts by rule set and place into totals.
fn totals_of(rows: Vec<PlaceCount>) -> Totals {
    let mut totals = Totals::default();
    for row in rows {
        if totals.by_rule_set.last().map(|t| &t.rule_set) != Some(&row.rule_set) {
            totals.by_rule_set.push(RuleSetTotals {
                rule_set: row.rule_set.clone(),
                ..RuleSetTotals::default()
            });
        }
        let Some(of_rule_set) = totals.by_rule_set.last_mut() else {
            continue;
        };
        of_rule_set.games += row.games;
        totals.games += row.games;
        // Places run from 1; anything else counts as a game only.
        if let Some(index) = row
            .place
            .and_then(|p| usize::try_from(p).ok())
            .and_then(|p| p.checked_sub(1))
            .filter(|i| *i < usize::from(senet_engine::MAX_SEATS))
        {
            if of_rule_set.places.len() <= index {
                of_rule_set.places.resize(index + 1, 0);
            }
            of_rule_set.places[index] += row.games;
            if index == 0 {
                of_rule_set.wins += row.games;
                totals.wins += row.games;
            }
        }
    }
    totals
}
