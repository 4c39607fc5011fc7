//! One game step by step (and, for Kendall, turn by turn), and its
//! downloads.
//!
//! Every game is replayed from its stored steps through the table the rooms
//! play on (`super::replay`), which says what each step did. The turns of a
//! Kendall game are rebuilt from the same steps (`crate::games`), and what
//! each move did (capture, House of Water, bear-off, backward move) is
//! recomputed by replaying the turns through the engine's Kendall game, as
//! the Kendall replay page has always read them.

use std::str::FromStr;
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use senet_engine::fair;
use senet_engine::{
    Action, Direction, Effect, Game, RuleSetId, Seat, Side, Square, Turn, write_text,
};
use serde_json::{Value, json};
use uuid::Uuid;

use super::replay::{self, Replayed};
use crate::config::Settings;
use crate::error::AppError;
use crate::players::Viewer;
use crate::rooms::clock::TimeControl;
use crate::rooms::fair::Fairness;
use crate::store::{GameRow, HistoryRow, Store};
use crate::ws::protocol::MoveView;
use crate::ws::protocol::v2::FairnessInfo;

fn side_name(side: Side) -> &'static str {
    side.name()
}

/// Adds to every turn of a game's JSON (as `crate::games::get_game` builds
/// it) what the move did, and to the game its start position. The turns are
/// replayed through the engine's own game (`Game::apply_turn`), which checks
/// each one and says what its move did; nothing is worked out here.
fn annotate(game: &mut Value) -> Result<(), AppError> {
    let rule_set = game["rule_set"].as_str().unwrap_or("kendall");
    let id = RuleSetId::from_str(rule_set).map_err(AppError::internal)?;
    // Games of the other rule sets are shown by their steps only, for now.
    let Some(rules) = id.rules().filter(|_| id == RuleSetId::Kendall) else {
        return Ok(());
    };
    let mut replay = Game::new(rules);
    game["start_position"] = json!(rules.position_text(&replay.position()));
    let Some(turns) = game["turns"].as_array_mut() else {
        return Ok(());
    };
    for turn in turns.iter_mut() {
        let turn_no = turn["turn_no"].as_i64().unwrap_or(0);
        let fail = |what: String| AppError::Internal(format!("replaying turn {turn_no}: {what}"));
        let throw = turn["throw"]
            .as_u64()
            .and_then(|v| u8::try_from(v).ok())
            .unwrap_or(0);
        let action = match turn["from"].as_u64() {
            None => Action::Forfeit,
            Some(from) => Action::Move(
                u8::try_from(from)
                    .ok()
                    .and_then(Square::new)
                    .ok_or_else(|| fail("not a square".to_owned()))?,
            ),
        };
        let side = replay.position().to_move();
        let moved = replay
            .apply_turn(Turn { throw, action })
            .map_err(|e| fail(e.to_string()))?;
        let mut events: Vec<&str> = Vec::new();
        let mut mv_json = Value::Null;
        match moved {
            None => events.push("forfeit"),
            Some(mv) => {
                match mv.effect {
                    Effect::Capture => events.push("capture"),
                    Effect::Water { .. } => events.push("water"),
                    Effect::BearOff => events.push("bear_off"),
                    Effect::None => {}
                }
                if mv.direction == Direction::Backward {
                    events.push("backward");
                }
                mv_json = serde_json::to_value(MoveView::from(mv)).map_err(AppError::internal)?;
            }
        }
        let position = replay.position();
        let text = rules.position_text(&position);
        if turn["position"].as_str() != Some(text.as_str()) {
            return Err(fail(format!(
                "stored position {} but the engine gives {text}",
                turn["position"]
            )));
        }
        let pieces = rules.pieces_per_side();
        turn["side"] = json!(side_name(side));
        turn["move"] = mv_json;
        turn["events"] = json!(events);
        let extra = moved.is_some() && rules.throw(throw).is_ok_and(|t| rules.extra_throw(t));
        turn["extra_throw"] = json!(extra);
        turn["borne_off"] = json!({
            "cone": pieces - position.on_board(Side::Cone),
            "spool": pieces - position.on_board(Side::Spool),
        });
    }
    Ok(())
}

