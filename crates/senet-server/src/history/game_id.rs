//! A game named in a request's path, and the stored game a viewer may see.

use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use uuid::Uuid;

use crate::error::AppError;
use crate::store::{HistoryRow, Store};

/// A game's id from the path (`/api/games/{id}/…`), the one extractor of
/// every game path: what is not a UUID is `404 game_not_found`, exactly as
/// an unknown game.
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
    /// Whatever is not a game's id is `404 game_not_found`, exactly as an
    /// unknown game: text that is not a UUID, and a segment that does not
    /// even decode to text (not UTF-8), so every game path gives one
    /// answer. Only a route without an `{id}` (a server bug) is a 500.
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, AppError> {
        let id = match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => id,
            Err(PathRejection::FailedToDeserializePathParams(_)) => {
                return Err(AppError::NotFound(
                    "game_not_found",
                    "no game with that id".to_owned(),
                ));
            }
            Err(other) => return Err(AppError::internal(other.body_text())),
        };
        Uuid::try_parse(&id).map(GameId).map_err(|_| not_found(&id))
    }
}
