//! Player identities: display names and secret tokens.

mod auth;
mod handlers;
mod name;

pub use auth::{AuthPlayer, Identity, Token, Viewer, authenticate, bearer_token};
pub use handlers::create_player;
pub use name::validate_display_name;
