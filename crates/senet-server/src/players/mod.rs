//! Player identities: display names and secret tokens.

mod auth;
mod handlers;
pub(crate) mod name;

pub use auth::{AuthPlayer, Identity, Viewer, authenticate, bearer_token};
pub use handlers::create_player;
