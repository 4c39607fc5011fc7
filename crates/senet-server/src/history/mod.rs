//! Match history: finished games (filtered, cursor-paged), games in
//! progress, per-player totals, a game turn by turn, and its export as the
//! text notation of `docs/notation.md` or JSON.
//!
//! Routes (see `docs/protocol.md`):
//! - `GET /api/games` — finished games, newest first (`?status=playing` for
//!   games in progress)
//! - `GET /api/games/live` — games in progress, for watching
//! - `GET /api/games/{id}` — metadata and every step (and Kendall turn), replayed
//! - `GET /api/games/{id}/record.txt`, `GET /api/games/{id}/record.json` — downloads
//! - `GET /api/games/{id}/chat` — the chat written during the game
//! - `GET /api/games/{id}/review` — a finished game's review (`crate::review`)
//! - `GET /api/players/{id}/totals` — games, wins and losses, by rule set too
//!
//! Private rooms' games (and every game against the computer) are shown
//! only to their players, named by the request's bearer token: the lists
//! leave them out for anyone else, the totals do not count them, and
//! fetching one by id is `404 game_not_found`, as for an unknown game.

mod chat;
mod cursor;
mod decision_time;
mod detail;
mod game_id;
mod kendall;
pub(crate) mod replay;
mod seats;

use seats::{seat_json, seats_json, side_of_seat};

pub use game_id::GameId;

use std::collections::HashSet;

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRef, Path, Query, State};
use axum::routing::get;
use senet_engine::EndHow;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::clock::TimeControl;
use crate::error::AppError;
use crate::players::Viewer;
use crate::rooms::Rooms;
use crate::store::{GameStatus, HistoryQuery, HistoryRow, Store, WinnerFilter};

pub use cursor::{decode_cursor, encode_cursor};

/// Rows a page holds when `limit` is not given.
pub const DEFAULT_LIMIT: i64 = 20;
/// The most rows a page may hold.
pub const MAX_LIMIT: i64 = 100;
/// The longest name filter accepted.
const MAX_NAME_FILTER: usize = 64;

/// The history routes, for any application state that holds what their
/// handlers take.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Store: FromRef<S>,
    Rooms: FromRef<S>,
    std::sync::Arc<crate::config::Settings>: FromRef<S>,
    crate::review::Reviews: FromRef<S>,
{
    Router::new()
        .route("/api/games", get(list_games))
        .route("/api/games/live", get(live_games))
        .route("/api/games/{id}", get(detail::get_game))
        .route("/api/games/{id}/record.txt", get(detail::record_txt))
        .route("/api/games/{id}/record.json", get(detail::record_json))
        .route("/api/games/{id}/chat", get(chat::get_chat))
        .route("/api/games/{id}/review", get(crate::review::get_review))
        .route("/api/players/{id}/totals", get(player_totals))
}

fn bad(code: &'static str, message: impl Into<String>) -> AppError {
    AppError::BadRequest(code, message.into())
}

/// Query parameters as pairs; a malformed query string is a 400.
fn pairs(
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Vec<(String, String)>, AppError> {
    query
        .map(|Query(pairs)| pairs)
        .map_err(|e| bad("bad_query", e.body_text()))
}

/// Parses the list parameters into a query (and whether games in progress
/// were asked for instead).
fn parse_list_params(pairs: &[(String, String)]) -> Result<(HistoryQuery, bool), AppError> {
    let mut q = HistoryQuery {
        limit: DEFAULT_LIMIT,
        ..HistoryQuery::default()
    };
    let mut live = false;
    let mut seen: Vec<&str> = Vec::new();
    for (key, value) in pairs {
        if seen.contains(&key.as_str()) {
            return Err(bad("bad_parameter", format!("`{key}` is given twice")));
        }
        seen.push(key);
        match key.as_str() {
            "limit" => {
                q.limit = value
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=MAX_LIMIT).contains(n))
                    .ok_or_else(|| {
                        bad(
                            "bad_limit",
                            format!("`limit` must be a whole number from 1 to {MAX_LIMIT}"),
                        )
                    })?;
            }
            "cursor" => q.after = Some(decode_cursor(value)?),
            "player" => {
                q.player = Some(
                    Uuid::try_parse(value)
                        .map_err(|_| bad("bad_player", "`player` must be a player id (a UUID)"))?,
                );
            }
            "name" => {
                let name = value.trim();
                if name.is_empty() || name.chars().count() > MAX_NAME_FILTER {
                    return Err(bad(
                        "bad_name",
                        format!("`name` must have 1 to {MAX_NAME_FILTER} characters"),
                    ));
                }
                q.name = Some(name.to_owned());
            }
            "result" => parse_result(value, &mut q)?,
            "rule_set" => {
                let rule_set = value
                    .parse::<senet_engine::RuleSetId>()
                    .map_err(|e| bad("bad_rule_set", format!("`rule_set`: {e}")))?;
                q.rule_set = Some(rule_set);
            }
            "status" => match GameStatus::parse(value) {
                Some(GameStatus::Finished) => live = false,
                Some(GameStatus::Playing) => live = true,
                Some(GameStatus::Waiting) | None => {
                    return Err(bad(
                        "bad_status",
                        "`status` must be `finished` or `playing`",
                    ));
                }
            },
            _ => {
                return Err(bad(
                    "unknown_parameter",
                    format!(
                        "unknown parameter `{key}`; known: limit, cursor, player, name, rule_set, result, status"
                    ),
                ));
            }
        }
    }
    if live && pairs.iter().any(|(k, _)| k != "limit" && k != "status") {
        return Err(bad("bad_parameter", "games in progress take only `limit`"));
    }
    if matches!(
        q.winner,
        Some(WinnerFilter::PlayerWon | WinnerFilter::PlayerLost)
    ) && q.player.is_none()
    {
        return Err(bad(
            "bad_result",
            "`result=won` and `result=lost` need `player`",
        ));
    }
    Ok((q, live))
}

