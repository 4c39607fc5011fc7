//! Match-history queries: finished games newest first (keyset pagination
//! over `(finished_at, id)`, the indexes of migration
//! `20260201000001_history_indexes`), games in progress, per-player totals.
//!
//! Filters only ever add fixed SQL fragments; every value is a bound
//! parameter.
//!
//! Privacy: a game of a private room (a room made with `public: false`,
//! and every room against the computer) is listed only to its players.
//! Every list here takes the viewer (the player asking, if any) and adds
//! [`visible_to`]'s condition.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Pool, Store};

/// A game as the history lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HistoryRow {
    /// Game id.
    pub id: Uuid,
    /// Room code.
    pub room_code: String,
    /// 1 for the room's first game, then 2, 3… for rematches.
    pub game_no: i32,
    /// Rule set name.
    pub rule_set: String,
    /// The Cone's player.
    pub cone_player: Option<Uuid>,
    /// The Spool's player.
    pub spool_player: Option<Uuid>,
    /// The Cone's display name.
    pub cone_name: Option<String>,
    /// The Spool's display name.
    pub spool_name: Option<String>,
    /// `waiting`, `playing` or `finished`.
    pub status: String,
    /// The winner's side.
    pub winner: Option<String>,
    /// `borne_off`, `resigned` or `abandoned`.
    pub result_how: Option<String>,
    /// When the game was created.
    pub created_at: DateTime<Utc>,
    /// When both seats were taken.
    pub started_at: Option<DateTime<Utc>>,
    /// When the game ended.
    pub finished_at: Option<DateTime<Utc>>,
    /// Turns stored (turn numbers run 1..=n, so this is the highest).
    pub turn_count: i32,
    /// Whether the game's room is public; a private room's games are shown
    /// to their players only.
    pub public: bool,
}

impl HistoryRow {
    /// Whether `viewer` may see this game: anyone when its room is public,
    /// only its players when it is private.
    #[must_use]
    pub fn visible_to(&self, viewer: Option<Uuid>) -> bool {
        self.public
            || viewer.is_some_and(|v| self.cone_player == Some(v) || self.spool_player == Some(v))
    }
}

/// Who won, as a filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinnerFilter {
    /// This side won (`cone` or `spool`).
    Side(&'static str),
    /// The filtered player won.
    PlayerWon,
    /// The filtered player lost.
    PlayerLost,
}

/// What to list.
#[derive(Debug, Clone, Default)]
pub struct HistoryQuery {
    /// Only games this player sat in.
    pub player: Option<Uuid>,
    /// Only games where a player's name contains this (any case).
    pub name: Option<String>,
    /// Only games with this winner.
    pub winner: Option<WinnerFilter>,
    /// Only games that ended this way (`borne_off`, `resigned`, `abandoned`).
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
    /// Of those, won.
    pub wins: i64,
}

enum Param {
    Uuid(Uuid),
    Text(String),
    Time(DateTime<Utc>),
    Int(i64),
}

const HISTORY_SELECT: &str = "SELECT g.id, g.room_code, g.game_no, g.rule_set,
        g.cone_player, g.spool_player,
        pc.display_name AS cone_name, ps.display_name AS spool_name,
        g.status, g.winner, g.result_how, g.created_at, g.started_at, g.finished_at,
        COALESCE((SELECT MAX(t.turn_no) FROM turns t WHERE t.game_id = g.id), 0) AS turn_count,
        COALESCE((SELECT r.public FROM rooms r WHERE r.code = g.room_code), FALSE) AS public
     FROM games g
     LEFT JOIN players pc ON pc.id = g.cone_player
     LEFT JOIN players ps ON ps.id = g.spool_player";

/// The ids of the finished games player `$P` sat in, one index range a seat.
const PLAYER_GAMES: &str =
    "SELECT x.id FROM games x WHERE x.status = 'finished' AND x.cone_player = $P
     UNION ALL
     SELECT y.id FROM games y WHERE y.status = 'finished' AND y.spool_player = $P";

/// Whether game `g`'s room is public: a scalar subquery, so that both
/// databases look the room up by its key for each candidate row and the
/// lists keep walking their order indexes (PostgreSQL would read an
/// `EXISTS` beside an `OR` as a hash of every public room).
const ROOM_PUBLIC: &str = "(SELECT r.public FROM rooms r WHERE r.code = g.room_code)";

