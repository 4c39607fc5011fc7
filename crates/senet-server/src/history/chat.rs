//! `GET /api/games/{id}/chat`: the chat stored with a game, for its replay.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use uuid::Uuid;

use super::GameId;
use crate::error::AppError;
use crate::players::Viewer;
use crate::store::Store;
use crate::ws::protocol::v2::ChatLine;

/// A game's chat.
#[derive(Debug, Serialize)]
pub struct GameChat {
    /// The game.
    pub game_id: Uuid,
    /// Every message of both channels, in the order written (a replay
    /// shows the players' and lets its reader add the spectators').
    pub messages: Vec<ChatLine>,
}

/// `GET /api/games/{id}/chat`: every chat message written during the game.
/// The same rule as the game itself: a private room's game is
/// `404 game_not_found` to anyone but its players.
pub async fn get_chat(
    State(store): State<Store>,
    viewer: Viewer,
    id: GameId,
) -> Result<Json<GameChat>, AppError> {
    id.visible_row(&store, viewer.id()).await?;
    let game_id = id.0;
    let messages = crate::rooms::chat_lines(store.game_chat(game_id).await?);
    Ok(Json(GameChat { game_id, messages }))
}
