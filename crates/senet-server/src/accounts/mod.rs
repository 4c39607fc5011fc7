//! Accounts: an anonymous player upgrades to a username and a password,
//! keeping its id and games; a login from any device gets a player token
//! of the usual format and a session cookie (`docs/accounts.md`).
//!
//! - `POST /api/players` — a new guest (limited per address)
//! - `POST /api/accounts` — sign up (upgrade the calling player)
//! - `POST /api/sessions` — log in
//! - `DELETE /api/sessions` — log out (this token); `?everywhere=true`:
//!   every token of the player
//! - `POST /api/accounts/password` — change the password; every other
//!   token is revoked
//!
//! A revoked token's open sockets close at once, on every node
//! ([`SignedIn`]).
//! - `GET /api/me` — who the token or the cookie names

pub(crate) mod cookie;
mod guests;
mod handlers;
mod limits;
mod password;

use std::sync::Arc;

use axum::Router;
use axum::extract::FromRef;
use axum::routing::{get, post};

pub use limits::AuthLimits;
pub use password::Passwords;

use crate::config::Settings;
use crate::players::SignedIn;
use crate::store::Store;

/// What the account endpoints share: the hasher, the limits, and how the
/// cookie and the client's address are read.
#[derive(Debug, Clone)]
pub struct Accounts {
    /// Argon2id, off the runtime's threads.
    pub passwords: Passwords,
    /// Sign-up and login limits.
    pub limits: AuthLimits,
    /// Whether the site is served over https (the cookie is then `Secure`).
    pub secure_cookie: bool,
    /// Whether the client's address is the last of `X-Forwarded-For`.
    pub trust_forwarded_for: bool,
}

impl Accounts {
    /// The accounts' state for these settings.
    #[must_use]
    pub fn new(settings: &Settings) -> Accounts {
        Accounts {
            passwords: Passwords::default(),
            limits: AuthLimits::new(settings.auth_limits),
            secure_cookie: settings.public_url.starts_with("https://"),
            trust_forwarded_for: settings.trust_forwarded_for,
        }
    }
}

/// The account routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Store: FromRef<S>,
    Accounts: FromRef<S>,
    SignedIn: FromRef<S>,
    Arc<Settings>: FromRef<S>,
{
    Router::new()
        .route("/api/players", post(guests::create_player))
        .route("/api/accounts", post(handlers::sign_up))
        .route("/api/accounts/password", post(handlers::change_password))
        .route(
            "/api/sessions",
            post(handlers::log_in).delete(handlers::log_out),
        )
        .route("/api/me", get(handlers::me))
}