/// `result`: comma-separated terms, at most one winner term (`cone` or
/// `seat0`, `spool` or `seat1`, `seat2`, `seat3`, or `won`/`lost` for the
/// `player`) and one way of ending (any rule set's: `borne_off`, `gates`,
/// `trial`, `no_pawns`, `three_borne_off`, `last_player`, `resigned`,
/// `abandoned`).
fn parse_result(value: &str, q: &mut HistoryQuery) -> Result<(), AppError> {
    let fail = || {
        bad(
            "bad_result",
            "`result` is a comma-separated list of at most one of cone, spool, seat0, seat1, \
             seat2, seat3, won, lost and at most one of borne_off, gates, trial, no_pawns, \
             three_borne_off, last_player, resigned, abandoned",
        )
    };
    for term in value.split(',') {
        let winner = match term {
            // Seat 0 is the Cone, seat 1 the Spool.
            "cone" | "seat0" => Some(WinnerFilter::Seat(0)),
            "spool" | "seat1" => Some(WinnerFilter::Seat(1)),
            "seat2" => Some(WinnerFilter::Seat(2)),
            "seat3" => Some(WinnerFilter::Seat(3)),
            "won" => Some(WinnerFilter::PlayerWon),
            "lost" => Some(WinnerFilter::PlayerLost),
            _ => None,
        };
        if let Some(winner) = winner {
            if q.winner.replace(winner).is_some() {
                return Err(fail());
            }
            continue;
        }
        let how = EndHow::parse(term).ok_or_else(fail)?;
        if q.how.replace(how).is_some() {
            return Err(fail());
        }
    }
    Ok(())
}

/// A game's time control as rooms tell it (`{"kind": "none"}` for none).
/// A stored text the server cannot read is logged and shown as none: the
/// history still lists the game.
pub fn time_control_json(row: &HistoryRow) -> Value {
    let control = TimeControl::from_stored(row.time_control.as_deref()).unwrap_or_else(|error| {
        tracing::warn!(game_id = %row.game.id, %error, "unreadable time control");
        TimeControl::None
    });
    json!(control)
}

/// One game of a list: `cone` and `spool` (seats 0 and 1, where the game
/// has them), every seat in `seats`, the result (`winner` as the winning
/// side for two seats, else its seat number), the number of turns (of
/// chance steps: one a turn under the stick rule sets) and the room's time
/// control.
pub fn row_json(history: &HistoryRow) -> Value {
    let row = &history.game;
    let duration = match (row.started_at, row.finished_at) {
        (Some(start), Some(end)) => Some((end - start).num_milliseconds().max(0) as f64 / 1000.0),
        _ => None,
    };
    let winner = row.winner_seat();
    let result = row.end_how.map(|how| {
        json!({
            "winner": winner.and_then(side_of_seat).map_or_else(|| json!(winner), |side| json!(side)),
            "how": how.as_str(),
        })
    });
    json!({
        "game_id": row.id,
        "room_code": row.room_code,
        "game_no": row.game_no,
        "rule_set": row.rule_set.as_str(),
        "status": row.status.as_str(),
        "seat_count": row.seat_count,
        "cone": seat_json(row.seat(0)),
        "spool": seat_json(row.seat(1)),
        "seats": seats_json(&row.seats),
        "result": result,
        "turns": history.chance_count,
        "step_count": history.step_count,
        "created_at": row.created_at,
        "started_at": row.started_at,
        "finished_at": row.finished_at,
        "duration_secs": duration,
        "time_control": time_control_json(history),
    })
}