/// The condition that game `g` is public, or, with `Some(n)`, public or
/// played by the player bound as `$n`.
fn visible_to(viewer_param: Option<usize>) -> String {
    match viewer_param {
        None => ROOM_PUBLIC.to_owned(),
        Some(n) => format!("({ROOM_PUBLIC} OR g.cone_player = ${n} OR g.spool_player = ${n})"),
    }
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

impl HistoryQuery {
    /// The SQL and its parameters, in order.
    fn sql(&self) -> (String, Vec<Param>) {
        let mut sql = format!("{HISTORY_SELECT}\n     WHERE g.status = 'finished'");
        let mut params = Vec::new();
        let next = |params: &mut Vec<Param>, p: Param| {
            params.push(p);
            params.len()
        };
        let mut player_no = None;
        if let Some(player) = self.player {
            let n = next(&mut params, Param::Uuid(player));
            player_no = Some(n);
            // One index range a seat, unioned: an `OR` of the two seats
            // would make SQLite walk every game.
            sql.push_str(&format!(" AND g.id IN ({PLAYER_GAMES})").replace("$P", &format!("${n}")));
        }
        if let Some(name) = &self.name {
            let n = next(&mut params, Param::Text(contains_pattern(name)));
            // Matching players first (a smaller table), then their games
            // along the order index: a join on both names would read every game.
            sql.push_str(&format!(
                " AND (g.cone_player IN (SELECT p.id FROM players p \
                       WHERE LOWER(p.display_name) LIKE LOWER(${n}) ESCAPE '\\') \
                   OR g.spool_player IN (SELECT p.id FROM players p \
                       WHERE LOWER(p.display_name) LIKE LOWER(${n}) ESCAPE '\\'))"
            ));
        }
        match (self.winner, player_no) {
            (Some(WinnerFilter::Side(side)), _) => {
                let n = next(&mut params, Param::Text(side.to_owned()));
                sql.push_str(&format!(" AND g.winner = ${n}"));
            }
            (Some(WinnerFilter::PlayerWon), Some(p)) => sql.push_str(&format!(
                " AND ((g.winner = 'cone' AND g.cone_player = ${p}) \
                   OR (g.winner = 'spool' AND g.spool_player = ${p}))"
            )),
            (Some(WinnerFilter::PlayerLost), Some(p)) => sql.push_str(&format!(
                " AND ((g.winner = 'spool' AND g.cone_player = ${p}) \
                   OR (g.winner = 'cone' AND g.spool_player = ${p}))"
            )),
            // won/lost without a player is refused by the handler.
            _ => {}
        }
        if let Some(how) = self.how {
            let n = next(&mut params, Param::Text(how.to_owned()));
            sql.push_str(&format!(" AND g.result_how = ${n}"));
        }
        let viewer = self.viewer.map(|v| next(&mut params, Param::Uuid(v)));
        sql.push_str(&format!(" AND {}", visible_to(viewer)));
        if let Some((at, id)) = self.after {
            let a = next(&mut params, Param::Time(at));
            let b = next(&mut params, Param::Uuid(id));
            sql.push_str(&format!(" AND (g.finished_at, g.id) < (${a}, ${b})"));
        }
        let n = next(&mut params, Param::Int(self.limit));
        sql.push_str(&format!(
            "\n     ORDER BY g.finished_at DESC, g.id DESC\n     LIMIT ${n}"
        ));
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

impl Store {
    /// Finished games, newest first, filtered and paged.
    pub async fn history(&self, q: &HistoryQuery) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let (sql, params) = q.sql();
        read!(self, pool => bind_all!(sqlx::query_as::<_, HistoryRow>(&sql), &params)
            .fetch_all(pool)
            .await)
    }

    /// The query plan the database chooses for a history query: `EXPLAIN`
    /// on PostgreSQL, `EXPLAIN QUERY PLAN` on SQLite, one line a row.
    pub async fn explain_history(&self, q: &HistoryQuery) -> Result<String, sqlx::Error> {
        let (sql, params) = q.sql();
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

    /// One game with its history metadata, whatever its status and whoever
    /// may see it (check [`HistoryRow::visible_to`]).
    pub async fn history_game(&self, id: Uuid) -> Result<Option<HistoryRow>, sqlx::Error> {
        let sql = format!("{HISTORY_SELECT} WHERE g.id = $1");
        read!(self, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// Games being played now that `viewer` may see (see [`HistoryQuery::viewer`]),
    /// most recently started first.
    pub async fn live_games(
        &self,
        limit: i64,
        viewer: Option<Uuid>,
    ) -> Result<Vec<HistoryRow>, sqlx::Error> {
        let sql = format!(
            "{HISTORY_SELECT} WHERE g.status = 'playing' AND {}
             ORDER BY g.started_at DESC, g.id DESC LIMIT $1",
            visible_to(viewer.map(|_| 2)),
        );
        read!(self, pool => {
            let query = sqlx::query_as(&sql).bind(limit);
            match viewer {
                Some(viewer) => query.bind(viewer),
                None => query,
            }
            .fetch_all(pool)
            .await
        })
    }

    /// A player's finished games and wins: all of them when `with_private`
    /// (the player asks about themselves), else only public rooms' games,
    /// so the figures agree with the list the asker can see.
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
                    COALESCE(SUM(CASE WHEN (g.winner = 'cone' AND g.cone_player = $1)
                                        OR (g.winner = 'spool' AND g.spool_player = $1)
                                      THEN 1 ELSE 0 END), 0) AS wins
             FROM games g
             WHERE g.status = 'finished' AND g.id IN ({}){visible}",
            PLAYER_GAMES.replace("$P", "$1"),
        );
        read!(self, pool => sqlx::query_as(&sql)
        .bind(player)
        .fetch_one(pool)
        .await)
    }
}

/// A finished game to store in bulk (imports, tests and benchmarks).
#[derive(Debug, Clone)]
pub struct ImportGame {
    /// Game id.
    pub id: Uuid,
    /// A new room's code (the game is its game 1).
    pub room_code: String,
    /// Rule set name.
    pub rule_set: String,
    /// The Cone's player (must exist or be in the same import).
    pub cone: Uuid,
    /// The Spool's player.
    pub spool: Uuid,
    /// `cone` or `spool`.
    pub winner: &'static str,
    /// `borne_off`, `resigned` or `abandoned`.
    pub how: &'static str,
    /// When it started.
    pub started_at: DateTime<Utc>,
    /// When it ended.
    pub finished_at: DateTime<Utc>,
    /// Its turns: (side, throw, sticks, from-square, position after).
    pub turns: Vec<(&'static str, i16, i16, Option<i16>, String)>,
}

/// Rows per multi-row `INSERT` (under both databases' parameter limits).
const CHUNK: usize = 1000;

impl Store {
    /// Stores players and finished games with their turns in one
    /// transaction, with multi-row inserts. A bulk load for benchmarks and
    /// imports: it may run for minutes, so the per-call time limit of live
    /// play does not apply, and nobody is told of it before it returns.
    /// The games' rooms are public: imported games are there to be listed.
    pub async fn import_games(
        &self,
        players: &[(Uuid, String)],
        games: &[ImportGame],
    ) -> Result<(), sqlx::Error> {
        let now = Utc::now();
        let no_hash: &[u8] = &[];
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            for chunk in players.chunks(CHUNK) {
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO players (id, display_name, token_hash, created_at) ",
                );
                q.push_values(chunk, |mut b, (id, name)| {
                    b.push_bind(*id).push_bind(name.clone()).push_bind(no_hash).push_bind(now);
                });
                q.build().execute(&mut *tx).await?;
            }
            for chunk in games.chunks(CHUNK) {
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO rooms (code, rule_set, public, creator_id, created_at) ",
                );
                q.push_values(chunk, |mut b, g| {
                    b.push_bind(g.room_code.clone())
                        .push_bind(g.rule_set.clone())
                        .push_bind(true)
                        .push_bind(g.cone)
                        .push_bind(g.started_at);
                });
                q.build().execute(&mut *tx).await?;
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO games (id, room_code, game_no, rule_set, cone_player, spool_player, \
                     status, winner, result_how, created_at, started_at, finished_at) ",
                );
                q.push_values(chunk, |mut b, g| {
                    b.push_bind(g.id)
                        .push_bind(g.room_code.clone())
                        .push_bind(1_i32)
                        .push_bind(g.rule_set.clone())
                        .push_bind(g.cone)
                        .push_bind(g.spool)
                        .push_bind("finished")
                        .push_bind(g.winner)
                        .push_bind(g.how)
                        .push_bind(g.started_at)
                        .push_bind(g.started_at)
                        .push_bind(g.finished_at);
                });
                q.build().execute(&mut *tx).await?;
            }
            let turns: Vec<_> = games
                .iter()
                .flat_map(|g| {
                    g.turns.iter().enumerate().map(move |(i, t)| (g.id, i, g.started_at, t))
                })
                .collect();
            for chunk in turns.chunks(CHUNK) {
                let mut q = sqlx::QueryBuilder::new(
                    "INSERT INTO turns (game_id, turn_no, side, throw, sticks, from_square, position, played_at) ",
                );
                q.push_values(chunk, |mut b, (id, i, at, (side, throw, sticks, from, position))| {
                    b.push_bind(*id)
                        .push_bind(i32::try_from(*i + 1).unwrap_or(i32::MAX))
                        .push_bind(*side)
                        .push_bind(*throw)
                        .push_bind(*sticks)
                        .push_bind(*from)
                        .push_bind(position.clone())
                        .push_bind(*at);
                });
                q.build().execute(&mut *tx).await?;
            }
            tx.commit().await
        })
    }
}
