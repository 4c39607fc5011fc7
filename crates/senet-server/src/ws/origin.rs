//! `GET /api/origin?origin=…`: whether a page at that origin may open the
//! server's WebSockets, and the origin the server expects. A browser does
//! not show a page why its WebSocket upgrade failed (a refused Origin is a
//! 403 it never sees), so the page asks, and tells its reader where to
//! open the site instead.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};

use crate::config::Settings;

/// The question: a page's origin (`location.origin`).
#[derive(Debug, Deserialize)]
pub struct OriginQuery {
    /// The origin, at most a URL's length.
    #[serde(default)]
    origin: String,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct OriginAnswer {
    /// Whether a WebSocket from that origin is accepted.
    allowed: bool,
    /// The origin of the server's public URL.
    expected: String,
}

/// `GET /api/origin`.
pub async fn origin_check(
    State(settings): State<Arc<Settings>>,
    Query(query): Query<OriginQuery>,
) -> Json<OriginAnswer> {
    Json(OriginAnswer {
        allowed: query.origin.len() <= 2048 && settings.origin_allowed(&query.origin),
        expected: settings.public_origin().to_owned(),
    })
}
