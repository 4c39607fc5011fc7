//! Quick pairing ("Play now"): a player opens `GET /ws/seek`, says which
//! pool (rule set, seat count, time control, rated or casual), and waits;
//! when enough compatible players wait, one transaction claims their seeks
//! and creates a room with every seat filled, and each is told its code.
//! `docs/pairing.md` gives the protocol and the numbers.
//!
//! PostgreSQL (or SQLite) is the single truth: seeks are rows, so players
//! on different nodes pair with each other, and a pair is made by claiming
//! every seek it takes (`room_code` from NULL), in the transaction that
//! creates the room, so no seek is ever paired twice.

mod pair;
mod socket;
mod spec;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRef, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use tokio::sync::watch;

use crate::config::Settings;
use crate::error::AppError;
use crate::players::SignedIn;
use crate::rooms::Rooms;
use crate::store::Store;

/// How often a waiting seeker's socket reads its seek (to learn it was
/// paired by another node's transaction).
pub const POLL: Duration = Duration::from_millis(200);
/// How often it tries to make a pair itself (its rating range widens).
pub const TRY_EVERY: Duration = Duration::from_millis(1000);
/// How often it marks its seek as seen.
pub const TOUCH_EVERY: Duration = Duration::from_secs(2);
/// A seek not seen for this long (its node died) is never paired.
pub const FRESH_FOR: Duration = Duration::from_secs(6);
/// A seek not seen for this long is deleted by the next seeker.
pub const STALE_AFTER: Duration = Duration::from_secs(60);
/// Rated pools: the rating difference accepted at once…
pub const RANGE_START: f64 = 100.0;
/// …widening by this much a second of waiting…
pub const RANGE_PER_SECOND: f64 = 50.0;
/// …up to this.
pub const RANGE_MAX: f64 = 1000.0;

/// The pairing routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Store: FromRef<S>,
    Rooms: FromRef<S>,
    Arc<Settings>: FromRef<S>,
    watch::Receiver<bool>: FromRef<S>,
    SignedIn: FromRef<S>,
{
    Router::new()
        .route("/ws/seek", get(socket::seek_handler))
        .route("/api/pools", get(pools))
}

/// One pool with players waiting in it.
#[derive(Serialize)]
struct PoolView {
    rule_set: String,
    seats: i16,
    time_control: crate::clock::TimeControl,
    rated: bool,
    waiting: i64,
}

/// `GET /api/pools`: how many players wait in each pool (those with none
/// are left out).
async fn pools(State(store): State<Store>) -> Result<Json<Vec<PoolView>>, AppError> {
    let fresh = chrono::Utc::now() - fresh_for();
    let counts = store.pool_counts(fresh).await?;
    Ok(Json(
        counts
            .into_iter()
            .filter_map(|count| {
                let stored =
                    (!count.time_control.is_empty()).then_some(count.time_control.as_str());
                Some(PoolView {
                    time_control: crate::clock::TimeControl::from_stored(stored).ok()?,
                    rule_set: count.rule_set,
                    seats: count.seats,
                    rated: count.rated,
                    waiting: count.waiting,
                })
            })
            .collect(),
    ))
}

fn fresh_for() -> chrono::Duration {
    chrono::Duration::from_std(FRESH_FOR).unwrap_or(chrono::Duration::seconds(6))
}

/// The rating difference a seek accepts after waiting `waited`.
#[must_use]
pub fn rating_range(waited: Duration) -> f64 {
    (RANGE_START + RANGE_PER_SECOND * waited.as_secs_f64()).min(RANGE_MAX)
}
