//! One game step by step (and, for Kendall, turn by turn), and its
//! downloads.
//!
//! Every game is replayed once from its stored steps through the table the
//! rooms play on (`super::replay`), which says what each step did; a
//! Kendall game's turns are read off that same replay (`super::kendall`).

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use senet_engine::Seat;
use senet_engine::fair;
use serde_json::{Value, json};
use uuid::Uuid;

use super::GameId;
use super::replay::{self, Replayed};
use crate::clock::TimeControl;
use crate::config::Settings;
use crate::error::AppError;
use crate::players::Viewer;
use crate::rooms::fair::Fairness;
use crate::store::{HistoryRow, Store};
use crate::ws::protocol::v2::FairnessInfo;

/// A game as the history shows it: its row, its JSON and its replay.
struct Detail {
    row: HistoryRow,
    json: Value,
    replayed: Replayed,
    /// A Kendall game's turns.
    turns: Option<super::kendall::Turns>,
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

/// The game's JSON, for every rule set: the history's row (`row_json`),
/// every step replayed through [`crate::table::Table`] with its events, the
/// standing, the start and final position and view, the rule set's
/// description, the fairness figures and, for Kendall, every turn and the
/// turn record (`turns`, `record`; empty for the other rule sets). A
/// private room's game is `404 game_not_found` to anyone but its players,
/// exactly as an unknown game, so a stranger cannot even learn that it
/// exists.
async fn game_json(store: &Store, id: GameId, viewer: Option<Uuid>) -> Result<Detail, AppError> {
    let game_id = id.0;
    let row = id.visible_row(store, viewer).await?;
    let steps = store.steps(game_id).await?;
    let replayed = replay::replay(&row, &steps, "history")?;
    let turns = super::kendall::turns(&replayed, &steps)?;
    let mut game = super::row_json(&row);
    // The list's `turns` is a count; here `turns` are the Kendall turns.
    game["turn_count"] = game["turns"].take();
    game["turns"] = json!(turns.as_ref().map_or(&[][..], |t| t.json.as_slice()));
    game["record"] = json!(
        turns
            .as_ref()
            .map(|t| t.turns.record().to_string())
            .unwrap_or_default()
    );
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
    game["start_position"] = json!(replayed.start_position);
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
    Ok(Detail {
        row,
        json: game,
        replayed,
        turns,
        fairness,
    })
}

/// `GET /api/games/{id}`: metadata and every turn.
pub async fn get_game(
    State(store): State<Store>,
    viewer: Viewer,
    id: GameId,
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
    id: GameId,
) -> Result<Response, AppError> {
    let detail = game_json(&store, id, viewer.id()).await?;
    let filename = format!("senet-{}.json", detail.row.id);
    Ok(attachment(Json(detail.json).into_response(), &filename))
}

/// `GET /api/games/{id}/record.txt`: the text record as a download —
/// Kendall's turn notation for Kendall games (as every Kendall game has
/// always downloaded), a step record for the other rule sets.
pub async fn record_txt(
    State(store): State<Store>,
    State(settings): State<Arc<Settings>>,
    viewer: Viewer,
    id: GameId,
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
    let body = match &detail.turns {
        Some(turns) => {
            super::kendall::record_text(&detail.json, &turns.turns, &settings.public_url, &extra)?
        }
        None => replay::step_record(&detail.row, &detail.replayed, &settings.public_url, &extra),
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
