//! The lobby over HTTP: `GET /api/lobby` (public rooms waiting for
//! players) and `GET /api/lobby/feed`, the same with the games being
//! played, as Server-Sent Events.

mod feed;

use axum::extract::{FromRef, State};
use axum::routing::get;
use axum::{Json, Router};

use crate::rooms::Rooms;
use crate::store::Store;

pub use feed::{FEED_INTERVAL, FEED_KEEP_ALIVE, FEED_LIMIT, LIVE_LIMIT};

/// The lobby's routes, for any application state that holds the rooms and
/// the store.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Rooms: FromRef<S>,
    Store: FromRef<S>,
    tokio::sync::watch::Receiver<bool>: FromRef<S>,
{
    Router::new()
        .route("/api/lobby", get(lobby))
        .route("/api/lobby/feed", get(feed::lobby_feed))
}

/// `GET /api/lobby`: public rooms waiting for players whose creator is
/// connected.
pub async fn lobby(State(rooms): State<Rooms>) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "rooms": rooms.registry().listings().newest() }))
}
