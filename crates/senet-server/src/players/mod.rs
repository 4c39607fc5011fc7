//! Player identities: display names and secret tokens.

mod auth;
pub(crate) mod name;
mod signed_in;
pub(crate) mod username;

pub(crate) use auth::Token;
pub use auth::{
    AuthPlayer, Authenticated, Identity, Viewer, authenticate_credential, authenticate_socket,
    bearer_token,
};
pub use signed_in::{Ended, Fingerprint, Registration, Revocation, SignedIn};