/// `GET /api/games`: finished games, newest first, one page.
async fn list_games(
    State(store): State<Store>,
    State(rooms): State<Rooms>,
    viewer: Viewer,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<Value>, AppError> {
    let pairs = pairs(query)?;
    let (mut q, live) = parse_list_params(&pairs)?;
    if live {
        return live_json(&store, &rooms, q.limit, viewer.id()).await;
    }
    q.viewer = viewer.id();
    let limit = q.limit;
    // One more than the page, to know whether a next page exists.
    q.limit += 1;
    let mut rows = store.history(&q).await?;
    let more = rows.len() > usize::try_from(limit).unwrap_or(usize::MAX);
    rows.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next = if more {
        rows.last()
            .and_then(|r| r.game.finished_at.map(|at| encode_cursor(at, r.game.id)))
    } else {
        None
    };
    Ok(Json(json!({
        "games": rows.iter().map(row_json).collect::<Vec<_>>(),
        "next_cursor": next,
    })))
}

/// Games being played now that `viewer` may see, as `GET /api/games/live`
/// lists them (the lobby feed sends the same list, as seen by anyone),
/// but those of the rooms in `deserted`: nobody is at them (the store
/// cannot tell, it knows nothing of connections; see
/// [`crate::rooms::Listings::deserted`]). Read with room for those, so a
/// page is still full.
pub async fn live_rows_json(
    store: &Store,
    limit: i64,
    viewer: Option<Uuid>,
    deserted: &HashSet<String>,
) -> Result<Vec<Value>, AppError> {
    let extra = i64::try_from(deserted.len()).unwrap_or(i64::MAX);
    let rows = store
        .live_games(limit.saturating_add(extra), viewer)
        .await?;
    Ok(rows
        .iter()
        .filter(|row| !deserted.contains(&row.game.room_code))
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .map(row_json)
        .collect())
}

async fn live_json(
    store: &Store,
    rooms: &Rooms,
    limit: i64,
    viewer: Option<Uuid>,
) -> Result<Json<Value>, AppError> {
    let deserted = rooms.registry().listings().deserted();
    Ok(Json(json!({
        "games": live_rows_json(store, limit, viewer, &deserted).await?,
        "next_cursor": null,
    })))
}

/// `GET /api/games/live`: games being played now (`limit` only).
async fn live_games(
    State(store): State<Store>,
    State(rooms): State<Rooms>,
    viewer: Viewer,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
) -> Result<Json<Value>, AppError> {
    let pairs = pairs(query)?;
    if let Some((key, _)) = pairs.iter().find(|(k, _)| k != "limit") {
        return Err(bad(
            "unknown_parameter",
            format!("unknown parameter `{key}`; known: limit"),
        ));
    }
    let (q, _) = parse_list_params(&pairs)?;
    live_json(&store, &rooms, q.limit, viewer.id()).await
}

/// `GET /api/players/{id}/totals`: finished games, wins and losses, and
/// the same by rule set with the places taken; a player's private games
/// count only when they ask themselves.
async fn player_totals(
    State(store): State<Store>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Json<Value>, AppError> {
    let not_found = || AppError::NotFound("player_not_found", format!("no player `{id}`"));
    let player_id = Uuid::try_parse(&id).map_err(|_| not_found())?;
    let player = store.player(player_id).await?.ok_or_else(not_found)?;
    let totals = store
        .player_totals(player_id, viewer.id() == Some(player_id))
        .await?;
    let by_rule_set: Vec<Value> = totals
        .by_rule_set
        .iter()
        .map(|t| {
            json!({
                "rule_set": t.rule_set.as_str(),
                "games": t.games,
                "wins": t.wins,
                "losses": t.games - t.wins,
                "places": t.places,
            })
        })
        .collect();
    Ok(Json(json!({
        "player_id": player.id,
        "display_name": player.display_name,
        "games": totals.games,
        "wins": totals.wins,
        "losses": totals.games - totals.wins,
        "by_rule_set": by_rule_set,
    })))
}
