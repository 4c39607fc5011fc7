//! A game named in a request's path, and the stored game a viewer may see.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use uuid::Uuid;

use crate::error::AppError;
use crate::store::{HistoryRow, Store};

/// A game's id from the path (`/api/games/{id}/…`): what is not a UUID is
/// `404 game_not_found`, exactly as an unknown game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameId(pub Uuid);

impl GameId {
    /// `404 game_not_found` for this id.
    pub fn not_found(self) -> AppError {
        not_found(&self.0.to_string())
    }

    /// The stored game, when `viewer` may see it: a private room's game is
    /// `404 game_not_found` to anyone but its players, as an unknown game,
    /// so a stranger cannot even learn that it exists.
    pub async fn visible_row(
        self,
        store: &Store,
        viewer: Option<Uuid>,
    ) -> Result<HistoryRow, AppError> {
        store
            .history_game(self.0)
            .await?
            .filter(|row| row.visible_to(viewer))
            .ok_or_else(|| self.not_found())
    }
}

fn not_found(id: &str) -> AppError {
    AppError::NotFound("game_not_found", format!("no game `{id}`"))
}

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    /// A path that is not text is axum's own `400` (made JSON like every
    /// API error); text that is not a UUID is `404 game_not_found`.
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        Uuid::try_parse(&id)
            .map(GameId)
            .map_err(|_| not_found(&id).into_response())
    }
}