/// A game's row as `crate::games::game_json` takes it.
fn game_row(row: &HistoryRow) -> GameRow {
    GameRow {
        id: row.id,
        room_code: row.room_code.clone(),
        game_no: row.game_no,
        rule_set: row.rule_set.clone(),
        seat_count: row.seat_count,
        status: row.status.clone(),
        end_how: row.end_how.clone(),
        created_at: row.created_at,
        started_at: row.started_at,
        finished_at: row.finished_at,
        seats: row.seats.clone(),
    }
}

/// A game as the history shows it: its row, its JSON and its replay.
struct Detail {
    row: HistoryRow,
    json: Value,
    replayed: Replayed,
    fairness: Option<FairnessInfo>,
}

/// What makes a game's chance checkable (`docs/fairness.md`): the
/// commitment, the client seeds by seat and, once the game is over, the
/// server seed; `None` for games from before the scheme.
async fn fairness(store: &Store, row: &HistoryRow) -> Result<Option<FairnessInfo>, AppError> {
    let Some((seed, commitment)) = store.fairness(row.id).await? else {
        return Ok(None);
    };
    let fairness = Fairness::stored(&seed, &commitment)
        .map_err(|e| AppError::Internal(format!("game {}: {e}", row.id)))?;
    // The seats were read with their client seeds by `history_game`.
    let mut clients = vec![String::new(); usize::try_from(row.seat_count).unwrap_or(0)];
    for seat in &row.seats {
        let index = usize::try_from(seat.seat).unwrap_or(usize::MAX);
        if let (Some(slot), Some(client)) = (clients.get_mut(index), &seat.client_seed) {
            slot.clone_from(client);
        }
    }
    Ok(Some(fairness.info(&clients, row.status == "finished")))
}

/// The record tags that let `senet verify` check a game's chance: the
/// scheme, the game id, the commitment, each seat's client seed and, once
/// revealed, the server seed.
pub fn fairness_tags(game_id: Uuid, info: &FairnessInfo) -> Vec<(String, String)> {
    let mut tags = vec![
        (fair::TAG_SCHEME.to_owned(), fair::SCHEME.to_owned()),
        (fair::TAG_GAME_ID.to_owned(), game_id.to_string()),
        (fair::TAG_COMMITMENT.to_owned(), info.commitment.clone()),
    ];
    for (index, client) in info.client_seeds.iter().enumerate() {
        if let Some(seat) = u8::try_from(index).ok().and_then(Seat::new) {
            tags.push((fair::client_seed_tag(seat), client.clone()));
        }
    }
    if let Some(seed) = &info.server_seed {
        tags.push((fair::TAG_SERVER_SEED.to_owned(), seed.clone()));
    }
    tags
}

/// The game's JSON, for every rule set: `crate::games::game_json`'s (with,
/// for Kendall, the turns annotated), every step replayed through
/// [`crate::table::Table`] with its events, the standing, the final
/// position and view, and the history's metadata (start time, duration,
/// number of turns and steps). A private room's game is
/// `404 game_not_found` to anyone but its players, exactly as an unknown
/// game, so a stranger cannot even learn that it exists.
async fn game_json(store: &Store, id: String, viewer: Option<Uuid>) -> Result<Detail, AppError> {
    let not_found = || AppError::NotFound("game_not_found", format!("no game `{id}`"));
    let game_id = Uuid::try_parse(&id).map_err(|_| not_found())?;
    let row = store
        .history_game(game_id)
        .await?
        .filter(|row| row.visible_to(viewer))
        .ok_or_else(not_found)?;
    let steps = store.steps(game_id).await?;
    let mut game = crate::games::game_json(&game_row(&row), &steps)?;
    annotate(&mut game)?;
    let replayed = replay::replay(&row, &steps)?;
    game["steps"] = json!(replay::steps_json(&replayed, &steps, row.started_at)?);
    let standing = replay::stored_standing(&row);
    if let (Some(stored), Some(rules)) = (&standing, replayed.table.standing()) {
        if stored != rules {
            // The rules' end is what the room stored; a difference means
            // the row was changed by hand. Show what is stored, say so.
            tracing::warn!(%game_id, ?stored, ?rules, "stored standing differs from the replay");
        }
    }
    game["standing"] = json!(standing);
    if game.get("start_position").is_none() {
        game["start_position"] = json!(replayed.start_position);
    }
    game["position"] = json!(replayed.table.position_text());
    game["view"] = json!(replayed.table.view());
    game["start_view"] = json!(replayed.start_view);
    game["description"] = json!(replayed.rule_set.description());
    let fairness = fairness(store, &row).await?;
    game["fairness"] = match &fairness {
        Some(info) => {
            let mut shown = json!(info);
            shown["scheme"] = json!(fair::SCHEME);
            shown
        }
        None => Value::Null,
    };
    let meta = super::row_json(&row);
    for key in [
        "started_at",
        "duration_secs",
        "turns",
        "step_count",
        "time_control",
    ] {
        let name = if key == "turns" { "turn_count" } else { key };
        game[name] = meta[key].clone();
    }
    Ok(Detail {
        row,
        json: game,
        replayed,
        fairness,
    })
}

