//! `POST /api/players`: a new guest, the identity every player starts
//! with (an account is a guest who signed up). Here, not in `players`,
//! because each one counts against the per-address limits.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Accounts;
use super::limits::ClientAddress;
use crate::error::{AppError, parse_json};
use crate::players::Token;
use crate::players::name::validate_display_name;
use crate::store::Store;

#[derive(Deserialize)]
struct CreatePlayer {
    display_name: String,
}

/// A new identity.
#[derive(Serialize)]
pub struct PlayerCreated {
    /// Player id.
    pub player_id: Uuid,
    /// The secret token; shown once.
    pub token: String,
    /// Display name.
    pub display_name: String,
}

/// `POST /api/players {display_name}` → `{player_id, token, display_name}`.
/// Limited per client address (`accounts::limits`): each one is a row.
pub(super) async fn create_player(
    State(store): State<Store>,
    State(accounts): State<Accounts>,
    ClientAddress(address): ClientAddress,
    body: Bytes,
) -> Result<(StatusCode, Json<PlayerCreated>), AppError> {
    let request: CreatePlayer = parse_json(&body)?;
    let name = validate_display_name(&request.display_name)
        .map_err(|why| AppError::BadRequest("invalid_display_name", why.to_owned()))?;
    accounts.limits.new_guest(address)?;
    let id = Uuid::new_v4();
    let token = Token::generate(id)?;
    store.create_player(id, &name, &token.hash).await?;
    tracing::info!(player_id = %id, "player created");
    Ok((
        StatusCode::CREATED,
        Json(PlayerCreated {
            player_id: id,
            token: token.token,
            display_name: name,
        }),
    ))
}
