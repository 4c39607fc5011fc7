//! The SQL of the history lists ([`super::history`]): which index walks
//! the list, and the filters as fixed fragments with bound parameters.
//!
//! Plans (checked by `tests/history.rs` and `scripts/bench-history`):
//! - everyone's games: `games_finished_order`, newest first from the
//!   cursor, stopping once the page is full;
//! - one player's games: `game_seats_player_finished`, the player's seats
//!   newest first from the cursor, each game looked up by its key;
//! - a name filter matching few players: their seats along
//!   `game_seats_player_finished`, then the games sorted; matching many,
//!   `games_finished_order` with each game's seats checked by key (the
//!   matching players are read once).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::history::{HistoryQuery, WinnerFilter};

/// A bound value.
pub(super) enum Param {
    Uuid(Uuid),
    Text(String),
    Time(DateTime<Utc>),
    Int(i64),
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

/// How a name filter is applied (see the module's plans).
pub(super) enum NameMatch {
    /// No name filter.
    Any,
    /// The few players whose names match, by id (none: no game matches).
    Players(Vec<Uuid>),
    /// Too many players match to list: the `LIKE` pattern itself.
    Pattern(String),
}

/// At most this many matching players are listed by id.
pub(super) const NAME_PLAYERS_MAX: usize = 64;

/// The players whose display names match `$1`, a [`contains_pattern`].
pub(super) const NAME_PLAYERS: &str =
    "SELECT p.id FROM players p WHERE LOWER(p.display_name) LIKE LOWER($1) ESCAPE '\\'";

/// The columns of a listed game from games `g`.
pub(super) const HEAD_COLUMNS: &str = "g.id, g.room_code, g.game_no, g.rule_set, g.seat_count,
        g.status, g.end_how, g.created_at, g.started_at, g.finished_at,
        COALESCE((SELECT MAX(t.step_no) FROM steps t WHERE t.game_id = g.id), 0) AS step_count,
        (SELECT COUNT(*) FROM steps t WHERE t.game_id = g.id AND t.seat IS NULL) AS chance_count,
        COALESCE((SELECT r.public FROM rooms r WHERE r.code = g.room_code), FALSE) AS public";

/// The ids of the finished games player `$P` sat in, along the index.
pub(super) const PLAYER_GAMES: &str =
    "SELECT s.game_id FROM game_seats s WHERE s.player_id = $P AND s.finished_at IS NOT NULL";

/// Whether game `g`'s room is public: a scalar subquery, so that both
/// databases look the room up by its key for each candidate row and the
/// lists keep walking their order indexes (PostgreSQL would read an
/// `EXISTS` beside an `OR` as a hash of every public room).
const ROOM_PUBLIC: &str = "(SELECT r.public FROM rooms r WHERE r.code = g.room_code)";

/// Lists games with their seats: `heads` selects [`HEAD_COLUMNS`]; each
/// game comes once a seat (or once, without seats), ordered by `order`
/// (over the games as `h`), then by seat.
pub(super) fn with_seats(heads: &str, order: &str) -> String {
    format!(
        "SELECT h.*, s.seat, s.player_id, p.display_name, p.computer_level,
                s.colour, s.place, s.score
         FROM ({heads}) h
         LEFT JOIN game_seats s ON s.game_id = h.id
         LEFT JOIN players p ON p.id = s.player_id
         ORDER BY {order}s.seat"
    )
}

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
pub(super) fn first_places(seat_condition: &str) -> String {
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

impl HistoryQuery {
    /// The SQL (one row a seat, see [`with_seats`]) and its parameters, in
    /// order, with the name filter applied as `names` says.
    pub(super) fn sql(&self, names: &NameMatch) -> (String, Vec<Param>) {
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
        match names {
            NameMatch::Any => {}
            NameMatch::Players(ids) if ids.is_empty() => conditions.push("1 = 0".to_owned()),
            NameMatch::Players(ids) => {
                let list = ids
                    .iter()
                    .map(|id| format!("${}", next(&mut params, Param::Uuid(*id))))
                    .collect::<Vec<_>>()
                    .join(", ");
                conditions.push(format!(
                    "g.id IN ({})",
                    PLAYER_GAMES.replace("= $P", &format!("IN ({list})"))
                ));
            }
            NameMatch::Pattern(pattern) => {
                let n = next(&mut params, Param::Text(pattern.clone()));
                conditions.push(format!(
                    "(SELECT COUNT(*) FROM game_seats m WHERE m.game_id = g.id AND m.player_id IN \
                     ({})) > 0",
                    NAME_PLAYERS.replace("$1", &format!("${n}"))
                ));
            }
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
        let heads = format!(
            "SELECT {HEAD_COLUMNS}\n     {from}\n     WHERE {}\n     ORDER BY {} DESC, {} DESC\n     LIMIT ${n}",
            conditions.join("\n       AND "),
            order.0,
            order.1,
        );
        (
            with_seats(&heads, "h.finished_at DESC, h.id DESC, "),
            params,
        )
    }
}
