//! Player tokens: `<player id>.<secret>`, the secret 256 bits from the OS
//! RNG. Only the SHA-256 of the secret is stored; it is compared in
//! constant time.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use uuid::Uuid;

use crate::error::AppError;
use crate::random::os_random_base64url;
use crate::store::Store;

/// A freshly made token and what to store for it.
#[derive(Debug)]
pub struct Token {
    /// The token to hand to the player, once.
    pub token: String,
    /// The hash to store.
    pub hash: Vec<u8>,
}

impl Token {
    /// A new token for a player.
    pub fn generate(player: Uuid) -> Result<Token, AppError> {
        let secret = os_random_base64url::<32>().map_err(AppError::internal)?;
        Ok(Token {
            token: format!("{}.{secret}", player.simple()),
            hash: hash_secret(&secret),
        })
    }
}

fn hash_secret(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

/// An authenticated player.
#[derive(Debug, Clone)]
pub struct Identity {
    /// Player id.
    pub id: Uuid,
    /// Display name.
    pub display_name: String,
}

/// Checks a token against the store. `Ok(None)` when the token is wrong.
pub async fn authenticate(store: &Store, token: &str) -> Result<Option<Identity>, AppError> {
    let Some((id, secret)) = token.split_once('.') else {
        return Ok(None);
    };
    let Ok(id) = Uuid::try_parse(id) else {
        return Ok(None);
    };
    let Some(player) = store.player(id).await? else {
        return Ok(None);
    };
    let given = hash_secret(secret);
    if bool::from(given.ct_eq(&player.token_hash)) {
        Ok(Some(Identity {
            id: player.id,
            display_name: player.display_name,
        }))
    } else {
        Ok(None)
    }
}

/// The bearer token of a request, if any.
pub fn bearer_token(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
}

/// Extractor: the player named by `Authorization: Bearer <token>`.
#[derive(Debug, Clone)]
pub struct AuthPlayer(pub Identity);

impl<S> FromRequestParts<S> for AuthPlayer
where
    S: Send + Sync,
    Store: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Some(token) = bearer_token(parts) else {
            return Err(AppError::Unauthorized(
                "missing_token",
                "send the player token as `Authorization: Bearer <token>`".to_owned(),
            ));
        };
        let store = Store::from_ref(state);
        match authenticate(&store, token).await? {
            Some(identity) => Ok(AuthPlayer(identity)),
            None => Err(AppError::Unauthorized(
                "invalid_token",
                "the player token is not valid".to_owned(),
            )),
        }
    }
}
