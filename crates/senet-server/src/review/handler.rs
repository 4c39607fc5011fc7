//! `GET /api/games/{id}/review`: a finished game's review, with the same
//! access rules as the game itself.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{Reviews, is_current};
use crate::error::AppError;
use crate::history::GameId;
use crate::players::Viewer;
use crate::store::{GameStatus, Store};

/// `200` with the review; `202 {"status":"pending"}` while it is computed
/// (queued now if it was not); `409 game_in_play` before the game is over;
/// `404 game_not_found` for an unknown game, or a private one the viewer
/// did not play, exactly as `GET /api/games/{id}`; `503 reviews_busy`
/// when the queue is full, `503 reviews_off` on a server started with
/// `--review-concurrency 0`.
pub async fn get_review(
    State(store): State<Store>,
    State(reviews): State<Reviews>,
    viewer: Viewer,
    id: GameId,
) -> Result<Response, AppError> {
    let game_id = id.0;
    let row = id.visible_row(&store, viewer.id()).await?;
    if row.game.status != GameStatus::Finished {
        return Err(AppError::Conflict(
            "game_in_play",
            "a game is reviewed once it is over".to_owned(),
        ));
    }
    if let Some(stored) = store.review(game_id).await? {
        if is_current(stored.version) {
            let mut review: Value =
                serde_json::from_str(&stored.document).map_err(AppError::internal)?;
            review["status"] = json!("ready");
            review["game_id"] = json!(game_id);
            review["computed_at"] = json!(stored.computed_at);
            return Ok(Json(review).into_response());
        }
    }
    if !reviews.enabled() {
        return Err(AppError::Http(
            StatusCode::SERVICE_UNAVAILABLE,
            "reviews_off",
            "this server does not compute game reviews".to_owned(),
        ));
    }
    if reviews.failed(game_id) {
        return Err(AppError::Internal(format!(
            "the review of game {game_id} failed"
        )));
    }
    if !reviews.enqueue(game_id) {
        return Err(AppError::Http(
            StatusCode::SERVICE_UNAVAILABLE,
            "reviews_busy",
            "too many reviews are waiting; ask again in a few minutes".to_owned(),
        ));
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({ "status": "pending", "game_id": game_id })),
    )
        .into_response())
}
