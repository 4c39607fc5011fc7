//! The filters of the history list as SQL: which games a [`HistoryQuery`]
//! keeps, in which order, from which cursor, and who may see them. Filters
//! only ever add fixed SQL fragments; every value is a bound parameter.

use chrono::{DateTime, Utc};
use senet_engine::{EndHow, RuleSetId};
use uuid::Uuid;

use super::super::{Pool, Store};
use super::list::HEAD_COLUMNS;

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
    pub rule_set: Option<RuleSetId>,
    /// Only games with this winner.
    pub winner: Option<WinnerFilter>,
    /// Only games that ended this way.
    pub how: Option<EndHow>,
    /// Only games after this `(finished_at, id)` in the order.
    pub after: Option<(DateTime<Utc>, Uuid)>,
    /// How many rows at most.
    pub limit: i64,
    /// Who asks: besides public games, the list holds this player's
    /// private ones (nobody's when `None`).
    pub viewer: Option<Uuid>,
}

/// A bound parameter of a history query.
pub(super) enum Param {
    Uuid(Uuid),
    Text(String),
    Time(DateTime<Utc>),
    Int(i64),
}

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
pub(super) fn visible_to(viewer_param: Option<usize>) -> String {
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
pub(super) enum NameShape {
    /// The matching players' games, gathered along their seats.
    Gather,
    /// Every game newest first, each one's players checked.
    Walk,
}

impl HistoryQuery {
    /// The SQL and its parameters, in order; `shape` says how the name
    /// filter (if any) runs.
    pub(super) fn sql(&self, shape: NameShape) -> (String, Vec<Param>) {
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
        if let Some(rule_set) = self.rule_set {
            let n = next(&mut params, Param::Text(rule_set.as_str().to_owned()));
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
            let n = next(&mut params, Param::Text(how.as_str().to_owned()));
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
pub(super) use bind_all;

impl Store {
    /// How to run `q`'s name filter: by how many players match it (at
    /// most [`NAME_GATHER_MAX`] + 1 counted); `None` when nobody matches,
    /// so no game can.
    pub(super) async fn name_shape(
        &self,
        q: &HistoryQuery,
    ) -> Result<Option<NameShape>, sqlx::Error> {
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
}