/// `GET /api/games/{id}`: metadata and every turn.
pub async fn get_game(
    State(store): State<Store>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Json<Value>, AppError> {
    Ok(Json(game_json(&store, id, viewer.id()).await?.json))
}

fn attachment(mut response: Response, filename: &str) -> Response {
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\"")) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// `GET /api/games/{id}/record.json`: the game's JSON as a download.
pub async fn record_json(
    State(store): State<Store>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let detail = game_json(&store, id, viewer.id()).await?;
    let filename = format!("senet-{}.json", detail.row.id);
    Ok(attachment(Json(detail.json).into_response(), &filename))
}

/// The Kendall text record of a Kendall game's JSON (`docs/notation.md`),
/// with the tags `extra` (the fairness tags) before the result.
pub fn record_text(
    game: &Value,
    site: &str,
    extra: &[(String, String)],
) -> Result<String, AppError> {
    let record = game["record"]
        .as_str()
        .unwrap_or("")
        .parse::<senet_engine::Record>()
        .map_err(AppError::internal)?;
    let name = |side: &str| {
        game[side]["display_name"]
            .as_str()
            .unwrap_or("?")
            .to_owned()
    };
    let text = |key: &str| game[key].as_str().unwrap_or("").to_owned();
    let started = text("started_at");
    let date = started.get(..10).unwrap_or("????-??-??").to_owned();
    let result = match (
        game["result"]["winner"].as_str(),
        game["result"]["how"].as_str(),
    ) {
        (Some(winner), Some(how)) => format!("{winner} {how}"),
        _ => "*".to_owned(),
    };
    let turns = record.len().to_string();
    let site = format!("{site}/games/{}", text("game_id"));
    let rule_set = text("rule_set");
    let cone = name("cone");
    let spool = name("spool");
    let mut tags: Vec<(&str, &str)> = vec![
        ("Event", "Senet Online"),
        ("Site", &site),
        ("RuleSet", &rule_set),
        ("Cone", &cone),
        ("Spool", &spool),
        ("Date", &date),
        ("Start", &started),
    ];
    let finished = text("finished_at");
    if !finished.is_empty() {
        tags.push(("End", &finished));
    }
    tags.push(("Turns", &turns));
    tags.extend(extra.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    tags.push(("Result", &result));
    write_text(&tags, &record).map_err(AppError::internal)
}

/// `GET /api/games/{id}/record.txt`: the text record as a download —
/// Kendall's turn notation for Kendall games (as every Kendall game has
/// always downloaded), a step record for the other rule sets.
pub async fn record_txt(
    State(store): State<Store>,
    State(settings): State<Arc<Settings>>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let detail = game_json(&store, id, viewer.id()).await?;
    // The time control as stored (`clock:300+2`, `move:30`), before the
    // fairness tags; none for a game without one.
    let mut extra: Vec<(String, String)> =
        TimeControl::from_stored(detail.row.time_control.as_deref())
            .ok()
            .and_then(TimeControl::stored)
            .map(|text| ("TimeControl".to_owned(), text))
            .into_iter()
            .collect();
    extra.extend(
        detail
            .fairness
            .as_ref()
            .map(|info| fairness_tags(detail.row.id, info))
            .unwrap_or_default(),
    );
    let body = if detail.replayed.rule_set == RuleSetId::Kendall {
        record_text(&detail.json, &settings.public_url, &extra)?
    } else {
        replay::step_record(&detail.row, &detail.replayed, &settings.public_url, &extra)
    };
    let mut response = body.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(attachment(
        response,
        &format!("senet-{}.txt", detail.row.id),
    ))
}
