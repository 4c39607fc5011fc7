//! Player tokens: `<player id>.<secret>`, the secret 256 bits from the OS
//! RNG. Only the SHA-256 of the secret is stored; it is compared in
//! constant time.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use uuid::Uuid;

use super::signed_in::{Registration, SignedIn};
use crate::error::AppError;
use crate::random::os_random_base64url;
use crate::store::{Credential, Store};

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

/// The SHA-256 of a token's secret: what is stored of it.
fn hash_secret(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

/// An authenticated player.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Identity {
    /// Player id.
    pub id: Uuid,
    /// Display name.
    pub display_name: String,
    /// Whether the player has an account (may sit in rated rooms).
    #[serde(default)]
    pub account: bool,
}

/// A token that matched: who it names and which of their credentials it is.
#[derive(Debug, Clone)]
pub struct Authenticated {
    /// The player.
    pub identity: Identity,
    /// The player's first token, or a login session.
    pub credential: Credential,
    /// The SHA-256 of the token's secret, to revoke it by.
    pub secret_hash: Vec<u8>,
}

/// Checks a token (`<player id>.<secret>`) against the player's first token
/// and their login sessions. `Ok(None)` when it is wrong or revoked.
pub async fn authenticate_credential(
    store: &Store,
    token: &str,
) -> Result<Option<Authenticated>, AppError> {
    let Some((id, secret)) = token_parts(token) else {
        return Ok(None);
    };
    let secret_hash = hash_secret(secret);
    let Some((display_name, first_hash, is_session, account)) =
        store.credential(id, &secret_hash).await?
    else {
        return Ok(None);
    };
    let credential = if bool::from(secret_hash.ct_eq(&first_hash)) {
        Credential::First
    } else if is_session {
        Credential::Session
    } else {
        return Ok(None);
    };
    Ok(Some(Authenticated {
        identity: Identity {
            id,
            display_name,
            account,
        },
        credential,
        secret_hash,
    }))
}

/// A token's player id and secret, if it has the token's shape.
fn token_parts(token: &str) -> Option<(Uuid, &str)> {
    let (id, secret) = token.split_once('.')?;
    Some((Uuid::try_parse(id).ok()?, secret))
}

/// Checks a token for a socket that stays open after the check: registers
/// the socket in `signed_in` *before* the check, so that a revocation
/// committed after the check saw the token alive still finds it (see
/// [`super::signed_in`]). The registration is the socket's for its life.
/// `Ok(None)` when the token is wrong.
pub async fn authenticate_socket(
    store: &Store,
    signed_in: &SignedIn,
    token: &str,
) -> Result<Option<(Identity, Registration)>, AppError> {
    let Some((id, secret)) = token_parts(token) else {
        return Ok(None);
    };
    let registration = signed_in.register(id, &hash_secret(secret));
    Ok(authenticate(store, token)
        .await?
        .map(|identity| (identity, registration)))
}

/// Checks a token against the store. `Ok(None)` when the token is wrong.
pub async fn authenticate(store: &Store, token: &str) -> Result<Option<Identity>, AppError> {
    Ok(authenticate_credential(store, token)
        .await?
        .map(|found| found.identity))
}

/// The bearer token of a request's `Authorization` header, if any.
///
/// The scheme is matched in any case (`Bearer`, `bearer`, `BEARER`), as
/// RFC 7235 says auth-schemes are case-insensitive; one or more spaces may
/// follow it. Both the HTTP API and the WebSocket upgrade read tokens here.
#[must_use]
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, credentials) = value.trim_start().split_once(' ')?;
    let token = credentials.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

fn invalid_token() -> AppError {
    AppError::Unauthorized("invalid_token", "the player token is not valid".to_owned())
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
        match Viewer::from_request_parts(parts, state).await?.0 {
            Some(identity) => Ok(AuthPlayer(identity)),
            None => Err(AppError::Unauthorized(
                "missing_token",
                "send the player token as `Authorization: Bearer <token>`".to_owned(),
            )),
        }
    }
}

/// Extractor: who is asking, for endpoints anyone may read but that show a
/// player more (their own private games). No bearer token is a stranger
/// (`None`); a wrong token is refused (`401 invalid_token`), as everywhere
/// else, so a client never takes a stranger's view for its own. Without a
/// bearer token, the session cookie of a login names the viewer: these
/// endpoints only read, so a cookie sent by another site's request can
/// change nothing. Endpoints that change something take [`AuthPlayer`],
/// which reads the header only.
#[derive(Debug, Clone)]
pub struct Viewer(pub Option<Identity>);

impl Viewer {
    /// The viewer's player id, if they sent a token.
    #[must_use]
    pub fn id(&self) -> Option<Uuid> {
        self.0.as_ref().map(|identity| identity.id)
    }
}

impl<S> FromRequestParts<S> for Viewer
where
    S: Send + Sync,
    Store: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let store = Store::from_ref(state);
        let Some(token) = bearer_token(&parts.headers) else {
            // A page the browser loads sends the session cookie, not a
            // header. A cookie that no longer works (logged out on another
            // device) is a stranger, not an error on every page.
            return match crate::accounts::cookie::session_cookie(&parts.headers) {
                Some(token) => Ok(Viewer(authenticate(&store, &token).await?)),
                None => Ok(Viewer(None)),
            };
        };
        match authenticate(&store, token).await? {
            Some(identity) => Ok(Viewer(Some(identity))),
            None => Err(invalid_token()),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use axum::http::HeaderValue;

    fn token_of(value: &'static str) -> Option<String> {
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, HeaderValue::from_static(value));
        bearer_token(&headers).map(str::to_owned)
    }

    #[test]
    fn the_scheme_is_case_insensitive() {
        for value in [
            "Bearer abc.def",
            "bearer abc.def",
            "BEARER abc.def",
            "bEaReR   abc.def ",
        ] {
            assert_eq!(token_of(value).as_deref(), Some("abc.def"), "{value}");
        }
        for value in [
            "Basic abc",
            "Bearer",
            "Bearer ",
            "Bearerabc",
            "Token abc.def",
        ] {
            assert_eq!(token_of(value), None, "{value}");
        }
        assert_eq!(bearer_token(&HeaderMap::new()), None);
    }
}
