//! Player identities: display names and secret tokens.

mod auth;
pub(crate) mod name;
pub(crate) mod username;

pub(crate) use auth::Token;
pub use auth::{
    AuthPlayer, Authenticated, Identity, Viewer, authenticate, authenticate_credential,
    bearer_token,
};
